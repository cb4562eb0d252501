"""Which log lines match a filter, answered by SQLite: the ids only, never the lines.

The log window filters a log of 200 000 lines (120 MB of JSON) as the GM types, so the matching is
one SQL statement over the `log` table — no line is parsed in Python.  Every criterion narrows the
result (AND); each is optional:

- `kinds`: the line's kind is one of these; `not_kinds`: it is none of these (the kinds gmtool does
  not know, for a group "other");
- `character`: a name — the line's `character`, a side's `character`, or within the shown `who` (a
  combat line names several).  By name, not by id: the summary lines most kinds write record only
  the names, and a scan for the id as well would double the time on a long log;
- `text`: the payload's JSON text contains it, case-insensitive for Latin letters (what the table
  shows is made from the payload; a check's outcome label is not in it, its inputs are); of a
  secret roll, only its shown summary (the hidden result is not given away by a match);
- `after` ≤ at < `before`: ISO 8601 UTC times, as `at` is stored (a day, or a time to jump to);
- `first_id` ≤ id ≤ `last_id`: a session's lines (`gmtool.store.log_spans`), either bound optional —
  the newest session has no last line yet.  A range in the table's key: it narrows the scan itself.

A plain scan of the raw text (GLOB, or LIKE when Latin letters must match in either case) comes
first, so `json_extract` runs only on the lines that may match: the character filter costs about as
much as the text one, about one read of the table.
"""

from __future__ import annotations

import json
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from gmtool.rules.message import Message

MAX_TEXT_CHARS = 200  # a search text longer than any line's words: refused, not scanned for
MAX_KINDS = 100


class LogQueryError(ValueError):
    """A filter the store refuses; ``str(e)`` is the message for the user (a Message)."""


@dataclass(frozen=True)
class LogQuery:
    kinds: tuple[str, ...] | None = None
    not_kinds: tuple[str, ...] = ()
    character: str | None = None  # a name
    text: str = ""
    after: str = ""
    before: str = ""
    first_id: int | None = None
    last_id: int | None = None

    @property
    def empty(self) -> bool:
        return self == LogQuery()


def _like(text: str) -> str:
    escaped = _in_json(text).replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def _in_json(text: str) -> str:
    """`text` as it is written inside a JSON string of the payload (a quote as \\", a line break as \\n)."""
    return json.dumps(text, ensure_ascii=False)[1:-1]


def _glob(text: str) -> str:
    """GLOB's pattern for "contains `text`" (its wildcards matched as themselves)."""
    escaped = "".join(f"[{c}]" if c in "*?[" else c for c in _in_json(text))
    return f"*{escaped}*"


def _bounded(what: str, value: str) -> str:
    if not isinstance(value, str):
        raise LogQueryError(Message("{0}が文字列ではありません", what))
    if len(value) > MAX_TEXT_CHARS:
        raise LogQueryError(
            Message("{0}が長すぎます（{1:,}文字、{2:,}文字まで）", what, len(value), MAX_TEXT_CHARS)
        )
    return value


def _kinds(kinds: Collection[str]) -> tuple[str, ...]:
    if len(kinds) > MAX_KINDS:
        raise LogQueryError(Message("ログの種類が多すぎます（{0:,}個まで）", MAX_KINDS))
    return tuple(_bounded(Message("ログの種類"), kind) for kind in kinds)


def _line_id(what: Message, value: int | None) -> int | None:
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 0):
        raise LogQueryError(Message("{0}が行番号ではありません（{1}）", what, value))
    return value


def where(query: LogQuery) -> tuple[str, list[Any]]:
    """The WHERE clause (without WHERE; "1" for no filter) and its parameters; LogQueryError for a
    filter out of bounds."""
    clauses: list[str] = []
    params: list[Any] = []
    if query.kinds is not None:
        kinds = _kinds(query.kinds)
        clauses.append(f"kind IN ({','.join('?' * len(kinds))})" if kinds else "0")
        params.extend(kinds)
    if query.not_kinds:
        kinds = _kinds(query.not_kinds)
        clauses.append(f"kind NOT IN ({','.join('?' * len(kinds))})")
        params.extend(kinds)
    if query.character is not None:
        name = _bounded(Message("キャラクター"), query.character)
        # The cheap scan first: json_extract parses only the lines that contain the name at all.
        clauses.append(
            "(payload GLOB ? AND (json_extract(payload, '$.character') = ?"
            " OR json_extract(payload, '$.action.character') = ?"
            " OR json_extract(payload, '$.reaction.character') = ?"
            " OR instr(json_extract(payload, '$.summary.who'), ?) > 0))"
            if name
            else "0"
        )
        params.extend([_glob(name), *[name] * 4] if name else [])
    text = _bounded(Message("検索する文字列"), query.text)
    if text:
        # Nothing to fold (Japanese, digits): GLOB, which is faster.  A secret roll keeps its result in
        # the payload for 結果を見る: only what the table shows of it (its summary) is searched.
        test, pattern = (
            ("{0} GLOB ?", _glob(text))
            if text.lower() == text.upper()
            else ("{0} LIKE ? ESCAPE '\\'", _like(text))
        )
        shown = test.format("json_extract(payload, '$.summary')")
        clauses.append(f"({test.format('payload')} AND (instr(payload, '\"secret\":true') = 0 OR {shown}))")
        params.extend([pattern, pattern])
    first = _line_id(Message("範囲の最初の行"), query.first_id)
    last = _line_id(Message("範囲の最後の行"), query.last_id)
    if first is not None and last is not None:
        clauses.append("id BETWEEN ? AND ?")
        params.extend([first, last])
    elif first is not None or last is not None:
        clauses.append("id >= ?" if first is not None else "id <= ?")
        params.append(first if first is not None else last)
    if query.after:
        clauses.append("at >= ?")
        params.append(_bounded(Message("時刻"), query.after))
    if query.before:
        clauses.append("at < ?")
        params.append(_bounded(Message("時刻"), query.before))
    return (" AND ".join(clauses) if clauses else "1"), params
