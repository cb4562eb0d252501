"""供給 under the house rules: the amount to HP and MP each or split, the dice enforced or a guideline."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from gmtool.rules.systems.aw.house_rules import DICE_ENFORCED, DICE_RECOMMENDED
from gmtool.rules.systems.aw.rules_data import aw_session_rules
from gmtool.rules.systems.aw.session import SessionRefused
from gmtool.rules.systems.aw.supply import SupplyKind, amount_distribution, expected_pool_after
from gmtool.rules.systems.aw.supply_reading import (
    allowed_range,
    check_dice,
    dice_warning,
    expected_split_after,
    split_amount,
)

RULES = aw_session_rules()
SUPPLY = SupplyKind.SUPPLY


def test_the_dice_enforced_keep_the_texts_range():
    assert allowed_range(SUPPLY, RULES, False, DICE_ENFORCED) == (1, 2)
    assert allowed_range(SUPPLY, RULES, True, DICE_ENFORCED) == (3, 4)
    with pytest.raises(SessionRefused, match="1〜2D6"):
        check_dice(SUPPLY, 3, RULES, False, DICE_ENFORCED)
    assert dice_warning(SUPPLY, 3, RULES, False, DICE_ENFORCED) is None


def test_the_dice_recommended_allow_any_count_with_a_warning():
    assert allowed_range(SUPPLY, RULES, False, DICE_RECOMMENDED) == (1, 20)
    check_dice(SUPPLY, 3, RULES, False, DICE_RECOMMENDED)
    check_dice(SUPPLY, 1, RULES, True, DICE_RECOMMENDED)
    for wrong in (0, 21):
        with pytest.raises(SessionRefused, match="1〜20D6"):
            check_dice(SUPPLY, wrong, RULES, False, DICE_RECOMMENDED)
    warning = dice_warning(SUPPLY, 3, RULES, False, DICE_RECOMMENDED)
    assert warning is not None and "3D6" in warning and "1〜2D6" in warning
    assert "3〜4D6" in (dice_warning(SUPPLY, 2, RULES, True, DICE_RECOMMENDED) or "")
    assert dice_warning(SUPPLY, 2, RULES, False, DICE_RECOMMENDED) is None
    # 「望ましい」 is 供給's word only: the losses keep 「1〜5D6点減少する」.
    assert allowed_range(SupplyKind.MISSED_MEAL, RULES, False, DICE_RECOMMENDED) == (1, 5)
    with pytest.raises(SessionRefused, match="1〜5D6"):
        check_dice(SupplyKind.MISSED_MEAL, 6, RULES, False, DICE_RECOMMENDED)


def test_split_amounts():
    assert split_amount(7, 3) == (3, 4)
    assert split_amount(2, 5) == (2, 0)  # never more than the roll
    assert split_amount(9, 0) == (0, 9)


def test_the_split_and_each_means_against_the_count():
    """2D6 to 朝霧 透-like pools HP 10/28 and MP 15/18, HP share 4, counted over the 36 rolls."""
    dist = amount_distribution(2)
    split = expected_split_after({"hp": (10, 28), "mp": (15, 18)}, dist, 4)
    hp = mp = each_hp = each_mp = Fraction(0)
    for a, b in product(range(1, 7), repeat=2):
        total = a + b
        to_hp = min(4, total)
        hp += Fraction(min(10 + to_hp, 28), 36)
        mp += Fraction(min(15 + total - to_hp, 18), 36)
        each_hp += Fraction(min(10 + total, 28), 36)
        each_mp += Fraction(min(15 + total, 18), 36)
    assert split == {"hp": hp, "mp": mp}
    assert (expected_pool_after(10, 28, dist, False), expected_pool_after(15, 18, dist, False)) == (
        each_hp,
        each_mp,
    )
    # Split, the roll is given once: the two pools gain less in all than when each takes it whole.
    assert hp + mp < each_hp + each_mp and hp - 10 <= 4
