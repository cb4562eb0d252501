"""The log read a page at a time: opening reads no line of it, a damaged line is one unreadable line
(the campaign still opens, the rest of the log still reads), and the dice box's earlier rolls are
looked for among the last lines only."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

from gmtool.store.campaign import Campaign, LogEntry
from gmtool.store.log_lines import UnreadableLine

_NO_UPDATE = "BEFORE UPDATE ON log BEGIN SELECT RAISE(ABORT, 'log is append-only'); END"


def logged(path: Path, lines: int, kind: str = "check") -> Path:
    with Campaign.create(path) as campaign, campaign.transaction():
        for i in range(lines):
            campaign.append_log(kind, {"n": i})
    return path


def damage(path: Path, sql: str, *params: object) -> None:
    """A hand edit of the log (its append-only trigger dropped, then put back as gmtool makes it)."""
    with closing(sqlite3.connect(path)) as conn, conn:
        conn.execute("DROP TRIGGER log_no_update")
        conn.execute(sql, params)
        conn.execute(f"CREATE TRIGGER log_no_update {_NO_UPDATE}")


def test_span_and_a_page_of_lines(tmp_path):
    with Campaign.open(logged(tmp_path / "a.gmcampaign", 300)) as campaign:
        assert campaign.log_span() == (300, 1, 300)
        assert campaign.log_count() == 300
        page = campaign.log_range(101, 164)
        assert [line.payload["n"] for line in page] == list(range(100, 164))
    with Campaign.create(tmp_path / "empty.gmcampaign") as empty:
        assert empty.log_span() == (0, 0, 0) and empty.log_range(1, 64) == []


def test_a_damaged_line_opens_and_reads_as_one_unreadable_line(tmp_path):
    path = logged(tmp_path / "damaged.gmcampaign", 10)
    damage(path, "UPDATE log SET payload = '{oops' WHERE id = 4")
    damage(path, "UPDATE log SET payload = '[1]' WHERE id = 5")
    damage(path, "UPDATE log SET payload = x'00ff' WHERE id = 6")
    with Campaign.open(path) as campaign:  # opening reads no log line: it is not refused
        lines = campaign.log_range(1, 10)
    assert [type(line) for line in lines] == [LogEntry] * 3 + [UnreadableLine] * 3 + [LogEntry] * 4
    assert [line.id for line in lines] == list(range(1, 11))
    assert "ログ（4）" in lines[3].problem and "JSON" in lines[3].problem
    assert lines[6].payload == {"n": 6}


def test_ids_with_gaps_are_listed(tmp_path):
    path = logged(tmp_path / "gaps.gmcampaign", 50)
    with closing(sqlite3.connect(path)) as conn, conn:
        conn.execute("DROP TRIGGER log_no_delete")
        conn.execute("DELETE FROM log WHERE id BETWEEN 10 AND 19")
        conn.execute(
            "CREATE TRIGGER log_no_delete BEFORE DELETE ON log BEGIN "
            "SELECT RAISE(ABORT, 'log is append-only'); END"
        )
    with Campaign.open(path) as campaign:
        count, first, last = campaign.log_span()
        assert (count, first, last) == (40, 1, 50)
        assert campaign.log_ids() == [*range(1, 10), *range(20, 51)]


def test_the_dice_box_rolls_are_the_last_of_their_kind_among_the_last_lines(tmp_path):
    path = tmp_path / "mixed.gmcampaign"
    with Campaign.create(path) as campaign, campaign.transaction():
        for i in range(1000):
            campaign.append_log("command" if i % 10 == 0 else "check", {"n": i})
    damage(path, "UPDATE log SET payload = 'no' WHERE id = 991")  # the last dice line: skipped
    with Campaign.open(path) as campaign:
        tail = campaign.log_tail("command", 5, within=1000)
        assert [e.payload["n"] for e in tail] == [950, 960, 970, 980]  # 990 cannot be read
        # Bounded: only the last `within` lines are looked at.
        assert [e.payload["n"] for e in campaign.log_tail("command", 200, within=35)] == [970, 980]
