"""One writer per campaign, with real processes: a second writer is told who holds the campaign and
since when, may open it read-only, and a lock left by a killed gmtool is recognised as stale.  A
sync tool replacing the file while gmtool runs, then gmtool killed: the old WAL is not replayed onto
the new file."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
from contextlib import closing
from pathlib import Path

import pytest

from gmtool.rules.systems import SYSTEMS
from gmtool.store.campaign import Campaign
from gmtool.store.campaign_lock import CampaignLocked, LockHolder, lock_file, read_holder
from gmtool.store.errors import CampaignError

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="POSIX processes and SIGKILL")

# A second process: opens the campaign, writes, says "ready", then waits (to be killed or told to go).
HOLDER = textwrap.dedent(
    """
    import sys
    from gmtool.rules.systems import SYSTEMS
    from gmtool.store.campaign import Campaign
    campaign = Campaign.open(sys.argv[1])
    campaign.put_character("held", "aw", SYSTEMS["aw"].new_character(sys.argv[2]))
    print("ready", flush=True)
    sys.stdin.readline()
    campaign.close()
    """
)


def hold(path: Path, name: str = "別の窓") -> subprocess.Popen[str]:
    process = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(path), name],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None and process.stdout.readline().strip() == "ready"
    return process


def kill(process: subprocess.Popen[str]) -> None:
    process.send_signal(signal.SIGKILL)
    process.communicate(timeout=30)


@pytest.fixture
def path(tmp_path: Path) -> Path:
    target = tmp_path / "卓.gmcampaign"
    Campaign.create(target).close()
    return target


def test_a_second_process_is_told_who_holds_it_and_can_read_it(path):
    holder = hold(path)
    try:
        with pytest.raises(CampaignLocked) as refused:
            Campaign.open(path)
        info = refused.value.holder
        assert info is not None and info.pid == holder.pid and info.here
        assert str(holder.pid) in str(refused.value) and "読み取り専用" in str(refused.value)
        with Campaign.open(path, read_only=refused.value.reason) as reader:
            assert [s.character.name for s in reader.list_characters()] == ["別の窓"]
            with pytest.raises(CampaignError, match="読み取り専用"):
                reader.put_character("x", "aw", SYSTEMS["aw"].new_character("書けない"))
    finally:
        assert holder.stdin is not None
        holder.stdin.write("\n")
        holder.communicate(timeout=30)
    assert not lock_file(path).exists()  # a clean close removes its lock
    Campaign.open(path).close()


def test_the_same_process_opening_it_twice_is_refused_too(path):
    with Campaign.open(path):
        with pytest.raises(CampaignLocked) as refused:
            Campaign.open(path)
        assert refused.value.holder is not None and refused.value.holder.this_process


def test_a_killed_holders_lock_is_stale_and_its_edits_are_kept(path):
    holder = hold(path, "落ちた窓")
    kill(holder)
    assert lock_file(path).exists() and read_holder(path).pid == holder.pid
    with Campaign.open(path) as campaign:  # no question: the OS lock died with the process
        assert [s.character.name for s in campaign.list_characters()] == ["落ちた窓"]
        assert campaign.notices == ()
        assert read_holder(path).pid == os.getpid()


def test_a_lock_from_another_computer_is_taken_only_when_the_user_says_so(path):
    stat = path.stat()
    lock_file(path).write_text(
        '{"host": "ほかのPC", "pid": 1, "since": "2026-11-26T10:00:00+00:00",'
        f' "device": {stat.st_dev}, "inode": {stat.st_ino}}}'
    )
    with pytest.raises(CampaignLocked) as refused:
        Campaign.open(path)
    assert refused.value.other_host and "ほかのPC" in str(refused.value)
    with Campaign.open(path, take_over=True):
        assert read_holder(path).here


def test_a_wal_left_by_a_killed_gmtool_is_not_replayed_onto_a_file_that_replaced_it(path, tmp_path):
    holder = hold(path, "古いファイルの人")  # its commit is in the WAL, not yet in the file
    wal = path.with_name(path.name + "-wal")
    assert wal.stat().st_size > 0
    other = tmp_path / "other.gmcampaign"
    with Campaign.create(other) as campaign:  # the synced copy from another computer
        for i in range(5):
            campaign.put_character(f"remote{i}", "aw", SYSTEMS["aw"].new_character(f"リモート{i}"))
    os.replace(other, path)  # a sync tool replaces the file while gmtool runs
    kill(holder)
    with Campaign.open(path) as campaign:
        names = [s.character.name for s in campaign.list_characters()]
        assert names == [f"リモート{i}" for i in range(5)]  # the new file as it came, nothing lost
        assert campaign.notices and "退避" in campaign.notices[0]
    kept = list(tmp_path.glob("*.orphan"))
    assert len(kept) == 1 and kept[0].stat().st_size > 0  # set aside, never deleted
    with closing(sqlite3.connect(path)) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]


def test_save_as_onto_a_campaign_open_elsewhere_is_refused_and_keeps_its_wal(path, tmp_path):
    holder = hold(path)
    wal = path.with_name(path.name + "-wal")
    size = wal.stat().st_size
    try:
        with Campaign.create(tmp_path / "mine.gmcampaign") as mine:
            with pytest.raises(CampaignLocked):
                mine.save_as(path, overwrite=True)
        assert wal.stat().st_size == size
    finally:
        kill(holder)
    with Campaign.open(path) as campaign:
        assert [s.character.name for s in campaign.list_characters()] == ["別の窓"]


def test_a_symlinked_campaign_locks_and_checks_the_real_file(path, tmp_path):
    link = tmp_path / "link.gmcampaign"
    link.symlink_to(path)
    with Campaign.open(link) as campaign:
        assert campaign.path == path.resolve()
        with pytest.raises(CampaignLocked):
            Campaign.open(path)


def test_lock_holder_text_says_where_and_since_when():
    holder = LockHolder("卓のPC", 4242, "2026-11-26T19:40:12+00:00", 1, 2)
    assert str(holder.describe()).startswith("卓のPC のプロセス 4242、2026-11-26 ")
