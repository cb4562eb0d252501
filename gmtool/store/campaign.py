"""A campaign: one SQLite file (``*.gmcampaign``) holding characters, session state and the log.

Every edit is its own transaction, written through at once (there is no "save"): killing
gmtool at any instant loses at most the edit in flight, and WAL mode keeps the file
consistent.  Opening validates the whole file *before* any read-write connection exists,
so a damaged, foreign or newer file is refused with one clear sentence and left untouched.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import uuid
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from gmtool.rules.message import Message
from gmtool.rules.systems import SYSTEMS
from gmtool.store.errors import CampaignError, StoreError
from gmtool.store.sqlite_build import build_database
from gmtool.store.validation import (
    character_from_document,
    character_label,
    character_to_document,
    check_campaign,
    check_sqlite_file,
    parse_json,
)

FORMAT = "gmtool/campaign"
SCHEMA_VERSION = 1
SUFFIX = ".gmcampaign"

_SCHEMA = """
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE characters(
    id TEXT PRIMARY KEY,
    system TEXT NOT NULL,
    schema_version INTEGER NOT NULL,
    position INTEGER NOT NULL,
    data TEXT NOT NULL,  -- JSON document of the system's schema_version
    updated TEXT NOT NULL  -- ISO 8601 UTC
);
CREATE INDEX characters_by_position ON characters(position);
CREATE TABLE session(key TEXT PRIMARY KEY, value TEXT NOT NULL);  -- value: JSON
CREATE TABLE log(
    id INTEGER PRIMARY KEY AUTOINCREMENT,  -- AUTOINCREMENT: ids never reused, readers can poll after_id
    at TEXT NOT NULL,  -- ISO 8601 UTC
    kind TEXT NOT NULL,
    payload TEXT NOT NULL  -- JSON object
);
-- The log is the record of what happened at the table: nothing may rewrite history.
CREATE TRIGGER log_no_update BEFORE UPDATE ON log BEGIN SELECT RAISE(ABORT, 'log is append-only'); END;
CREATE TRIGGER log_no_delete BEFORE DELETE ON log BEGIN SELECT RAISE(ABORT, 'log is append-only'); END;
"""


@dataclass(frozen=True)
class StoredCharacter:
    id: str
    system: str
    position: int
    character: Any


@dataclass(frozen=True)
class LogEntry:
    id: int
    at: str
    kind: str
    payload: dict[str, Any]


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def _dumps(value: Any) -> str:
    # allow_nan=False: NaN is not JSON, and our own reader refuses it.
    return json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


class Campaign:
    """An open campaign file.  Create with :meth:`create`, open with :meth:`open`."""

    def __init__(self, path: Path, conn: sqlite3.Connection) -> None:
        # Use create()/open(): they validate the file before this connection exists.
        self._path = path
        self._conn: sqlite3.Connection | None = conn
        self._in_transaction = False  # inside transaction(): each write joins it

    # -- opening and closing ------------------------------------------------------------

    @classmethod
    def create(cls, path: str | os.PathLike[str]) -> Campaign:
        """A new, empty campaign at ``path`` (which must not exist)."""
        target = Path(path)
        if target.exists() or target.is_symlink():
            raise CampaignError(Message("同じ名前のファイルが既にあります"), target)

        def fill(conn: sqlite3.Connection) -> None:
            conn.executescript(f"BEGIN;{_SCHEMA}COMMIT;")
            with conn:
                conn.execute("BEGIN")
                conn.executemany(
                    "INSERT INTO meta(key, value) VALUES(?, ?)",
                    [("format", FORMAT), ("schema_version", str(SCHEMA_VERSION)), ("created", _now())],
                )

        build_database(target, fill, "作成できません", CampaignError, overwrite=False)
        return cls.open(target)

    @classmethod
    def open(cls, path: str | os.PathLike[str]) -> Campaign:
        """Open an existing campaign; CampaignError (and nothing written) if it is not usable."""
        target = Path(path)
        check_sqlite_file(target, lambda c: check_campaign(c, FORMAT, SCHEMA_VERSION), CampaignError)
        conn: sqlite3.Connection | None = None
        try:
            # isolation_level=None: transactions are explicit (BEGIN IMMEDIATE in _write).
            conn = sqlite3.connect(target, isolation_level=None, timeout=5.0)
            conn.execute("PRAGMA journal_mode=WAL")
            # NORMAL in WAL mode: a crash of gmtool never loses a commit; a power cut may
            # lose the last ones but never corrupts the file.
            conn.execute("PRAGMA synchronous=NORMAL")
            conn.execute("PRAGMA foreign_keys=ON")
        except sqlite3.Error as exc:
            if conn is not None:
                conn.close()
            raise CampaignError(Message("書き込み用に開けません（{0}）", exc), target) from None
        return cls(target, conn)

    @property
    def path(self) -> Path:
        return self._path

    @property
    def closed(self) -> bool:
        return self._conn is None

    def close(self) -> None:
        """Fold the WAL back into the file and close; safe to call twice."""
        conn, self._conn = self._conn, None
        if conn is None:
            return
        with contextlib.suppress(sqlite3.Error):
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        conn.close()

    def __enter__(self) -> Campaign:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __repr__(self) -> str:
        state = "closed" if self._conn is None else "open"
        return f"<Campaign {str(self._path)!r} {state}>"

    def _connection(self) -> sqlite3.Connection:
        if self._conn is None:
            raise CampaignError(Message("キャンペーンは閉じられています"), self._path)
        return self._conn

    @contextlib.contextmanager
    def transaction(self) -> Iterator[None]:
        """Several writes as one transaction (an undone step and its log marks): every write
        inside joins it; all are committed together, or none when an error escapes."""
        with self._write():
            yield

    @contextlib.contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction: committed on success, rolled back on any error."""
        conn = self._connection()
        if self._in_transaction:  # part of transaction(): it commits or rolls back
            yield conn
            return
        try:
            # IMMEDIATE takes the write lock first, so read-then-write (append position)
            # cannot interleave with another gmtool writing the same file.
            conn.execute("BEGIN IMMEDIATE")
            self._in_transaction = True
            try:
                with conn:
                    yield conn
            finally:
                self._in_transaction = False
        except sqlite3.DatabaseError as exc:
            raise CampaignError(Message("書き込めません（{0}）", exc), self._path) from None

    def _read(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        try:
            return self._connection().execute(sql, params).fetchall()
        except sqlite3.DatabaseError as exc:
            raise CampaignError(Message("読み込めません（{0}）", exc), self._path) from None

    # -- characters ----------------------------------------------------------------------

    @staticmethod
    def new_character_id() -> str:
        return uuid.uuid4().hex

    def _stored(self, row: tuple[Any, ...]) -> StoredCharacter:
        row_id, system, version, position, text = row
        data: Any = None
        try:
            data = parse_json(text) if isinstance(text, str) else None
            character = character_from_document(system, version, data, "data")
        except StoreError as exc:
            raise CampaignError(
                Message("{0}: {1}", character_label(row_id, data), exc.problem), self._path
            ) from None
        return StoredCharacter(row_id, system, position, character)

    def list_characters(self) -> list[StoredCharacter]:
        rows = self._read(
            "SELECT id, system, schema_version, position, data FROM characters ORDER BY position, rowid"
        )
        return [self._stored(row) for row in rows]

    def get_character(self, character_id: str) -> StoredCharacter | None:
        rows = self._read(
            "SELECT id, system, schema_version, position, data FROM characters WHERE id = ?", (character_id,)
        )
        return self._stored(rows[0]) if rows else None

    def put_character(
        self, character_id: str, system: str, character: Any, position: int | None = None
    ) -> StoredCharacter:
        """Insert or replace a character; ``position=None`` keeps its place or appends it."""
        if not isinstance(character_id, str) or not character_id:
            raise ValueError("character_id must be a non-empty string")
        try:
            text = _dumps(character_to_document(system, character))
        except StoreError as exc:
            raise CampaignError(exc.problem, self._path) from None
        with self._write() as conn:
            if position is None:
                row = conn.execute("SELECT position FROM characters WHERE id = ?", (character_id,)).fetchone()
                if row is None:
                    row = conn.execute("SELECT COALESCE(MAX(position), -1) + 1 FROM characters").fetchone()
                position = int(row[0])
            conn.execute(
                "INSERT INTO characters(id, system, schema_version, position, data, updated)"
                " VALUES(?, ?, ?, ?, ?, ?)"
                " ON CONFLICT(id) DO UPDATE SET system = excluded.system,"
                " schema_version = excluded.schema_version, position = excluded.position,"
                " data = excluded.data, updated = excluded.updated",
                (character_id, system, SYSTEMS[system].schema_version, position, text, _now()),
            )
        return StoredCharacter(character_id, system, position, character)

    def delete_character(self, character_id: str) -> bool:
        """Remove a character; False if there was none with that id."""
        with self._write() as conn:
            return conn.execute("DELETE FROM characters WHERE id = ?", (character_id,)).rowcount > 0

    # -- session state -------------------------------------------------------------------

    def get_session(self, key: str, default: Any = None) -> Any:
        rows = self._read("SELECT value FROM session WHERE key = ?", (key,))
        if not rows:
            return default
        try:
            return parse_json(rows[0][0])
        except StoreError as exc:
            raise CampaignError(Message("セッション状態（{0}）: {1}", key, exc.problem), self._path) from None

    def get_session_text(self, key: str) -> str | None:
        """The stored JSON text of a session value, unparsed: a reader that caches the parsed value
        compares this (cheap) to know whether it changed."""
        rows = self._read("SELECT value FROM session WHERE key = ?", (key,))
        return str(rows[0][0]) if rows else None

    def set_session(self, key: str, value: Any) -> None:
        text = _dumps(value)  # TypeError/ValueError for non-JSON values: a programming error
        with self._write() as conn:
            conn.execute(
                "INSERT INTO session(key, value) VALUES(?, ?)"
                " ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                (key, text),
            )

    # -- log -------------------------------------------------------------------------------

    def append_log(self, kind: str, payload: Mapping[str, Any]) -> LogEntry:
        text = _dumps(dict(payload))
        at = _now()
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

    # -- copies ----------------------------------------------------------------------------

    def save_as(self, new_path: str | os.PathLike[str], overwrite: bool = False) -> Campaign:
        """Copy this campaign to ``new_path`` and open the copy (the caller closes this one)."""
        source = self._connection()
        target = Path(new_path)
        if target.exists():
            if os.path.samefile(target, self._path):
                raise CampaignError(Message("開いているキャンペーンと同じファイルです"), target)
            if not overwrite:
                raise CampaignError(Message("同じ名前のファイルが既にあります"), target)
        # backup() copies a consistent snapshot, including what is still in our WAL.
        build_database(target, source.backup, "保存できません", CampaignError, overwrite=True)
        return Campaign.open(target)
