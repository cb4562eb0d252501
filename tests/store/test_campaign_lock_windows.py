"""The campaign lock on Windows (issue 38), simulated here (tests/store/windows_files.py): msvcrt's
byte lock instead of flock, with Windows' rules — a locked byte cannot be read through another handle,
an open file cannot be removed.  A second gmtool is refused and told who holds the campaign; a closed
campaign leaves no lock file; a killed holder's lock is stale."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmtool.store import campaign_lock
from gmtool.store.campaign_lock import (
    _MAX_LOCK_TEXT,
    WINDOWS_LOCK_OFFSET,
    CampaignLock,
    CampaignLocked,
    lock_file,
)
from tests.store.windows_files import simulate_windows


@pytest.fixture
def windows(monkeypatch):
    return simulate_windows(monkeypatch, campaign_lock)


@pytest.fixture
def path(tmp_path: Path) -> Path:
    target = tmp_path / "卓.gmcampaign"
    target.write_bytes(b"")
    return target


def test_the_windows_branch_locks_with_msvcrt_past_the_text(windows, path):
    lock = CampaignLock.acquire(path)
    lock.record(1, 2)
    assert windows.lock_calls == [(WINDOWS_LOCK_OFFSET, 1)]
    assert WINDOWS_LOCK_OFFSET >= _MAX_LOCK_TEXT  # no text of the lock file reaches the locked byte
    lock.release()


def test_a_second_opener_is_refused_and_told_who_holds_it(windows, path):
    lock = CampaignLock.acquire(path)
    lock.record(7, 8)
    with pytest.raises(CampaignLocked) as refused:
        CampaignLock.acquire(path)
    holder = refused.value.holder
    assert holder is not None and holder.this_process and (holder.device, holder.inode) == (7, 8)
    lock.release()


def test_a_closed_campaign_leaves_no_lock_file_and_opens_again(windows, path):
    lock = CampaignLock.acquire(path)
    lock.record(1, 2)
    lock.release()
    assert not lock_file(path).exists()  # Windows refused the removal while it was open: done after
    again = CampaignLock.acquire(path)
    assert again.stale is None  # a clean close is not taken for a crash
    again.release()


def test_a_lock_file_another_gmtool_has_open_is_left_to_it(windows, path):
    lock = CampaignLock.acquire(path)
    other = campaign_lock.os.open(lock_file(path), campaign_lock.os.O_RDONLY)  # a gmtool reading it
    lock.release()
    assert lock_file(path).exists()
    campaign_lock.os.close(other)


def test_a_killed_holders_lock_is_stale_and_taken_over(windows, path):
    lock = CampaignLock.acquire(path)
    lock.record(3, 4)
    fd = lock._fd
    assert fd is not None
    campaign_lock.os.close(fd)  # the process died: Windows drops its locks, the file stays
    taken = CampaignLock.acquire(path)
    assert taken.stale is not None and (taken.stale.device, taken.stale.inode) == (3, 4)
    taken.release()
