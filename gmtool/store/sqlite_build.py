"""Making an SQLite file of gmtool's (a campaign, the card cache) so that it appears whole or not at all,
and clearing away what a build killed half-way left beside it."""

from __future__ import annotations

import contextlib
import os
import re
import sqlite3
import stat
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from gmtool.rules.message import Message
from gmtool.store.errors import StoreError
from gmtool.store.exchange import fsync_directory
from gmtool.store.files import STALE_AFTER_S
from gmtool.store.sqlite_errors import os_problem, sqlite_problem
from gmtool.store.validation import SQLITE_HEADER, sidecar

# A build's temp file: mkstemp(prefix=".NAME.", suffix=".tmp") — 8 of mkstemp's characters between —
# and SQLite's files beside it.  Nothing else is ever removed.
_TEMP_NAME = re.compile(r"\.(?P<name>.+)\.[a-z0-9_]{8}\.tmp(?P<sidecar>-wal|-shm|-journal)?")
_SIDECARS = ("-wal", "-shm", "-journal")


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
    except sqlite3.Error as exc:
        raise error(Message("{0}（{1}）", failure, sqlite_problem(exc)), target) from None
    except OSError as exc:
        raise error(Message("{0}（{1}）", failure, os_problem(exc)), target) from None
    finally:
        if tmp is not None:
            remove_database_files(tmp)


def remove_database_files(path: Path) -> None:
    for candidate in (path, *(sidecar(path, s) for s in _SIDECARS)):
        with contextlib.suppress(OSError):
            candidate.unlink()


def remove_stale_temp_files(
    folder: Path, name_suffix: str = "", *, older_than: float = STALE_AFTER_S
) -> list[Path]:
    """Remove what a killed :func:`build_database` left in ``folder``: its ``.NAME.XXXXXXXX.tmp`` and
    that file's ``-journal``/``-wal``/``-shm``, as large as the database it was writing.  Only files
    named exactly so (NAME ending in ``name_suffix``), regular, holding an SQLite database or nothing,
    and — each file of the group — unchanged for ``older_than`` seconds, so a build running right now
    in another gmtool is left alone.  Returns what was removed; a failure removes nothing more and is
    not raised (it is litter, tried again at the next start)."""
    groups: dict[str, list[tuple[Path, os.stat_result]]] = {}
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                match = _TEMP_NAME.fullmatch(entry.name)
                if match is None or not match["name"].endswith(name_suffix):
                    continue
                info = entry.stat(follow_symlinks=False)
                if stat.S_ISREG(info.st_mode):
                    base = entry.name.removesuffix(match["sidecar"] or "")
                    groups.setdefault(base, []).append((Path(entry.path), info))
    except OSError:
        return []
    cutoff = time.time() - older_than
    removed: list[Path] = []
    for base, files in sorted(groups.items()):
        if any(info.st_mtime > cutoff for _path, info in files) or not _ours(Path(folder) / base):
            continue
        # the sidecars first: a database file without its journal is never left half-rolled-back
        for path, _info in sorted(files, key=lambda item: item[0].name == base):
            try:
                path.unlink()
            except FileNotFoundError:
                continue
            except OSError:
                break
            removed.append(path)
    return removed


def _ours(tmp: Path) -> bool:
    """Whether ``tmp`` is gone, empty (killed before SQLite wrote), an SQLite database, or one whose
    first page is still to be written (SQLite writes page 1 at the commit; a kill before leaves zeros)."""
    try:
        with tmp.open("rb") as handle:
            head = handle.read(len(SQLITE_HEADER))
    except FileNotFoundError:
        return True
    except OSError:
        return False
    return head in (b"", SQLITE_HEADER, bytes(len(SQLITE_HEADER)))
