"""How BCDice's SRS bot reads a command: `2D6+m@c#f>=t` and `2D6+m>=t[c,f]` (lib/bcdice/game_system/SRS.rb).

SRS.rb reads the command word (before the first space, upper-cased, `(…)` worked out first) two
ways.  With a trailing `[…]` (its "legacy" form) the brackets hold `c`, `,f` or `c,f` (each
optional, so `[]` is 12/2) and the rest is `2D6`, an optional modifier and an optional `>=t`.
Otherwise BCDice's Command::Parser reads `2D6`, then the options `@c` / `#f` (each at most once, in
either order) either before or after the modifier (never split around it), then an optional
`>=t`; a plain `2D6` with neither options nor target is not an SRS roll (the bot hands it to the
generic sum, as it does with every word it cannot read).

The modifier is `+x`/`-x` terms of whole numbers with `* /` and parentheses, summed into one m
(`2D6+1-2+3-4>=8` echoes as `2D6-2>=8[12,2]`); division rounds down (the bot's default round type);
the target is such an expression too.  `2D` alone is 2D6 (BCDice's implicit sides).

No Qt; nothing is rolled here: `read_srs` says what the word means or that it is not SRS.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gmtool.rules.command_syntax import divide

SRS_CRITICAL = 12  # SRS.rb DEFAULT_CRITICAL_VALUE
SRS_FUMBLE = 2  # SRS.rb DEFAULT_FUMBLE_VALUE

_NOTATION = re.compile(r"2D(?:6|(?![0-9A-Z_]))", re.IGNORECASE)
_LEGACY = re.compile(r"(.+)\[(.*)\]", re.DOTALL)
_LEGACY_VALUES = re.compile(r"(-?\d+)?(?:,(-?\d+))?")
_TOKEN = re.compile(r"\s*(?:(\d+)|([<>=!]+)|(.))")
_ROUNDING = {"U": "U", "C": "U", "R": "R", "F": "F"}


@dataclass(frozen=True)
class SrsRead:
    """An SRS roll as SRS.rb reads it; `explicit` when the word gave c or f itself ([…], @, #)."""

    modifier: int
    target: int | None
    critical: int
    fumble: int
    explicit: bool


class _NotSrs(Exception):
    """The word is not an SRS roll (BCDice would try its generic commands on it)."""


class _Reader:
    """Recursive descent over the tokens of Command::Parser's grammar (numbers, + - * / ( ) @ #, a
    comparison, and U C R F after a division)."""

    def __init__(self, text: str) -> None:
        self.tokens: list[tuple[str, str]] = []
        for match in _TOKEN.finditer(text.upper()):
            number, comparison, char = match.groups()
            if number is not None:
                self.tokens.append(("num", number))
            elif comparison is not None:
                self.tokens.append(("cmp", comparison))
            elif char is not None and not char.isspace():
                self.tokens.append((char, char))
        self.tokens.append(("end", ""))
        self.at = 0

    @property
    def kind(self) -> str:
        return self.tokens[self.at][0]

    def take(self) -> tuple[str, str]:
        token = self.tokens[self.at]
        self.at += 1
        return token

    def expect(self, kind: str) -> None:
        if self.take()[0] != kind:
            raise _NotSrs

    # add: add (+|-) mul | mul;  mul: mul * unary | mul / unary [UCRF] | unary;  unary: (+|-) unary | term
    def add(self) -> int:
        value = self.mul()
        while self.kind in ("+", "-"):
            sign = self.take()[0]
            rhs = self.mul()
            value = value + rhs if sign == "+" else value - rhs
        return value

    def mul(self) -> int:
        value = self.unary()
        while self.kind in ("*", "/"):
            op = self.take()[0]
            rhs = self.unary()
            if op == "*":
                value *= rhs
                continue
            rounding = _ROUNDING.get(self.kind, "F")
            if self.kind in _ROUNDING:
                self.take()
            if rhs == 0:  # Command::Parser gives up on a division by zero
                raise _NotSrs
            value = divide(value, rhs, rounding)
        return value

    def unary(self) -> int:
        if self.kind == "+":
            self.take()
            return self.unary()
        if self.kind == "-":
            self.take()
            return -self.unary()
        if self.kind == "(":
            self.take()
            value = self.add()
            self.expect(")")
            return value
        kind, text = self.take()
        if kind != "num":
            raise _NotSrs
        return int(text)

    def modifier(self) -> int | None:
        """`(+|-) mul` repeated; None when there is none."""
        if self.kind not in ("+", "-"):
            return None
        value = 0
        while self.kind in ("+", "-"):
            sign = self.take()[0]
            rhs = self.mul()
            value = value + rhs if sign == "+" else value - rhs
        return value

    def options(self, allowed: bool) -> dict[str, int]:
        found: dict[str, int] = {}
        while self.kind in ("@", "#"):
            mark = self.take()[0]
            if not allowed or mark in found:
                raise _NotSrs
            found[mark] = self.unary()
        return found

    def target(self) -> int | None:
        if self.kind == "end":
            return None
        kind, op = self.take()
        if kind != "cmp" or op not in (">=", "=>"):  # SRS.rb: restrict_cmp_op_to(nil, :>=)
            raise _NotSrs
        value = self.add()
        self.expect("end")
        return value


def _head(text: str, options: bool) -> tuple[int, dict[str, int], int | None]:
    """2D6, options and modifier in either order, target: (m, {"@": c, "#": f}, t)."""
    notation = _NOTATION.match(text)
    if notation is None:
        raise _NotSrs
    reader = _Reader(text[notation.end() :])
    found = reader.options(options)
    modifier = reader.modifier()
    if modifier is not None and not found:
        found = reader.options(options)
    return modifier or 0, found, reader.target()


def read_srs(word: str) -> SrsRead | None:
    """The command word (no secret S, no repeat, no comment) as SRS.rb reads it; None: not SRS."""
    try:
        legacy = _LEGACY.fullmatch(word)
        if legacy is not None:
            values = _LEGACY_VALUES.fullmatch(legacy.group(2))
            if values is None:
                return None
            modifier, _, target = _head(legacy.group(1), options=False)
            critical = int(values.group(1)) if values.group(1) else SRS_CRITICAL
            fumble = int(values.group(2)) if values.group(2) else SRS_FUMBLE
            return SrsRead(modifier, target, critical, fumble, explicit=True)
        modifier, found, target = _head(word, options=True)
    except _NotSrs:
        return None
    if not found and target is None:
        return None  # a plain 2D6(+m): SRS.rb falls back to the generic sum
    critical, fumble = found.get("@", SRS_CRITICAL), found.get("#", SRS_FUMBLE)
    return SrsRead(modifier, target, critical, fumble, explicit=bool(found))
