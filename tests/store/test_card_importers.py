"""Importing MTGJSON AtomicCards into the card cache (fictional "Test" cards).

What a user notices: the facts the MTG check reads (mana value, colors, types, devoid, land types,
Japanese names) come out right for every kind of card and every compression, progress is reported,
a cancel changes nothing, and the old cards stay readable while an import runs.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from gmtool.store.mtg import importers
from gmtool.store.mtg.database import CardDatabase
from gmtool.store.mtg.importers import ImportCancelled, import_card_file
from tests.store.test_card_files import COMPRESSIONS, atomic_file, face, japanese, make_db, write_file


@pytest.fixture
def db(tmp_path: Path) -> Iterator[CardDatabase]:
    with make_db(tmp_path) as database:
        yield database


@pytest.mark.parametrize("compression", COMPRESSIONS)
def test_atomic_cards_in_every_compression(db, tmp_path, compression):
    path = write_file(tmp_path / "download.bin", atomic_file(), compression, member="AtomicCards.json")
    summary = import_card_file(db, path)
    assert (summary.kind, summary.cards, summary.cards_ja, summary.skipped) == ("mtgjson", 7, 2, 1)
    assert db.count() == 8
    assert db.find("Test Sample Bear") is not None  # the shipped cards stay beside the import
    assert db.find("Test Spirit Token") is None
    assert [(r.file_name, r.kind, r.cards) for r in db.imports()] == [("download.bin", "mtgjson", 7)]


def test_split_card_has_the_sum_and_the_union_of_its_halves(db, tmp_path):
    import_card_file(db, write_file(tmp_path / "a.json", atomic_file(), "plain"))
    card = db.find("Test Blaze // Test Frost")
    assert (card.mana_value, card.card_colors, card.types, card.layout) == (
        5,
        ("U", "R"),
        ("Instant",),
        "split",
    )
    assert card.name_ja == "テスト炎 // テスト霜"
    assert db.find("Test Frost") == card == db.find("テスト霜") == db.find("test blaze/test frost")


def test_modal_double_faced_card_is_its_front_face(db, tmp_path):
    import_card_file(db, write_file(tmp_path / "a.json", atomic_file(), "plain"))
    card = db.find("Test Stalker")
    assert card.name == "Test Stalker // Test Lair"
    assert (card.mana_value, card.card_colors, card.supertypes, card.types) == (
        3,
        ("B",),
        ("Legendary",),
        ("Creature",),
    )
    assert (card.subtypes, card.keywords, card.is_land) == (("Elf", "Rogue"), ("Deathtouch",), False)
    # Only per-face Japanese names are given: they are joined like the English name.
    assert card.name_ja == "テスト追跡者 // テスト巣窟"
    assert db.find("テスト追跡者") == card == db.find("テスト巣窟")


def test_devoid_lands_and_odd_mana_values(db, tmp_path):
    import_card_file(db, write_file(tmp_path / "a.json", atomic_file(), "plain"))
    drone = db.find("Test Void Drone")
    assert drone.devoid and drone.colorless and drone.card_colors == ()
    grove = db.find("Test Twin Grove")
    assert grove.basic_land_types == ("Forest", "Plains") and grove.modifier_colors == ("W", "G")
    snow = db.find("Test Snow Forest")
    assert (snow.supertypes, snow.types, snow.modifier_colors, snow.colorless) == (
        ("Basic", "Snow"),
        ("Land",),
        ("G",),
        True,
    )
    assert db.find("Test Half Kid").mana_value == 0  # an Un-card's 0.5, rounded down
    assert db.find("Test Old Giant").mana_value == 7  # files before 5.2 say convertedManaCost


def test_japanese_name_given_whole_on_the_front_face(db, tmp_path):
    cards = {
        "Test Up // Test Down": [
            face(
                "Test Up // Test Down",
                side="a",
                layout="split",
                manaValue=2.0,
                colors=["W"],
                foreignData=japanese("テスト上／テスト下"),
            ),
            face("Test Up // Test Down", side="b", layout="split", manaValue=2.0, colors=["B"]),
        ],
        "Test Lonely": [face("Test Lonely", foreignData=[{"language": "Japanese", "name": "テスト孤独"}])],
    }
    summary = import_card_file(db, write_file(tmp_path / "a.json", atomic_file(cards), "plain"))
    assert summary.cards_ja == 2
    assert db.find("テスト上 // テスト下").name == "Test Up // Test Down"
    assert db.find("テスト下").card_colors == ("W", "B")
    assert db.find("ﾃｽﾄ孤独").name == "Test Lonely"  # half-width katakana typed


def test_progress_reaches_the_file_size_and_cancel_stops(db, tmp_path, monkeypatch):
    monkeypatch.setattr(importers, "TICK_SECONDS", 0.0)
    monkeypatch.setattr(importers, "CANCEL_SECONDS", 0.0)
    path = write_file(tmp_path / "a.json", atomic_file(), "plain")
    calls: list[tuple[int, int]] = []
    import_card_file(db, path, progress=lambda done, total: calls.append((done, total)))
    size = path.stat().st_size
    assert calls[-1] == (size, size) and len(calls) >= 3
    assert [done for done, _ in calls] == sorted(done for done, _ in calls)
    polls = iter([False, False, True])  # cancelled on the third card of five
    new_cards = {f"Test New {i}": [face(f"Test New {i}")] for i in range(5)}
    with pytest.raises(ImportCancelled, match="中止しました。カードのキャッシュは変わっていません"):
        import_card_file(
            db, write_file(tmp_path / "b.json", atomic_file(new_cards), "gz"), cancelled=lambda: next(polls)
        )
    assert db.find("Test Blaze") is not None and db.find("Test New 0") is None
    with pytest.raises(ImportCancelled):  # a cancel before the first card
        import_card_file(db, path, cancelled=lambda: True)
    assert len(db.imports()) == 1


def test_old_cards_stay_readable_while_an_import_runs(db, tmp_path, monkeypatch):
    monkeypatch.setattr(importers, "TICK_SECONDS", 0.0)
    seen: list[tuple[bool, bool]] = []

    def peek() -> bool:  # called from inside the import, as the UI would read meanwhile
        with CardDatabase.open(db.path, sample_path=tmp_path / "sample.json") as reader:
            seen.append((reader.find("Test Sample Bear") is not None, reader.find("Test Blaze") is not None))
        return False

    import_card_file(db, write_file(tmp_path / "a.json", atomic_file(), "plain"), cancelled=peek)
    assert seen and all(old and not new for old, new in seen)
    assert db.find("Test Blaze") is not None
