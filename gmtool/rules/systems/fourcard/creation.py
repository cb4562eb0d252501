"""Creation rolls and the initial-XP budget (「キャラクター」1–7).

Each roll returns its faces so the caller can log them; the exact distribution of
every roll is available for display before it is made.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from gmtool.rules.dice import Distribution, Faces, enumerate_outcomes, roll
from gmtool.rules.systems.fourcard.character import ATTRIBUTE_MAX, ATTRIBUTE_MIN, ATTRIBUTES

ATTRIBUTE_DICE = (2, 3)  # 2D3+1
ATTRIBUTE_BONUS = 1
INITIAL_XP = 15  # 「初期経験点は『15+追加初期経験点』」
FEMALE_MODIFIERS = {"st": -1, "wp": +1}  # 「STが−1される代わりにWPが+1」
HANDEDNESS_DICE = (2, 6)
AMBIDEXTROUS_NATURAL = 12  # 「2D6を振って12が出れば…両手利き」
MONEY_DICE = (3, 6)  # 3D6×100+1000 CP
MONEY_MULTIPLIER = 100
MONEY_BASE = 1000


def attribute_value(faces: Faces) -> int:
    return sum(faces) + ATTRIBUTE_BONUS


def attribute_distribution() -> Distribution[int]:
    return enumerate_outcomes(*ATTRIBUTE_DICE, attribute_value)


def roll_attributes(rng: random.Random) -> dict[str, Faces]:
    """One 2D3 per attribute, in the order of the sheet."""
    return {attribute: roll(rng, *ATTRIBUTE_DICE) for attribute, _ in ATTRIBUTES}


def with_sex_modifier(values: Mapping[str, int], sex: str) -> dict[str, int]:
    """Female: ST −1, WP +1, never below 3 or above 7 (「2以下になったり8以上になることはありません」)."""
    adjusted = dict(values)
    if sex == "female":
        for attribute, delta in FEMALE_MODIFIERS.items():
            adjusted[attribute] = min(ATTRIBUTE_MAX, max(ATTRIBUTE_MIN, adjusted[attribute] + delta))
    return adjusted


def is_ambidextrous(faces: Faces) -> bool:
    return sum(faces) == AMBIDEXTROUS_NATURAL


def ambidextrous_probability() -> Fraction:
    return enumerate_outcomes(*HANDEDNESS_DICE, is_ambidextrous)[True]


def money_value(faces: Faces) -> int:
    return sum(faces) * MONEY_MULTIPLIER + MONEY_BASE


def money_distribution() -> Distribution[int]:
    return enumerate_outcomes(*MONEY_DICE, money_value)


@dataclass(frozen=True)
class CreationBudget:
    """初期経験点 left: the general 15 and the 追加初期経験点 earmarked for named skills."""

    general: int = INITIAL_XP
    extra: int = 0
    earmarked: tuple[str, ...] = ()

    def available_for(self, skill_name: str | None) -> int:
        """XP a purchase for this skill may draw on (None: not a skill, e.g. nothing earmarked)."""
        return self.general + (self.extra if skill_name in self.earmarked else 0)

    def pay(self, skill_name: str | None, cost: int) -> CreationBudget:
        """Earmarked XP pays first for its own skills; the rest comes from the general pool.

        Under a GM override the general pool may go below zero; the sheet shows it.
        """
        from_extra = min(self.extra, cost) if skill_name in self.earmarked else 0
        return CreationBudget(self.general - (cost - from_extra), self.extra - from_extra, self.earmarked)

    @property
    def left(self) -> int:
        return self.general + self.extra
