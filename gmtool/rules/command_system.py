"""The dice box's game-system setting (ダイスボット), as a CCFolia or Udonarium room has one.

BCDice rolls a command with the room's game system first and its generic commands after; the same
text can mean two things.  Under the SRS bot (an SRS game's) a plain `2D6+m>=t` is an SRS check,
judged 自動成功 on a natural 12 and 自動失敗 on a natural 2, with the dice sorted; under the generic
DiceBot it is a plain sum.  So every command is read for a setting:

- `generic` (汎用): BCDice's DiceBot.  The commands only some bots read (`BotCommand`: SRS's `[c,f]`,
  `@c`, `#f`; `SGS`) are refused, as that bot does not read them, with a message naming the
  setting that does.
- every registered system that declares a dice bot (`Declarations.dice_bot`,
  gmtool.rules.systems.declarations): its BCDice bot reads the generic commands and the ones its
  declaration `reads` (SRS forms: `command_srs_syntax` reads their grammar), sorts a sum's dice
  when it declares `sort_add_dice`, and refuses the commands other bots read.  A system BCDice
  has no bot for (`own_bot=False`) rolls as the generic DiceBot and its lines say so.

A result line begins with the BCDice game system that rolled it, as Udonarium shows a roll of a
room set to a system (`SRS : …`); a line of the generic DiceBot is left as BCDice prints it.
The settings are derived from the registry (`DICE_SYSTEMS`), again when a system is registered at
run time, which is then one of them.  The engine module: no Qt.
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
from gmtool.rules.systems import all_declarations, when_registry_changes
from gmtool.rules.systems.declarations import BotCommand, DiceBot

__all__ = [
    "DICE_SYSTEMS",
    "GENERIC",
    "DiceSystem",
    "FixedDice",
    "distribution_for",
    "parse_for",
    "roll_for",
    "with_thresholds",
]

GENERIC = "generic"  # the setting of BCDice's generic DiceBot, which every room has


@dataclass(frozen=True)
class DiceSystem:
    """One ダイスボット setting: the generic one, or a system's declared dice bot."""

    id: str  # GENERIC or a system id
    dice_bot: DiceBot

    @property
    def label(self) -> str:
        """The setting's name in the dice box (a Message: a refusal naming it shows it translated)."""
        return self.dice_bot.label

    @property
    def bot(self) -> str:
        """The BCDice game system ID that rolls it."""
        return self.dice_bot.bot

    @property
    def own_bot(self) -> bool:
        """False: BCDice has no bot for this game, the generic DiceBot rolls it."""
        return self.dice_bot.own_bot

    def reads(self, command: BotCommand) -> bool:
        return command in self.dice_bot.reads

    @property
    def prefix(self) -> str:
        """What the result line starts with; gmtool's own words (a system BCDice has no bot for) are a
        Message, so a view shows a logged line's prefix in the UI language (``models.log_replay``)."""
        if self.id == GENERIC:
            return ""
        if not self.own_bot:
            return Message("DiceBot（BCDiceに{0}のボットなし・汎用） : ", self.label)
        return f"{self.bot} : "


# Messages: a refusal naming a setting shows it in the UI language.
_GENERIC = DiceSystem(GENERIC, DiceBot(Message("汎用")))


# Setting id → setting: the generic one first, then every registered system that declares a dice
# bot, in the registry's order; from the declarations (no system loads), derived again in place
# when a system is registered or unregistered.
DICE_SYSTEMS: dict[str, DiceSystem] = {}


def _derive_settings() -> None:
    DICE_SYSTEMS.clear()
    DICE_SYSTEMS[GENERIC] = _GENERIC
    for system_id, declared in all_declarations().items():
        if declared.dice_bot is not None:
            DICE_SYSTEMS[system_id] = DiceSystem(system_id, declared.dice_bot)


_derive_settings()
when_registry_changes(_derive_settings)

# Secret S and repeat before the command word, as command_parse reads them.
_LEAD = re.compile(r"(?:S(?=\S))?(?:(?:repeat|rep|x)\d+\s+(?:S(?=\S))?)?", re.IGNORECASE)


def _system(system: str) -> DiceSystem:
    setting = DICE_SYSTEMS.get(system)
    if setting is None:
        raise CommandError(
            Message("ダイスボット「{0}」はありません（{1}）", system, " / ".join(DICE_SYSTEMS))
        )
    return setting


def _needs(command: BotCommand) -> str:
    """The name of the setting that reads `command` (the first one that declares it)."""
    reader = next((s for s in DICE_SYSTEMS.values() if s.reads(command)), None)
    return reader.label if reader is not None else command.name  # no registered bot reads it


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


def _refuse(source: str, position: int, command: BotCommand, setting: DiceSystem) -> CommandError:
    return CommandError(
        Message(
            "このコマンドはダイスボットを「{0}」にすると振れます（「{1}」では読めません）",
            _needs(command),
            setting.label,
        ),
        source,
        position,
    )


def parse_for(text: str, system: str = GENERIC) -> Command:
    """The command as a BCDice room set to `system` reads it; CommandError when that bot refuses it."""
    setting = _system(system)
    source = normalize(text)
    srs = _read_srs(source) if source else None
    reads_srs = setting.reads(BotCommand.SRS)
    if srs is not None and (reads_srs or srs[0].explicit):
        read, start, end = srs
        if not reads_srs:
            raise _refuse(source, start, BotCommand.SRS, setting)
        # The secret S, repeat and comment are read as any command's: the word is set aside.
        shell = parse(source[:start] + "2D6" + source[end:])
        body = SrsCommand(read.modifier, read.target, read.critical, read.fumble)
        return replace(shell, source=source, body=body)
    if srs is None and "?" in source:
        _refuse_undecided_srs(source)
    command = parse(text)
    if isinstance(command.body, SrsCommand) and not reads_srs:
        raise _refuse(source, _word(source)[0], BotCommand.SRS, setting)
    if isinstance(command.body, SengensyouCommand) and not setting.reads(BotCommand.SGS):
        raise _refuse(source, max(source.upper().find("SGS"), 0), BotCommand.SGS, setting)
    return command


def _refuse_undecided_srs(source: str) -> None:
    """An SRS check (`@c`, `#f`) whose target is `?`: BCDice's SRS bot reads no `?` and its generic
    sum reads no `@`/`#`, so no bot rolls it; said so, rather than pointing at the `@`."""
    start, end = _word(source)
    word = source[start:end]
    at = word.find("?")
    if at < 0 or not re.search(r"[@#]", word) or read_srs(word.replace("?", "0")) is None:
        return
    raise CommandError(
        Message("SRS の判定（@c #f）の目標値に ? は使えません（BCDice の SRS ボットも読みません）"),
        source,
        start + at,
    )


def roll_for(command: str | Command, rng: random.Random, system: str = GENERIC) -> CommandResult:
    """Rolls as a room set to `system` would; the line begins with the system (see DiceSystem.prefix)."""
    setting = _system(system)
    parsed = parse_for(command, system) if isinstance(command, str) else command
    if setting.dice_bot.sort_add_dice and isinstance(parsed.body, SumCommand):
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


def distribution_for(command: str | Command, system: str = GENERIC) -> CommandOdds | None:
    """The exact odds of one roll as `system` reads the command (None where there is no finite one)."""
    parsed = parse_for(command, system) if isinstance(command, str) else command
    return command_odds(parsed)


def with_thresholds(text: str, system: str, critical: int, fumble: int) -> str:
    """Under a setting that reads SRS checks, an SRS check typed without its own critical/fumble,
    written out with the character's (`2D6+2>=10` → `2D6+2>=10[11,2]` for a critical of 11): the
    log and a replay then carry the values the roll was judged with.  Anything else comes back as
    it was."""
    setting = DICE_SYSTEMS.get(system)
    if setting is None or not setting.reads(BotCommand.SRS):
        return text
    if (critical, fumble) == (SRS_CRITICAL, SRS_FUMBLE):
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
