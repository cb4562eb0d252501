"""House rules through the window, LotR's courage for weariness (1.2.2 「GMが許可すれば,キャラクターは
Courage1点と引き換えに 2段階の疲労を回復してもよい」): on the demo campaign, 編集 → ハウスルール… flips
the switch, the sheet's button can be pressed at once, and Ctrl+Z takes it back (a row of
tests/e2e/test_house_rules_window.py, for this switch).  Also the sheet's two dialogs, opened from
the condition box of the real window."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gmtool.app.main_window import MainWindow
from gmtool.rules.house_rules import HouseRules
from gmtool.rules.systems.lotr.house_rules import COURAGE_REST_ON, COURAGE_WEARINESS
from gmtool.views.lotr.care_dialog import LotRCareDialog
from gmtool.views.lotr.hazard_dialog import LotRHazardDialog
from tests.e2e.test_house_rules_window import Flip, Shown, open_house_rules, select_system

pytestmark = pytest.mark.window(record_dialogs=True)


def lotr_tired_sheet(w: MainWindow) -> Shown:
    """The demo's LotR character, Tired (two weariness levels) with courage left."""
    character_id = select_system(w, "lotr")
    character = w.campaign_model.character(character_id)
    w.campaign_model.update_character(character_id, replace(character, weariness=2, courage_spent=0), "疲労")
    box = w.sheet_view.condition_box
    return lambda: f"{box.courage_rest_button.isEnabled()} {box.courage_rest_button.toolTip()}"


SWITCHES = [Flip(COURAGE_WEARINESS, COURAGE_REST_ON, lotr_tired_sheet, "True")]


@pytest.mark.parametrize("flip", SWITCHES, ids=lambda flip: flip.rule_id)
def test_the_courage_rest_flipped_in_the_window_enables_the_button(window, flip):
    shown = flip.setup(window)
    before = shown()
    assert before.startswith("False") and "許可しない" in before
    open_house_rules(window.services).choose(flip.rule_id, flip.reading_id)
    after = shown()
    assert flip.shows in after and flip.shows not in before
    box = window.sheet_view.condition_box
    box.courage_rest_button.click()
    character = window.campaign_model.character(box.character_actions.character_id)
    assert character.weariness == 0 and character.courage_spent == 1  # Tired − 2 levels, 1 Courage
    window.campaign_model.undo_stack.undo()  # the rest
    window.campaign_model.undo_stack.undo()  # the switch (Ctrl+Z)
    assert shown() == before
    assert HouseRules.from_document(window.campaign_model.session_value("house_rules")).is_default(
        flip.rule_id
    )


def test_the_condition_box_opens_the_recovery_and_hazard_dialogs(window):
    character_id = select_system(window, "lotr")
    character = window.campaign_model.character(character_id)
    window.campaign_model.update_character(character_id, replace(character, damage=5), "ダメージ")
    box = window.sheet_view.condition_box
    box.care_button.click()
    box.hazard_button.click()
    care, hazard = window.opened  # docked in the window (record_dialogs: the test drives them)
    assert isinstance(care, LotRCareDialog) and isinstance(hazard, LotRHazardDialog)
    care.days_spin.setValue(2)
    care.rest_button.click()
    assert window.campaign_model.character(character_id).damage == 3
    assert "2 日休んで負傷が 2 点回復" in box.status  # the sheet's status line says it too
    window.campaign_model.undo_stack.undo()
    assert window.campaign_model.character(character_id).damage == 5
    # The shipped tables are empty: every hazard says so and cannot roll.
    assert not hazard.fall_button.isEnabled()
    assert "未設定" in hazard.pages["falling"].odds_label.text()
    # 5 points on the demo hobbit is still Healthy: the tables have no row for it, rest heals it.
    assert "表にありません" in care.weekly_label.text() and not care.weekly_button.isEnabled()


def test_a_second_click_on_the_recovery_button_raises_the_open_dialog(window, qtbot):
    """Issue 40: 回復・手当て… clicked twice opened two windows over each other; one is raised."""
    select_system(window, "lotr")
    box = window.sheet_view.condition_box
    box.care_button.click()
    box.care_button.click()
    box.hazard_button.click()
    box.hazard_button.click()
    care = window.services.dialogs.find(LotRCareDialog)
    assert [type(d) for d in window.opened] == [LotRCareDialog, LotRHazardDialog]
    assert care is not None
    care.reject()  # closed, it opens again
    box.care_button.click()
    assert [type(d) for d in window.opened] == [LotRCareDialog, LotRHazardDialog, LotRCareDialog]
    assert window.services.dialogs.find(LotRCareDialog) is window.opened[-1]
