"""The combat tracker's 「このラウンド」 header at 1366×768 while a charge's knockdown result shows in the
LotR attack form: the result's long line widened the side pane, the roster's columns gave way, and the
English header read "This rounc…".  Every column's header reads whole while the headers fit."""

from __future__ import annotations

from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from gmtool.views.lotr.attack_box import LotRTrackerBox
from tests.qt_fixtures import english_ui
from tests.views.lotr.test_lotr_attack_box import seed_where
from tests.views.test_tracker_walk import tracker_at_1366

HIT = seed_where(lambda f: len(f) == 2 and sum(f) == 8)  # 8 + bonus 4 + 1 = 13 vs 10: a charge hits


@pytest.mark.parametrize("language", ["ja", "en"])
def test_the_round_header_reads_whole_while_a_knockdown_result_shows(
    qtbot: Any, campaign_model: Any, tmp_path: Path, language: str
) -> None:
    with ExitStack() as stack:
        if language == "en":
            stack.enter_context(english_ui(tmp_path))
        dialog = tracker_at_1366(qtbot, campaign_model, "lotr")
        model = dialog.model
        model.seed_source = lambda: HIT
        model.roster.add_quick("Orc warrior", {"swiftness": 0, "defence": 10, "health": 6})
        model.edit.add_condition(model.state().participants[0].id, "Poisoned by the black arrow", 3, None)
        dialog.start_button.click()
        box = dialog.action_boxes["lotr"]
        assert isinstance(box, LotRTrackerBox)
        dialog.side_tabs.setCurrentWidget(dialog.side_tabs.widget(dialog.side_tabs.indexOf(box)))
        ab = box.attack_box
        hero, orc = model.state().participants[0].id, model.state().participants[-1].id
        ab.attacker_combo.setCurrentIndex(ab.attacker_combo.findData(hero))
        ab.target_combo.setCurrentIndex(ab.target_combo.findData(orc))
        ab.bonus_spin.setValue(4)
        ab.option_combo.setCurrentIndex(ab.option_combo.findData("charge"))
        ab.roll_button.click()
        row = ab.knockdown_row
        row.str_spin.setValue(10)
        row.bonus_spin.setValue(0)
        row.roll_button.click()
        QApplication.processEvents()
        assert row.status_label.isVisibleTo(dialog) and row.status_label.text()  # the result shows
        table, header = dialog.table, dialog.table.horizontalHeader()
        for column in range(header.count()):
            text = header.model().headerData(column, Qt.Orientation.Horizontal)
            whole = header.sectionSizeFromContents(column).width()
            assert header.sectionSize(column) >= whole, f"{text!r} is cut"
        last = header.count() - 1
        assert header.sectionViewportPosition(last) + header.sectionSize(last) <= table.viewport().width()
        assert table.horizontalScrollBar().maximum() == 0  # and nothing scrolls sideways
