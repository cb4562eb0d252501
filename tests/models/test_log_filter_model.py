"""The log table filtered: it shows only the matching lines, reads only the pages shown, follows new
lines that match (and counts those that do not), keeps its undone marks, jumps to a time, and shows
the whole log again when the filter is cleared."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from gmtool.models.campaign_model import CampaignModel
from gmtool.models.log_filter import CHECKS, COMBAT, NOTES, OTHER, LogFilter, group_of
from gmtool.models.log_pages import PAGE_ROWS
from gmtool.models.log_payload import summary_payload
from gmtool.models.log_table_model import LogTableModel
from gmtool.models.undo_log import UNDONE_KEY
from gmtool.store import campaign_log
from gmtool.store.campaign import Campaign
from gmtool.store.log_query import MAX_TEXT_CHARS

LINES = 3000
RESULT, WHO, INPUTS = LogTableModel.RESULT, 1, 2
NAMES = ("朝霧 透", "神楽 遥", "鷹見 要")
HANA = ("id-hana", "久遠 華")


def line(i: int, who: str | None = None) -> dict:
    who = NAMES[i % 3] if who is None else who
    return summary_payload("aw", inputs=f"2D6+3 #{i}", who=who, dice="3,4", result=f"結果 {i}", seed=i)


def kind(i: int) -> str:
    return "battle" if i % 10 == 0 else "command"


def write_log(path: Path, undone: list[int] | None = None) -> Path:
    with Campaign.create(path) as campaign, campaign.transaction():
        for i in range(LINES):
            campaign.append_log(kind(i), line(i))
        if undone is not None:
            campaign.set_session(UNDONE_KEY, undone)
    return path


@pytest.fixture
def log(tmp_path, qtbot):
    campaign = Campaign.open(write_log(tmp_path / "log.gmcampaign", undone=[11, 21]))  # ids start at 1
    yield LogTableModel(CampaignModel(campaign))
    campaign.close()


def test_only_matching_lines_are_shown_and_only_the_pages_shown_are_read(log):
    log.set_filter(LogFilter(character=("", "神楽 遥")))  # every third line
    assert log.rowCount() == LINES // 3 and log.total_count == LINES
    assert log.rows_read == 0  # the ids are found in SQL: no line read yet
    newest = log.row_texts(log.rowCount() - 1)
    assert newest[WHO] == "神楽 遥" and newest[INPUTS] == "2D6+3 #2998"
    assert log.row_texts(0)[INPUTS] == "2D6+3 #1"
    # The two pages shown (a page whose lines lie close together read as one range), not the log.
    assert log.rows_read <= 4 * PAGE_ROWS

    log.set_filter(LogFilter(text="#29", group=COMBAT))  # combat lines mentioning #29…
    assert [log.row_texts(r)[INPUTS] for r in range(log.rowCount())] == ["2D6+3 #290"] + [
        f"2D6+3 #{i}" for i in range(2900, 3000, 10)
    ]


def test_a_logged_line_is_shown_if_it_matches_and_counted_if_not(log):
    log.set_filter(LogFilter(text="久遠"))
    assert log.rowCount() == 0
    counted: list[int] = []
    log.counts_changed.connect(lambda: counted.append(log.total_count))
    model = log._campaign_model
    model.append_log("command", line(LINES, who=HANA[1]))
    model.append_log("command", line(LINES + 1))  # another character: not shown, but counted
    assert log.rowCount() == 1 and log.row_texts(0)[WHO] == "久遠 華"
    assert counted == [LINES + 1, LINES + 2]

    log.set_filter(LogFilter())  # cleared: the whole log, the new lines at its end
    assert log.rowCount() == LINES + 2 and log.row_texts(LINES + 1)[INPUTS] == f"2D6+3 #{LINES + 1}"


def test_undone_marks_are_still_shown_when_filtered(log):
    log.set_filter(LogFilter(group=COMBAT))  # lines 0, 10, 20…: ids 1, 11, 21…
    assert log.row_texts(1)[RESULT] == "（取り消し）結果 10" and log.is_undone(2)
    assert not log.is_undone(0) and log.row_texts(3)[RESULT] == "結果 30"


def test_the_groups_of_kinds_and_a_search_text_too_long(log):
    assert [group_of(k) for k in ("check", "battle", "lotr-advancement", "someday.new")] == [
        CHECKS,
        COMBAT,
        NOTES,
        OTHER,
    ]
    log.set_filter(LogFilter(group=OTHER))
    assert log.rowCount() == 0  # every kind of this log is known
    log.set_filter(LogFilter(text="#" + "9" * 10_000))
    assert log.rowCount() == 0 and log.filter_problem == (
        f"検索する文字列は{MAX_TEXT_CHARS}文字までです（先頭の{MAX_TEXT_CHARS}文字で探しました）"
    )
    log.set_filter(LogFilter(text="#2999"))
    assert log.filter_problem is None and log.rowCount() == 1


def test_jump_to_the_first_shown_line_at_or_after_a_time(tmp_path, qtbot, monkeypatch):
    path = tmp_path / "times.gmcampaign"
    with Campaign.create(path) as campaign, campaign.transaction():
        for hour in range(10, 16):  # one line an hour, 10:00–15:00 UTC
            monkeypatch.setattr(campaign_log, "utc_now", lambda h=hour: f"2024-04-01T{h}:00:00.000+00:00")
            campaign.append_log(kind(hour), line(hour))
        monkeypatch.undo()
    with Campaign.open(path) as campaign:
        log = LogTableModel(CampaignModel(campaign))
        at = datetime.fromisoformat("2024-04-01T12:30:00+00:00")
        assert log.row_at_time(at) == 3  # 13:00
        assert log.row_at_time(datetime.fromisoformat("2024-04-01T16:00:00+00:00")) is None
        log.set_filter(LogFilter(group=COMBAT))  # the 10:00 line only
        assert log.row_at_time(datetime.fromisoformat("2024-04-01T09:00:00+00:00")) == 0
        assert log.row_at_time(at) is None


def evenings(path: Path) -> Path:
    """Three sessions of five lines, a week apart (no system marks: each a new day after a pause)."""
    with Campaign.create(path) as campaign, campaign.transaction():
        for i in range(15):
            week, minute = divmod(i, 5)
            at = f"2024-04-{1 + 7 * week:02d}T19:{minute * 10:02d}:00+09:00"
            campaign.append_log("command", {**line(i), "time": at})
    return path


def test_a_session_shows_exactly_its_lines_and_combines_with_the_other_criteria(tmp_path, qtbot):
    with Campaign.open(evenings(tmp_path / "evenings.gmcampaign")) as campaign:
        log = LogTableModel(CampaignModel(campaign))
        sessions = log.sessions
        assert [sessions.label(s) for s in sessions.sessions()] == [
            "セッション 1（4/1 19:00〜19:40、5行）",
            "セッション 2（4/8 19:00〜19:40、5行）",
            "セッション 3（4/15 19:00〜19:40、5行）",
        ]
        log.set_filter(LogFilter(ids=sessions.ids_of(2)))
        inputs = [log.row_texts(r)[INPUTS] for r in range(log.rowCount())]
        assert inputs == [f"2D6+3 #{i}" for i in range(5, 10)] and log.total_count == 15
        log.set_filter(LogFilter(ids=sessions.ids_of(2), text="#7"))
        assert [log.row_texts(r)[INPUTS] for r in range(log.rowCount())] == ["2D6+3 #7"]
        log.set_filter(LogFilter(ids=sessions.ids_of(2), character=("", NAMES[0])))  # lines 6 and 9
        assert [log.row_texts(r)[INPUTS] for r in range(log.rowCount())] == ["2D6+3 #6", "2D6+3 #9"]
        assert sessions.ids_of(4) is None


def test_the_newest_session_takes_the_lines_logged_and_a_new_session_closes_it(tmp_path, qtbot):
    with Campaign.open(evenings(tmp_path / "evenings.gmcampaign")) as campaign:
        model = CampaignModel(campaign)
        log = LogTableModel(model)
        sessions = log.sessions
        assert sessions.ids_of(3) == (11, None)  # still being played: its lines to come
        log.set_filter(LogFilter(ids=sessions.ids_of(3)))
        read: list[tuple[int, int]] = []
        original = campaign.log_range
        campaign.log_range = lambda first, last: read.append((first, last)) or original(first, last)  # type: ignore[method-assign]
        model.append_log("command", {**line(15), "time": "2024-04-15T19:50:00+09:00"})
        assert log.rowCount() == 6 and sessions.sessions()[-1].lines == 6
        model.append_log("command", {**line(16), "time": "2024-04-22T19:00:00+09:00"})  # next week
        assert read == []  # the sessions followed the lines logged without reading the log
        assert sessions.ids_of(3) == (11, 16) and sessions.ids_of(4) == (17, None)
        assert sessions.label(sessions.sessions()[-1]) == "セッション 4（4/22 19:00〜19:00、1行）"
