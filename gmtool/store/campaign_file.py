"""The campaign file on disk, around the open connection: which file it is (device, inode), why it
can only be read, a read-only connection, and a crashed gmtool's WAL that belongs to another file."""

from __future__ import annotations

import contextlib
import os
import sqlite3
import stat
from datetime import UTC, datetime
from pathlib import Path

from gmtool.rules.message import Message
from gmtool.store.campaign_lock import CampaignLock, LockHolder
from gmtool.store.errors import CampaignError
from gmtool.store.sqlite_errors import sqlite_problem
from gmtool.store.validation import sidecar


class CampaignDetached(CampaignError):
    """The file at the campaign's path is no longer the one gmtool opened (deleted, moved away or
    replaced): nothing more is written there; ``Campaign.save_as`` still saves what it holds."""


def file_identity(path: Path) -> tuple[int, int]:
    info = os.stat(path)
    return info.st_dev, info.st_ino


def unwritable(path: Path) -> str | None:
    """Why ``path`` can only be opened read-only, or None.  (WAL mode writes ``-wal``/``-shm``
    beside the file, so its folder must be writable too.)"""
    if not os.access(path, os.W_OK):
        return Message("ファイルが読み取り専用です")
    if not os.access(path.parent, os.W_OK):
        return Message("ファイルのあるフォルダに書き込めません")
    for suffix in ("-wal", "-shm"):
        problem = _sidecar_unwritable(sidecar(path, suffix))
        if problem is not None:
            return problem
    return None


def _sidecar_unwritable(side: Path) -> Message | None:
    """Why the -wal or -shm beside a writable campaign stops every write, or None.

    Opening a read-only file makes SQLite create them with the file's own mode (0444), and nothing
    removes them: once the user makes the file writable again, every edit would fail "read-only"
    while the file itself is writable. They are given back the owner's write permission — the
    mode SQLite would have given them beside a writable file — and named when that is not possible.
    """
    try:
        info = os.lstat(side)
    except OSError:
        return None  # none there: SQLite makes its own
    if not stat.S_ISREG(info.st_mode):
        return Message(
            "ファイルの横の {0} が通常のファイルではありません。確かめてから削除してください", side.name
        )
    if os.access(side, os.W_OK):
        return None
    try:
        os.chmod(side, stat.S_IMODE(info.st_mode) | stat.S_IWUSR)
    except OSError:
        pass
    if os.access(side, os.W_OK):
        return None
    return Message(
        "ファイルの横の {0} が読み取り専用です（読み取り専用で開いたときに残ったものです）。"
        "書き込みを許可してから開き直してください",
        side.name,
    )


def read_only_connection(path: Path) -> sqlite3.Connection:
    """Reading only: ``mode=ro`` sees the WAL; where it cannot (no -shm and no right to make one),
    ``immutable`` reads the file alone."""
    uri = path.as_uri()
    try:
        conn = sqlite3.connect(f"{uri}?mode=ro", uri=True, isolation_level=None)
        conn.execute("SELECT COUNT(*) FROM meta").fetchone()
        return conn
    except sqlite3.Error:
        return sqlite3.connect(f"{uri}?mode=ro&immutable=1", uri=True, isolation_level=None)


def set_aside_foreign_wal(path: Path, stale: LockHolder) -> tuple[str, ...]:
    """A gmtool that crashed left its lock and maybe a -wal.  If the file at the path is not the one
    it had open (a sync tool replaced it meanwhile), that -wal belongs to the old file: replaying it
    onto this one would lose this file's changes or corrupt it.  It is moved aside, not deleted."""
    wal = sidecar(path, "-wal")
    try:
        if not stale.here or wal.stat().st_size == 0 or file_identity(path) == (stale.device, stale.inode):
            return ()
    except OSError:
        return ()
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    aside = wal.with_name(f"{wal.name}.{stamp}.orphan")
    try:
        os.replace(wal, aside)
        sidecar(path, "-shm").unlink(missing_ok=True)
    except OSError as exc:
        raise CampaignError(
            Message("前回の異常終了で残った別のファイルの WAL を退避できません（{0}）", exc), path
        ) from None
    return (
        Message(
            "前回 gmtool が異常終了したあと、このファイルは別のファイルに置き換えられていました。"
            "残っていた古い WAL（書きかけの変更）は適用せず「{0}」に退避しました",
            aside.name,
        ),
    )


def reset_session_value(path: Path, key: str | bytes) -> Path:
    """A campaign refused at open for one unreadable session value (``StoreError.session_key``: a
    hand-edited house-rules value that is not JSON, a BLOB, nested too deep) made openable again: the
    whole file is first copied aside, beside it (``NAME-before-repair-YYYYmmdd-HHMMSS.gmcampaign``,
    a consistent copy through SQLite's backup, its WAL included), then that one value is deleted —
    read again as its default.  Returns the copy's path; CampaignError (and nothing changed) when the
    copy or the change cannot be made, or when another gmtool has the campaign open."""
    stamp = datetime.now(UTC).astimezone().strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.stem}-before-repair-{stamp}{path.suffix}")
    lock = CampaignLock.acquire(path)
    try:
        try:
            with (
                contextlib.closing(read_only_connection(path)) as source,
                contextlib.closing(sqlite3.connect(aside)) as copy,
            ):
                source.backup(copy)
        except (sqlite3.Error, OSError) as exc:
            with contextlib.suppress(OSError):
                aside.unlink()
            why = sqlite_problem(exc) if isinstance(exc, sqlite3.Error) else exc.strerror or str(exc)
            raise CampaignError(Message("修復の前の控えを作れません（{0}）", why), path) from None
        try:
            with contextlib.closing(sqlite3.connect(path, isolation_level=None)) as conn:
                conn.execute("BEGIN IMMEDIATE")
                conn.execute("DELETE FROM session WHERE key = ?", (key,))
                conn.execute("COMMIT")
        except sqlite3.Error as exc:
            raise CampaignError(Message("修復できません（{0}）", sqlite_problem(exc)), path) from None
    finally:
        lock.release()
    return aside
