"""行動判定's value types: the check's colors and outcomes, a copy in a library, the 難易度 the tool
takes.  Value types only (the views import them); `checks.py` holds the judge and re-exports these.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from gmtool.rules.systems.mtg.cards import Card

if TYPE_CHECKING:
    from gmtool.rules.systems.mtg.rules_data import MTGRules

DIFFICULTY_BOUNDS = (-99, 99)  # the 難易度 the panel and the CLI take (the rules' usual range is 0–8)


class CheckColor(StrEnum):
    WHITE = "W"
    BLUE = "U"
    BLACK = "B"
    RED = "R"
    GREEN = "G"
    COLORLESS = "C"  # 色のない判定


class MTGOutcome(StrEnum):
    SUCCESS = "success"  # 達成値 ≥ 目標値 as revealed
    BOOSTED = "boosted_success"  # failed as revealed, made good by 行動判定ブースト
    FAILURE = "failure"
    CANCELLED = "cancelled"  # fewer than 2 cards: 「最初から行動判定をしなかったというあつかい」

    @property
    def succeeded(self) -> bool:
        return self in (MTGOutcome.SUCCESS, MTGOutcome.BOOSTED)


@dataclass(frozen=True)
class LibraryCard:
    """One copy in a library: the card and whether it is one of the deck's クリティカル・カード."""

    card: Card
    critical: bool = False

    def mana_value(self, rules: MTGRules) -> int:
        return rules.critical_mana_value if self.critical else self.card.mana_value

    @property
    def colorless(self) -> bool:
        return self.card.colorless
