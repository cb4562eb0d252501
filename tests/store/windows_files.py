"""Windows' file rules, simulated on any OS for the campaign lock's Windows branch
(gmtool.store.campaign_lock, which reaches files through ``os``): no ``fcntl``, a ``msvcrt`` whose
``locking`` takes byte ranges, and the two rules of Windows files the lock must live with — a locked
byte is unreadable and unwritable through any other handle (mandatory locks), and an open file cannot
be removed (a sharing violation).  A handle's locks go when it is closed, as the OS drops them when a
process dies."""

from __future__ import annotations

import errno
import os
import sys
import types
from dataclasses import dataclass, field
from typing import Any

LK_UNLCK, LK_LOCK, LK_NBLCK, LK_RLCK, LK_NBRLCK = range(5)  # msvcrt's values


@dataclass
class WindowsFiles:
    """The open handles and byte locks of the simulated computer."""

    opened: dict[int, tuple[int, int]] = field(default_factory=dict)  # fd → (device, inode)
    locks: list[tuple[int, tuple[int, int], int, int]] = field(default_factory=list)  # fd, file, start, end
    lock_calls: list[tuple[int, int]] = field(default_factory=list)  # (position, bytes) of each locking

    def _identity(self, fd: int) -> tuple[int, int]:
        info = os.fstat(fd)
        return info.st_dev, info.st_ino

    def _blocked(self, fd: int, start: int, end: int) -> bool:
        file = self._identity(fd)
        return any(
            holder != fd and held == file and a < end and start < b for holder, held, a, b in self.locks
        )

    # msvcrt
    def locking(self, fd: int, mode: int, nbytes: int) -> None:
        position = os.lseek(fd, 0, os.SEEK_CUR)
        self.lock_calls.append((position, nbytes))
        end = position + nbytes
        if mode == LK_UNLCK:
            self.locks = [lock for lock in self.locks if lock[0] != fd or lock[2:] != (position, end)]
            return
        if self._blocked(fd, position, end):
            raise PermissionError(errno.EACCES, "Permission denied")
        self.locks.append((fd, self._identity(fd), position, end))

    def msvcrt(self) -> types.ModuleType:
        module = types.ModuleType("msvcrt")
        for name in ("LK_UNLCK", "LK_LOCK", "LK_NBLCK", "LK_RLCK", "LK_NBRLCK"):
            setattr(module, name, globals()[name])
        module.locking = self.locking  # type: ignore[attr-defined]
        return module

    # os, as the lock module sees it on Windows
    def os(self) -> types.ModuleType:
        files = self

        class WindowsOs(types.ModuleType):
            def __getattr__(self, name: str) -> Any:
                return getattr(os, name)

            @staticmethod
            def open(path: Any, flags: int, mode: int = 0o777) -> int:
                fd = os.open(path, flags, mode)
                files.opened[fd] = files._identity(fd)
                return fd

            @staticmethod
            def close(fd: int) -> None:
                files.opened.pop(fd, None)
                files.locks = [lock for lock in files.locks if lock[0] != fd]
                os.close(fd)

            @staticmethod
            def read(fd: int, n: int) -> bytes:
                position = os.lseek(fd, 0, os.SEEK_CUR)
                if files._blocked(fd, position, position + n):
                    raise PermissionError(errno.EACCES, "locked by another handle")
                return os.read(fd, n)

            @staticmethod
            def write(fd: int, data: bytes) -> int:
                position = os.lseek(fd, 0, os.SEEK_CUR)
                if files._blocked(fd, position, position + len(data)):
                    raise PermissionError(errno.EACCES, "locked by another handle")
                return os.write(fd, data)

            @staticmethod
            def unlink(path: Any) -> None:
                info = os.stat(path)
                if (info.st_dev, info.st_ino) in files.opened.values():
                    raise PermissionError(13, "The process cannot access the file (sharing violation)")
                os.unlink(path)

        return WindowsOs("os")


def simulate_windows(monkeypatch: Any, module: types.ModuleType) -> WindowsFiles:
    """``module`` (the campaign lock) on Windows from now until the test ends."""
    files = WindowsFiles()
    monkeypatch.setitem(sys.modules, "fcntl", None)  # `import fcntl` raises ImportError
    monkeypatch.setitem(sys.modules, "msvcrt", files.msvcrt())
    monkeypatch.setattr(module, "os", files.os())
    monkeypatch.setattr(module, "_NO_FOLLOW", 0)  # Windows has neither O_NOFOLLOW nor O_NONBLOCK
    return files
