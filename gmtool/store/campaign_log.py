"""The campaign's log: appending a line, and reading it back — all of it, a page, a filtered
page, the tail of one kind — without ever parsing more than is asked for.

A mixin of `Campaign` (which provides `_read`, `_write` and `_path`), kept apart so each module
stays short.  It also holds what every row of the file is written with: `json_text` and the UTC
`utc_now` time stamp (the characters and the session state use them too).
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gmtool.rules.message import Message
from gmtool.store.errors import CampaignError, StoreError
from gmtool.store.validation import parse_json


@dataclass(frozen=True)
class LogEntry:
    id: int
    at: str
    kind: str
    payload: dict[str, Any]


def utc_now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def json_text(value: Any) -> str:
    # allow_nan=False: NaN is not JSON, and our own reader refuses it.
    return json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


class CampaignLogMixin:
    _path: Path

    if TYPE_CHECKING:  # Campaign's

        def _read(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]: ...
        def _write(self) -> contextlib.AbstractContextManager[sqlite3.Connection]: ...

    # -- log -------------------------------------------------------------------------------

    def append_log(self, kind: str, payload: Mapping[str, Any]) -> LogEntry:
        text = json_text(dict(payload))
        at = utc_now()
        with self._write() as conn:
            cursor = conn.execute("INSERT INTO log(at, kind, payload) VALUES(?, ?, ?)", (at, kind, text))
            entry_id = int(cursor.lastrowid or 0)
        # The returned payload is what a later reader gets back (tuples become lists).
        return LogEntry(entry_id, at, kind, json.loads(text))

    def log_entries(self, after_id: int = 0, limit: int | None = None) -> list[LogEntry]:
        rows = self._read(
            "SELECT id, at, kind, payload FROM log WHERE id > ? ORDER BY id LIMIT ?",
            (after_id, -1 if limit is None else limit),
        )
        entries = []
        for entry_id, at, kind, text in rows:
            try:
                payload = parse_json(text)
            except StoreError as exc:
                raise CampaignError(Message("ログ（{0}）: {1}", entry_id, exc.problem), self._path) from None
            entries.append(LogEntry(entry_id, at, kind, payload))
        return entries

    # Read a page at a time (the log table, the dice box): opening never reads the log, and a line
    # that cannot be read comes back as `log_lines.UnreadableLine` instead of failing the rest.

    def log_span(self) -> tuple[int, int, int]:
        """(number of lines, first id, last id); (0, 0, 0) for an empty log.  The ids are one look
        in the table's key; the count reads the table once (no JSON is parsed)."""
        rows = self._read("SELECT COUNT(*), (SELECT MIN(id) FROM log), (SELECT MAX(id) FROM log) FROM log")
        count, first, last = rows[0]
        return int(count), int(first or 0), int(last or 0)

    def log_bounds(self) -> tuple[int, int]:
        """(first id, last id); (0, 0) for an empty log: two looks in the table's key, whatever the
        log's length (counting its lines reads the whole table)."""
        rows = self._read("SELECT (SELECT MIN(id) FROM log), (SELECT MAX(id) FROM log)")
        first, last = rows[0]
        return int(first or 0), int(last or 0)

    def log_count(self) -> int:
        return int(self._read("SELECT COUNT(*) FROM log")[0][0])

    def log_ids(self) -> list[int]:
        """Every line's id in order: for a log whose ids have gaps (a hand-edited file)."""
        return [int(row[0]) for row in self._read("SELECT id FROM log ORDER BY id")]

    def log_range(self, first_id: int, last_id: int) -> list[Any]:
        """The lines first_id ≤ id ≤ last_id in order: each a LogEntry, or an UnreadableLine."""
        from gmtool.store.log_lines import COLUMNS, log_line

        sql = f"SELECT {COLUMNS} FROM log WHERE id BETWEEN ? AND ? ORDER BY id"
        rows = self._read(sql, (first_id, last_id))
        return [log_line(row) for row in rows]

    def log_scan_range(self, first_id: int, last_id: int, marking_kinds: frozenset[str]) -> list[Any]:
        """The lines first_id ≤ id ≤ last_id as the session scan needs them (`log_spans`): each a
        LogEntry whose payload holds only its text `time`, and for a kind in `marking_kinds` its text
        `action` and `scenario` — picked by SQLite, so no line's JSON is parsed in Python (that
        parse was most of a long log's scan) — or an UnreadableLine when the payload is not a JSON
        object."""
        from gmtool.store.log_lines import scan_line

        marks = ",".join("?" * len(marking_kinds)) or "NULL"
        picked = (
            "CASE WHEN ok AND json_type(payload, '$.{0}') = 'text' THEN json_extract(payload, '$.{0}') END"
        )
        marked = f"CASE WHEN kind IN ({marks}) THEN {picked} END"
        sql = (
            f"SELECT id, at, kind, ok, {picked.format('time')}, {marked.format('action')},"
            f" {marked.format('scenario')} FROM (SELECT id, at, kind, payload,"
            " CASE WHEN json_valid(payload) THEN json_type(payload) = 'object' ELSE 0 END AS ok"
            " FROM log WHERE id BETWEEN ? AND ?) ORDER BY id"
        )
        kinds = tuple(sorted(marking_kinds))
        rows = self._read(sql, (*kinds, *kinds, first_id, last_id))
        return [scan_line(row) for row in rows]

    def log_tail(self, kind: str, limit: int, within: int) -> list[LogEntry]:
        """Of the last ``limit`` lines of ``kind`` among the log's last ``within`` lines (bounded work
        however long the log), those that can be read, oldest first."""
        from gmtool.store.log_lines import COLUMNS, log_line

        rows = self._read(
            f"SELECT {COLUMNS} FROM log WHERE kind = ? AND id > (SELECT COALESCE(MAX(id), 0) FROM log) - ?"
            " ORDER BY id DESC LIMIT ?",
            (kind, within, limit),
        )
        lines = [log_line(row) for row in reversed(rows)]
        return [line for line in lines if isinstance(line, LogEntry)]

    def log_ids_where(self, query: Any, from_id: int = 0) -> list[int]:
        """The ids of the lines from ``from_id`` on that match ``query`` (a `log_query.LogQuery`), in
        order: the log window's filter, answered in SQL; LogQueryError for a filter out of bounds."""
        from gmtool.store.log_query import where

        clause, params = where(query)
        rows = self._read(f"SELECT id FROM log WHERE id >= ? AND {clause} ORDER BY id", (from_id, *params))
        return [int(row[0]) for row in rows]

    def log_lines(self, ids: list[int]) -> list[Any]:
        """The lines with these ids (at most 500: a page of a filtered log) in order, as `log_range`."""
        from gmtool.store.log_lines import COLUMNS, log_line

        if len(ids) > 500:
            raise ValueError("at most 500 ids at a time")
        marks = ",".join("?" * len(ids))
        rows = self._read(f"SELECT {COLUMNS} FROM log WHERE id IN ({marks}) ORDER BY id", tuple(ids))
        return [log_line(row) for row in rows]

    def log_first_id_at(self, at: str) -> int | None:
        """The first line logged at or after ``at`` (ISO 8601 UTC, as stored); None if there is none."""
        rows = self._read("SELECT MIN(id) FROM log WHERE at >= ?", (at,))
        return None if rows[0][0] is None else int(rows[0][0])
