"""Reading a file a user handed us, with a size limit checked before anything is read.

A 50 MB "character" or "decklist" must be refused without being read into memory; the refusal is
the caller's own error type, so the message names the file the way the caller's other messages do.
"""

from __future__ import annotations

import codecs
import contextlib
import os
import re
import stat
import time
from pathlib import Path

from gmtool.rules.message import Message
from gmtool.store.errors import StoreError

_MB = 1024 * 1024
STALE_AFTER_S = (
    10 * 60
)  # a temp file untouched this long: nothing is still writing it (another gmtool's included)


def too_big(size: int, limit: int) -> str:
    return Message("ファイルが大きすぎます（{0:.1f} MB、上限 {1} MB）", size / _MB, limit // _MB)


# Opened without blocking, then checked on the open descriptor: a FIFO put where a file was expected
# (or swapped in after a check by name) must not hang the open, and a device such as /dev/zero, whose
# size says 0, must not be read until memory runs out. O_NONBLOCK does not exist on Windows (no FIFOs).
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)


def read_limited(path: Path, limit: int, error: type[StoreError]) -> bytes:
    """The bytes of ``path`` if it is a regular file of at most ``limit`` bytes; else ``error``."""
    try:
        fd = os.open(path, _OPEN_FLAGS)
    except FileNotFoundError:
        raise error(Message("ファイルが見つかりません"), path) from None
    except OSError as exc:
        raise error(Message("ファイルを開けません（{0}）", exc.strerror or exc), path) from None
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):  # a folder, a FIFO, a device
        os.close(fd)
        raise error(Message("通常のファイルではありません"), path)
    with os.fdopen(fd, "rb") as handle:
        if info.st_size > limit:
            raise error(too_big(info.st_size, limit), path)
        try:
            raw = handle.read(limit + 1)
        except OSError as exc:
            raise error(Message("ファイルを読めません（{0}）", exc.strerror or exc), path) from None
    if len(raw) > limit:  # the file grew after stat()
        raise error(too_big(len(raw), limit), path)
    return raw


def read_text_limited(path: Path, limit: int, error: type[StoreError]) -> str:
    """The UTF-8 text of ``path`` (a BOM, which Windows editors add, left out), read as
    `read_limited` reads; ``error`` naming the byte that is not UTF-8."""
    raw = read_limited(path, limit, error)
    if raw.startswith(codecs.BOM_UTF8):  # it carries no data
        raw = raw[len(codecs.BOM_UTF8) :]
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise error(Message("UTF-8 のテキストではありません（{0} バイト目）", exc.start), path) from None


# What gmtool writes through `exchange.atomic_file`: logs (.html, .txt), Udonarium ZIPs, character,
# rule-data, catalog and CCFolia files (.json).
EXPORT_SUFFIXES = (".html", ".txt", ".zip", ".json")


def remove_stale_writes(target: Path, *, older_than: float = STALE_AFTER_S) -> list[Path]:
    """Remove what a killed write of ``target`` left beside it: the ``.NAME.XXXXXXXX.tmp`` files that
    `exchange.atomic_file` names after it (an HTML log of 200 000 lines leaves ~100 MB each)."""
    return _remove_stale(
        target.parent, re.compile(rf"\.{re.escape(target.name)}\.[a-z0-9_]{{8}}\.tmp"), older_than
    )


def remove_stale_exports(folder: Path, *, older_than: float = STALE_AFTER_S) -> list[Path]:
    """The same for every export gmtool writes in ``folder`` (called on the campaign's folder when a
    campaign opens, where exports are first offered)."""
    suffixes = "|".join(re.escape(s) for s in EXPORT_SUFFIXES)
    return _remove_stale(folder, re.compile(rf"\..+(?:{suffixes})\.[a-z0-9_]{{8}}\.tmp"), older_than)


def _remove_stale(folder: Path, pattern: re.Pattern[str], older_than: float) -> list[Path]:
    """Only regular files named as ``pattern`` says and untouched for ``older_than`` seconds (a write
    going on now in another gmtool keeps touching its file); a failure is not raised: it is litter,
    tried again later.  One pass over the folder."""
    cutoff = time.time() - older_than
    removed: list[Path] = []
    with contextlib.suppress(OSError), os.scandir(folder) as entries:
        for entry in entries:
            if not pattern.fullmatch(entry.name):
                continue
            info = entry.stat(follow_symlinks=False)
            if stat.S_ISREG(info.st_mode) and info.st_mtime < cutoff:
                with contextlib.suppress(OSError):
                    os.unlink(entry.path)
                    removed.append(Path(entry.path))
    return removed
