"""食事・睡眠 recovery (rest.py): the GM's amounts, stopped at the maximum, never invented."""

from __future__ import annotations

import pytest

from gmtool.rules.systems.aw.rest import MAX_AMOUNT, recovered, rest
from gmtool.rules.systems.aw.session import SessionRefused


def test_the_entered_amounts_are_added_to_hp_and_mp():
    assert rest((10, 30), (4, 20), 5, 3) == (15, 7)


def test_recovery_stops_at_the_maximum_and_one_pool_may_be_left_alone():
    assert rest((28, 30), (4, 20), 5, 0) == (30, 4)
    assert recovered(30, 30, 7) == 30


def test_a_pool_above_its_maximum_is_not_lowered_and_no_maximum_means_no_cap():
    assert recovered(35, 30, 5) == 35  # a GM's bonus above the sheet's maximum stays
    assert recovered(12, 0, 5) == 17  # maximum 0: none entered on the sheet


def test_no_amount_or_an_amount_out_of_range_is_refused_with_the_reason():
    with pytest.raises(SessionRefused, match="回復する量を入れてください"):
        rest((10, 30), (4, 20), 0, 0)
    for bad in (-1, MAX_AMOUNT + 1):
        with pytest.raises(SessionRefused, match=f"回復する量 {bad} は 0〜{MAX_AMOUNT} の範囲外です"):
            rest((10, 30), (4, 20), bad, 1)
