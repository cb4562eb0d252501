"""A logged dice-box roll replayed from its seed, and a secret roll's result for the GM's eyes only.

Every dice-box line keeps the command it rolled (after `{name}` was filled in) and the seed; rolling
the same command with a `random.Random` of that seed gives the same dice, which is what makes a
logged result checkable at the table (and outside gmtool: `gmtool roll 'CMD' --seed N`).  Neither
function writes anything: the log stays as it was.
"""

from __future__ import annotations

import random
import shlex
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Replay:
    command: str
    seed: int
    text: str  # what the command rolls now with the seed
    faces: tuple[int, ...]
    logged_text: str  # what the log recorded
    logged_faces: tuple[int, ...]

    @property
    def same(self) -> bool:
        return self.text == self.logged_text and self.faces == self.logged_faces

    @property
    def cli(self) -> str:
        """The same roll from a terminal."""
        return f"gmtool roll {shlex.quote(self.command)} --seed {self.seed}"


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

    try:
        result = roll(payload["command"], random.Random(payload["seed"]))
    except CommandError:
        return None
    faces = payload.get("faces")
    return Replay(
        payload["command"],
        payload["seed"],
        result.text,
        tuple(result.dice),
        str(payload.get("text", "")),
        tuple(int(f) for f in faces) if isinstance(faces, list) else (),
    )


def secret_result(payload: dict[str, Any]) -> str | None:
    """A secret roll's result text (None for a roll that is not secret)."""
    if not payload.get("secret"):
        return None
    return str(payload.get("text", ""))
