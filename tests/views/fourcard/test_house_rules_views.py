"""The フォーカード windows show what the house rules and the small rules say: the check panel's
draw option and its chance, the warning past 「難易度の限界数値」, the growth dialog asking before a
second award for one scenario and showing the 総合LV read as the switch says, and the sheet's day
(負傷 healed by sleep once a day)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gmtool.models.character_model import CharacterModel
from gmtool.models.fourcard.check_model import COMPARE, FourCardCheckModel
from gmtool.models.fourcard.sheet_model import FourCardSheetModel
from gmtool.models.house_rules_model import HouseRulesModel
from gmtool.rules.systems.fourcard.house_rules import LEVEL_TABLE, LEVEL_UPPER
from gmtool.views.fourcard.check_view import FourCardCheckView
from gmtool.views.fourcard.sheet_view import FourCardSheetView
from tests.qt_fixtures import sample_fourcard_character
from tests.views.fourcard.test_growth_dialog import make_dialog


@pytest.fixture
def view(qtbot, empty_campaign_model):
    empty_campaign_model.insert_character("fourcard", sample_fourcard_character("ガルド"), "x")
    v = FourCardCheckView(FourCardCheckModel(empty_campaign_model, seed_source=lambda: 1))
    qtbot.addWidget(v)
    return v


def test_the_draw_option_shows_in_a_compare_roll_with_its_chance(view):
    assert view.draw_check.isHidden()
    view.model.set_mode(COMPARE)
    assert not view.draw_check.isHidden() and "振り直し" in view.detail_label.text()
    view.draw_check.setChecked(True)
    assert view.model.draw_allowed and "同値は引き分け（GMの判断）" in view.detail_label.text()


def test_a_difficulty_past_30_is_warned_in_the_panel(view):
    view.difficulty_spin.setValue(30)
    assert view.difficulty_warning.isHidden()
    view.difficulty_spin.setValue(31)
    assert not view.difficulty_warning.isHidden()
    assert "「難易度の限界数値」（30）を超えています" in view.difficulty_warning.text()


def test_a_second_award_for_the_same_scenario_asks_first(qtbot, empty_campaign_model):
    dialog = make_dialog(qtbot, empty_campaign_model)
    asked: list[str] = []
    dialog.ask_confirm = lambda question: asked.append(question) or False
    dialog.scenario_edit.setText("廃坑")
    dialog.award_button.click()
    dialog.award_button.click()  # asked, and the GM says no
    assert len(asked) == 1 and "シナリオ「廃坑」の経験点はもう付与しています" in asked[0]
    assert sum(1 for e in dialog.model.character.growth if e.scenario == "廃坑") == 1
    assert "総合LV 1）" in dialog.xp_label.text()
    HouseRulesModel(empty_campaign_model).set_reading(LEVEL_TABLE, LEVEL_UPPER)
    assert "総合LV 2）" in dialog.xp_label.text()  # 15 + the award, at most 30 XP: 総合LV 2


def test_the_sheet_shows_the_day_and_the_level_as_the_switch_reads_it(qtbot, empty_campaign_model):
    character = replace(sample_fourcard_character(), injury=2)
    character_id = empty_campaign_model.insert_character("fourcard", character, "x")
    sheet = FourCardSheetView(FourCardSheetModel(CharacterModel(empty_campaign_model, character_id)))
    qtbot.addWidget(sheet)
    box = sheet.damage_box
    assert sheet.level_label.text() == "1" and box.today_label.text() == "1日目"
    HouseRulesModel(empty_campaign_model).set_reading(LEVEL_TABLE, LEVEL_UPPER)
    assert sheet.level_label.text() == "2"
    box.sleep_button.click()
    assert "睡眠で負傷を回復済み" in box.today_label.text()
    box.next_day_button.click()
    assert box.today_label.text() == "2日目"
    empty_campaign_model.undo_stack.undo()
    assert "1日目" in box.today_label.text()
