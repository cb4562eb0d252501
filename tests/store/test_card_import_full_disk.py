"""A full disk during a card import (issue 39, case 12), on a real small file system: said as a full
disk in the UI's words — never as a read error, never in SQLite's English — and the cache is left as
it was.  The file system is a 2 MB tmpfs mounted for the test (root only: skipped where it cannot be
mounted)."""

from __future__ import annotations

import sqlite3
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest

from gmtool.store.mtg.database import CardDatabase
from gmtool.store.mtg.importers import CardImportError, import_card_file
from tests.store.test_card_files import atomic_file, face, make_db


@pytest.fixture
def small_disk() -> Iterator[Path]:
    folder = Path(tempfile.mkdtemp(prefix="gmtool-full-"))
    try:
        mounted = subprocess.run(
            ["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(folder)], capture_output=True, timeout=30
        )
    except (OSError, subprocess.TimeoutExpired):
        mounted = None
    if mounted is None or mounted.returncode != 0:
        folder.rmdir()
        pytest.skip("a small file system cannot be mounted here (needs root and mount)")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], capture_output=True, timeout=30)
        folder.rmdir()


@pytest.fixture
def big_card_file(tmp_path: Path) -> Path:
    cards = {
        f"Test Many {i}": [face(f"Test Many {i}", types=["Creature"], text="x" * 300)] for i in range(8000)
    }
    path = tmp_path / "AtomicCards.json"  # on the roomy disk: only the cache is on the small one
    path.write_bytes(atomic_file(cards))
    return path


def fill(disk: Path) -> None:
    with (disk / "filler").open("wb") as handle:
        try:
            while True:
                handle.write(b"\0" * 65536)
                handle.flush()
        except OSError:
            pass


def cached(cache: Path) -> tuple[list[tuple[str, str]], list[tuple[str]]]:
    """The cache's cards and imports, as a second reader sees them."""
    with closing(sqlite3.connect(f"{cache.as_uri()}?mode=ro", uri=True)) as conn:
        cards = conn.execute("SELECT key, data FROM cards ORDER BY id").fetchall()
        imports = conn.execute("SELECT file FROM imports ORDER BY id").fetchall()
    return cards, imports


@pytest.mark.parametrize("when", ["fills midway", "already full"])
def test_a_full_disk_is_said_as_such_and_the_cache_is_unchanged(small_disk, big_card_file, when):
    cache = small_disk / "cache" / "cards.sqlite"
    make_db(small_disk).close()
    before = cached(cache)
    db = CardDatabase.open(cache, sample_path=small_disk / "sample.json")
    try:
        if when == "already full":
            fill(small_disk)
        with pytest.raises(CardImportError) as refused:
            import_card_file(db, big_card_file)
    finally:
        db.close()
    message = str(refused.value)
    assert "ディスクがいっぱいです" in message and "カードのキャッシュは変わっていません" in message
    assert "disk is full" not in message and "読めません" not in message
    assert cached(cache) == before
