"""BCDice-style dice commands, as Japanese players type them: parse, roll, exact odds.

    >>> roll("2D6+3>=10", FixedDice([4, 5])).text
    '(2D6+3>=10) ＞ 9[4,5]+3 ＞ 12 ＞ 成功'

Supported, as BCDice 3's generic DiceBot reads them: xDy sums with + - * / (/…U or /…C up, /…R
half away from zero, /…F or bare floor), the shorthands D6 (1D6) and 2D (2D6), parentheses (also
for counts: (2+1)D6, echoed worked out as 3D6), comparisons >= > <= < = <> (=> =< != == too),
keep/drop KH KL DH DL (without a count: 1; MAX/MIN for KH1/KL1), xD66 in a sum (D66 numbers),
xBy and xBy>=t, xUy[n] with modifier and comparison, xRy[n] / xRy>=t / xRy[<=n]>=t (reroll dice),
xTYy / xTZy (tallies), D66 (bare: as rolled, BCDice's default; A/S smaller die first, D larger
first, N as rolled), C(…) or C…, choice[…] / choice(…) / choice a b, choiceN[…] and ranges
choice[A-F] / choice[1-10], repeat x3 / rep3 / repeat3, the secret prefix S, a comment after a
space, and full-width input (NFKC).  The printed lines match BCDice's own test data (DiceBot).
Over BCDice's limits (200 dice in a term, 10 000 sides, 10 000 dice in a command) a command is
refused with a message where BCDice would quietly roll nothing.
`{name}` variables are substituted first by `substitute`.  Two game-system commands, the ones
the chat palettes write: the SRS check 2D6+m>=t[c,f] / 2D6+m[c,f]
(アナザーワールド; natural ≥ c 自動成功, ≤ f 自動失敗) and 千幻抄's SGS+m
(3D6+m, natural ≥ 16 クリティカル, ≤ 5 ファンブル), printed as BCDice's bots do:

    >>> roll("2D6+4>=10[11]", FixedDice([6, 5])).text
    '(2D6+4>=10[11,2]) ＞ 11[5,6]+4 ＞ 15 ＞ 自動成功'
    >>> roll("SGS+2", FixedDice([4, 1, 3])).text
    '(3D6+2) ＞ 8[4,1,3] ＞ 8+2 ＞ 10'

The engine module: no Qt.  Randomness is the injected `random.Random`.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping

from gmtool.rules.command_dist import CommandOdds, command_odds
from gmtool.rules.command_parse import Command, parse
from gmtool.rules.command_roll import CommandResult, roll_command
from gmtool.rules.command_syntax import CommandError, normalize
from gmtool.rules.message import Message

__all__ = [
    "Command",
    "CommandError",
    "CommandOdds",
    "CommandResult",
    "FixedDice",
    "distribution",
    "parse",
    "roll",
    "substitute",
]

_VARIABLE = re.compile(r"\{([^{}]*)\}")


def roll(command: str | Command, rng: random.Random) -> CommandResult:
    """Rolls once (each repeat in turn); raises CommandError for a malformed command."""
    parsed = parse(command) if isinstance(command, str) else command
    return roll_command(parsed, rng)


def distribution(command: str | Command) -> CommandOdds | None:
    """The exact distribution of the total and P(success); None where there is no finite one."""
    parsed = parse(command) if isinstance(command, str) else command
    return command_odds(parsed)


def substitute(command: str, variables: Mapping[str, int | str]) -> str:
    """Replaces each `{name}` (a chat-palette variable) by its value; an unknown name is an error
    that points at it.  Names are compared after NFKC, so `{ＳＴＲ}` finds `STR`."""
    table = {normalize(k): str(v) for k, v in variables.items()}
    out: list[str] = []
    last = 0
    for match in _VARIABLE.finditer(command):
        name = normalize(match.group(1))
        if name not in table:
            raise CommandError(Message("変数「{0}」はありません", name), command, match.start())
        out.append(command[last : match.start()])
        out.append(table[name])
        last = match.end()
    out.append(command[last:])
    return "".join(out)


class FixedDice(random.Random):
    """A `random.Random` that returns listed faces: replays BCDice's golden cases in tests and
    lets the GM enter physical dice.  Each entry is a face, or (sides, face) to check the die."""

    def __init__(self, faces: list[int] | list[tuple[int, int]]) -> None:
        super().__init__(0)
        self._faces: list[int | tuple[int, int]] = list(faces)

    def randint(self, a: int, b: int) -> int:
        if not self._faces:
            raise CommandError(Message("入力された出目が足りません"))
        entry = self._faces.pop(0)
        if isinstance(entry, tuple):
            sides, face = entry
            if sides != b:
                raise CommandError(Message("{0} 面のダイスに {1} 面の出目が渡されました", b, sides))
        else:
            face = entry
        if not a <= face <= b:
            raise CommandError(Message("出目 {0} は 1〜{1} にありません", face, b))
        return face

    @property
    def unused(self) -> int:
        return len(self._faces)
