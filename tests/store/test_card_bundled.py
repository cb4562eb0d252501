"""The card table shipped with gmtool (resources/cards/cards.json.xz): a fresh cache starts from
it with no import step, finds real cards by English and Japanese names, and a user's import adds
to it and wins over it without losing it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from gmtool.store.mtg import importers  # first, as the other card tests: pydantic before Qt
from gmtool.store.mtg.bundled import bundled_cards, bundled_meta, default_bundled_path
from gmtool.store.mtg.database import CardDatabase

import_card_file = importers.import_card_file

MAX_SHIPPED_BYTES = 5_000_000


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[CardDatabase]:
    with CardDatabase.open(tmp_path_factory.mktemp("bundled") / "cards.sqlite") as db:
        yield db


def test_the_shipped_table_is_small_and_says_where_it_comes_from():
    assert default_bundled_path().stat().st_size <= MAX_SHIPPED_BYTES
    meta = bundled_meta()
    assert "MTGJSON" in meta["source"] and meta["source_date"] == "2022-04-25"
    assert "MIT" in meta["licence"] and "Wizards of the Coast" in meta["licence"]
    assert meta["cards"] > 20_000 and meta["cards_ja"] > 20_000


def test_every_row_is_a_valid_card():
    cards = bundled_cards()
    assert len(cards) == bundled_meta()["cards"]
    assert len({card.name for card in cards}) == len(cards)


@pytest.mark.parametrize(
    ("name", "english", "japanese", "mana_value"),
    [
        ("山", "Mountain", "山", 0),
        ("Mountain", "Mountain", "山", 0),
        ("稲妻", "Lightning Bolt", "稲妻", 1),
        ("lightning bolt", "Lightning Bolt", "稲妻", 1),
        # AtomicCards loses these Japanese names (one printing's foreign data): merged from every printing
        ("Ornithopter", "Ornithopter", "羽ばたき飛行機械", 0),
        ("羽ばたき飛行機械", "Ornithopter", "羽ばたき飛行機械", 0),
        ("Animate Dead", "Animate Dead", "動く死体", 2),
        ("Urza's Tower", "Urza's Tower", "ウルザの塔", 0),
        ("火/氷", "Fire // Ice", "火 // 氷", 4),
        ("Commit", "Commit // Memory", "暗記 // 記憶", 10),
        ("厚かましい借り手", "Brazen Borrower // Petty Theft", "厚かましい借り手 // 些細な盗み", 3),
    ],
)
def test_a_fresh_cache_finds_real_cards(cache, name, english, japanese, mana_value):
    card = cache.find(name)
    assert card is not None, name
    assert (card.name, card.name_ja, card.mana_value) == (english, japanese, mana_value)


def test_a_fresh_cache_holds_the_whole_table_and_the_sample(cache):
    assert cache.count() >= bundled_meta()["cards"]
    assert cache.imports() == []
    assert cache.find("Ruination Guide").devoid  # the sample's hand-checked card


def _atomic(path: Path, cards: dict[str, dict]) -> Path:
    data = {name: [{"name": name, "manaValue": 0, "colors": [], **facts}] for name, facts in cards.items()}
    path.write_text(json.dumps({"meta": {}, "data": data}), encoding="utf-8")
    return path


def test_an_import_overrides_a_shipped_card_and_keeps_the_rest(tmp_path):
    with CardDatabase.open(tmp_path / "cards.sqlite") as db:
        before = db.count()
        newer = {
            "Lightning Bolt": {"manaValue": 1, "colors": ["R"], "types": ["Instant"], "text": "errata"},
            "Test Card From 2030": {"types": ["Creature"]},
        }
        summary = import_card_file(db, _atomic(tmp_path / "AtomicCards.json", newer))
        assert summary.cards == 2 and summary.found == "MTGJSON AtomicCards"
        assert db.count() == before + 1  # Lightning Bolt replaced, the new card added
        bolt = db.find("稲妻")  # the file has no Japanese name: the shipped one is kept
        assert bolt is not None and bolt.name == "Lightning Bolt" and bolt.name_ja == "稲妻"
        assert db.find("Test Card From 2030") is not None
        assert db.find("山").name == "Mountain" and db.find("Ornithopter") is not None
        # A second import replaces the first; the shipped cards stay under both.
        import_card_file(db, _atomic(tmp_path / "other.json", {"Test Other": {}}))
        assert db.find("Test Card From 2030") is None and db.find("Lightning Bolt").name_ja == "稲妻"
        assert db.count() == before + 1


@pytest.mark.parametrize(
    ("name", "cards"),
    [
        ("破滅を導くもの", {"Conduit of Ruin", "Ruination Guide"}),
        ("爆弾部隊", {"Bomb Squad", "Bomber Corps"}),
        ("時間のひずみ", {"Temporal Distortion", "Time Distortion"}),
        ("山", {"Mountain"}),
    ],
)
def test_find_all_gives_every_card_a_name_names(cache, name, cards):
    from gmtool.store.mtg.name_candidates import name_candidates

    assert {card.name for card in name_candidates(name, cache.find_all)} >= cards
    assert cache.find_all("no such card at all") == []


def test_the_data_date_is_the_bundled_data_until_a_later_import(tmp_path):
    with CardDatabase.open(tmp_path / "cards.sqlite") as db:
        assert db.data_date() == "2022-04-25"  # "a card newer than this is not in it"
        import_card_file(db, _atomic(tmp_path / "AtomicCards.json", {"Test Newer": {}}))
        assert db.data_date() > "2022-04-25"  # the import's day
