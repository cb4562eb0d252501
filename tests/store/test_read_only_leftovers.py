"""A campaign once opened read-only becomes writable again (issue 39, case 9): the -wal and -shm that
SQLite made with the read-only file's mode do not keep every later edit failing, and where they cannot
be mended the refusal names them, not the file.

File modes do not bind root (CI runs as root), so `os.access` answers here as the owner's mode bits
would for an unprivileged user: the file modes SQLite leaves are real, the permission check follows them."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from gmtool.rules.systems import SYSTEMS
from gmtool.store.campaign import Campaign
from gmtool.store.campaign_file import unwritable
from gmtool.store.validation import sidecar

pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX file modes")


@pytest.fixture(autouse=True)
def modes_bind(monkeypatch: pytest.MonkeyPatch) -> None:
    real = os.access

    def access(path: os.PathLike[str] | str, mode: int, **kwargs: object) -> bool:
        if mode == os.W_OK and Path(path).is_file():
            return bool(os.stat(path).st_mode & stat.S_IWUSR)
        return real(path, mode, **kwargs)

    monkeypatch.setattr(os, "access", access)


def make(path: Path) -> None:
    with Campaign.create(path) as campaign:
        campaign.put_character("a", "aw", SYSTEMS["aw"].new_character("朝霧 透"))


def test_read_only_then_writable_again_saves_edits(tmp_path: Path):
    path = tmp_path / "table.gmcampaign"
    make(path)
    os.chmod(path, 0o444)
    with Campaign.open(path) as campaign:  # read-only: the file is
        assert campaign.read_only is not None
        assert [s.character.name for s in campaign.list_characters()] == ["朝霧 透"]
    leftovers = [p for p in (sidecar(path, "-shm"), sidecar(path, "-wal")) if p.exists()]
    assert leftovers and not any(os.access(p, os.W_OK) for p in leftovers), "SQLite left no read-only -shm"
    os.chmod(path, 0o644)  # the user makes it writable again
    with Campaign.open(path) as campaign:
        assert campaign.read_only is None, campaign.read_only
        # what an unprivileged SQLite needs to write: the leftovers writable again (root's writes
        # would go through a 0444 -shm, so the modes are what is checked)
        assert all(os.access(p, os.W_OK) for p in leftovers)
        campaign.put_character("b", "aw", SYSTEMS["aw"].new_character("ミナ"))
    with Campaign.open(path, read_only="test") as campaign:
        assert sorted(s.character.name for s in campaign.list_characters()) == ["ミナ", "朝霧 透"]


def test_a_leftover_that_cannot_be_mended_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    path = tmp_path / "table.gmcampaign"
    make(path)
    shm = sidecar(path, "-shm")
    shm.write_bytes(b"")
    os.chmod(shm, 0o444)

    def refuse(*_args: object) -> None:
        raise PermissionError("not the owner")

    monkeypatch.setattr(os, "chmod", refuse)  # as for a file another user left
    reason = unwritable(path)
    assert reason is not None and "table.gmcampaign-shm が読み取り専用です" in reason
    assert stat.S_IMODE(shm.stat().st_mode) == 0o444
