"""The log's sessions found in the background (issue 36): the window stays usable while a long log
is read — typing into the search field works, the セッション row shows how far the reading is, キャンセル
stops it and leaves the choice as it was — and the sessions appear when done.  Counting guards,
not timings: opening reads only the rows the table shows, whatever the log's length, and a second
scan after new lines reads those lines only."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from gmtool.models.campaign_model import CampaignModel
from gmtool.models.log_payload import summary_payload
from gmtool.models.log_scan_thread import LogScanThread
from gmtool.models.log_table_model import LogTableModel
from gmtool.rules.message import Message
from gmtool.store import campaign_log
from gmtool.store.campaign import Campaign
from gmtool.store.log_spans import PAGE, LogReader
from gmtool.views.log_panel import LogPanel

SESSIONS = 3
SESSION_LINES = PAGE  # three pages: the scan reports progress between them


def write_log(path: Path, monkeypatch: pytest.MonkeyPatch, sessions: int = SESSIONS) -> None:
    """`sessions` evenings of SESSION_LINES lines a week apart (each a session: a new day, a pause)."""
    with Campaign.create(path) as campaign, campaign.transaction():
        for i in range(sessions * SESSION_LINES):
            week, line = divmod(i, SESSION_LINES)
            at = f"2024-04-{1 + 7 * week:02d}T10:{line // 60 % 60:02d}:{line % 60:02d}.000+00:00"
            monkeypatch.setattr(campaign_log, "utc_now", lambda at=at: at)
            payload = summary_payload("aw", inputs=f"2D6 #{i}", who="朝霧 透", dice="3,4", result="7", seed=i)
            campaign.append_log("command", {**payload, "time": at})
    monkeypatch.undo()


class Gate:
    """Holds the background scan after its first page until the test lets it go on."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.reached = threading.Event()
        self.go_on = threading.Event()
        real = LogScanThread._progress

        def held(thread: LogScanThread, done: int, total: int) -> bool:
            answer = real(thread, done, total)
            if done < total and not self.reached.is_set():
                self.reached.set()
                self.go_on.wait(10)
            return answer and not thread.cancelled

        monkeypatch.setattr(LogScanThread, "_progress", held)


@pytest.fixture
def panel(tmp_path: Path, qtbot, monkeypatch):
    path = tmp_path / "log.gmcampaign"
    write_log(path, monkeypatch)
    campaign = Campaign.open(path)
    shown = LogPanel(LogTableModel(CampaignModel(campaign)))
    qtbot.addWidget(shown)
    shown.resize(806, 224)
    shown.show()
    qtbot.waitExposed(shown)
    yield shown
    shown.log_model.sessions.cancel()
    campaign.close()


def test_the_window_is_usable_while_the_sessions_are_counted_and_they_appear_when_done(
    panel, qtbot, monkeypatch
):
    gate = Gate(monkeypatch)
    sessions = panel.log_model.sessions
    panel.more.setChecked(True)
    assert sessions.scanning and panel.session.count() == 1  # only すべて while counting
    qtbot.waitUntil(gate.reached.is_set, timeout=5000)
    qtbot.waitUntil(lambda: panel.counting.value() > 0, timeout=5000)  # the first page's progress shown
    assert panel.counting.isVisible() and panel.cancel_counting.isVisible()
    qtbot.keyClicks(panel.search, "#12")  # the window takes input meanwhile
    assert panel.search.text() == "#12"
    panel.apply_filter()
    assert panel.log_model.rowCount() > 0
    gate.go_on.set()
    qtbot.waitUntil(lambda: panel.session.count() == SESSIONS + 1, timeout=10000)
    assert not sessions.scanning and not panel.counting.isVisible() and not panel.cancel_counting.isVisible()
    assert panel.session.itemText(2).startswith("セッション 2（4/8 10:00〜10:33、2,000行")


def test_cancel_leaves_the_choice_as_it_was_and_a_later_ask_reads_again(panel, qtbot, monkeypatch):
    gate = Gate(monkeypatch)
    sessions = panel.log_model.sessions
    changed: list[bool] = []
    sessions.changed.connect(lambda: changed.append(True))
    panel.more.setChecked(True)
    qtbot.waitUntil(gate.reached.is_set, timeout=5000)
    panel.cancel_counting.click()
    gate.go_on.set()
    assert not sessions.scanning and not sessions.known
    assert not panel.counting.isVisible() and panel.session.count() == 1
    qtbot.wait(50)  # the stopped thread's last signals, if any, change nothing
    assert not sessions.known and changed == [] and panel.session.currentData() is None
    panel.session.showPopup()  # asked again: read again, to the end this time
    qtbot.waitUntil(lambda: panel.session.count() == SESSIONS + 1, timeout=10000)
    panel.session.hidePopup()


def test_a_later_scan_reads_only_the_new_lines(tmp_path, qtbot, monkeypatch):
    path = tmp_path / "log.gmcampaign"
    write_log(path, monkeypatch, sessions=1)
    read: list[int] = []
    for reader in (LogReader, Campaign):
        real = reader.log_scan_range

        def counted(self, first, last, kinds, real=real):
            lines = real(self, first, last, kinds)
            read.extend(line.id for line in lines)
            return lines

        monkeypatch.setattr(reader, "log_scan_range", counted)
    with Campaign.open(path) as campaign:
        model = CampaignModel(campaign)
        sessions = LogTableModel(model).sessions
        with qtbot.waitSignal(sessions.changed, timeout=10000):
            sessions.request()
        assert len(read) == SESSION_LINES and len(sessions.sessions()) == 1
        read.clear()
        for i in range(5):  # written unseen (another program's lines): not followed
            campaign.append_log("command", summary_payload("aw", inputs=f"x{i}", who="", dice="", result=""))
        model.append_log("command", summary_payload("aw", inputs="y", who="", dice="", result=""))
        assert sorted(read) == list(range(SESSION_LINES + 1, SESSION_LINES + 7))  # the six new lines only
        assert [s.lines for s in sessions.sessions()] == [SESSION_LINES, 6]  # today: a session of its own


@pytest.mark.parametrize("sessions", [1, SESSIONS])
def test_opening_reads_the_shown_rows_only_whatever_the_log_length(tmp_path, qtbot, monkeypatch, sessions):
    path = tmp_path / "log.gmcampaign"
    write_log(path, monkeypatch, sessions)
    scanned: list[int] = []
    for reader in (LogReader, Campaign):  # no session scan at opening
        monkeypatch.setattr(reader, "log_scan_range", lambda *a: scanned.append(1) or [])
    with Campaign.open(path) as campaign:
        shown = LogPanel(LogTableModel(CampaignModel(campaign)))
        qtbot.addWidget(shown)
        shown.resize(806, 224)
        shown.show()
        qtbot.waitExposed(shown)
        assert shown.log_model.total_count == sessions * SESSION_LINES
        assert shown.log_model.rows_read <= 128 and scanned == []  # two pages of 64 at most, any length
        assert not shown.log_model.sessions.known


def damaged_log(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, bytes]:
    """A campaign whose log has a page of garbage in the middle (the rest of the file intact)."""
    path = tmp_path / "log.gmcampaign"
    write_log(path, monkeypatch, sessions=1)
    data = bytearray(path.read_bytes())
    page = 4096
    middle = (len(data) // page // 2) * page  # a page of the log's lines, the bulk of the file
    data[middle : middle + page] = b"\xff" * page
    path.write_bytes(bytes(data))
    return path, bytes(data)


def test_a_damaged_log_is_said_and_the_campaign_turns_read_only(tmp_path, qtbot, monkeypatch):
    """Opening checks every table but the log (its check would make opening as slow as the log is
    long); the log's own check runs in the background: the log panel says what it found, the banner
    says the campaign is read-only, and nothing more is written to the damaged file."""
    from gmtool.rules.systems import SYSTEMS
    from gmtool.store.errors import CampaignError

    path, damaged = damaged_log(tmp_path, monkeypatch)
    with Campaign.open(path) as campaign:
        model = CampaignModel(campaign)
        states: list[str | None] = []
        model.file_state_changed.connect(lambda: states.append(model.read_only))
        shown = LogPanel(LogTableModel(model))
        qtbot.addWidget(shown)
        shown.show()
        qtbot.waitUntil(lambda: shown.problem.isVisible(), timeout=10000)
        assert "壊れています" in shown.problem.text()
        qtbot.waitUntil(lambda: bool(states), timeout=10000)
        assert states[-1] is not None and "壊れています" in states[-1]
        assert isinstance(campaign.read_only, Message)  # shown in the UI language, not as plain Japanese
        with pytest.raises(CampaignError, match="読み取り専用"):
            campaign.put_character("x", "aw", SYSTEMS["aw"].new_character("朝霧 透"))
    assert path.read_bytes() == damaged


def test_a_write_before_the_background_check_checks_the_log_itself(tmp_path, monkeypatch):
    """No window, no background: the first write checks the log first, and refuses on damage."""
    from gmtool.rules.systems import SYSTEMS
    from gmtool.store.errors import CampaignError

    path, damaged = damaged_log(tmp_path, monkeypatch)
    with Campaign.open(path) as campaign:
        with pytest.raises(CampaignError, match="壊れています"):
            campaign.put_character("x", "aw", SYSTEMS["aw"].new_character("朝霧 透"))
        assert campaign.read_only is not None
    assert path.read_bytes() == damaged
