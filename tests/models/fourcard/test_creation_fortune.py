"""The フォーカード creation wizard's rolls for 利き腕 and 所持金 (`CreationFortune`)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from gmtool.models.fourcard.creation_fortune import CreationFortune
from gmtool.models.fourcard.creation_log import CreationLog
from gmtool.models.fourcard.creation_model import CreationRefused
from tests.models.fourcard.creation_helpers import (
    creation_logs,
    expected_faces,
    fixed_seeds,
    make_model,
    seed_where,
)


def test_handedness_twelve_is_ambidextrous_else_the_player_picks(empty_campaign_model):
    model = make_model(
        empty_campaign_model, seeds=(seed_where(lambda s: sum(expected_faces(s, [(2, 6)])[0]) != 12),)
    )
    with pytest.raises(CreationRefused, match="先に 2D6"):
        model.fortune.set_handedness("right")
    model.fortune.roll_handedness()
    assert model.fortune.handedness == "" and model.fortune.blockers()
    model.fortune.set_handedness("right")
    assert model.fortune.handedness == "right"

    both = seed_where(lambda s: sum(expected_faces(s, [(2, 6)])[0]) == 12)
    model = make_model(empty_campaign_model, seeds=(both,))
    model.fortune.roll_handedness()
    assert model.fortune.handedness == "both"
    with pytest.raises(CreationRefused, match="両手利き"):
        model.fortune.set_handedness("left")


def test_money_is_rolled_once_logged_and_its_odds_are_the_exact_table(empty_campaign_model):
    """The collaborator on its own: a seed source and the creation log."""
    fortune = CreationFortune(fixed_seeds(66), CreationLog(empty_campaign_model, lambda: "リナ"))
    odds = fortune.money_odds()
    assert list(odds) == list(range(1300, 2900, 100)) and sum(odds.values()) == 1
    assert odds[1300] == Fraction(1, 216) and odds[2000] == Fraction(27, 216)
    assert fortune.ambidextrous_probability() == Fraction(1, 36)
    assert [b.reason for b in fortune.blockers()] == [
        "利き腕をまだ振っていません（2D6）",
        "所持金をまだ振っていません（3D6×100+1000 CP）",
    ]
    changed = []
    fortune.changed.connect(lambda: changed.append(True))
    fortune.roll_money()
    [money_faces] = expected_faces(66, [(3, 6)])
    assert fortune.money == sum(money_faces) * 100 + 1000 and changed == [True]
    [logged] = creation_logs(empty_campaign_model, "money")
    assert logged["seed"] == 66 and logged["summary"]["who"] == "リナ"
    with pytest.raises(CreationRefused, match="既に振りました"):
        fortune.roll_money()
