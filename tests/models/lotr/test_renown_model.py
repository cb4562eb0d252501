"""The renown test's model (1.2): TN from the renown table plus the ticked modifier rows, exact
odds, one undo step with a log line, and a refusal naming an unset row instead of counting it 0."""

from __future__ import annotations

import pytest

from gmtool.models.lotr.renown_model import RENOWN_TEST_KEY, LotRRenownModel
from gmtool.models.lotr.rules_model import RULES_KEY
from tests.models.lotr.test_check_model import nar_id
from tests.rules.lotr.test_character_rules import p_at_least


def test_ticked_modifiers_change_the_tn_and_an_unset_one_refuses(campaign_model):
    rows = [{"name": "同じ種族", "modifier": -2}, {"name": "相手の Renown 5+", "modifier": None}]
    campaign_model.set_session_value(RULES_KEY, {"tables": {"renown_modifiers": rows}}, "x")
    model = LotRRenownModel(campaign_model, nar_id(campaign_model), seed_source=lambda: 3)
    model.set_origin("Area")
    model.set_ticked("同じ種族", True)
    assert model.setup().tn == 8
    bonus = model.spec().roller.bonus
    assert model.probability() == pytest.approx(float(p_at_least(8 - bonus)), abs=1e-12)
    model.set_ticked("相手の Renown 5+", True)
    assert model.spec() is None and "未設定" in model.setup().problem
    with pytest.raises(ValueError, match="未設定"):
        model.roll()
    assert campaign_model.session_value(RENOWN_TEST_KEY) is None  # nothing rolled, nothing logged
    model.set_ticked("相手の Renown 5+", False)
    model.about = "アラゴルン"
    result = model.roll()
    line = campaign_model.log_entries()[-1].payload
    assert line["mode"] == "renown" and line["tn"] == 8 and line["knows"] == result.degree.succeeded
    assert "アラゴルン" in line["summary"]["who"] and model.last()["total"] == result.total
    campaign_model.undo_stack.undo()
    assert model.last() is None


@pytest.mark.parametrize(
    "change",
    [
        {"tn": "10"},  # text for a number
        {"total": None},
        {"knows": "yes"},
        {"tn": True},  # JSON true is not a TN
        {"faces": 7},
    ],
    ids=["tn as text", "total null", "knows as text", "tn as a boolean", "faces not a list"],
)
def test_a_hand_edited_last_test_with_wrong_types_shows_no_last_roll(campaign_model, change):
    model = LotRRenownModel(campaign_model, nar_id(campaign_model), seed_source=lambda: 3)
    model.roll()
    good = dict(campaign_model.session_value(RENOWN_TEST_KEY))
    assert model.last() == good
    campaign_model.set_session_value(RENOWN_TEST_KEY, {**good, **change}, "x")
    assert model.last() is None
    bad = dict(good)
    del bad["tn"]
    campaign_model.set_session_value(RENOWN_TEST_KEY, bad, "x")
    assert model.last() is None
