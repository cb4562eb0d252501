"""A hostile folder (issue 39, cases 1, 2 and 11): what sits at a campaign's lock path, or a file handed to
the Udonarium reader, cannot make gmtool write outside the campaign's folder, overwrite a user's file,
or hang before any window or message.  Real files, and real processes with a timeout where a hang is
what is being tested."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from gmtool.rules.systems import SYSTEMS
from gmtool.store.campaign import Campaign
from gmtool.store.campaign_lock import lock_file, read_holder
from gmtool.store.errors import CampaignError, StoreError
from gmtool.store.udonarium_read import read_udonarium

ROOT = Path(__file__).resolve().parents[2]
posix_only = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs and symlinks as POSIX makes them")


@pytest.fixture
def campaign_path(tmp_path: Path) -> Path:
    path = tmp_path / "campaign" / "table.gmcampaign"
    path.parent.mkdir()
    with Campaign.create(path) as campaign:
        campaign.put_character("a", "aw", SYSTEMS["aw"].new_character("朝霧 透"))
    return path


def open_in_another_process(path: Path, timeout: float = 20) -> subprocess.CompletedProcess[str]:
    """Opens the campaign as gmtool's start does, in a process of its own: a hang fails the test
    (TimeoutExpired) instead of hanging the suite."""
    script = textwrap.dedent(
        """
        import sys
        from gmtool.store.campaign import Campaign
        from gmtool.store.errors import CampaignError
        try:
            Campaign.open(sys.argv[1]).close()
        except CampaignError as error:
            print("refused:", error)
            sys.exit(3)
        print("opened")
        """
    )
    return subprocess.run(
        [sys.executable, "-c", script, str(path)], cwd=ROOT, capture_output=True, text=True, timeout=timeout
    )


@posix_only
def test_a_lock_symlinked_to_a_users_file_leaves_that_file_alone(campaign_path: Path, tmp_path: Path):
    victim = tmp_path / "thesis.txt"
    victim.write_text("four years of work", encoding="utf-8")
    lock_file(campaign_path).symlink_to(victim)
    with pytest.raises(
        CampaignError, match=r"ロックファイル table\.gmcampaign\.lock が通常のファイルではありません"
    ):
        Campaign.open(campaign_path)
    assert victim.read_text(encoding="utf-8") == "four years of work"
    assert read_holder(campaign_path) is None  # nor is it read through the link


@posix_only
def test_a_dangling_lock_symlink_creates_nothing_outside_the_folder(campaign_path: Path, tmp_path: Path):
    outside = tmp_path / "elsewhere" / "planted"
    outside.parent.mkdir()
    lock_file(campaign_path).symlink_to(outside)
    with pytest.raises(CampaignError, match="通常のファイルではありません"):
        Campaign.open(campaign_path)
    assert not outside.exists()


@posix_only
def test_a_fifo_lock_is_refused_at_once_with_the_reason(campaign_path: Path):
    os.mkfifo(lock_file(campaign_path))
    done = open_in_another_process(campaign_path)
    assert done.returncode == 3, done.stderr
    assert "ロックファイル table.gmcampaign.lock が通常のファイルではありません" in done.stdout


def test_the_lock_is_still_taken_and_let_go_as_before(campaign_path: Path):
    campaign = Campaign.open(campaign_path)
    assert read_holder(campaign_path) is not None and read_holder(campaign_path).this_process
    campaign.close()
    assert not lock_file(campaign_path).exists()


@posix_only
@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_the_udonarium_reader_refuses_what_is_not_a_file_without_hanging(tmp_path: Path, kind: str):
    if kind == "fifo":
        target = tmp_path / "room.zip"
        os.mkfifo(target)
    else:
        target = Path("/dev/zero")  # endless: a reader trusting stat() would run out of memory
        if not target.exists():
            pytest.skip("no /dev/zero here")
    script = textwrap.dedent(
        """
        import sys
        from gmtool.store.errors import StoreError
        from gmtool.store.udonarium_read import read_udonarium
        try:
            read_udonarium(sys.argv[1])
        except StoreError as error:
            print("refused:", error)
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(target)], cwd=ROOT, capture_output=True, text=True, timeout=20
    )
    assert "refused:" in done.stdout and "通常のファイルではありません" in done.stdout, (
        done.stdout + done.stderr
    )


def test_the_udonarium_reader_still_names_a_missing_file(tmp_path: Path):
    with pytest.raises(StoreError, match="見つかりません"):
        read_udonarium(tmp_path / "gone.zip")


def test_a_killed_exports_temp_file_is_removed_by_the_next_export(tmp_path: Path):
    """Issue 39, case 11: an export killed half-way left `.NAME.XXXXXXXX.tmp` (up to 99 MB); the next
    write of that file removes it, and leaves alone a fresh one (a write going on now) and files of
    other names."""
    from gmtool.store.exchange import atomic_write_bytes
    from gmtool.store.files import STALE_AFTER_S

    target = tmp_path / "session.html"
    killed = tmp_path / ".session.html.k1ll3d_x.tmp"
    running = tmp_path / ".session.html.runn1ng_.tmp"
    other = tmp_path / ".other.html.abcdefgh.tmp"
    for leftover in (killed, running, other):
        leftover.write_bytes(b"<html>half")
    old = time.time() - STALE_AFTER_S - 60
    for leftover in (killed, other):
        os.utime(leftover, (old, old))
    atomic_write_bytes(target, b"<html>whole</html>")
    assert target.read_bytes() == b"<html>whole</html>"
    assert not killed.exists() and running.exists() and other.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([target.name, running.name, other.name])


def test_opening_a_campaign_sweeps_killed_exports_from_its_folder(campaign_path: Path):
    from gmtool.store.files import STALE_AFTER_S

    folder = campaign_path.parent
    killed = [folder / ".session.html.abcd1234.tmp", folder / ".ナール.gmchar.json.x_y_z_12.tmp"]
    kept = [folder / ".notes.md.abcd1234.tmp", folder / "session.html.abcd1234.tmp"]  # not gmtool's naming
    old = time.time() - STALE_AFTER_S - 60
    for path in (*killed, *kept):
        path.write_bytes(b"half")
        os.utime(path, (old, old))
    Campaign.open(campaign_path).close()
    assert not any(p.exists() for p in killed) and all(p.exists() for p in kept)
