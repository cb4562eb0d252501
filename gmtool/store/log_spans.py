"""Where the session log's sessions, scenarios and days begin and end, read a page at a time.

gmtool marks a session's course in the log of the systems that keep one: a line of a kind its
system declares as marking sessions (`LogKind.marks_sessions`, gmtool.rules.systems.declarations)
whose payload says `action` — `start_session`, `end_session`, `end_scenario`, `set_scenario` (its
name in `scenario`), `add_scene`, `set_current_scene`.  A session therefore begins at
「セッション開始」 or after 「セッション終了」.  Where no session is marked (a system that keeps no
session, and logs written before the marks), a new day after a pause of `PAUSE_HOURS` starts a new
session, so an evening that runs past midnight stays one session.  Scenarios are known only where
the log names them; `LogSpans.scenarios` is empty otherwise.

The scan keeps a few numbers per session and per day, never the lines: 200 000 lines are read in
pages of `PAGE` with `Campaign.log_scan_range`, which has SQLite pick out of each payload the three
values the scan reads (parsing every line's JSON in Python was two thirds of a long log's scan; a
line that cannot be read counts, and breaks nothing).  The window scans in a thread of its own,
through a `LogReader` — a read-only connection of that thread's (`gmtool.models.log_sessions`).
"""

from __future__ import annotations

import copy
import sqlite3
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Protocol

from gmtool.rules.message import Message
from gmtool.rules.systems import all_declarations, derived_table
from gmtool.store.campaign import Campaign, LogEntry
from gmtool.store.campaign_file import read_only_connection
from gmtool.store.campaign_log import CampaignLogMixin
from gmtool.store.errors import CampaignError
from gmtool.store.log_lines import UnreadableLine
from gmtool.store.sqlite_errors import sqlite_problem

PAGE = 2000
PAUSE_HOURS = 6
SCENE_ACTIONS = frozenset({"add_scene", "set_current_scene"})


@derived_table
def session_kinds() -> frozenset[str]:
    """The log kinds whose lines mark a session's course, as the registered systems declare them."""
    declared = all_declarations().values()
    return frozenset(k.kind for d in declared for k in d.log_kinds if k.marks_sessions)


class Cancelled(Exception):
    """The user stopped a long read or write."""


@dataclass
class Span:
    """Lines first_id … last_id of the log: a session, a scenario or a day."""

    number: int  # 1, 2, … in the log's order
    first_id: int
    last_id: int
    start: datetime | None  # local time of the first and the last line (None when unknown)
    end: datetime | None
    lines: int = 0
    name: str = ""  # a scenario's name as the log gives it


@dataclass
class LogSpans:
    """The log's sessions and days, and its scenarios when it names any; kept by the window and
    brought up to date by `scan` with the lines added since (`scanned_to`)."""

    sessions: list[Span] = field(default_factory=list)
    days: list[Span] = field(default_factory=list)
    scanned_to: int = 0  # the last id read
    all_scenarios: list[Span] = field(default_factory=list)
    named: bool = False  # the log names a scenario somewhere
    previous: LogEntry | UnreadableLine | None = None
    previous_time: datetime | None = None  # the previous line's local_time (read once per line)
    open_scenario: Span | None = None

    @property
    def scenarios(self) -> list[Span]:
        """Empty when the log names no scenario (the dialog then offers no シナリオ choice)."""
        return self.all_scenarios if self.named else []


def action(line: LogEntry | UnreadableLine) -> str:
    """The session-course mark of a line ('' for any other line)."""
    if isinstance(line, LogEntry) and line.kind in session_kinds():
        value = line.payload.get("action")
        return value if isinstance(value, str) else ""
    return ""


def local_time(line: LogEntry | UnreadableLine) -> datetime | None:
    """When the line was written, in the local time the table showed (the payload's `time`), else
    the stored UTC time converted to this computer's zone."""
    texts: list[tuple[Any, bool]] = []
    if isinstance(line, LogEntry):
        texts.append((line.payload.get("time"), False))
    texts.append((line.at, True))
    for text, utc in texts:
        if isinstance(text, str):
            try:
                moment = datetime.fromisoformat(text)
            except ValueError:
                continue
            return moment.astimezone() if utc and moment.tzinfo is not None else moment
    return None


def iter_lines(
    campaign: Campaign, first_id: int, last_id: int, page: int = PAGE
) -> Iterator[LogEntry | UnreadableLine]:
    """The lines first_id ≤ id ≤ last_id, read `page` ids at a time (ids may have gaps)."""
    start = first_id
    while start <= last_id:
        stop = min(start + page - 1, last_id)
        yield from campaign.log_range(start, stop)
        start = stop + 1


def starts_session(
    previous: LogEntry | UnreadableLine | None,
    line: LogEntry | UnreadableLine,
    before: datetime | None,
    now: datetime | None,
) -> bool:
    """Whether `line` (written at `now`) begins a new session after `previous` (written at `before`)."""
    if previous is None:
        return True
    if action(line) == "start_session" or action(previous) in ("end_session", "end_scenario"):
        return True
    if before is None or now is None or before.date() == now.date():
        return False
    try:
        return (now - before).total_seconds() >= PAUSE_HOURS * 3600
    except TypeError:  # one naive, one aware (a hand-edited time): count as a new day
        return True


class ScanSource(Protocol):
    """What the scan reads: a `Campaign`, or a `LogReader` in another thread."""

    def log_span(self) -> tuple[int, int, int]: ...
    def log_scan_range(self, first_id: int, last_id: int, marking_kinds: frozenset[str]) -> list[Any]: ...


class LogReader(CampaignLogMixin):
    """The campaign file's log read through a read-only connection of its own: SQLite's
    connections belong to the thread that made them, so a scan in a worker thread makes one there
    (and closes it there).  It sees what the window has committed."""

    def __init__(self, path: Path) -> None:
        self._path = path
        try:
            self._conn = read_only_connection(path)
        except sqlite3.Error as exc:
            raise CampaignError(Message("読み込めません（{0}）", sqlite_problem(exc)), path) from None

    def _read(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        try:
            return self._conn.execute(sql, params).fetchall()
        except sqlite3.DatabaseError as exc:
            raise CampaignError(Message("読み込めません（{0}）", sqlite_problem(exc)), self._path) from None

    def close(self) -> None:
        self._conn.close()


def scan(
    campaign: ScanSource,
    progress: Callable[[int, int], bool] | None = None,
    spans: LogSpans | None = None,
) -> LogSpans:
    """The log's sessions, scenarios and days.  Given the spans of an earlier scan, only the lines
    added since are read (the log is append-only; a log that shrank — a refused step's lines taken
    back — is read again whole).  `progress(done, total)` returning False stops with `Cancelled`."""
    _count, first, last = campaign.log_span()
    if spans is None or last < spans.scanned_to:
        spans = LogSpans()
    else:
        spans = copy.deepcopy(spans)  # a cancel leaves the caller's spans as they were
        first = max(first, spans.scanned_to + 1)
    total = max(last - first + 1, 0)
    done = 0
    kinds = session_kinds()
    start = first
    while start <= last:
        stop = min(start + PAGE - 1, last)
        for line in campaign.log_scan_range(start, stop, kinds):
            _add(spans, line)
        done, start = stop - first + 1, stop + 1
        if progress is not None and not progress(done, total):
            raise Cancelled
    spans.scanned_to = max(spans.scanned_to, last)
    return spans


def follow(spans: LogSpans, line: LogEntry | UnreadableLine) -> bool:
    """Brings `spans` up to date in place with a line just logged, without reading the log; False
    when it is not the line that comes next (lines logged unseen in between: `scan` instead)."""
    if line.id <= spans.scanned_to:
        return True  # already read
    if line.id != spans.scanned_to + 1:
        return False
    _add(spans, line)
    spans.scanned_to = line.id
    return True


def _add(spans: LogSpans, line: LogEntry | UnreadableLine) -> None:
    moment = local_time(line)
    if starts_session(spans.previous, line, spans.previous_time, moment):
        spans.sessions.append(Span(len(spans.sessions) + 1, line.id, line.id, moment, moment))
    day = spans.days[-1] if spans.days else None
    if day is None or (moment is not None and (day.start is None or day.start.date() != moment.date())):
        spans.days.append(Span(len(spans.days) + 1, line.id, line.id, moment, moment))
    scenario = spans.open_scenario
    if scenario is None:
        scenario = Span(len(spans.all_scenarios) + 1, line.id, line.id, moment, moment)
        spans.all_scenarios.append(scenario)
        spans.open_scenario = scenario
    for span in (spans.sessions[-1], spans.days[-1], scenario):
        span.last_id, span.lines = line.id, span.lines + 1
        if moment is not None:
            span.end = moment
            span.start = span.start or moment
    mark = action(line)
    if mark in ("set_scenario", "end_scenario") and isinstance(line, LogEntry):
        spans.named = True
        name = line.payload.get("scenario")
        scenario.name = name if isinstance(name, str) else scenario.name
    if mark == "end_scenario":
        spans.open_scenario = None
    spans.previous, spans.previous_time = line, moment
