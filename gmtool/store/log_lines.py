"""Reading the session log a page at a time, one line never failing the others.

Opening a campaign does not read its log (a long log would cost seconds and hundreds of MB): each
line is read when it is shown (`Campaign.log_range`, `Campaign.log_tail`).  A line whose stored
payload is not a JSON object — the file was edited by hand, or damaged — comes back as an
`UnreadableLine`, which the log table shows as unreadable; the rest of the log reads as before.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gmtool.rules.message import Message
from gmtool.store.campaign import LogEntry
from gmtool.store.errors import StoreError
from gmtool.store.validation import parse_json

# A page of lines is read in one query: its columns as `log_line` takes them.
COLUMNS = "id, at, kind, payload"


@dataclass(frozen=True)
class UnreadableLine:
    """A log line whose payload cannot be read; `problem` says why (a Message)."""

    id: int
    at: str
    kind: str
    problem: str


def log_line(row: tuple[Any, ...]) -> LogEntry | UnreadableLine:
    """One stored row (`COLUMNS`) as a log entry, or as unreadable with the reason."""
    entry_id, at, kind, text = row
    at = at if isinstance(at, str) else ""
    kind = kind if isinstance(kind, str) else ""
    if not isinstance(text, str):
        return UnreadableLine(entry_id, at, kind, Message("ログ（{0}）の内容が正しくありません", entry_id))
    try:
        payload = parse_json(text)
    except StoreError as exc:
        return UnreadableLine(entry_id, at, kind, Message("ログ（{0}）: {1}", entry_id, exc.problem))
    if not isinstance(payload, dict):
        return UnreadableLine(entry_id, at, kind, Message("ログ（{0}）の内容が正しくありません", entry_id))
    return LogEntry(entry_id, at, kind, payload)


def scan_line(row: tuple[Any, ...]) -> LogEntry | UnreadableLine:
    """A row of `Campaign.log_scan_range` (id, at, kind, readable, time, action, scenario) as a line
    whose payload holds only what the session scan reads."""
    entry_id, at, kind, readable, *values = row
    at = at if isinstance(at, str) else ""
    kind = kind if isinstance(kind, str) else ""
    if not readable:
        return UnreadableLine(entry_id, at, kind, Message("ログ（{0}）の内容が正しくありません", entry_id))
    keys = ("time", "action", "scenario")
    return LogEntry(entry_id, at, kind, {k: v for k, v in zip(keys, values, strict=True) if v is not None})
