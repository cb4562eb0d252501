"""The log dock's filter bar: typing filters after a pause, the count says how many lines are shown,
ジャンプ selects the first line at or after a time, 解除 shows the whole log again (newest at the
bottom), the search field takes the focus when asked, and the bar fits the dock at 1366×768."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from PySide6.QtCore import QDateTime, QEvent, QObject
from PySide6.QtWidgets import QApplication, QWidget

from gmtool.models.campaign_model import CampaignModel
from gmtool.models.log_payload import summary_payload
from gmtool.models.log_table_model import LogTableModel
from gmtool.store import campaign_log
from gmtool.store.campaign import Campaign
from gmtool.views.log_panel import DEBOUNCE_MS, LogPanel

LINES = 600
LOG_DOCK_AT_1366 = (1366 - 560, 224)  # window_layout: the dice box's 560 px, the log the rest, 8 rows tall


def line(i: int) -> dict:
    return summary_payload("aw", inputs=f"2D6+3 #{i}", who="朝霧 透", dice="3,4", result=f"結果 {i}", seed=i)


@pytest.fixture
def panel(tmp_path: Path, qtbot, monkeypatch):
    path = tmp_path / "log.gmcampaign"
    with Campaign.create(path) as campaign, campaign.transaction():
        for i in range(LINES):  # one line a minute from 10:00 UTC
            at = f"2024-04-01T{10 + i // 60:02d}:{i % 60:02d}:00.000+00:00"
            monkeypatch.setattr(campaign_log, "utc_now", lambda at=at: at)
            campaign.append_log("command", line(i))
        monkeypatch.undo()
    campaign = Campaign.open(path)
    shown = LogPanel(LogTableModel(CampaignModel(campaign)))
    qtbot.addWidget(shown)
    shown.resize(*LOG_DOCK_AT_1366)
    shown.show()
    qtbot.waitExposed(shown)
    yield shown
    campaign.close()


def test_typing_filters_after_a_pause_and_clearing_shows_the_whole_log(panel, qtbot):
    log = panel.log_model
    assert panel.count.text() == "600 行"
    qtbot.keyClicks(panel.search, "#59")
    assert log.rowCount() == LINES  # not yet: one search per pause, not per key
    qtbot.waitUntil(lambda: log.rowCount() == 11, timeout=5 * DEBOUNCE_MS)  # #59, #590…#599
    assert panel.count.text() == "11 / 600 行"
    assert [log.row_texts(r)[2] for r in (0, 10)] == ["2D6+3 #59", "2D6+3 #599"]

    panel.clear_button.click()
    assert log.rowCount() == LINES and panel.search.text() == "" and panel.count.text() == "600 行"
    QApplication.processEvents()
    bottom = panel.view.rowAt(panel.view.viewport().height() - 1)
    assert bottom in (LINES - 1, -1) and panel.view.rowAt(0) > 0  # scrolled to the newest line


def test_jump_selects_the_first_line_at_or_after_the_time(panel, qtbot):
    panel.more.click()
    assert panel.extra.isVisible()
    when = datetime(2024, 4, 1, 12, 30, 30, tzinfo=UTC).astimezone().replace(tzinfo=None)  # local
    panel.jump_time.setDateTime(QDateTime(when))
    panel.jump_button.click()
    rows = panel.view.selectionModel().selectedRows()
    assert [index.row() for index in rows] == [151] and panel.view.currentIndex().row() == 151  # 12:31
    assert panel.view.rowAt(0) <= 151 <= panel.view.rowAt(panel.view.viewport().height() - 1)

    panel.jump_time.setDateTime(QDateTime(when.replace(year=2030)))
    panel.jump_button.click()
    assert panel.problem.isVisible() and panel.problem.text() == "この時刻以降の行はありません"


def test_the_shortcut_goes_to_the_search_field_and_the_bar_fits_the_dock(panel, qtbot):
    panel.view.setFocus()
    panel.activateWindow()
    panel.focus_search()  # what the window's Ctrl+Shift+I does (tests/e2e/test_main_window.py)
    qtbot.waitUntil(panel.search.hasFocus, timeout=1000)
    assert panel.minimumSizeHint().width() <= LOG_DOCK_AT_1366[0]
    assert panel.search.geometry().bottom() < panel.view.geometry().top()  # one row above the log
    assert panel.view.height() >= LOG_DOCK_AT_1366[1] // 2  # the log keeps most of the dock


def test_the_character_filter_offers_the_campaigns_characters_and_follows_a_rename(panel, qtbot):
    log = panel.log_model
    model = log._campaign_model
    character_id = model.add_character("aw", "神楽 遥")
    entry = summary_payload("aw", inputs="1D100", who="神楽 遥", dice="42", result="42")
    model.append_log("command", entry)
    assert [panel.character.itemText(i) for i in range(panel.character.count())] == ["全員", "神楽 遥"]
    panel.character.setCurrentIndex(1)
    qtbot.waitUntil(lambda: log.rowCount() == 1, timeout=5 * DEBOUNCE_MS)
    assert log.row_texts(0)[1] == "神楽 遥" and panel.count.text() == "1 / 601 行"

    model.rename_character(character_id, "神楽 遥香")  # still chosen, now by the name the log will show
    assert panel.character.currentText() == "神楽 遥香"
    qtbot.waitUntil(lambda: log.rowCount() == 0, timeout=5 * DEBOUNCE_MS)


def test_choosing_a_session_filters_and_the_bar_with_the_more_fields_still_fits(tmp_path, qtbot):
    path = tmp_path / "evenings.gmcampaign"
    with Campaign.create(path) as made, made.transaction():
        for i in range(15):  # three evenings a week apart, five lines each
            week, minute = divmod(i, 5)
            made.append_log(
                "command", {**line(i), "time": f"2024-04-{1 + 7 * week:02d}T19:{minute:02d}:00+09:00"}
            )
    with Campaign.open(path) as campaign:
        panel = LogPanel(LogTableModel(CampaignModel(campaign)))
        qtbot.addWidget(panel)
        panel.resize(*LOG_DOCK_AT_1366)
        panel.show()
        log = panel.log_model
        assert not log.sessions.known and panel.session.count() == 1  # the log not read until asked
        panel.more.click()
        qtbot.waitUntil(lambda: panel.session.count() == 4, timeout=2000)
        assert [panel.session.itemText(i) for i in range(4)] == [
            "すべて",
            "セッション 1（4/1 19:00〜19:04、5行）",
            "セッション 2（4/8 19:00〜19:04、5行）",
            "セッション 3（4/15 19:00〜19:04、5行）",
        ]
        panel.session.setCurrentIndex(2)
        qtbot.waitUntil(lambda: log.rowCount() == 5, timeout=5 * DEBOUNCE_MS)
        assert [log.row_texts(r)[2] for r in (0, 4)] == ["2D6+3 #5", "2D6+3 #9"]
        assert panel.count.text() == "5 / 15 行"
        qtbot.keyClicks(panel.search, "#8")  # with the text: that session's line with #8
        qtbot.waitUntil(lambda: log.rowCount() == 1, timeout=5 * DEBOUNCE_MS)
        assert log.row_texts(0)[2] == "2D6+3 #8"

        assert panel.minimumSizeHint().width() <= LOG_DOCK_AT_1366[0]
        for widget in (panel.session, panel.day, panel.jump_button):  # the whole row inside the dock
            assert widget.isVisible() and widget.mapTo(panel, widget.rect().topRight()).x() < panel.width()
        assert panel.session.width() >= 100

        panel.clear_button.click()
        assert panel.session.currentIndex() == 0 and log.rowCount() == 15
        panel.close()


def test_a_logged_line_relays_out_nothing_and_the_count_reads_whole(panel, qtbot):
    """Issue 36: the count took the size its text asked for, so each logged line ran the log panel's
    layout, its dock's and the main window's again (a roll among 300 characters paid for it every
    time).  Its size is fixed now and grows only when a longer text needs it."""
    requests = LayoutRequests(panel)
    search = panel.search.geometry()
    campaign_model = panel.log_model._campaign_model
    for i in range(3):
        campaign_model.append_log("command", line(LINES + i))
        QApplication.processEvents()
    assert panel.count.text() == "603 行"
    assert requests.count == 0 and panel.search.geometry() == search
    qtbot.keyClicks(panel.search, "#60")  # a filtered count is longer: the label grows to show it whole
    qtbot.waitUntil(lambda: " / 603 行" in panel.count.text(), timeout=5 * DEBOUNCE_MS)
    QApplication.processEvents()
    assert panel.count.width() >= panel.count.fontMetrics().horizontalAdvance(panel.count.text())


class LayoutRequests(QObject):
    """Counts the layout requests a widget receives (a child asked for its layout to run again)."""

    def __init__(self, widget: QWidget) -> None:
        super().__init__(widget)
        self.count = 0
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.LayoutRequest:
            self.count += 1
        return False
