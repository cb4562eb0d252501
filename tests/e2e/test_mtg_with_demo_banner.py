"""Issue 40: the MTG panel in the demo campaign at 1366×768.  The demo's banner takes a line of the
window's height; a finished physical check's notes (「状況が変わった」 and the refusal of the same
check in one turn, two lines) then ran past the bottom of the 460-pixel panel and scrolled.  The
result and its notes fit without scrolling, in Japanese and English."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from gmtool.app.demo import DEMO_FILE_NAME
from gmtool.app.main_window import MainWindow
from gmtool.store.data_dir import DATA_DIR_ENV
from tests.e2e.test_docks_at_1366 import laptop as laptop  # the window at 1366×768, ja and en
from tests.e2e.test_mtg_results_at_1366 import in_view, mtg_panel


@pytest.fixture
def campaign_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The demo campaign as the start page opens it: the data folder's demo file (its banner)."""
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path))
    return tmp_path / DEMO_FILE_NAME


def test_a_finished_physical_checks_notes_fit_under_the_banner(laptop: MainWindow) -> None:
    assert laptop.file_banner.isVisible()  # the demo's banner over the window
    panel = mtg_panel(laptop)
    box = panel.procedure_box
    box.reveal_button.click()
    box.finish_button.click()
    box.finish_button.click()  # the same check again: refused, with a note under the result
    for _ in range(3):
        QApplication.processEvents()
    area = laptop.panel_area
    shown = area.viewport().rect()
    assert area.verticalScrollBar().value() == 0
    lines = [box.result_label, box.result_detail, box.changed_check, box.refusal_label]
    assert box.refusal_label.text() and all(line.isVisible() for line in lines)
    for line in lines:
        assert shown.contains(in_view(line, laptop)), (
            line.objectName() or type(line).__name__,
            in_view(line, laptop),
            shown,
        )
    assert area.verticalScrollBar().maximum() == 0, "the panel scrolls"
