"""Experience (`LotRAdvancementModel.xp`, 1.6): XP for a test and for shared objectives, other XP
with its reason, removing a line, and XP that paid for an advancement kept unless the GM overrides."""

from __future__ import annotations

import pytest

from gmtool.models.lotr.advancement_model import LotRAdvancementModel
from tests.models.lotr.advancement_fixtures import TODAY, five_picks, make_model, stored
from tests.qt_fixtures import sample_lotr_character


def test_xp_for_a_tn_15_test_is_15(campaign_model):
    model = make_model(campaign_model)
    assert model.xp.add_test_xp(15, "扉の謎を解いた") == 15
    entry = stored(model).xp_log[-1]
    assert (entry.xp, entry.date) == (15, TODAY)
    assert "目標値 15" in entry.reason and "扉の謎を解いた" in entry.reason
    with pytest.raises(ValueError, match="目標値"):
        model.xp.add_test_xp(0)


def test_an_objective_of_500_shared_by_3_gives_167_each(campaign_model):
    model = make_model(campaign_model)
    assert model.xp.objective_share("secondary", 3) == 167  # 166.67 rounded half up
    assert model.xp.objective_share("primary", 3) == 333
    assert model.xp.objective_share("scene", 8) == 13  # 12.5 → 13: halves round up
    assert model.xp.add_objective_xp("secondary", sharers=3) == 167
    entry = stored(model).xp_log[-1]
    assert entry.xp == 167 and "シナリオの2番目の目的" in entry.reason and "3 人" in entry.reason


def test_an_objective_awarded_to_several_characters_is_one_undo_step(empty_campaign_model):
    ids = [
        empty_campaign_model.insert_character("lotr", sample_lotr_character(name), "追加")
        for name in ("ピピン", "メリー", "サム")
    ]
    model = LotRAdvancementModel(empty_campaign_model, ids[0], today=lambda: TODAY)
    assert [n for _, n in model.lotr_characters()] == ["ピピン", "メリー", "サム"]
    steps = empty_campaign_model.undo_stack.count()
    assert model.xp.add_objective_xp("secondary", recipients=ids) == 167
    assert [empty_campaign_model.character(i).xp_total for i in ids] == [167, 167, 167]
    assert empty_campaign_model.undo_stack.count() == steps + 1
    empty_campaign_model.undo_stack.undo()
    assert [empty_campaign_model.character(i).xp_total for i in ids] == [0, 0, 0]

    with pytest.raises(ValueError, match="受け取る人数"):
        model.xp.add_objective_xp("scene", sharers=2, recipients=ids)
    with pytest.raises(ValueError, match="受け取るキャラクターを選んで"):
        model.xp.add_objective_xp("scene", sharers=2, recipients=[])


def test_a_non_lotr_character_cannot_receive_an_objective(campaign_model):
    model = make_model(campaign_model)
    other = next(s.id for s in campaign_model.characters() if s.system != "lotr")
    with pytest.raises(ValueError, match="指輪物語RPGのキャラクターではありません"):
        model.xp.add_objective_xp("scene", recipients=[model.character_id, other])
    assert model.character.xp_log == ()


def test_other_xp_needs_a_reason_and_entries_can_be_removed(campaign_model):
    model = make_model(campaign_model)
    with pytest.raises(ValueError, match="理由"):
        model.xp.add_other_xp(50, "  ")
    model.xp.add_other_xp(50, "見事なロールプレイ")
    model.xp.add_test_xp(12)
    assert model.standing()["xp_total"] == 62
    removed = model.xp.remove_xp_entry(0)
    assert removed.reason == "見事なロールプレイ"
    assert [e.xp for e in stored(model).xp_log] == [12]
    with pytest.raises(ValueError, match="行を選んで"):
        model.xp.remove_xp_entry(5)


def test_xp_that_paid_for_an_advancement_is_kept_unless_the_gm_overrides(campaign_model):
    model = make_model(campaign_model, xp=1000)
    model.xp.add_other_xp(20, "ロールプレイ")
    five_picks(model)
    model.take()  # 1020 XP, one advancement
    steps = campaign_model.undo_stack.count()
    reason = "経験点の合計が 20 点になり、済んだ成長 1 回に使った 1000 点を下回ります"
    with pytest.raises(ValueError, match=reason) as refused:
        model.xp.remove_xp_entry(0)
    assert "GM オーバーライドを有効にすると記録できます" in str(refused.value)
    with pytest.raises(ValueError, match="970 点になり、済んだ成長 1 回に使った 1000 点"):
        model.xp.add_other_xp(-50, "訂正")
    assert campaign_model.undo_stack.count() == steps and stored(model).xp_total == 1020

    model.override = True
    model.xp.remove_xp_entry(0)
    after = stored(model)
    assert after.xp_total == 20 and len(after.advancements) == 1
    assert after.overrides == (f"経験点の GM 許可: {reason}（成長に使った経験点は取り消せません）",)


def test_xp_below_zero_is_refused(campaign_model):
    model = make_model(campaign_model, xp=100)
    with pytest.raises(ValueError, match="経験点の合計が -50 点になります（0 未満にはできません）"):
        model.xp.add_other_xp(-150, "減点")
    assert stored(model).xp_total == 100


def test_removing_a_negative_line_or_xp_not_yet_spent_needs_no_override(campaign_model):
    model = make_model(campaign_model, xp=1000)
    model.xp.add_other_xp(-300, "減点")
    model.xp.add_other_xp(400, "ロールプレイ")
    five_picks(model)
    model.take()  # 1100 XP, one advancement
    model.xp.remove_xp_entry(1)  # -300 out: 1400
    model.xp.add_other_xp(-400, "訂正")  # 1000: still pays for it
    assert stored(model).xp_total == 1000 and stored(model).overrides == ()
