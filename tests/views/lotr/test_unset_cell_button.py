"""A LotR step waiting for a 未設定 cell offers 「表を開く」 (issue 34): the button opens ルール表 →
参照表 at that cell, ready to type; once the GM fills it the step works in the box left open.  The
cell travels with the refusal as data, and the ルール表 header says what an unset value does."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QLineEdit

from gmtool.models.battle_model import BattleModel
from gmtool.models.lotr.care_model import LotRCareModel
from gmtool.models.lotr.rules_model import LotRRulesModel
from gmtool.models.lotr.table_requests import table_requests, unset_cell
from gmtool.models.lotr.tracker_model import LotRTrackerModel
from gmtool.rules.message import Message
from gmtool.rules.systems.lotr import reference_catalog as catalog
from gmtool.rules.systems.lotr.healing import wound_tn
from gmtool.rules.systems.lotr.reference_table_types import CellRef
from gmtool.views.lotr.attack_box import LotRTrackerBox
from gmtool.views.lotr.care_dialog import LotRCareDialog
from gmtool.views.lotr.condition_box import LotRConditionBox
from gmtool.views.lotr.rules_dialog import LotRRulesDialog
from tests.models.lotr.test_care_hazard_models import HEALTH, setup
from tests.qt_fixtures import english_ui

pytestmark = pytest.mark.window(empty=True)


def rules_dialog(window) -> LotRRulesDialog:
    dialog = window.services.dialogs.find(LotRRulesDialog)
    assert dialog is not None and dialog.isVisible()
    return dialog


def type_into_open_editor(qtbot, dialog: LotRRulesDialog, text: str) -> None:
    grid = dialog.reference_tab.grid
    editor = dialog.focusWidget()
    assert isinstance(editor, QLineEdit) and editor is grid.indexWidget(
        grid.currentIndex()
    )  # open, the cursor in it
    editor.setText(text)
    qtbot.keyClick(editor, Qt.Key.Key_Tab)  # to the next cell: the value is stored


def test_the_care_dialogs_unset_target_opens_the_healing_table_there_and_then_rolls(qtbot, window):
    actions, dice = setup(window.campaign_model, damage=3 * HEALTH)  # Wounded: its TNs 未設定
    care = LotRCareDialog(LotRCareModel(actions, dice), window)
    qtbot.addWidget(care)
    care.show()
    line = care.weekly_label
    assert "未設定" in line.text() and not care.weekly_button.isEnabled()
    assert line.cell == CellRef(catalog.HEALING, "Wounded", "natural_tn")
    assert line.open_button.isVisible()

    line.open_button.click()
    dialog = rules_dialog(window)
    tab = dialog.reference_tab
    assert dialog.tabs.currentWidget() is tab and tab.table_id == catalog.HEALING
    assert (tab.grid.currentRow(), tab.grid.currentColumn()) == (2, 1)  # Wounded, natural_tn
    assert tab.grid.state() == QAbstractItemView.State.EditingState
    type_into_open_editor(qtbot, dialog, "12")
    dialog.close()

    # The same dialog, not reopened: the weekly test now has its odds and can be rolled.
    assert "目標値 12" in line.text() and not line.open_button.isVisible()
    assert care.weekly_button.isEnabled()
    assert (
        LotRRulesModel(window.campaign_model).reference.table(catalog.HEALING).value("Wounded", "natural_tn")
        == 12
    )

    # A second 「表を開く」 raises the one ルール表 window at the next cell instead of opening another.
    care.healing_label.open_button.click()
    care.healing_label.open_button.click()
    assert rules_dialog(window).reference_tab.grid.currentColumn() == 2  # healing_tn
    assert sum(isinstance(d, LotRRulesDialog) for d in window.services.dialogs.held()) == 1


def test_the_stun_box_with_an_empty_table_opens_it_to_add_a_row(qtbot, window):
    battle = BattleModel(window.campaign_model, seed_source=lambda: 1)
    battle.new_encounter("lotr", "")
    box = LotRTrackerBox(LotRTrackerModel(battle), lambda *_: True)
    qtbot.addWidget(box)
    box.show()
    box.sync()
    line = box.stun_box.odds_label
    assert line.cell == CellRef(catalog.STUN) and line.open_button.isVisible()
    line.open_button.click()
    dialog = rules_dialog(window)
    tab = dialog.reference_tab
    assert tab.table_id == catalog.STUN and dialog.focusWidget() is tab.new_row
    tab.new_row.setText("打撃")
    tab.add_button.click()
    # the new row's first value is open to type into, as after 「表を開く」; Tab stores it and
    # goes on to the next value of the same row (the grid refilled keeps the GM's cell)
    assert (tab.grid.currentRow(), tab.grid.currentColumn()) == (0, 1)
    for column, value in ((1, "10"), (2, "-2"), (3, "3")):
        assert tab.grid.state() == QAbstractItemView.State.EditingState
        assert tab.grid.currentColumn() == column
        type_into_open_editor(qtbot, dialog, value)
    assert [tab.grid.item(0, c).text() for c in range(4)] == ["打撃", "10", "-2", "3"]
    assert box.stun_box.row_combo.currentData() == "打撃" and "未設定" not in line.text()
    assert not line.open_button.isVisible()


def test_the_cell_travels_with_the_refusal_as_data(empty_campaign_model):
    actions, _dice = setup(empty_campaign_model, damage=3 * HEALTH)
    with pytest.raises(ValueError) as refused:
        wound_tn(actions.track(), actions.rules, "healing_tn")
    refusal = str(refused.value)
    assert unset_cell(refusal) == CellRef(catalog.HEALING, "Wounded", "healing_tn")
    composed = Message("{0}: {1}", "手当て", refusal)  # as a model or a view wraps it
    assert unset_cell(composed) == CellRef(catalog.HEALING, "Wounded", "healing_tn")
    assert unset_cell(Message("Wounded の手当ての Healing 目標値: 未設定")) is None  # never from the text


def test_without_the_window_no_button_is_offered(qtbot, empty_campaign_model):
    actions, dice = setup(empty_campaign_model, damage=3 * HEALTH)
    assert not table_requests(empty_campaign_model).answered
    care = LotRCareDialog(LotRCareModel(actions, dice))
    qtbot.addWidget(care)
    care.show()
    assert care.weekly_label.cell is not None and not care.weekly_label.open_button.isVisible()


def test_the_rule_tables_header_says_an_unset_value_is_not_read_as_0(qtbot, window, tmp_path):
    dialog = LotRRulesDialog(LotRRulesModel(window.campaign_model))
    qtbot.addWidget(dialog)
    text = dialog.note_label.text()
    assert "0 として扱われます" not in text
    assert "参照表の未設定の値は 0 として読まれません" in text and "「表を開く」" in text
    with english_ui(tmp_path):
        english = LotRRulesDialog(LotRRulesModel(window.campaign_model))
        qtbot.addWidget(english)
        text = english.note_label.text()
    assert "never read as 0" in text and "Open table" in text


def test_the_sheets_unset_recovery_time_opens_its_row_of_table_9_39(qtbot, window):
    actions, _dice = setup(window.campaign_model, weariness=2)
    box = LotRConditionBox(actions)
    qtbot.addWidget(box)
    box.show()
    box.sync()
    level = actions.rules.weariness_levels[2].name
    line = box.recovery_label
    assert line.cell == CellRef(catalog.WEARINESS_RECOVERY, level, "time") and line.open_button.isVisible()
    line.open_button.click()
    tab = rules_dialog(window).reference_tab
    assert (
        tab.table_id == catalog.WEARINESS_RECOVERY
        and tab.grid.state() == QAbstractItemView.State.EditingState
    )
    tab.grid.closePersistentEditor(tab.grid.currentItem())
    tab.grid.currentItem().setText("8 時間")
    assert line.text() == "回復時間（Table 9.39）: 8 時間" and not line.open_button.isVisible()
