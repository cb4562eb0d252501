"""A campaign with a long session log in the main window: it opens on the newest lines having read a
few pages of the log, a damaged line reads as unreadable, the dice box finds its earlier rolls, and a
roll is appended and shown like any other."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from gmtool.app.main_window import MainWindow
from gmtool.models.campaign_model import CampaignModel
from gmtool.models.log_pages import PAGE_ROWS
from gmtool.models.log_payload import summary_payload
from gmtool.store.campaign import Campaign

LINES = 5000


def long_campaign(path: Path) -> Path:
    """Two AW characters and LINES lines: every tenth a dice-box roll; one line damaged by hand."""
    from gmtool.rules.systems import get_system

    aw = get_system("aw")
    with Campaign.create(path) as campaign, campaign.transaction():
        for position, name in enumerate(("朝霧 透", "ミナ・クローデル")):
            campaign.put_character(campaign.new_character_id(), "aw", aw.new_character(name), position)
        for i in range(LINES):
            kind = "command" if i % 10 == 0 else "check-note"
            payload = summary_payload("aw", inputs=f"2D6 #{i}", result=f"結果 {i}", seed=i, command="2D6")
            campaign.append_log(kind, payload)
    with closing(sqlite3.connect(path)) as conn, conn:
        (trigger,) = conn.execute("SELECT sql FROM sqlite_master WHERE name = 'log_no_update'").fetchone()
        conn.execute("DROP TRIGGER log_no_update")
        conn.execute("UPDATE log SET payload = '{\"summary\": ' WHERE id = ?", (LINES - 1,))
        conn.execute(trigger)
    return path


def test_a_long_log_opens_on_its_newest_lines_in_the_main_window(qtbot, tmp_path):
    campaign = Campaign.open(long_campaign(tmp_path / "long.gmcampaign"))
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(CampaignModel(campaign), settings)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    QApplication.processEvents()
    log, view = window.log_model, window.log_view
    try:
        assert log.rowCount() == LINES
        bottom = view.rowAt(view.viewport().height() - 1)
        assert bottom in (LINES - 1, -1) and view.rowAt(0) <= LINES - 1 <= view.rowAt(0) + 50
        assert log.rows_read <= 2 * PAGE_ROWS  # the window read a page or two, not the log
        assert log.row_texts(LINES - 2)[4] == "（読めない行です）"  # the damaged line (id LINES - 1)
        assert log.row_texts(LINES - 1)[4] == f"結果 {LINES - 1}"
        dice = window.dice_box_model
        assert [e.payload["summary"]["inputs"] for e in dice.recent[-2:]] == ["2D6 #4980", "2D6 #4990"]

        view.scrollToTop()
        QApplication.processEvents()
        assert view.rowAt(0) == 0 and log.row_texts(0)[2] == "2D6 #0"

        dice.set_text("2D6+1")
        dice.roll()
        QApplication.processEvents()
        assert log.rowCount() == LINES + 1 and log.row_texts(LINES)[2].startswith("2D6+1")
        assert view.rowAt(view.viewport().height() - 1) in (LINES, -1)  # followed to the new line
    finally:
        window.close()
        campaign.close()
