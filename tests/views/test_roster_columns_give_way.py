"""Issue 37's walk: once a status effect or this round's actions had a long text, the tracker's
roster shared the loss among all its columns: the names read 「ナ…」 and "Or…", the conditions
"Healthy · …", the resources "Damage 9/1…", the header "Engaged" was cut.  The long free texts give
way first (cut, whole in their tooltips); name, order, conditions and resources stay whole."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tests.qt_fixtures import english_ui
from tests.views.test_tracker_walk import tracker_at_1366

LONG_EFFECT = "charge: Defense −3 until its next turn, and more words to make it long"


@pytest.mark.parametrize("language", ["ja", "en"])
def test_the_long_texts_give_way_before_names_conditions_and_resources(
    qtbot: Any, campaign_model: Any, tmp_path: Path, language: str
) -> None:
    with english_ui(tmp_path) if language == "en" else contextlib.nullcontext():
        dialog = tracker_at_1366(qtbot, campaign_model, "lotr")
        model = dialog.model
        orcs = model.roster.add_quick("Orc", {f.key: 3 for f in model.roster.quick_fields()}, count=3)
        first = model.state().participants[0]
        model.edit.add_condition(first.id, LONG_EFFECT, 3, None)
        model.edit.add_condition(orcs[0], LONG_EFFECT, 3, None)
        dialog.start_button.click()
        QApplication.processEvents()
        table, header = dialog.table, dialog.table.horizontalHeader()
        assert table.horizontalScrollBar().maximum() == 0
        for column in (1, 3, 4, 5):  # name, order, conditions, resources: whole
            assert header.sectionSize(column) >= table.sizeHintForColumn(column), column
        engaged = header.sectionSizeFromContents(7).width()
        assert header.sectionSize(7) >= engaged  # the header "Engaged" is not cut
        assert header.sectionSize(6) < table.sizeHintForColumn(6)  # the status effects gave way
        heading = header.model().headerData(6, Qt.Orientation.Horizontal)
        assert header.model().headerData(6, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole) == heading
        row = table.model().row_of(orcs[0])
        assert LONG_EFFECT in table.model().index(row, 6).data(Qt.ItemDataRole.ToolTipRole)
