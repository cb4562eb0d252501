"""Only gmtool's own schema opens: a file's ``sqlite_master`` compared with what gmtool's script creates.

An SQLite file carries code as well as data.  A trigger (``AFTER INSERT ON log … DELETE FROM
characters``) runs at the next write; a view, a generated column, a CHECK or a DEFAULT runs when
SQLite reads or writes the row; an index or table gmtool never made costs space and time at every
edit.  A campaign handed over by someone else is data, so a file whose schema is not exactly the one
gmtool creates is refused before anything in it runs: the comparison reads ``sqlite_master`` only.

"Exactly" is token by token: whitespace and comments inside a statement do not count (they carry
no meaning, and a file made by an older gmtool may have other comments), everything else does.
"""

from __future__ import annotations

import contextlib
import functools
import sqlite3

from gmtool.rules.data import short_input
from gmtool.rules.message import Message, template
from gmtool.store.errors import StoreError

# sqlite_master.type → how a message names it
_KINDS = {
    "table": template("表"),
    "index": template("索引"),
    "view": template("ビュー"),
    "trigger": template("トリガー"),
}
_MAX_SQL = 16 * 1024  # a statement longer than this is not gmtool's: it is not even tokenised
_WORD = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$")
_CLOSING = {"'": "'", '"': '"', "`": "`", "[": "]"}

SchemaRow = tuple[str, str, str, tuple[str, ...] | None]  # type, name, tbl_name, the SQL's tokens


def sql_tokens(sql: str) -> tuple[str, ...]:
    """The tokens of an SQL statement, without whitespace and comments: two statements with the same
    tokens are the same statement.  (Quoted strings and names are one token each, quotes included;
    punctuation is one token per character, which never joins two tokens SQLite would read apart.)"""
    tokens: list[str] = []
    i, end = 0, len(sql)
    while i < end:
        char = sql[i]
        if char.isspace():
            i += 1
        elif sql.startswith("--", i):
            newline = sql.find("\n", i)
            i = end if newline < 0 else newline + 1
        elif sql.startswith("/*", i):
            close = sql.find("*/", i + 2)
            i = end if close < 0 else close + 2
        elif char in _CLOSING:
            j = i + 1
            while True:
                j = sql.find(_CLOSING[char], j)
                if j < 0:
                    j = end
                    break
                if char != "[" and sql.startswith(_CLOSING[char] * 2, j):  # '' inside '…'
                    j += 2
                    continue
                j += 1
                break
            tokens.append(sql[i:j])
            i = j
        elif char in _WORD or ord(char) > 127:
            j = i + 1
            while j < end and (sql[j] in _WORD or ord(sql[j]) > 127):
                j += 1
            tokens.append(sql[i:j])
            i = j
        else:
            tokens.append(char)
            i += 1
    return tuple(tokens)


def _row(kind: str, name: str, table: str, sql: str | None) -> SchemaRow:
    return kind, name, table, None if sql is None else sql_tokens(sql)


@functools.cache
def expected_schema(script: str) -> dict[str, SchemaRow]:
    """Name → row of every object ``script`` creates in an empty database, SQLite's own included
    (the indexes of UNIQUE and PRIMARY KEY, ``sqlite_sequence`` of AUTOINCREMENT)."""
    with contextlib.closing(sqlite3.connect(":memory:")) as conn:
        conn.executescript(script)
        rows = conn.execute("SELECT type, name, tbl_name, sql FROM sqlite_master").fetchall()
    return {name: _row(kind, name, table, sql) for kind, name, table, sql in rows}


def _kind(kind: object) -> str:
    return Message(_KINDS[kind]) if isinstance(kind, str) and kind in _KINDS else short_input(kind)


def same_object(conn: sqlite3.Connection, script: str, name: str) -> bool:
    """Whether the file holds ``name`` exactly as ``script`` creates it (e.g. ``meta``, before it is read)."""
    wanted = expected_schema(script)[name]
    rows = conn.execute("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name = ?", (name,))
    found = rows.fetchall()
    return len(found) == 1 and _matches(found[0], wanted)


def _matches(row: tuple[object, object, object, object], wanted: SchemaRow) -> bool:
    kind, name, table, sql = row
    if (kind, name, table) != wanted[:3]:
        return False
    if sql is None or wanted[3] is None:
        return sql is None and wanted[3] is None
    return isinstance(sql, str) and len(sql) <= _MAX_SQL and sql_tokens(sql) == wanted[3]


def check_schema(conn: sqlite3.Connection, script: str) -> None:
    """StoreError unless the file's schema is exactly what ``script`` creates: a trigger, view, table,
    column or index gmtool did not make is named (shortened) and refused; one missing is damage."""
    expected = expected_schema(script)
    seen: set[str] = set()
    for row in conn.execute("SELECT type, name, tbl_name, sql FROM sqlite_master"):
        kind, name = row[0], row[1]
        wanted = expected.get(name) if isinstance(name, str) else None
        if wanted is None:
            raise StoreError(
                Message(
                    "gmtool が作っていない{0} {1} があります。中のものが実行されないよう、開きません",
                    _kind(kind),
                    short_input(name),
                )
            )
        if not _matches(row, wanted):
            raise StoreError(
                Message(
                    "{0} {1} の定義が gmtool の作るものと違います。中のものが実行されないよう、開きません",
                    _kind(kind),
                    short_input(name),
                )
            )
        seen.add(wanted[1])
    for name, (kind, *_rest) in expected.items():
        if name not in seen:
            raise StoreError(Message("ファイルが壊れています（{0} {1}がありません）", name, _kind(kind)))
