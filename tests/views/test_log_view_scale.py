"""The log panel over a long log: it opens on the newest lines having read only a few pages, shows
the first line when scrolled to the top, and keeps following new lines."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QApplication

from gmtool.models.campaign_model import CampaignModel
from gmtool.models.log_pages import PAGE_ROWS
from gmtool.models.log_payload import summary_payload
from gmtool.models.log_table_model import LogTableModel
from gmtool.store.campaign import Campaign
from gmtool.views.log_view import LogView

LINES = 20_000


def line(i: int) -> dict:
    return summary_payload("aw", inputs=f"2D6+3 #{i}", who="朝霧 透", dice="3,4", result=f"結果 {i}", seed=i)


def long_log(path: Path) -> Campaign:
    with Campaign.create(path) as campaign, campaign.transaction():
        for i in range(LINES):
            campaign.append_log("command", line(i))
    return Campaign.open(path)


def shown_log(qtbot, model: CampaignModel) -> LogView:
    """The log table over *model*'s campaign, 900 × 300, shown and laid out."""
    view = LogView(LogTableModel(model))
    qtbot.addWidget(view)
    view.resize(900, 300)
    view.show()
    qtbot.waitExposed(view)
    QApplication.processEvents()
    return view


def visible_rows(view: LogView) -> range:
    top = view.rowAt(0)
    bottom = view.rowAt(view.viewport().height() - 1)
    return range(top, (bottom if bottom >= 0 else view.model().rowCount() - 1) + 1)


def test_a_long_log_opens_on_its_newest_lines_and_scrolls_to_its_first(qtbot, tmp_path):
    campaign = long_log(tmp_path / "long.gmcampaign")
    try:
        model = CampaignModel(campaign)
        view = shown_log(qtbot, model)
        log = view.log_model
        shown = visible_rows(view)
        assert LINES - 1 in shown  # the newest line is on screen
        assert view.indexAt(view.viewport().rect().bottomLeft()).row() in (LINES - 1, -1)
        assert f"#{LINES - 1}" in log.row_texts(LINES - 1)[2]
        assert log.rows_read <= 2 * PAGE_ROWS  # a page or two, never the whole log

        view.scrollToTop()
        QApplication.processEvents()
        assert visible_rows(view)[0] == 0 and log.row_texts(0)[2] == "2D6+3 #0"
        assert log.rows_read <= 4 * PAGE_ROWS

        model.append_log("command", line(LINES))  # a roll: followed, and the column widened for it
        QApplication.processEvents()
        assert LINES in visible_rows(view)
        assert view.columnWidth(2) >= view.sizeHintForIndex(log.index(LINES, 2)).width()
        assert log.rows_read <= 6 * PAGE_ROWS
    finally:
        campaign.close()
