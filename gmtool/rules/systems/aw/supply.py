"""供給ルール: the dice of lost and recovered 生命力 (HP and MP), exactly.

The text gives ranges, not single values (「1〜5D6」, 「1〜2D6」, 契約状態なら「3〜4D6」): the GM
chooses the number of dice within them (session.toml holds the ranges).  Recovery by a skill is
entered by hand: any number of D6 plus a fixed amount.
"""

from __future__ import annotations

import random
from enum import StrEnum
from fractions import Fraction

from gmtool.rules.dice import Distribution, Faces, roll, sum_distribution
from gmtool.rules.systems.aw.rules_data import AWSessionRules

SIDES = 6
MAX_DICE = 20


class SupplyKind(StrEnum):
    MISSED_MEAL = "missed_meal"  # 24時間以上食事ができない: HP と MP が減る
    SHORT_SLEEP = "short_sleep"  # 6時間以下の睡眠: HP と MP が減る
    SUPPLY = "supply"  # 供給: 回復
    SKILL = "skill"  # 特技による回復（GM が手で入力）

    @property
    def is_loss(self) -> bool:
        return self in (SupplyKind.MISSED_MEAL, SupplyKind.SHORT_SLEEP)


def dice_range(kind: SupplyKind, rules: AWSessionRules, contracted: bool = False) -> tuple[int, int]:
    """How many D6 the text allows for this kind (a skill: anything from 0 to MAX_DICE)."""
    if kind.is_loss:
        return rules.loss_dice
    if kind is SupplyKind.SUPPLY:
        return rules.contracted_supply_dice if contracted else rules.supply_dice
    return 0, MAX_DICE


def amount_distribution(dice: int, bonus: int = 0) -> Distribution[int]:
    """Exact distribution of `dice`D6 + bonus (0 dice: the bonus for certain)."""
    if not 0 <= dice <= MAX_DICE:
        raise ValueError(f"ダイスの数 {dice} は 0〜{MAX_DICE} の範囲外です")
    if dice == 0:
        return Distribution({bonus: Fraction(1)})
    return sum_distribution(dice, SIDES).map(lambda total: total + bonus)


def expected_amount(dice: int, bonus: int = 0) -> Fraction:
    return Fraction(dice * (SIDES + 1), 2) + bonus


def roll_amount(dice: int, bonus: int, rng: random.Random) -> tuple[Faces, int]:
    faces = roll(rng, dice, SIDES) if dice else ()
    return faces, sum(faces) + bonus


def pool_after(current: int, maximum: int, change: int) -> int:
    """A pool after a loss (negative change) or recovery; recovery stops at the maximum when one is set.

    No floor: the text says how much is lost, not that a pool stops at 0 or 1.
    """
    after = current + change
    if change > 0 and maximum > 0:
        return max(current, min(after, maximum))
    return after
