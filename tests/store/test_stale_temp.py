"""A save-as killed half-way leaves a hidden ``.NAME.XXXXXXXX.tmp`` and its ``-journal``, as large as
the campaign; the next start removes them — only them, and not while another gmtool is still writing."""

from __future__ import annotations

import dataclasses
import os
import re
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from gmtool.store.campaign import Campaign
from gmtool.store.mtg.database import CardDatabase
from gmtool.store.sqlite_build import remove_stale_temp_files

ROOT = Path(__file__).resolve().parents[2]
HOUR = 3600


def _age(*paths: Path) -> None:
    old = time.time() - HOUR
    for path in paths:
        os.utime(path, (old, old))


def _paused_save_as(source: Path, target: Path) -> subprocess.Popen[str]:
    """A gmtool doing ``save_as(target)``, stopped three quarters through copying (then it says so)."""
    script = f"""
        import time
        import gmtool.store.campaign as campaign_module
        from gmtool.store.sqlite_build import build_database

        def paused(target, fill, *args, **kwargs):
            source = fill.__self__  # the campaign's connection; fill is its backup()
            def step(status, remaining, total):
                if remaining < total // 4:
                    print("copying", flush=True)
                    time.sleep(3600)
            copy = lambda conn: source.backup(conn, pages=64, progress=step)
            return build_database(target, copy, *args, **kwargs)

        campaign_module.build_database = paused
        campaign = campaign_module.Campaign.open({str(source)!r})
        campaign.save_as({str(target)!r})
    """
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(script)], env=env, stdout=subprocess.PIPE, text=True
    )


def test_a_killed_save_as_leaves_litter_that_the_next_start_removes(tmp_path, make_character):
    source = tmp_path / "大きな卓.gmcampaign"
    with Campaign.create(source) as campaign, campaign.transaction():
        for i in range(100):
            character = dataclasses.replace(make_character(f"キャラ{i}"), notes=f"{i}メモ" * 10_000)
            campaign.put_character(f"c{i}", "aw", character)
    folder = tmp_path / "保存先"
    folder.mkdir()
    user_files = {
        "copy.gmcampaign.bak": b"the user's own",
        ".notes.gmcampaign.abcdefgh.tmp": b"not a database: another program's",  # our pattern, not ours
        ".photo.jpg.abcdefgh.tmp": b"",  # another suffix
        ".copy.gmcampaign.tmp": b"",  # not mkstemp's name
    }
    for name, content in user_files.items():
        (folder / name).write_bytes(content)
    _age(*(folder / name for name in user_files))

    process = _paused_save_as(source, folder / "copy.gmcampaign")
    try:
        assert process.stdout is not None and process.stdout.readline().strip() == "copying"
        temp_name = re.compile(r"\.copy\.gmcampaign\.\w{8}\.tmp.*")
        litter = sorted(p for p in folder.iterdir() if temp_name.fullmatch(p.name))
        assert [p.name.split(".tmp")[-1] for p in litter] == ["", "-journal"]
        assert litter[0].stat().st_size > 1_000_000
        # Another gmtool is saving right now: its files are left alone.
        assert remove_stale_temp_files(folder, ".gmcampaign") == []
        assert all(p.exists() for p in litter)
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=60)
    assert process.returncode == -signal.SIGKILL
    assert all(p.exists() for p in litter)  # the kill left them

    assert remove_stale_temp_files(folder, ".gmcampaign") == []  # still fresh: could be a slow save
    _age(*litter)
    assert sorted(remove_stale_temp_files(folder, ".gmcampaign")) == litter
    assert sorted(p.name for p in folder.iterdir()) == sorted([*user_files, "copy.gmcampaign.lock"])
    assert remove_stale_temp_files(folder, ".gmcampaign") == []

    # The save-as the kill interrupted works now, and the source was never touched.
    with Campaign.open(source) as campaign, campaign.save_as(folder / "copy.gmcampaign") as copy:
        assert len(copy.list_characters()) == 100


def test_a_killed_card_cache_build_is_cleared_when_the_cache_opens(tmp_path):
    tmp = tmp_path / ".cards.sqlite.k2j4x_9q.tmp"
    journal = tmp_path / ".cards.sqlite.k2j4x_9q.tmp-journal"
    tmp.write_bytes(b"SQLite format 3\x00" + bytes(4080))
    journal.write_bytes(bytes(512))
    _age(tmp, journal)
    CardDatabase.open(tmp_path / "cards.sqlite").close()
    assert sorted(p.name for p in tmp_path.iterdir() if ".tmp" in p.name) == []


def test_only_regular_files_whose_whole_group_is_old_are_removed(tmp_path):
    target = tmp_path / "elsewhere.db"
    target.write_bytes(b"SQLite format 3\x00")
    link = tmp_path / ".a.gmcampaign.abcdefgh.tmp"
    link.symlink_to(target)
    tmp = tmp_path / ".b.gmcampaign.abcdefgh.tmp"
    wal = tmp_path / ".b.gmcampaign.abcdefgh.tmp-wal"
    tmp.write_bytes(b"")
    wal.write_bytes(b"x")
    _age(tmp)  # the -wal was written just now: the build may still be running
    assert remove_stale_temp_files(tmp_path) == []
    _age(wal)
    assert sorted(remove_stale_temp_files(tmp_path)) == [tmp, wal]
    assert link.is_symlink() and target.exists()
    assert remove_stale_temp_files(tmp_path / "missing") == []
