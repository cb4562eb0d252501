"""SQLite's and the OS's English error texts as the Japanese cause the user can act on.

``sqlite3`` says "database is locked" or "attempt to write a readonly database"; the window must
say 他のプログラムがこのファイルを使っています or ファイルが読み取り専用です.  ``sqlite_problem`` maps
the failures a GM meets (another program's lock, a full disk, a read-only file, a failing disk, a
damaged file) by SQLite's result code, and anything else to a generic sentence with SQLite's text
shortened.  ``os_problem`` does the same for an ``OSError`` around the database (a rename, an fsync).
The result is a cause, to be put in the caller's sentence: ``Message("書き込めません（{0}）", …)``.
"""

from __future__ import annotations

import errno
import sqlite3

from gmtool.rules.message import Message, clipped, template

_TEXT_LIMIT = 100  # how much of an unmapped SQLite or OS text a message quotes

# SQLite's primary result codes (the low byte of an extended code)
_PERM, _BUSY, _LOCKED, _NOMEM, _READONLY, _INTERRUPT, _IOERR, _CORRUPT = 3, 5, 6, 7, 8, 9, 10, 11
_FULL, _CANTOPEN, _TOOBIG, _AUTH, _NOTADB = 13, 14, 18, 23, 26
_READONLY_DBMOVED = _READONLY | (4 << 8)  # the file was deleted or renamed under the connection

_IO_FAILED = template("ディスクの読み書きに失敗しました（ディスクや接続を確かめてください）")


def _code_from_text(text: str) -> int | None:
    """The result code of an error raised without one (e.g. by an older Python), from its text."""
    lowered = text.lower()
    for words, code in (
        (("database is locked", "database table is locked", "busy"), _BUSY),
        (("disk is full",), _FULL),
        (("readonly database", "read-only"), _READONLY),
        (("disk i/o error",), _IOERR),
        (("file is not a database",), _NOTADB),
        (("malformed",), _CORRUPT),
        (("unable to open database file",), _CANTOPEN),
        (("out of memory",), _NOMEM),
        (("too big",), _TOOBIG),
    ):
        if any(word in lowered for word in words):
            return code
    return None


def sqlite_problem(exc: sqlite3.Error) -> Message:
    """Why an SQLite call failed, in Japanese (a cause without a full stop)."""
    extended = _code(exc)
    if extended is None:
        return _unmapped(str(exc))
    if extended == _READONLY_DBMOVED:
        return Message("ファイルが削除されたか、別の場所に移されました")
    code = extended & 0xFF
    if code in (_BUSY, _LOCKED):
        return Message("他のプログラムがこのファイルを使っています")
    if code == _FULL:
        return Message("ディスクがいっぱいです")
    if code == _READONLY:
        return Message("ファイルが読み取り専用です")
    if code == _IOERR:
        return Message(_IO_FAILED)
    if code == _CORRUPT:
        return Message("ファイルが壊れています")
    if code == _NOTADB:
        return Message("SQLite データベースではないか、壊れています")
    if code == _CANTOPEN:
        return Message("ファイルを開けません（見つからないか、アクセスが許可されていません）")
    if code in (_PERM, _AUTH):
        return Message("アクセスが許可されていません")
    if code == _NOMEM:
        return Message("メモリが足りません")
    if code == _TOOBIG:
        return Message("データが大きすぎます")
    if code == _INTERRUPT:
        return Message("中断されました")
    return _unmapped(str(exc))


def _code(exc: sqlite3.Error) -> int | None:
    extended = getattr(exc, "sqlite_errorcode", None)
    return extended if isinstance(extended, int) else _code_from_text(str(exc))


def is_damage(exc: sqlite3.Error) -> bool:
    """Whether the error says the file itself is damaged or not a database (not a lock, a disk…)."""
    code = _code(exc)
    return code is not None and code & 0xFF in (_CORRUPT, _NOTADB)


def is_busy(exc: sqlite3.Error) -> bool:
    """Whether another connection's lock refused the call (waiting may help)."""
    code = _code(exc)
    return code is not None and code & 0xFF in (_BUSY, _LOCKED)


def _unmapped(text: str) -> Message:
    return Message("データベースの処理に失敗しました（SQLite: {0}）", clipped(text, _TEXT_LIMIT))


def os_problem(exc: OSError) -> Message:
    """Why a file operation failed, in Japanese (a cause without a full stop)."""
    number = exc.errno
    if number in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return Message("ディスクがいっぱいです")
    if number in (errno.EACCES, errno.EPERM):
        return Message("アクセスが許可されていません")
    if number == errno.EROFS:
        return Message("読み取り専用のディスクです")
    if number == errno.ENOENT:
        return Message("ファイルが見つかりません")
    if number == errno.EIO:
        return Message(_IO_FAILED)
    if number == errno.ENAMETOOLONG:
        return Message("ファイル名が長すぎます")
    text = exc.strerror or str(exc) or type(exc).__name__
    return Message("ファイルの処理に失敗しました（{0}）", clipped(text, _TEXT_LIMIT))
