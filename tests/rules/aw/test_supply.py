"""供給ルール engine: the dice ranges of the text, exact amount distributions, the pool arithmetic."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from gmtool.rules.systems.aw.rules_data import aw_session_rules
from gmtool.rules.systems.aw.session import SessionRefused
from gmtool.rules.systems.aw.supply import (
    MAX_DICE,
    SupplyKind,
    amount_distribution,
    check_dice,
    dice_range,
    expected_amount,
    expected_pool_after,
    pool_after,
    roll_amount,
)

RULES = aw_session_rules()


def test_the_texts_ranges():
    assert dice_range(SupplyKind.MISSED_MEAL, RULES) == (1, 5)
    assert dice_range(SupplyKind.SHORT_SLEEP, RULES) == (1, 5)
    assert dice_range(SupplyKind.SUPPLY, RULES) == (1, 2)
    assert dice_range(SupplyKind.SUPPLY, RULES, contracted=True) == (3, 4)
    assert dice_range(SupplyKind.SKILL, RULES) == (0, MAX_DICE)


@pytest.mark.parametrize(
    ("kind", "dice", "contracted", "words"),
    [
        (SupplyKind.MISSED_MEAL, 6, False, "1〜5D6"),
        (SupplyKind.SHORT_SLEEP, 0, False, "1〜5D6"),
        (SupplyKind.SUPPLY, 3, False, "契約していない"),
        (SupplyKind.SUPPLY, 2, True, "3〜4D6"),
        (SupplyKind.SKILL, MAX_DICE + 1, False, "特技"),
    ],
)
def test_dice_outside_the_range_are_refused_with_the_range(kind, dice, contracted, words):
    with pytest.raises(SessionRefused, match=words):
        check_dice(kind, dice, RULES, contracted)


def test_dice_inside_the_range_pass():
    check_dice(SupplyKind.SUPPLY, 4, RULES, contracted=True)
    check_dice(SupplyKind.SKILL, 0, RULES)


def test_one_d6_mean_is_seven_halves():
    assert expected_amount(1) == Fraction(7, 2)
    dist = amount_distribution(1)
    assert dict(dist.items()) == {face: Fraction(1, 6) for face in range(1, 7)}
    assert sum((v * p for v, p in dist.items()), Fraction(0)) == Fraction(7, 2)


def test_three_d6_distribution_golden():
    dist = amount_distribution(3)
    ways = {3: 1, 4: 3, 5: 6, 6: 10, 7: 15, 8: 21, 9: 25, 10: 27}
    for total, n in ways.items():
        assert dist[total] == Fraction(n, 216)
        assert dist[21 - total] == Fraction(n, 216)  # symmetric around 10.5
    assert dist[2] == 0 and dist[19] == 0


def test_bonus_shifts_and_zero_dice_is_certain():
    assert amount_distribution(2, 3)[5] == Fraction(1, 36)
    assert expected_amount(2, 3) == 10
    assert dict(amount_distribution(0, 4).items()) == {4: Fraction(1)}


def test_twenty_dice_are_exact_and_fast():
    dist = amount_distribution(MAX_DICE)
    assert dist[20] == Fraction(1, 6**20)
    assert sum((v * p for v, p in dist.items()), Fraction(0)) == expected_amount(MAX_DICE)


def test_a_seeded_roll_repeats():
    a = roll_amount(3, 2, random.Random(7))
    b = roll_amount(3, 2, random.Random(7))
    assert a == b and a[1] == sum(a[0]) + 2 and len(a[0]) == 3


def test_recovery_stops_at_the_maximum_losses_have_no_floor():
    assert pool_after(20, 22, 5) == 22
    assert pool_after(20, 0, 5) == 25  # no maximum set
    assert pool_after(3, 22, -8) == -5


def test_expected_pool_after_counts_the_cap():
    one_d6 = amount_distribution(1)
    # 20/22 + 1D6: 21 (1/6), 22 otherwise → 21/6 + 110/6 = 131/6
    assert expected_pool_after(20, 22, one_d6, loss=False) == Fraction(131, 6)
    assert expected_pool_after(2, 22, one_d6, loss=True) == Fraction(2) - Fraction(7, 2)
