"""The LotR sheet's parts for issue 25: the load carried and the moves of 3.1 at ×3/4 and ×1/2
(1.3), a renown raise with its reason and the renown test dialog (1.2 / 1.6.1), and the Armed
Combat actions shown only while their house rule is on (1.4.2).  Each step is one undo step with a
log line."""

from __future__ import annotations

from gmtool.models.house_rules_model import HouseRulesModel
from gmtool.models.lotr.renown_model import RENOWN_TEST_KEY
from gmtool.rules.systems.lotr.character import Attributes, Skill
from gmtool.rules.systems.lotr.house_rules import ARMED_BONUS_ON, ARMED_COMBAT_BONUS
from tests.views.lotr.test_sheet_view import NAME, make_sheet, stored


def last_line(campaign_model):
    return campaign_model.log_entries()[-1].payload


def test_the_load_sets_the_level_the_moves_and_the_weariness_tn(qtbot, empty_campaign_model):
    view = make_sheet(qtbot, empty_campaign_model, attributes=Attributes(str=7))  # 70 / 140 / 210
    row = view.load_row
    assert row.load_spin.text() == "未入力" and "荷重未入力" in row.movement_label.text()
    row.load_spin.setValue(100)
    assert stored(empty_campaign_model).load == 100
    assert row.load_label.text() == "重荷: 移動 ×3/4、疲労 TN +10"
    # 3×3/4 = 2.25 → 2, 6×3/4 = 4.5 → 5, 7×3/4 = 5.25 → 5, 9×3/4 = 6.75 → 7 (四捨五入)
    assert row.movement_label.text() == "Walk 2〜5、Jog 5〜7、Run 20、Sprint 30"
    assert last_line(empty_campaign_model)["level"] == "heavy"
    row.load_spin.setValue(200)
    assert row.load_label.text() == "超重荷: 移動 ×1/2、疲労 TN +20"
    assert row.movement_label.text() == "Walk 2〜3、Jog 4〜5、Run 14、Sprint 20"
    row.load_spin.setValue(211)
    # 1.3 ends at 「x30まで超重荷」: past it no rule is claimed (not "cannot move"), the GM decides.
    assert row.movement_label.text() == "STR × 30 超: 本文に移動距離の定めがありません（GM が判断）"
    assert row.load_label.text() == "STR × 30 超: 本文の表の外（GM が判断）"
    assert "GM が決めます" in row.load_label.toolTip() and "運べない" not in row.load_label.toolTip()
    assert last_line(empty_campaign_model)["level"] == "beyond_table"
    empty_campaign_model.undo_stack.undo()
    assert stored(empty_campaign_model).load == 200 and "超重荷" in row.load_label.text()
    empty_campaign_model.undo_stack.undo()
    empty_campaign_model.undo_stack.undo()  # one step each: back to no load at all
    assert stored(empty_campaign_model).load is None and row.load_spin.text() == "未入力"


def test_renown_is_raised_with_a_reason_in_one_step(qtbot, empty_campaign_model, refusals):
    view = make_sheet(qtbot, empty_campaign_model, renown=1)
    box = view.spirit_box
    box.renown_up_button.click()
    assert refusals and "理由" in refusals[-1] and stored(empty_campaign_model).renown == 1
    box.renown_amount.setValue(2)
    box.renown_reason.setText("ヘルム峡谷で門を守った")
    box.renown_up_button.click()
    assert stored(empty_campaign_model).renown == 3 and box.renown_spin.value() == 3
    line = last_line(empty_campaign_model)
    assert line["reason"] == "ヘルム峡谷で門を守った" and line["amount"] == 2
    assert "ヘルム峡谷で門を守った" in line["summary"]["result"]
    empty_campaign_model.undo_stack.undo()
    assert stored(empty_campaign_model).renown == 1


def test_the_renown_test_dialog_rolls_wits_against_the_table(qtbot, empty_campaign_model, refusals):
    view = make_sheet(qtbot, empty_campaign_model, attributes=Attributes(wit=10))  # Wits +2
    dialog = view.spirit_box.open_renown_test()
    dialog.model._seed_source = lambda: 7
    assert dialog.origin_combo.itemText(0) == "Local 5" and dialog.tn_label.text() == "5 = Local 5"
    dialog.origin_combo.setCurrentIndex(dialog.origin_combo.findData("Area"))
    assert dialog.tn_label.text() == "10 = Area 10"
    assert dialog.odds_label.text().endswith("（Wits +2）")
    assert "修正の表は空です" in dialog.no_modifiers.text() and dialog.no_modifiers.isVisibleTo(dialog)
    dialog.roll_button.click()
    line = last_line(empty_campaign_model)
    assert line["mode"] == "renown" and line["tn"] == 10 and line["bonus"] == 2
    assert dialog.result_label.text().startswith("前回: 目標値 10")
    empty_campaign_model.undo_stack.undo()  # the test is one step: its shown result goes too
    assert dialog.result_label.text() == ""


def test_a_hand_edited_last_renown_test_does_not_break_the_dialog(qtbot, empty_campaign_model, refusals):
    """A session value from a hostile file (the TN as text, no total) opens the dialog with no last
    roll instead of raising while it is shown."""
    view = make_sheet(qtbot, empty_campaign_model)
    dialog = view.spirit_box.open_renown_test()
    character_id = dialog.model.character_id
    empty_campaign_model.set_session_value(
        RENOWN_TEST_KEY, {"character_id": character_id, "tn": "10", "knows": 1}, "x"
    )
    assert dialog.result_label.text() == ""
    dialog.roll_button.click()  # a new roll replaces it and is shown
    assert dialog.result_label.text().startswith("前回: 目標値 5")


def test_armed_combat_actions_only_with_the_house_rule(qtbot, empty_campaign_model, refusals):
    skills = (Skill("Armed Combat: Blades", 9),)
    view = make_sheet(qtbot, empty_campaign_model, skills=skills)
    box = view.armed_combat_box
    assert not box.isVisibleTo(view)  # 「省略したほうが安全」: off by default
    HouseRulesModel(empty_campaign_model).set_reading(ARMED_COMBAT_BONUS, ARMED_BONUS_ON)
    assert box.isVisibleTo(view)
    assert [box.milestone_combo.itemText(i) for i in range(box.milestone_combo.count())] == [
        "Armed Combat: Blades ランク 6",
        "Armed Combat: Blades ランク 9",
    ]
    box.action_combo.setCurrentIndex(box.action_combo.findData("sweep"))
    box.choose_button.click()
    box.action_combo.setCurrentIndex(box.action_combo.findData("sweep"))
    box.choose_button.click()  # the same action again (「複数回同じものを強化してもよい」)
    picks = stored(empty_campaign_model, NAME).combat_picks
    assert [(p.rank, p.action) for p in picks] == [(6, "sweep"), (9, "sweep")]
    assert not box.choose_button.isEnabled()
    assert "ランク 9: 攻撃（sweep、なぎ払い） +1" in box.chosen_label.text()
    assert last_line(empty_campaign_model)["combat_action"] == "sweep"
    empty_campaign_model.undo_stack.undo()
    assert len(stored(empty_campaign_model).combat_picks) == 1
    box.remove_button.click()
    assert stored(empty_campaign_model).combat_picks == ()


def test_a_character_stored_before_these_fields_opens_without_them(qtbot, empty_campaign_model):
    from gmtool.rules.systems.lotr import SYSTEM

    dumped = SYSTEM.dump_character(make_sheet(qtbot, empty_campaign_model).character)
    for key in ("load", "combat_picks", "advancing_orders"):
        del dumped[key]
    c = SYSTEM.load_character(dumped)
    assert (c.load, c.combat_picks, c.advancing_orders) == (None, (), ())


def test_the_sheets_spend_counts_bold_and_horselord_on_ride(qtbot, empty_campaign_model, refusals):
    skills = (Skill("Ride", 3),)
    view = make_sheet(qtbot, empty_campaign_model, edges=("Bold", "Horselord"), skills=skills, courage=5)
    box = view.spirit_box
    assert box.per_point_label.text() == "勇気 1 点あたり +3"
    box.courage_skill_combo.setCurrentIndex(box.courage_skill_combo.findData("Ride"))
    assert box.per_point_label.text() == "勇気 1 点あたり +3 + Bold 2 + Horselord 2 = +7"
    spent = stored(empty_campaign_model).courage_spent
    box.spend_button.click()
    assert stored(empty_campaign_model).courage_spent == spent + 1
    line = last_line(empty_campaign_model)
    assert (
        line["per_point"] == 7
        and "判定に +7（1点 +3 + Bold 2 + Horselord 2 = +7）" in line["summary"]["result"]
    )
