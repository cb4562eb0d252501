"""The session log table over a long log: it reads only the pages asked for, keeps its undone marks,
and shows a damaged line as unreadable instead of failing the whole log."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from gmtool.models.campaign_model import CampaignModel
from gmtool.models.log_pages import CACHED_PAGES, PAGE_ROWS
from gmtool.models.log_payload import summary_payload
from gmtool.models.log_table_model import LogTableModel
from gmtool.models.undo_log import UNDONE_KEY
from gmtool.store.campaign import Campaign
from gmtool.store.errors import CampaignError
from tests.qt_fixtures import release_model

LINES = 3000
RESULT = LogTableModel.RESULT


def line(i: int) -> dict:
    return summary_payload("aw", inputs=f"2D6+3 #{i}", who="朝霧 透", dice="3,4", result=f"結果 {i}", seed=i)


def write_log(path: Path, lines: int = LINES, undone: list[int] | None = None) -> Path:
    with Campaign.create(path) as campaign, campaign.transaction():
        for i in range(lines):
            campaign.append_log("command", line(i))
        if undone is not None:
            campaign.set_session(UNDONE_KEY, undone)
    return path


def edit(path: Path, *statements: str) -> None:
    """A hand edit of the log: its append-only triggers dropped, then put back as gmtool makes them."""
    with closing(sqlite3.connect(path)) as conn, conn:
        triggers = conn.execute("SELECT sql FROM sqlite_master WHERE type = 'trigger'").fetchall()
        for name in ("log_no_update", "log_no_delete"):
            conn.execute(f"DROP TRIGGER {name}")
        for statement in statements:
            conn.execute(statement)
        for (sql,) in triggers:
            conn.execute(sql)


@pytest.fixture
def opened(tmp_path, qtbot):
    campaigns: list[Campaign] = []
    models: list[CampaignModel] = []

    def open_log(path: Path) -> LogTableModel:
        campaigns.append(Campaign.open(path))
        models.append(CampaignModel(campaigns[-1]))
        return LogTableModel(models[-1])

    yield open_log
    for model in models:
        release_model(model)
    for campaign in campaigns:
        campaign.close()


def test_a_long_log_counts_its_lines_and_reads_only_the_rows_asked_for(tmp_path, opened):
    log = opened(write_log(tmp_path / "long.gmcampaign"))
    assert log.rowCount() == LINES and log.rows_read == 0  # counted, not read
    assert log.row_texts(LINES - 1)[2] == f"2D6+3 #{LINES - 1}"  # the newest
    assert log.row_texts(0)[1:5] == ["朝霧 透", "2D6+3 #0", "3,4", "結果 0"]  # the first
    assert log.rows_read == 2 * PAGE_ROWS - (-LINES % PAGE_ROWS)  # two pages: the last one, the first
    for row in range(0, LINES, 7):  # scrolled through the whole log: the memory kept stays bounded
        assert log.row_texts(row)[4] == f"結果 {row}"
    assert len(log._lines._pages) <= CACHED_PAGES


def test_undone_marks_show_on_a_long_log_and_follow_undo_and_redo(tmp_path, opened):
    log = opened(write_log(tmp_path / "marks.gmcampaign", undone=[5, LINES]))  # ids start at 1
    assert log.is_undone(4) and log.is_undone(LINES - 1) and not log.is_undone(5)
    assert log.row_texts(4)[RESULT] == "（取り消し）結果 4"
    assert log.rows_read <= PAGE_ROWS  # a mark is known without reading the lines around it

    model = log._campaign_model
    model.set_session_value("counter", 1, "数える")  # a step, and the line it logs
    model.append_log("command", line(LINES))
    model.flush()
    assert log.rowCount() == LINES + 1 and log.row_texts(LINES)[2] == f"2D6+3 #{LINES}"
    model.undo_stack.undo()
    assert log.is_undone(LINES) and log.row_texts(LINES)[RESULT].startswith("（取り消し）")
    model.undo_stack.redo()
    assert not log.is_undone(LINES) and log.row_texts(LINES)[RESULT] == f"結果 {LINES}"


def test_a_damaged_line_shows_as_unreadable_and_the_rest_of_the_log_reads(tmp_path, opened):
    path = write_log(tmp_path / "damaged.gmcampaign")
    edit(
        path,
        'UPDATE log SET payload = \'{"summary": {"who": \' WHERE id = 1500',  # cut off
        "UPDATE log SET payload = '[1, 2]' WHERE id = 1501",  # not an object
        "UPDATE log SET kind = 'check', payload = '{\"mode\": \"check\"}' WHERE id = 1502",  # no outcome
    )
    log = opened(path)
    assert log.rowCount() == LINES
    for row in (1499, 1500, 1501):
        assert log.row_texts(row)[RESULT] == "（読めない行です）"
        assert not log.can_replay(row) and log.replay(row) is None and log.secret_result(row) is None
    assert log.row_texts(1498)[RESULT] == "結果 1498" and log.row_texts(1502)[RESULT] == "結果 1502"
    assert log.can_replay(1498) is False  # a summary line without a command: not a dice-box roll


def test_a_log_whose_ids_have_gaps_maps_each_row_to_its_line(tmp_path, opened):
    path = write_log(tmp_path / "gaps.gmcampaign", 500)
    edit(path, "DELETE FROM log WHERE id BETWEEN 101 AND 200")
    log = opened(path)
    assert log.rowCount() == 400
    assert log.row_texts(99)[RESULT] == "結果 99" and log.row_texts(100)[RESULT] == "結果 200"
    log._campaign_model.append_log("command", line(500))
    assert log.rowCount() == 401 and log.row_texts(400)[RESULT] == "結果 500"


def test_lines_logged_into_an_empty_log_are_shown(tmp_path, opened):
    log = opened(write_log(tmp_path / "empty.gmcampaign", 0))
    assert log.rowCount() == 0
    for i in range(PAGE_ROWS + 3):  # across a page boundary
        log._campaign_model.append_log("command", line(i))
    assert log.rowCount() == PAGE_ROWS + 3
    assert [log.row_texts(r)[RESULT] for r in (0, PAGE_ROWS, PAGE_ROWS + 2)] == [
        "結果 0",
        f"結果 {PAGE_ROWS}",
        f"結果 {PAGE_ROWS + 2}",
    ]


def test_lines_of_a_refused_step_leave_the_table(tmp_path, opened, monkeypatch):
    log = opened(write_log(tmp_path / "refused.gmcampaign", 100))
    model = log._campaign_model
    model.set_session_value("counter", 1, "数える")
    model.append_log("command", line(100))
    assert log.rowCount() == 101 and log.row_texts(100)[RESULT] == "結果 100"

    def full(self):  # the disk is full: the step and its line are taken back
        self.rollback()
        raise CampaignError("database or disk is full", self.path)

    monkeypatch.setattr(Campaign, "commit", full)
    assert not model.flush()
    monkeypatch.undo()
    assert log.rowCount() == 100 and log.row_texts(99)[RESULT] == "結果 99"
    model.append_log("command", line(101))  # the next line takes the freed place
    model.flush()
    assert log.rowCount() == 101 and log.row_texts(100)[RESULT] == "結果 101"


def test_the_windows_table_counts_a_log_with_gaps_in_the_background(tmp_path, qtbot):
    """The window's table opens without counting the log (counting reads all of it); the log's
    background check counts, and a hand-edited log whose ids have gaps is read again with its ids."""
    path = write_log(tmp_path / "gaps.gmcampaign", 500)
    edit(path, "DELETE FROM log WHERE id BETWEEN 101 AND 200")
    with Campaign.open(path) as campaign:
        model = CampaignModel(campaign)
        log = LogTableModel(model, count_later=True)
        assert log.rowCount() == 500  # ids 1…500 taken to run without gaps until counted
        with qtbot.waitSignal(log.modelReset, timeout=10000):
            log.check_in_background()
        assert log.rowCount() == 400 and log.total_count == 400
        assert log.row_texts(100)[RESULT] == "結果 200"
        release_model(model)
