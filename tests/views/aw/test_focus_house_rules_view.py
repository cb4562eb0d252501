"""The AF dialog's running page follows the AF's house rules: the readings it names, the odds it
shows, the GM's tick under "GM allows it", and undo bringing each back.

Demo AW characters in 行動値 order: 朝霧 透 (理知 2, 《サンプル特技》), ミナ・クローデル (理知 4,
critical 11).
"""

from __future__ import annotations

from gmtool.models.aw.focus_model import AWFocusModel
from gmtool.models.aw.focus_text import percent_text
from gmtool.models.house_rules_model import HouseRulesModel
from gmtool.rules.systems.aw.house_rules import (
    END_PLAYED_OUT,
    FOCUS_REDECLARE,
    FOCUS_ROUND_END,
    REDECLARE_GM,
)
from gmtool.views.aw.focus_dialog import AWFocusDialog


def running_dialog(qtbot, campaign_model) -> AWFocusDialog:
    dialog = AWFocusDialog(AWFocusModel(campaign_model))
    notes: list[str] = []
    dialog.notify = notes.append  # type: ignore[method-assign,assignment]  # the pop-up, replaced
    qtbot.addWidget(dialog)
    dialog.show()
    page = dialog.setup_page
    page.difficulty_spin.setValue(50)
    page.rounds_spin.setValue(2)
    page.start_button.click()
    return dialog


def enter(dialog: AWFocusDialog, natural: int) -> None:
    dialog.run_page.natural_spin.setValue(natural)
    dialog.run_page.manual_button.click()


def test_the_page_shows_the_round_end_reading_and_its_odds(qtbot, campaign_model):
    dialog = running_dialog(qtbot, campaign_model)
    page = dialog.run_page
    for natural in (12, 9):  # 30, then 4 + 9: 43 of 50 after round 1
        enter(dialog, natural)
    at_once = page.odds_label.text()
    assert "達したらすぐ成功" in page.house_rules.readings_label.text()
    assert not page.house_rules.allow_box.isVisible()

    HouseRulesModel(campaign_model).set_reading(FOCUS_ROUND_END, END_PLAYED_OUT)
    played = dialog.model.odds()
    assert page.odds_label.text() == f"成功率 {percent_text(played.success)}" != at_once
    assert "ラウンドの終わりまで判定する" in page.house_rules.readings_label.text()

    campaign_model.undo_stack.undo()
    assert page.odds_label.text() == at_once


def test_the_gm_ticks_a_round_to_count_declared_skills_again(qtbot, campaign_model):
    dialog = running_dialog(qtbot, campaign_model)
    page = dialog.run_page
    HouseRulesModel(campaign_model).set_reading(FOCUS_REDECLARE, REDECLARE_GM)
    page.feat_boxes[0]["サンプル特技"].setChecked(True)
    enter(dialog, 7)
    enter(dialog, 7)
    box = page.house_rules.allow_box
    assert box.isVisible() and not box.isChecked() and "ラウンド 2" in box.text()
    assert page.members_table.item(0, 6).text() == "0"  # already declared: not counted this round
    before = page.odds_label.text()

    box.setChecked(True)
    assert page.members_table.item(0, 6).text() == "1"
    assert "特技宣言 1 で難易度 46" in page.next_label.text()
    assert page.odds_label.text() != before

    campaign_model.undo_stack.undo()
    assert not box.isChecked() and page.odds_label.text() == before
