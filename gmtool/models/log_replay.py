"""A logged dice-box roll replayed from its seed, and a secret roll's result for the GM's eyes only.

Every dice-box line keeps the command it rolled (after `{name}` was filled in) and the seed; rolling
the same command with a `random.Random` of that seed gives the same dice, which is what makes a
logged result checkable at the table (and outside gmtool: `gmtool roll 'CMD' --seed N`).  Neither
function writes anything: the log stays as it was.
"""

from __future__ import annotations

import random
import shlex
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from gmtool.models.shown_text import shown


@dataclass(frozen=True)
class Replay:
    command: str
    seed: int
    text: str  # what the command rolls now with the seed
    faces: tuple[int, ...]
    logged_text: str  # what the log recorded
    logged_faces: tuple[int, ...]
    system: str | None = None  # the ダイスボット it was rolled with; None: logged before the setting
    table: bool = False  # a dice table rolled from the dice box: gmtool's own, no terminal command

    @property
    def same(self) -> bool:
        return self.text == self.logged_text and self.faces == self.logged_faces

    @property
    def cli(self) -> str:
        """The same roll from a terminal ("" for a dice table: it lives in the campaign only)."""
        if self.table:
            return ""
        system = f" --system {self.system}" if self.system and self.system != "generic" else ""
        return f"gmtool roll {shlex.quote(self.command)} --seed {self.seed}{system}"


def replayable(payload: dict[str, Any]) -> bool:
    command, seed = payload.get("command"), payload.get("seed")
    seeded = isinstance(seed, int) and not isinstance(seed, bool)
    return isinstance(command, str) and bool(command.strip()) and seeded


def replay(payload: dict[str, Any]) -> Replay | None:
    """The line's command rolled again with its seed; None for a line that is not a dice-box roll
    (or whose command no longer parses)."""
    if not replayable(payload):
        return None
    from gmtool.rules.command import CommandError, roll
    from gmtool.rules.command_system import DICE_SYSTEMS, roll_for

    if isinstance(payload.get("table"), str):
        return _replay_table(payload)
    system = payload.get("dice_system")
    try:
        if system in DICE_SYSTEMS:
            result = roll_for(payload["command"], random.Random(payload["seed"]), system)
        else:  # a line logged before the ダイスボット setting: read as the dice box read it then
            result = roll(payload["command"], random.Random(payload["seed"]))
    except CommandError:
        return None
    return _replayed(payload, result.text, result.dice, system=system if system in DICE_SYSTEMS else None)


def shown_roll_text(payload: dict[str, Any], text: str) -> str:
    """A dice-box line's result *text* in the UI language: the words gmtool puts before a roll of a
    system BCDice has no bot for (「DiceBot（BCDiceに…のボットなし・汎用）」) are the setting's own
    prefix, known from the line's ダイスボット, and shown translated; BCDice's own words stay."""
    from gmtool.rules.command_system import DICE_SYSTEMS

    setting = DICE_SYSTEMS.get(payload.get("dice_system"))  # type: ignore[arg-type]
    prefix = setting.prefix if setting is not None else ""
    if not prefix or prefix not in text:
        return text
    return text.replace(prefix, shown(prefix))


def secret_result(payload: dict[str, Any]) -> str | None:
    """A secret roll's result text (None for a roll that is not secret)."""
    if not payload.get("secret"):
        return None
    return shown_roll_text(payload, str(payload.get("text", "")))


def _replay_table(payload: dict[str, Any]) -> Replay | None:
    """A dice-table roll, replayed from the table as it was when rolled (the log keeps its text:
    the campaign's table may have been edited since)."""
    from gmtool.rules.dice_table import TableError, cached_table, roll_table

    try:
        rolled = roll_table(cached_table(payload["table"]), random.Random(payload["seed"]))
    except TableError:  # a hand-edited line: no table to roll
        return None
    return _replayed(payload, rolled.text, rolled.faces, table=True)


def _replayed(
    payload: dict[str, Any], text: str, dice: Sequence[int], system: str | None = None, table: bool = False
) -> Replay:
    """What rolling again gave beside what the log recorded."""
    faces = payload.get("faces")
    logged = tuple(int(f) for f in faces) if isinstance(faces, list) else ()
    recorded = str(payload.get("text", ""))
    return Replay(payload["command"], payload["seed"], text, tuple(dice), recorded, logged, system, table)
