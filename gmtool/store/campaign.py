"""A campaign: one SQLite file (``*.gmcampaign``) holding characters, session state and the log.

Every edit is its own transaction, written through at once (there is no "save"): killing
gmtool at any instant loses at most the edit in flight, and WAL mode keeps the file
consistent.  Opening validates the whole file *before* any read-write connection exists,
so a damaged, foreign or newer file is refused with one clear sentence and left untouched.

Here: opening, closing, transactions, session state and save-as.  The characters' rows are
campaign_characters', the log's campaign_log' (mixins of `Campaign`); their `StoredCharacter`
and `LogEntry` are re-exported here, where the models have always imported them.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from gmtool.rules.message import Message, template
from gmtool.store.campaign_characters import (
    CampaignCharactersMixin,
    StoredCharacter as StoredCharacter,  # re-exported
)
from gmtool.store.campaign_file import (
    CampaignDetached,
    file_identity,
    read_only_connection,
    set_aside_foreign_wal,
    unwritable,
)
from gmtool.store.campaign_lock import CampaignLock
from gmtool.store.campaign_log import (
    CampaignLogMixin,
    LogEntry as LogEntry,  # re-exported
    json_text,
    utc_now,
)
from gmtool.store.errors import CampaignError, StoreError
from gmtool.store.files import remove_stale_exports
from gmtool.store.sqlite_build import build_database, remove_stale_temp_files
from gmtool.store.sqlite_errors import is_busy, sqlite_problem
from gmtool.store.validation import (
    check_campaign,
    check_problem,
    check_sqlite_file,
    parse_json,
)

LOCK_WAIT_MS = 3000  # a write waits this long for another program's SQLite lock, then is refused

FORMAT = "gmtool/campaign"
SCHEMA_VERSION = 1
SUFFIX = ".gmcampaign"

SCHEMA = _SCHEMA = """
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


class Campaign(CampaignCharactersMixin, CampaignLogMixin):
    """An open campaign file.  Create with :meth:`create`, open with :meth:`open`."""

    def __init__(
        self,
        path: Path,
        conn: sqlite3.Connection,
        lock: CampaignLock | None = None,
        read_only: str | None = None,
        notices: tuple[str, ...] = (),
    ) -> None:
        # Use create()/open(): they validate the file before this connection exists.
        self._path = path
        self._conn: sqlite3.Connection | None = conn
        self._lock = lock
        self._identity = file_identity(path)
        self._in_transaction = False  # between begin() and commit()/rollback(): each write joins
        self._rollbacks = 0  # part of `revision`: a rollback undoes writes SQLite counted as changes
        self.read_only: str | None = read_only  # why nothing may be written (None: writable)
        self.detached: str | None = None  # why the file on disk is no longer this campaign
        self.notices = notices  # what opening did that the user should hear of (a WAL set aside)
        # Opening checks every table but the log, whose check would make it as slow as the log is
        # long: the window checks it in the background (`log_checked`), and until it has, the first
        # write checks it here, so a campaign with a damaged table is never written to.
        self._log_unchecked = read_only is None

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
                    [("format", FORMAT), ("schema_version", str(SCHEMA_VERSION)), ("created", utc_now())],
                )

        remove_stale_temp_files(target.parent, SUFFIX)  # a save-as killed half-way left them
        build_database(target, fill, template("作成できません"), CampaignError, overwrite=False)
        return cls.open(target)

    @classmethod
    def open(
        cls,
        path: str | os.PathLike[str],
        *,
        read_only: str | None = None,
        take_over: bool = False,
    ) -> Campaign:
        """Open an existing campaign; CampaignError (and nothing written) if it is not usable.

        ``read_only``: open for reading only, for the reason given (shown in the window).  A file
        or folder that cannot be written opens read-only by itself.  Open for writing elsewhere:
        ``CampaignLocked`` (``take_over``: the user chose to take a lock from another computer)."""
        target = Path(path)
        with contextlib.suppress(OSError, RuntimeError):
            # Through a symlink: the real file, whose -wal and lock are beside it, not the link.
            target = target.resolve()
        if not target.is_file():  # the checks say why (missing, a folder…) before a lock is made
            check_sqlite_file(target, lambda c: None, CampaignError)
        if read_only is None:
            read_only = unwritable(target)
        if read_only is None:
            remove_stale_temp_files(target.parent, SUFFIX)  # a save-as killed half-way left them
            remove_stale_exports(target.parent)  # and a killed export (the folder exports start in)
        lock = None if read_only is not None else CampaignLock.acquire(target, take_over)
        try:
            return cls._open_checked(target, lock, read_only)
        except BaseException:
            if lock is not None:
                lock.release()
            raise

    @classmethod
    def _open_checked(cls, target: Path, lock: CampaignLock | None, read_only: str | None) -> Campaign:
        notices: tuple[str, ...] = ()
        if lock is not None and lock.stale is not None:
            notices = set_aside_foreign_wal(target, lock.stale)
        check_sqlite_file(target, lambda c: check_campaign(c, FORMAT, SCHEMA_VERSION), CampaignError)
        conn: sqlite3.Connection | None = None
        try:
            if read_only is not None:
                conn = read_only_connection(target)
            else:
                # isolation_level=None: transactions are explicit (BEGIN IMMEDIATE in begin()).
                conn = sqlite3.connect(target, isolation_level=None, timeout=LOCK_WAIT_MS / 1000)
                conn.execute("PRAGMA journal_mode=WAL")
                # NORMAL in WAL mode: a crash of gmtool never loses a commit; a power cut may
                # lose the last ones but never corrupts the file.
                conn.execute("PRAGMA synchronous=NORMAL")
                conn.execute("PRAGMA foreign_keys=ON")
            campaign = cls(target, conn, lock, read_only, notices)
        except (sqlite3.Error, OSError) as exc:
            if conn is not None:
                conn.close()
            raise CampaignError(Message("書き込み用に開けません（{0}）", exc), target) from None
        if lock is not None:
            lock.record(*campaign._identity)
        return campaign

    @property
    def path(self) -> Path:
        return self._path

    @property
    def closed(self) -> bool:
        return self._conn is None

    def close(self) -> None:
        """Commit what is pending, fold the WAL back into the file and close; safe to call twice.
        A pending write that fails to commit is rolled back and raised, after closing."""
        failure: CampaignError | None = None
        if self._in_transaction:
            try:
                self.commit()
            except CampaignError as exc:
                failure = exc
        conn, self._conn = self._conn, None
        if conn is not None:
            if self.read_only is None and self.detached is None:
                with contextlib.suppress(sqlite3.Error):
                    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            conn.close()
        if self._lock is not None:
            self._lock.release()
            self._lock = None
        if failure is not None:
            raise failure

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

    # -- transactions ----------------------------------------------------------------------

    @property
    def in_transaction(self) -> bool:
        return self._in_transaction

    def log_checked(self, problem: str | None) -> None:
        """The log's deferred check ended (in the window's background): None, it passed; else what is
        wrong, and nothing is written any more (the campaign reads as read-only, saying why)."""
        self._log_unchecked = False
        if problem is not None and self.read_only is None:
            self.read_only = problem

    def check_writable(self) -> None:
        """CampaignError unless a write may be tried now: open for writing, the file at the path
        still the one opened (else CampaignDetached, and nothing is written anywhere), and its log
        checked (the check opening left for later, made now if the background has not yet)."""
        conn = self._connection()
        if self._log_unchecked and self.read_only is None:
            try:
                problem = check_problem(conn, 'PRAGMA quick_check("log")')
            except sqlite3.DatabaseError as exc:
                problem = Message("ファイルが壊れています（{0}）", sqlite_problem(exc))
            self.log_checked(problem)
        if self.read_only is not None:
            raise CampaignError(Message("読み取り専用で開いています（{0}）", self.read_only), self._path)
        if self.detached is None:
            try:
                if file_identity(self._path) != self._identity:
                    self.detached = Message("ファイルが別のファイルに置き換えられました")
            except FileNotFoundError:
                self.detached = Message("ファイルが削除されたか、別の場所に移されました")
            except OSError as exc:
                raise CampaignError(Message("ファイルを確かめられません（{0}）", exc), self._path) from None
            if self.detached is not None and not self._in_transaction:
                # Our -wal and -shm still lie beside the path, where a reader of the file now there
                # would take them for its own: fold them into the file we hold (gone from the
                # folder, still open here for save_as) and leave the WAL empty.
                with contextlib.suppress(sqlite3.Error):
                    self._connection().execute("PRAGMA wal_checkpoint(TRUNCATE)")
        if self.detached is not None:
            raise CampaignDetached(
                Message("{0}。これ以上は書き込みません。名前を付けて保存すれば残せます", self.detached),
                self._path,
            )

    def begin(self, on_wait: Callable[[], None] | None = None) -> None:
        """Start a write transaction: every write until :meth:`commit` (or :meth:`rollback`) lands
        with it, or none does.  ``on_wait`` is called once if another program holds the file's
        lock; the wait is bounded (LOCK_WAIT_MS), then CampaignError."""
        if self._in_transaction:
            return
        self.check_writable()
        conn = self._connection()
        try:
            # IMMEDIATE takes the write lock first, so read-then-write (append position)
            # cannot interleave with another program writing the same file.
            try:
                conn.execute("PRAGMA busy_timeout=0")
                conn.execute("BEGIN IMMEDIATE")
            except sqlite3.OperationalError as exc:
                if not is_busy(exc):
                    raise
                if on_wait is not None:
                    on_wait()
                conn.execute(f"PRAGMA busy_timeout={LOCK_WAIT_MS}")
                conn.execute("BEGIN IMMEDIATE")
        except sqlite3.DatabaseError as exc:
            raise CampaignError(Message("書き込めません（{0}）", sqlite_problem(exc)), self._path) from None
        self._in_transaction = True

    def commit(self) -> None:
        """Commit the open transaction; on failure it is rolled back and CampaignError raised."""
        if not self._in_transaction:
            return
        try:
            self._connection().execute("COMMIT")
        except sqlite3.DatabaseError as exc:
            self.rollback()
            raise CampaignError(Message("書き込めません（{0}）", sqlite_problem(exc)), self._path) from None
        self._in_transaction = False

    def rollback(self) -> None:
        """Drop every write since :meth:`begin`; safe to call when none is open."""
        self._in_transaction = False
        self._rollbacks += 1
        if self._conn is not None:
            with contextlib.suppress(sqlite3.Error):
                self._conn.execute("ROLLBACK")

    @contextlib.contextmanager
    def transaction(self) -> Iterator[None]:
        """Several writes as one transaction (an undone step and its log marks): every write
        inside joins it; all are committed together, or none when an error escapes.  Inside an
        open transaction (``begin``), it joins that one."""
        with self._write():
            yield

    @contextlib.contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction: committed on success, rolled back on any error.  Inside an
        open transaction the writes join it, and its owner commits or rolls back."""
        conn = self._connection()
        if self._in_transaction:  # begin() checked the file: no second look per write of a step
            try:
                yield conn
            except sqlite3.DatabaseError as exc:
                problem = sqlite_problem(exc)
                raise CampaignError(Message("書き込めません（{0}）", problem), self._path) from None
            return
        self.begin()
        try:
            yield conn
        except sqlite3.DatabaseError as exc:
            self.rollback()
            raise CampaignError(Message("書き込めません（{0}）", sqlite_problem(exc)), self._path) from None
        except BaseException:
            self.rollback()
            raise
        self.commit()

    def _read(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        try:
            return self._connection().execute(sql, params).fetchall()
        except sqlite3.DatabaseError as exc:
            raise CampaignError(Message("読み込めません（{0}）", sqlite_problem(exc)), self._path) from None

    def revision(self) -> tuple[int, int, int]:
        """A value that changes whenever what this campaign reads may have changed: its own writes
        (the rows SQLite counts as changed on this connection), a rollback (which takes writes back
        without counting), and another program's or window's commit (``PRAGMA data_version``).  A
        reader caching what it parsed compares this (one pragma) instead of the stored text."""
        conn = self._connection()
        try:
            others = int(conn.execute("PRAGMA data_version").fetchone()[0])
        except sqlite3.DatabaseError as exc:
            raise CampaignError(Message("読み込めません（{0}）", sqlite_problem(exc)), self._path) from None
        return conn.total_changes, self._rollbacks, others

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
        text = json_text(value)  # TypeError/ValueError for non-JSON values: a programming error
        with self._write() as conn:
            conn.execute(
                "INSERT INTO session(key, value) VALUES(?, ?)"
                " ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                (key, text),
            )

    # -- copies ----------------------------------------------------------------------------

    def save_as(self, new_path: str | os.PathLike[str], overwrite: bool = False) -> Campaign:
        """Copy this campaign to ``new_path`` and open the copy (the caller closes this one)."""
        source = self._connection()
        target = Path(new_path)
        with contextlib.suppress(OSError, RuntimeError):
            target = target.resolve()
        if target.exists():
            if self.detached is None and os.path.samefile(target, self._path):
                raise CampaignError(Message("開いているキャンペーンと同じファイルです"), target)
            if not overwrite:
                raise CampaignError(Message("同じ名前のファイルが既にあります"), target)
        # The copy's lock first: a campaign open in another window is refused, not overwritten
        # (overwriting removes its -wal, i.e. that window's latest edits).
        lock = CampaignLock.acquire(target)
        try:
            # backup() copies a consistent snapshot, including what is still in our WAL.
            build_database(target, source.backup, template("保存できません"), CampaignError, overwrite=True)
            return Campaign._open_checked(target, lock, None)
        except BaseException:
            lock.release()
            raise
