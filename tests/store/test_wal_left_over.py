"""A WAL left beside a campaign gets the full integrity check, and is the real file's, even through a
symlink.

The case: campaign A is open with commits still in its WAL; a sync tool replaces the file with
campaign B; gmtool is killed.  Replaying A's WAL onto B corrupts B's indexes ("row 1 missing from
index"), which ``PRAGMA quick_check`` does not see: such a file must be refused as damaged.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from gmtool.store.campaign import FORMAT, SCHEMA_VERSION, Campaign
from gmtool.store.errors import CampaignError
from gmtool.store.validation import check_campaign, check_sqlite_file, validation_connection

ROOT = Path(__file__).resolve().parents[2]


def _run(script: str) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(script)], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr


def _campaign(path: Path, prefix: str, make_character) -> None:
    with Campaign.create(path) as campaign:
        for i in range(3):
            campaign.put_character(f"{prefix}{i}", "aw", make_character(f"{prefix}キャラ{i}"))


def _killed_while_replaced(a: Path, b: Path) -> None:
    """A gmtool has ``a`` open and commits edits (they stay in the WAL); ``b`` is moved over ``a``;
    that gmtool dies without closing."""
    _run(
        f"""
        import dataclasses, os
        from gmtool.rules.systems import SYSTEMS
        from gmtool.store.campaign import Campaign

        aw = SYSTEMS["aw"]
        campaign = Campaign.open({str(a)!r})
        for i in range(3):
            campaign.put_character(f"A{{i}}", "aw", dataclasses.replace(aw.new_character(f"改名{{i}}"), hp=5))
        campaign.append_log("roll", {{"total": 9}})
        os.replace({str(b)!r}, {str(a)!r})  # the sync tool
        os._exit(0)  # killed: no close, no checkpoint
        """
    )


def _check(path: Path) -> None:
    check_sqlite_file(path, lambda c: check_campaign(c, FORMAT, SCHEMA_VERSION), CampaignError)


def test_an_old_wal_replayed_onto_a_replaced_file_is_refused_as_damaged(tmp_path, make_character):
    a, b = tmp_path / "卓.gmcampaign", tmp_path / "別の卓.gmcampaign"
    _campaign(a, "A", make_character)
    _campaign(b, "B", make_character)
    _killed_while_replaced(a, b)
    assert Path(f"{a}-wal").stat().st_size > 0

    with validation_connection(a) as conn:  # what quick_check misses, integrity_check finds
        assert conn.execute("PRAGMA quick_check").fetchall() == [("ok",)]
        assert "missing from index" in conn.execute("PRAGMA integrity_check").fetchone()[0]
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir() if not p.name.endswith("-shm")}
    with pytest.raises(CampaignError, match="ファイルが壊れています（SQLite の検査結果: row"):
        _check(a)
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir() if not p.name.endswith("-shm")} == before

    # The same WAL beside a copy of B where no lock tells whose it was: Campaign.open refuses it.
    elsewhere = tmp_path / "copy"
    elsewhere.mkdir()
    copy = elsewhere / "卓.gmcampaign"
    shutil.copyfile(a, copy)
    shutil.copyfile(f"{a}-wal", f"{copy}-wal")  # without the -shm: the private-copy path
    with pytest.raises(CampaignError, match="壊れています"):
        Campaign.open(copy)
    assert Path(f"{copy}-wal").stat().st_size > 0  # refused, not replayed


def test_a_wal_that_belongs_to_its_file_passes_the_full_check(tmp_path, make_character):
    a = tmp_path / "卓.gmcampaign"
    _campaign(a, "A", make_character)
    _run(
        f"""
        import os
        from gmtool.rules.systems import SYSTEMS
        from gmtool.store.campaign import Campaign

        campaign = Campaign.open({str(a)!r})
        campaign.put_character("A9", "aw", SYSTEMS["aw"].new_character("新顔"))
        os._exit(0)
        """
    )
    assert Path(f"{a}-wal").stat().st_size > 0
    _check(a)
    with Campaign.open(a) as campaign:
        assert len(campaign.list_characters()) == 4


@pytest.mark.parametrize("with_shm", [True, False], ids=["shm", "private-copy"])
def test_through_a_symlink_the_real_files_wal_is_checked(tmp_path, make_character, with_shm):
    real = tmp_path / "real"
    links = tmp_path / "links"
    real.mkdir()
    links.mkdir()
    target = real / "卓.gmcampaign"
    _campaign(target, "A", make_character)
    _run(
        f"""
        import os
        from gmtool.store.campaign import Campaign

        campaign = Campaign.open({str(target)!r})
        campaign.set_session("round", 4)
        with campaign.transaction():
            campaign._connection().execute("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
        os._exit(0)
        """
    )
    if not with_shm:
        Path(f"{target}-shm").unlink()
    link = links / "卓.gmcampaign"
    link.symlink_to(target)
    # The edits are only in the real file's WAL: a check of link-wal (absent) would miss them.
    with validation_connection(link) as conn:
        assert conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone() == ("99",)
    with pytest.raises(CampaignError, match="スキーマ v99"):
        _check(link)
    assert sorted(p.name for p in links.iterdir()) == ["卓.gmcampaign"]  # nothing made beside the link
