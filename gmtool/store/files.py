"""Reading a file a user handed us, with a size limit checked before anything is read.

A 50 MB "character" or "decklist" must be refused without being read into memory; the refusal is
the caller's own error type, so the message names the file the way the caller's other messages do.
"""

from __future__ import annotations

import codecs
from pathlib import Path

from gmtool.rules.message import Message
from gmtool.store.errors import StoreError

_MB = 1024 * 1024


def too_big(size: int, limit: int) -> str:
    return Message("ファイルが大きすぎます（{0:.1f} MB、上限 {1} MB）", size / _MB, limit // _MB)


def read_limited(path: Path, limit: int, error: type[StoreError]) -> bytes:
    """The bytes of ``path`` if it is a regular file of at most ``limit`` bytes; else ``error``."""
    try:
        info = path.stat()
    except FileNotFoundError:
        raise error(Message("ファイルが見つかりません"), path) from None
    except OSError as exc:
        raise error(Message("ファイルを開けません（{0}）", exc.strerror or exc), path) from None
    if not path.is_file():
        raise error(Message("通常のファイルではありません"), path)
    if info.st_size > limit:
        raise error(too_big(info.st_size, limit), path)
    try:
        with path.open("rb") as handle:
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
