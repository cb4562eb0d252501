"""One writer per campaign: a lock file beside the campaign (``NAME.gmcampaign.lock``).

Two gmtools writing one campaign each keep their own copy of the characters and write whole
documents, so one window's edit silently undoes the other's.  The first gmtool that opens a
campaign for writing takes the lock; any other (another process, or the same one opening it a
second time) is told who holds it — host, process, since when — and may open it read-only.

The lock is an OS lock (``flock`` / ``msvcrt.locking``) on the lock file, held for as long as the
campaign is open: the OS drops it when the process dies, so a lock left by a crashed gmtool on this
computer is recognised as stale and taken over without a question.  The file's text says who holds
it, for the message, and which file (device, inode) the holder had open: a stale lock whose file is
not the one at the path now means the campaign was replaced while gmtool was not looking, and a
``-wal`` left beside it belongs to the old file (see ``Campaign.open``).  An OS lock does not reach
across computers (a synced folder): a lock text from another host is taken as held, and the user
chooses to open read-only or to take it over.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import socket
import stat
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from gmtool.rules.message import Message
from gmtool.store.errors import CampaignError

LOCK_SUFFIX = ".lock"
_MAX_LOCK_TEXT = 4096  # a lock file is a few hundred bytes; a bigger one is not ours to read whole


def lock_file(path: Path) -> Path:
    return path.with_name(path.name + LOCK_SUFFIX)


def _host() -> str:
    return socket.gethostname() or "?"


@dataclass(frozen=True)
class LockHolder:
    """Who holds (or held) a campaign's lock, as its lock file says."""

    host: str
    pid: int
    since: str  # ISO 8601 UTC
    device: int
    inode: int

    @property
    def here(self) -> bool:
        """Held on this computer (so the OS lock speaks for it)."""
        return self.host == _host()

    @property
    def this_process(self) -> bool:
        return self.here and self.pid == os.getpid()

    def describe(self) -> str:
        """「pc のプロセス 123、2026-11-26 19:40 から」 in the UI language."""
        try:  # in this computer's time, as the GM's clock shows it
            since = datetime.fromisoformat(self.since).astimezone().strftime("%Y-%m-%d %H:%M")
        except ValueError:
            since = self.since[:16]
        if self.this_process:
            return Message("このウィンドウ、{0} から", since)
        return Message("{0} のプロセス {1}、{2} から", self.host[:40], self.pid, since)


class CampaignLocked(CampaignError):
    """The campaign is open for writing elsewhere; ``holder`` says where."""

    def __init__(self, path: Path, holder: LockHolder | None) -> None:
        self.holder = holder
        who = holder.describe() if holder is not None else Message("別のプログラム")
        self.reason = Message("ほかの gmtool が編集中です（{0}）", who)  # why it opens read-only
        super().__init__(Message("{0}。読み取り専用でなら開けます", self.reason), path)

    @property
    def other_host(self) -> bool:
        """Held from another computer: the OS lock cannot tell whether it is still alive."""
        return self.holder is not None and not self.holder.here


def _parse(text: bytes) -> LockHolder | None:
    try:
        data: Any = json.loads(text.decode("utf-8"))
        fields = (data["host"], data["pid"], data["since"], data["device"], data["inode"])
    except (ValueError, TypeError, KeyError, UnicodeDecodeError):
        return None
    host, pid, since, device, inode = fields
    if not (isinstance(host, str) and isinstance(since, str)):
        return None
    if not all(isinstance(n, int) and not isinstance(n, bool) for n in (pid, device, inode)):
        return None
    return LockHolder(host, pid, since, device, inode)


# A lock file is opened, never followed: a planted symlink must not make gmtool truncate and write
# the file it points to (or create one outside the folder), and a FIFO or a device must not block
# the open or the read. O_NOFOLLOW and O_NONBLOCK do not exist on Windows, which has no FIFOs and
# whose links are refused by the lstat check below.
_NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)


class LockFileRefused(CampaignError):
    """The lock file's path holds something that is not a plain file: a link, a FIFO, a device."""


def _not_a_plain_file(path: Path, target: Path) -> LockFileRefused:
    return LockFileRefused(
        Message(
            "ロックファイル {0} が通常のファイルではありません（リンク・FIFO・デバイスなど）。"
            "gmtool が作ったものではないので、確かめてから削除してください",
            target.name,
        ),
        path,
    )


def _open_lock_file(path: Path, flags: int) -> int:
    """The lock file's descriptor, only when it is a regular file reached without a link."""
    target = lock_file(path)
    with contextlib.suppress(OSError):
        if stat.S_ISLNK(os.lstat(target).st_mode):  # O_NOFOLLOW's check, also where it is missing
            raise _not_a_plain_file(path, target)
    try:
        fd = os.open(target, flags | _NO_FOLLOW, 0o644)
    except OSError as exc:
        if exc.errno == errno.ELOOP:  # a link planted in between
            raise _not_a_plain_file(path, target) from None
        raise
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise _not_a_plain_file(path, target)
    return fd


def read_holder(path: Path) -> LockHolder | None:
    """What the lock file of ``path`` says, or None (no lock file, or not one of ours)."""
    try:
        fd = _open_lock_file(path, os.O_RDONLY)
    except (OSError, LockFileRefused):
        return None
    try:
        return _parse(os.read(fd, _MAX_LOCK_TEXT))
    except OSError:
        return None
    finally:
        os.close(fd)


# Windows' byte locks are mandatory: nobody else may read a locked byte.  The lock is on one byte
# far past any text the file holds (a lock may lie beyond the end of a file), so another gmtool can
# still read who holds the campaign.
WINDOWS_LOCK_OFFSET = 1 << 30


def _try_os_lock(fd: int) -> bool:
    try:
        import fcntl
    except ImportError:  # Windows
        import msvcrt

        try:
            os.lseek(fd, WINDOWS_LOCK_OFFSET, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]
        except OSError:
            return False
        return True
    try:
        # flock, not lockf: flock locks belong to the open file, so the same process opening
        # the campaign a second time is refused too (lockf locks belong to the process).
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


def _still_at(fd: int, target: Path) -> bool:
    """The locked file is still the one at ``target`` (not unlinked by a holder letting go)."""
    try:
        mine, there = os.fstat(fd), os.stat(target)
    except OSError:
        return False
    return (mine.st_dev, mine.st_ino) == (there.st_dev, there.st_ino)


class CampaignLock:
    """A held lock; :meth:`release` on close."""

    def __init__(self, path: Path, fd: int, stale: LockHolder | None) -> None:
        self.path = path
        self._fd: int | None = fd
        self.stale = stale  # what a crashed holder's lock said (None: there was none)

    @classmethod
    def acquire(cls, path: Path, take_over: bool = False) -> CampaignLock:
        """Take the lock of ``path`` or raise CampaignLocked.  ``take_over``: the user chose to
        take a lock written from another computer."""
        target = lock_file(path)
        for _attempt in range(3):
            try:
                fd = _open_lock_file(path, os.O_RDWR | os.O_CREAT)
            except OSError as exc:
                raise CampaignError(
                    Message("ロックファイルを作れません（{0}）", exc.strerror or exc), path
                ) from None
            try:
                previous = read_holder(path)
                if not _try_os_lock(fd):
                    raise CampaignLocked(path, previous)
                if not _still_at(fd, target):  # its holder removed it meanwhile: take the new one
                    os.close(fd)
                    continue
                if previous is not None and not previous.here and not take_over:
                    raise CampaignLocked(path, previous)  # another computer: the OS lock cannot tell
            except BaseException:
                os.close(fd)
                raise
            return cls(path, fd, previous)
        raise CampaignLocked(path, read_holder(path))

    def record(self, device: int, inode: int) -> None:
        """Write who holds the lock and which file it guards (for a later stale check)."""
        if self._fd is None:
            return
        text = json.dumps(
            {
                "host": _host(),
                "pid": os.getpid(),
                "since": datetime.now(UTC).isoformat(timespec="seconds"),
                "device": device,
                "inode": inode,
            }
        ).encode("utf-8")
        with contextlib.suppress(OSError):  # the text is for messages; the OS lock is what counts
            os.ftruncate(self._fd, 0)
            os.lseek(self._fd, 0, os.SEEK_SET)
            os.write(self._fd, text)

    def release(self) -> None:
        """Remove the lock file and let go; safe to call twice."""
        fd, self._fd = self._fd, None
        if fd is None:
            return
        # Removed while still held, so no other gmtool can take it between the two steps.  Windows
        # removes no file that is open (a sharing violation, PermissionError): there it goes once
        # closed, and a gmtool that has opened it meanwhile keeps it (the removal fails again).
        try:
            os.unlink(lock_file(self.path))
            removed = True
        except PermissionError:
            removed = False
        except OSError:
            removed = True  # gone already, or a folder we cannot write: nothing to retry
        os.close(fd)
        if not removed:
            with contextlib.suppress(OSError):
                os.unlink(lock_file(self.path))
