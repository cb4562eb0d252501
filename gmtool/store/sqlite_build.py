"""Making an SQLite file of gmtool's (a campaign, the card cache) so that it appears whole or not at all."""

from __future__ import annotations

import contextlib
import os
import sqlite3
import tempfile
from collections.abc import Callable
from pathlib import Path

from gmtool.rules.message import Message
from gmtool.store.errors import StoreError
from gmtool.store.exchange import fsync_directory
from gmtool.store.validation import sidecar


def build_database(
    target: Path,
    fill: Callable[[sqlite3.Connection], object],
    failure: str,
    error: type[StoreError],
    *,
    overwrite: bool,
) -> None:
    """Builds an SQLite file under a temp name beside ``target``, then moves it into place,
    so a crash never leaves a half-made file under the real name.  Any fault raises ``error``."""
    if not target.parent.is_dir():
        raise error(Message("保存先のフォルダがありません"), target)
    tmp: Path | None = None
    try:
        fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
        os.close(fd)
        tmp = Path(tmp_name)
        conn = sqlite3.connect(tmp, isolation_level=None)
        try:
            fill(conn)
            conn.execute("PRAGMA journal_mode=WAL")
        finally:
            conn.close()
        with open(tmp, "rb+") as handle:
            os.fsync(handle.fileno())
        with contextlib.suppress(OSError):
            os.chmod(tmp, 0o644)  # mkstemp's 0600 would surprise a user copying the file
        if overwrite:
            # A stale WAL of the file being overwritten would be replayed onto the new one.
            for suffix in ("-wal", "-shm"):
                sidecar(target, suffix).unlink(missing_ok=True)
        elif target.exists():  # appeared meanwhile: never clobber a user's file
            raise error(Message("同じ名前のファイルが既にあります"), target)
        os.replace(tmp, target)
        tmp = None
        fsync_directory(target.parent)
    except (OSError, sqlite3.Error) as exc:
        raise error(Message("{0}（{1}）", failure, exc), target) from None
    finally:
        if tmp is not None:
            remove_database_files(tmp)


def remove_database_files(path: Path) -> None:
    for candidate in (path, *(sidecar(path, s) for s in ("-wal", "-shm", "-journal"))):
        with contextlib.suppress(OSError):
            candidate.unlink()
