"""The dice box's game-system setting (ダイスボット), as a CCFolia or Udonarium room has one.

BCDice rolls a command with the room's game system first and its generic commands after; the same
text can mean two things.  Under SRS (the bot gmtool uses for アナザーワールド) a plain
`2D6+m>=t` is an SRS check, judged 自動成功 on a natural 12 and 自動失敗 on a natural 2, with the
dice sorted; under the generic DiceBot it is a plain sum.  So every command is read for a system:

    >>> roll_for("2D6+4>=10", FixedDice([6, 6]), "aw").text
    'SRS : (2D6+4>=10[12,2]) ＞ 12[6,6]+4 ＞ 16 ＞ 自動成功'
    >>> roll_for("2D6+4>=10", FixedDice([6, 6]), "generic").text
    '(2D6+4>=10) ＞ 12[6,6]+4 ＞ 16 ＞ 成功'

- `generic` (汎用): BCDice's DiceBot.  The SRS forms (`[c,f]`, `@c`, `#f`) and `SGS` are refused, as
  that bot does not read them, with a message naming the setting that does.
- `aw` (アナザーワールド): BCDice's SRS bot (SRS.rb; `command_srs_syntax` reads its grammar), and the
  generic commands with the dice of a sum sorted (SRS sets sort_add_dice).
- `sengensho` (千幻抄): BCDice's Sengensyou bot, `SGS+m`, and the generic commands.
- `fourcard`, `lotr`: BCDice has no bot for フォーカード or for the CODA rules of 指輪物語 (its
  TheOneRing bots are another game), so they roll as the generic DiceBot and their lines say so.

A result line begins with the BCDice game system that rolled it, as Udonarium shows a roll of a
room set to a system (`SRS : …`); a line of the generic DiceBot is left as BCDice prints it.
The engine module: no Qt.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, replace

from gmtool.rules.command import FixedDice
from gmtool.rules.command_dist import CommandOdds, command_odds
from gmtool.rules.command_parse import Command, SengensyouCommand, SrsCommand, SumCommand, parse
from gmtool.rules.command_roll import CommandResult, roll_command
from gmtool.rules.command_srs_syntax import SRS_CRITICAL, SRS_FUMBLE, SrsRead, read_srs
from gmtool.rules.command_syntax import (
    D66_SIDES,
    BinOp,
    CommandError,
    Dice,
    Neg,
    Node,
    Num,
    Paren,
    constant,
    normalize,
)
from gmtool.rules.message import Message

__all__ = [
    "DICE_SYSTEMS",
    "DiceSystem",
    "FixedDice",
    "distribution_for",
    "parse_for",
    "roll_for",
    "with_thresholds",
]


@dataclass(frozen=True)
class DiceSystem:
    id: str
    label: str  # the setting's name in the dice box (Japanese; the view translates it)
    bot: str  # the BCDice game system ID that rolls it
    own_bot: bool  # False: BCDice has no bot for this game, the generic DiceBot rolls it

    @property
    def prefix(self) -> str:
        """What the result line starts with."""
        if self.id == "generic":
            return ""
        if not self.own_bot:
            return f"DiceBot（BCDiceに{self.label}のボットなし・汎用） : "
        return f"{self.bot} : "


DICE_SYSTEMS: dict[str, DiceSystem] = {
    s.id: s
    for s in (
        # Messages: a refusal naming a setting shows it in the UI language
        DiceSystem("generic", Message("汎用"), "DiceBot", True),
        DiceSystem("aw", Message("アナザーワールド (SRS)"), "SRS", True),
        DiceSystem("sengensho", Message("千幻抄 (SGS)"), "Sengensyou", True),
        DiceSystem("fourcard", Message("フォーカード"), "DiceBot", False),
        DiceSystem("lotr", Message("指輪物語"), "DiceBot", False),
    )
}

# Secret S and repeat before the command word, as command_parse reads them.
_LEAD = re.compile(r"(?:S(?=\S))?(?:(?:repeat|rep|x)\d+\s+(?:S(?=\S))?)?", re.IGNORECASE)


def _system(system: str) -> DiceSystem:
    if system not in DICE_SYSTEMS:
        raise CommandError(
            Message("ダイスボット「{0}」はありません（{1}）", system, " / ".join(DICE_SYSTEMS))
        )
    return DICE_SYSTEMS[system]


def _word(source: str) -> tuple[int, int]:
    """Where the command word is: after the secret S and the repeat, up to the first space."""
    lead = _LEAD.match(source)
    start = lead.end() if lead else 0
    space = re.compile(r"\s").search(source, start)
    return start, space.start() if space else len(source)


def _read_srs(source: str) -> tuple[SrsRead, int, int] | None:
    start, end = _word(source)
    read = read_srs(source[start:end])
    return None if read is None else (read, start, end)


def _refuse(source: str, position: int, needs: str, setting: DiceSystem) -> CommandError:
    return CommandError(
        Message(
            "このコマンドはダイスボットを「{0}」にすると振れます（「{1}」では読めません）",
            needs,
            setting.label,
        ),
        source,
        position,
    )


def parse_for(text: str, system: str = "generic") -> Command:
    """The command as a BCDice room set to `system` reads it; CommandError when that bot refuses it."""
    setting = _system(system)
    source = normalize(text)
    srs = _read_srs(source) if source else None
    if srs is not None and (setting.id == "aw" or srs[0].explicit):
        read, start, end = srs
        if setting.id != "aw":
            raise _refuse(source, start, DICE_SYSTEMS["aw"].label, setting)
        # The secret S, repeat and comment are read as any command's: the word is set aside.
        shell = parse(source[:start] + "2D6" + source[end:])
        body = SrsCommand(read.modifier, read.target, read.critical, read.fumble)
        return replace(shell, source=source, body=body)
    command = parse(text)
    if isinstance(command.body, SrsCommand) and setting.id != "aw":
        raise _refuse(source, _word(source)[0], DICE_SYSTEMS["aw"].label, setting)
    if isinstance(command.body, SengensyouCommand) and setting.id != "sengensho":
        raise _refuse(source, max(source.upper().find("SGS"), 0), DICE_SYSTEMS["sengensho"].label, setting)
    return command


def roll_for(command: str | Command, rng: random.Random, system: str = "generic") -> CommandResult:
    """Rolls as a room set to `system` would; the line begins with the system (see DiceSystem.prefix)."""
    setting = _system(system)
    parsed = parse_for(command, system) if isinstance(command, str) else command
    if setting.id == "aw" and isinstance(parsed.body, SumCommand):
        groups = _dice_groups(parsed.body.expr)
        if groups is not None:
            rng = _SortedGroups(rng, groups * parsed.repeat)
    result = roll_command(parsed, rng)
    if not setting.prefix:
        return result
    parts = tuple(replace(p, text=setting.prefix + p.text) for p in result.parts)
    text = result.text if parts else setting.prefix + result.text
    if parts:  # a repeat: each roll's line is named, as BCDice's Repeat evaluates each with the bot
        text = "\n\n".join(f"#{i}\n{p.text}" for i, p in enumerate(parts, 1))
    return replace(result, text=text, parts=parts)


def distribution_for(command: str | Command, system: str = "generic") -> CommandOdds | None:
    """The exact odds of one roll as `system` reads the command (None where there is no finite one)."""
    parsed = parse_for(command, system) if isinstance(command, str) else command
    return command_odds(parsed)


def with_thresholds(text: str, system: str, critical: int, fumble: int) -> str:
    """Under `aw`, an SRS check typed without its own critical/fumble, written out with the
    character's (`2D6+2>=10` → `2D6+2>=10[11,2]` for a critical of 11): the log and a replay then
    carry the values the roll was judged with.  Anything else comes back as it was."""
    if system != "aw" or (critical, fumble) == (SRS_CRITICAL, SRS_FUMBLE):
        return text
    source = normalize(text)
    srs = _read_srs(source) if source else None
    if srs is None or srs[0].explicit or srs[0].target is None:
        return text
    read, start, end = srs
    written = SrsCommand(read.modifier, read.target, critical, fumble).text
    return source[:start] + written + source[end:]


# ---- SRS sorts the dice of a generic sum ---------------------------------------------------
def _dice_groups(node: Node) -> list[int] | None:
    """The size of each die group of a sum in the order it is rolled; None when a group is not a
    plain count of dice (D66, or a node this module does not know): those are left unsorted."""
    if isinstance(node, Num):
        return []
    if isinstance(node, (Paren, Neg)):
        return _dice_groups(node.body)
    if isinstance(node, BinOp):
        lhs, rhs = _dice_groups(node.lhs), _dice_groups(node.rhs)
        return None if lhs is None or rhs is None else lhs + rhs
    if isinstance(node, Dice):
        try:
            times, sides = constant(node.times), constant(node.sides)
        except TypeError:
            return None
        return None if sides == D66_SIDES else [times]
    return None


class _SortedGroups(random.Random):
    """Hands out each group's faces in ascending order: the group is drawn whole from `rng` (in
    the order it would be) when its first die is asked for, so the line shows it sorted."""

    def __init__(self, rng: random.Random, groups: list[int]) -> None:
        super().__init__(0)
        self._rng = rng
        self._groups = list(groups)
        self._ready: list[int] = []

    def randint(self, a: int, b: int) -> int:
        if not self._ready:
            size = self._groups.pop(0) if self._groups else 1
            self._ready = sorted(self._rng.randint(a, b) for _ in range(size))
        return self._ready.pop(0)
