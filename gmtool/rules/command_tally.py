"""xTYy and xTZy (BCDice 3's TallyDice): x dice of y sides, then how many dice showed each face.
TY lists the faces that came up, TZ every face from 1 to y, zeros included.

A tally has no single total, so it has no odds in the dice box (see `NO_ODDS`)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from gmtool.rules.command_groups import count_value
from gmtool.rules.command_syntax import MAX_DICE, Parser
from gmtool.rules.message import Message, template

MAX_TALLY_SIDES = 20  # BCDice's own limit: it answers 面数は1以上、20以下としてください past it
NO_ODDS = template("個数の集計（TY/TZ）には合計がないので、分布は出しません")


@dataclass(frozen=True)
class TallyCommand:
    times: int
    sides: int
    show_zeros: bool  # TZ

    @property
    def text(self) -> str:
        return f"{self.times}T{'Z' if self.show_zeros else 'Y'}{self.sides}"

    def tally(self, faces: tuple[int, ...]) -> str:
        """[1]×2, [4]×1…: BCDice's second step, faces in order, the dice as rolled before it."""
        counts = Counter(faces)
        shown = (v for v in range(1, self.sides + 1) if counts[v] or self.show_zeros)
        return ", ".join(f"[{v}]×{counts[v]}" for v in shown)

    def roll(self, rng: random.Random) -> tuple[int, ...]:
        return tuple(rng.randint(1, self.sides) for _ in range(self.times))


def parse_tally(parser: Parser) -> TallyCommand:
    """term T (Y|Z) term, the counts worked out: (1+2*3)TY(1+5/2C) is 7TY4."""
    token = parser.token
    times = count_value(parser, parser.term(), token, "ダイスの個数", MAX_DICE)
    parser.expect("word", "T", Message("ここには「{0}」が必要です", "T"))
    kind = parser.advance()  # Y or Z: the command was told a tally by its T[YZ]
    token = parser.token
    sides = count_value(parser, parser.term(), token, "ダイスの面数", MAX_TALLY_SIDES)
    parser.end()
    return TallyCommand(times, sides, kind.value == "Z")
