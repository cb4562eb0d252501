"""Issue 34, found on a new user's walk in English: the tracker's roster scrolled sideways at
1366×768 with 「このラウンド」 cut, and the LotR creation wizard said why it cannot go on in Japanese."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tests.qt_fixtures import english_ui

DIALOG_AT_1366_768 = (1300, 764)  # the tracker's size on a 1366×768 screen (fit_to_screen)


def tracker_at_1366(qtbot: Any, campaign_model: Any, system: str) -> Any:
    """The tracker as a 1366×768 screen shows it, a new battle of `system` with every character of
    the system in it."""
    from gmtool.app.systems import tracker_boxes
    from gmtool.models.battle_model import BattleModel
    from gmtool.views.battle.battle_dialog import BattleDialog

    model = BattleModel(campaign_model, seed_source=lambda: 7)
    dialog = BattleDialog(model, action_boxes=tracker_boxes())
    dialog.ask_confirm = lambda *_: True
    qtbot.addWidget(dialog)
    dialog.resize(*DIALOG_AT_1366_768)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.system_combo.setCurrentIndex(dialog.system_combo.findData(system))
    dialog.new_button.click()
    for index in range(dialog.character_combo.count()):
        dialog.character_combo.setCurrentIndex(index)
        dialog.add_character_button.click()
    return dialog


@pytest.mark.parametrize("system", ["lotr", "aw"])
def test_the_english_roster_fits_without_scrolling_sideways(
    qtbot: Any, campaign_model: Any, tmp_path: Path, system: str
) -> None:
    with english_ui(tmp_path):
        dialog = tracker_at_1366(qtbot, campaign_model, system)
        model = dialog.model
        model.roster.add_quick("Orc warrior", {f.key: 3 for f in model.roster.quick_fields()})
        first = model.state().participants[0]
        model.edit.add_condition(first.id, "Poisoned by the black arrow", 3, None)
        dialog.start_button.click()
        QApplication.processEvents()
        table, header = dialog.table, dialog.table.horizontalHeader()
        last = header.count() - 1
        assert header.model().headerData(last, Qt.Orientation.Horizontal) == "This round"
        assert table.horizontalScrollBar().maximum() == 0  # nothing to scroll to sideways
        assert header.sectionViewportPosition(last) + header.sectionSize(last) <= table.viewport().width()
        assert header.sectionSize(last) >= table.fontMetrics().horizontalAdvance("This")
        row = table.model().row_of(first.id)
        effects = table.model().index(row, 6)
        assert "Poisoned by the black arrow" in effects.data(Qt.ItemDataRole.ToolTipRole)  # whole


def test_the_english_lotr_wizard_says_why_in_english(
    qapp: Any, empty_campaign_model: Any, tmp_path: Path
) -> None:
    from tests.models.lotr.creation_fixtures import make_model

    with english_ui(tmp_path):
        model = make_model(empty_campaign_model)
        reasons = [b.reason for b in model.problems_for("origin")]
    assert reasons == ["Choose a race", "Choose an order"]
