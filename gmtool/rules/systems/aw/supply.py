"""供給ルール: the dice of lost and recovered 生命力 (HP and MP), exactly.

The text gives ranges, not single values (「1〜5D6」, 「1〜2D6」, 契約状態なら「3〜4D6」): the GM
chooses the number of dice within them (session.toml holds the ranges).  Recovery by a skill is
entered by hand: any number of D6 plus a fixed amount.
"""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache

from gmtool.rules.dice import Distribution, Faces, roll
from gmtool.rules.message import Message
from gmtool.rules.systems.aw.rules_data import AWSessionRules
from gmtool.rules.systems.aw.session import SessionRefused
from gmtool.rules.systems.aw.supply_types import MAX_BONUS, MAX_DICE, SIDES, SupplyKind

# The value types live in supply_types (the views import them there) and are reached here too.
__all__ = [
    "MAX_BONUS",
    "MAX_DICE",
    "SIDES",
    "SupplyKind",
    "amount_distribution",
    "check_dice",
    "dice_range",
    "expected_amount",
    "expected_pool_after",
    "pool_after",
    "roll_amount",
]


def dice_range(kind: SupplyKind, rules: AWSessionRules, contracted: bool = False) -> tuple[int, int]:
    """How many D6 the text allows for this kind (a skill: anything from 0 to MAX_DICE)."""
    if kind.is_loss:
        return rules.loss_dice
    if kind is SupplyKind.SUPPLY:
        return rules.contracted_supply_dice if contracted else rules.supply_dice
    return 0, MAX_DICE


def check_dice(kind: SupplyKind, dice: int, rules: AWSessionRules, contracted: bool = False) -> None:
    """Raises SessionRefused when `dice` is outside what the text allows for `kind`."""
    low, high = dice_range(kind, rules, contracted)
    if low <= dice <= high:
        return
    if kind.is_loss:
        why = Message("食事を摂れなかった・睡眠不足で減る生命力は")
    elif kind is SupplyKind.SUPPLY:
        why = (
            Message("契約状態にあるキャラクター同士の供給は")
            if contracted
            else Message("契約していないキャラクターの供給は")
        )
    else:
        why = Message("特技による回復のダイスは")
    raise SessionRefused(Message("{0} {1}〜{2}D6 です（{3}D6 は選べません）", why, low, high, dice))


@cache
def _sum_weights(dice: int) -> tuple[tuple[int, int], ...]:
    """(total, number of ways) for `dice`D6, by convolution: enumerating 6**20 rolls would never end."""
    weights = {0: 1}
    for _ in range(dice):
        step: dict[int, int] = {}
        for total, ways in weights.items():
            for face in range(1, SIDES + 1):
                step[total + face] = step.get(total + face, 0) + ways
        weights = step
    return tuple(sorted(weights.items()))


def amount_distribution(dice: int, bonus: int = 0) -> Distribution[int]:
    """Exact distribution of `dice`D6 + bonus (0 dice: the bonus for certain)."""
    if not 0 <= dice <= MAX_DICE:
        raise ValueError(Message("ダイスの数 {0} は 0〜{1} の範囲外です", dice, MAX_DICE))
    return Distribution.from_weights({total + bonus: ways for total, ways in _sum_weights(dice)})


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


def expected_pool_after(current: int, maximum: int, amount: Distribution[int], loss: bool) -> Fraction:
    """The pool's mean after losing (loss) or recovering a random amount; the cap makes it no mere sum."""
    sign = -1 if loss else 1
    return sum((p * pool_after(current, maximum, sign * value) for value, p in amount.items()), Fraction(0))
