"""The card cache: lookup by every spelling a player types, the completer's search, the user's own
entries, and refusing a file it cannot trust without touching it.  Invented cards are "Test …"."""

from __future__ import annotations

import json
import re
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from gmtool.rules.systems.mtg.cards import Card
from gmtool.store.campaign import Campaign
from gmtool.store.mtg.database import CardDatabase, CardDatabaseError, default_card_cache_path
from gmtool.store.mtg.importers import import_card_file
from gmtool.store.mtg.names import face_names
from gmtool.store.mtg.sample import sample_cards

CARDS: list[dict[str, Any]] = [
    {
        "name": "Test Fire // Test Ice",
        "name_ja": "テスト火 // テスト氷",
        "mana_value": 4,
        "colors": ["U", "R"],
    },
    {"name": "Test Kaya’s Ghost", "mana_value": 2, "colors": ["W", "B"]},
    {"name": "Test Bolt", "name_ja": "稲妻", "mana_value": 1, "colors": ["R"]},
    {"name": "Test Bolt Storm", "name_ja": "稲妻の嵐", "mana_value": 5, "colors": ["R"]},
    {"name": "Test Chain Bolt", "name_ja": "連鎖稲妻", "mana_value": 2, "colors": ["R"]},
]


def write_sample(path: Path, cards: list[dict[str, Any]]) -> Path:
    entries = [{"card": card, "why": "テスト", "source": "invented"} for card in cards]
    document = {"format": "gmtool/cards", "schema_version": 1, "cards": entries}
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    return path


def open_db(tmp_path: Path, cards: list[dict[str, Any]] = CARDS, name: str = "cards.sqlite") -> CardDatabase:
    return CardDatabase.open(
        tmp_path / "cache" / name, sample_path=write_sample(tmp_path / "sample.json", cards)
    )


def atomic(path: Path, cards: dict[str, dict[str, Any]]) -> Path:
    data = {name: [{"name": name, "manaValue": 0, "colors": [], **facts}] for name, facts in cards.items()}
    path.write_text(json.dumps({"meta": {}, "data": data}), encoding="utf-8")
    return path


def snapshot(directory: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(directory.iterdir())}


def test_a_new_cache_is_made_from_the_sample_even_in_a_missing_folder(tmp_path):
    with open_db(tmp_path, name="deep/er/cards.sqlite") as db:
        assert db.path.is_file() and db.count() == len(CARDS)
        assert db.find("Test Bolt") == Card("Test Bolt", 1, ("R",), name_ja="稲妻")
        assert db.imports() == []


@pytest.mark.parametrize(
    "typed",
    [
        "Test Fire // Test Ice",
        "test fire/test ice",
        "TEST FIRE /// TEST ICE",
        "  Test   Fire//Test Ice ",
        "Ｔｅｓｔ Ｆｉｒｅ／Ｔｅｓｔ Ｉｃｅ",  # full-width, as a Japanese IME types it
        "Test Fire",  # Arena decklists write the front face only
        "Test Ice",
        "テスト火 // テスト氷",
        "テスト火/テスト氷",
        "テスト氷",
        "ﾃｽﾄ火",  # half-width katakana
    ],
)
def test_every_spelling_finds_the_split_card(tmp_path, typed):
    with open_db(tmp_path) as db:
        card = db.find(typed)
    assert card is not None and (card.name, card.mana_value, card.card_colors) == (
        "Test Fire // Test Ice",
        4,
        ("U", "R"),
    )


def test_quotes_and_unknown_names(tmp_path):
    with open_db(tmp_path) as db:
        assert db.find("Test Kaya's Ghost").name == "Test Kaya’s Ghost"  # straight quote typed
        assert db.find("Test Nothing") is None
        assert db.find("  ") is None


def test_a_full_name_beats_a_face_name_and_a_front_face_beats_a_back_face(tmp_path):
    back = {"name": "Test Call // Test Echo", "mana_value": 2}
    front = {"name": "Test Echo // Test Zed", "mana_value": 3}
    whole = {"name": "Test Echo", "mana_value": 1}
    with open_db(tmp_path, [back, front, whole], "a.sqlite") as db:
        assert db.find("Test Echo").mana_value == 1
    with open_db(tmp_path, [back, front], "b.sqlite") as db:
        assert db.find("Test Echo").mana_value == 3
        assert db.find("Test Call").mana_value == 2


def test_search_offers_names_starting_with_the_text_first(tmp_path):
    with open_db(tmp_path) as db:
        assert [c.name for c in db.search("稲妻")] == ["Test Bolt", "Test Bolt Storm", "Test Chain Bolt"]
        assert [c.name for c in db.search("bolt s")] == ["Test Bolt Storm"]
        found = db.search("ｔｅｓｔ")  # every card once, though each matches by several names
        assert sorted(c.name for c in found) == sorted(c["name"] for c in CARDS)
        assert len(db.search("test", limit=2)) == 2
        assert db.search("氷")[0].name == "Test Fire // Test Ice"
        assert db.search("") == [] and db.search("zzz") == []


def test_manual_entries_are_found_replaced_and_removed(tmp_path):
    with open_db(tmp_path) as db:
        db.add_manual(Card("Test Homebrew", 3, ("B",), name_ja="テスト自作"))
        db.add_manual(Card("test homebrew", 4, ("G",), name_ja="テスト自作"))  # same name: replaces
        assert db.find("テスト自作") == Card("test homebrew", 4, ("G",), name_ja="テスト自作")
        assert db.count() == len(CARDS) + 1
        db.add_manual(Card("Test Bolt", 9, ("B",)))  # the user's facts win over the sample's
        assert db.find("Test Bolt").mana_value == 9 and db.find("稲妻") is None
        assert [c.mana_value for c in db.search("test bolt")] == [9, 5]
        assert db.count() == len(CARDS) + 1
        assert [c.name for c in db.manual_cards()] == ["test homebrew", "Test Bolt"]
        assert db.remove_manual("テスト自作") and not db.remove_manual("Test Nothing")
        assert db.remove_manual("TEST BOLT")
        assert db.find("Test Bolt").mana_value == 1 and db.manual_cards() == []


def test_an_impossible_manual_card_is_refused(tmp_path):
    with open_db(tmp_path) as db:
        with pytest.raises(
            CardDatabaseError, match="カード「Test Broken」を保存できません: mana_value: 0 以上"
        ):
            db.add_manual(Card("Test Broken", -1))
        assert db.find("Test Broken") is None and db.manual_cards() == []


def test_manual_entries_survive_an_import_and_win_over_it(tmp_path):
    with open_db(tmp_path) as db:
        db.add_manual(Card("Test Homebrew", 3, ("B",)))
        summary = import_card_file(
            db, atomic(tmp_path / "AtomicCards.json", {"Test Homebrew": {"manaValue": 1}, "Test Other": {}})
        )
        assert summary.cards == 2
        assert db.find("Test Homebrew").mana_value == 3 and db.find("Test Other") is not None
        assert db.find("Test Bolt") is not None  # the shipped cards stay beside the imported ones
        assert db.count() == 2 + len(CARDS)
    with open_db(tmp_path) as db:  # and after a restart
        assert db.find("Test Homebrew").mana_value == 3
        assert db.remove_manual("Test Homebrew")
        assert db.find("Test Homebrew").mana_value == 1
        record = db.imports()[0]
        assert (record.file_name, record.kind, record.cards, record.cards_ja) == (
            "AtomicCards.json",
            "mtgjson",
            2,
            0,
        )
        assert record.date[:2] == "20" and "T" in record.date


def test_the_cache_takes_new_shipped_cards_and_keeps_the_imported_ones(tmp_path):
    open_db(tmp_path).close()
    with open_db(tmp_path, [*CARDS, {"name": "Test New In Sample"}]) as db:
        assert db.find("Test New In Sample") is not None
        db.add_manual(Card("Test Mine"))
        import_card_file(db, atomic(tmp_path / "a.json", {"Test Imported": {}}))
    with open_db(tmp_path, [{"name": "Test Newer Still"}]) as db:  # a gmtool shipping other cards
        assert db.find("Test Newer Still") is not None and db.find("Test Imported") is not None
        assert db.find("Test New In Sample") is None
        db.restore_sample()  # drops the import
        assert db.find("Test Newer Still") is not None and db.find("Test Imported") is None
        assert db.find("Test Mine") is not None


def test_a_broken_sample_makes_no_cache(tmp_path):
    target = tmp_path / "cards.sqlite"
    with pytest.raises(
        CardDatabaseError, match=re.escape("カードデータベースを作れません。「nothing.json」: 同梱の")
    ):
        CardDatabase.open(target, sample_path=tmp_path / "nothing.json")
    assert list(tmp_path.iterdir()) == []


def _valid_cache(tmp_path: Path) -> Path:
    with open_db(tmp_path) as db:
        return db.path


def _sql(path: Path, sql: str) -> None:
    conn = sqlite3.connect(path)
    conn.executescript(sql)
    conn.close()


def _garbage(tmp_path: Path) -> Path:
    path = tmp_path / "cache" / "cards.sqlite"
    path.parent.mkdir()
    path.write_bytes(b"\x00garbage" * 100)
    return path


def _json(tmp_path: Path) -> Path:
    path = tmp_path / "cache" / "cards.sqlite"
    path.parent.mkdir()
    path.write_text('{"format": "gmtool/character"}', encoding="utf-8")
    return path


def _truncated(tmp_path: Path) -> Path:
    path = _valid_cache(tmp_path)
    path.write_bytes(path.read_bytes()[:5000])
    return path


def _campaign(tmp_path: Path) -> Path:
    (tmp_path / "cache").mkdir()
    path = tmp_path / "cache" / "cards.sqlite"
    Campaign.create(path).close()
    return path


def _newer(tmp_path: Path) -> Path:
    path = _valid_cache(tmp_path)
    _sql(path, "UPDATE meta SET value = '2' WHERE key = 'schema_version'")
    return path


def _no_names(tmp_path: Path) -> Path:
    path = _valid_cache(tmp_path)
    _sql(path, "DROP TABLE names")
    return path


DAMAGED = {
    "garbage": (_garbage, "SQLite データベースではありません"),
    "JSON": (_json, "SQLite データベースではありません（中身は JSON テキストです"),
    "truncated": (_truncated, "ファイルが壊れています"),
    "campaign": (_campaign, 'gmtool のカードデータベースではありません（format: "gmtool/campaign"）'),
    "newer": (
        _newer,
        "より新しい gmtool で作られたカードデータベースです（スキーマ v2、このバージョンは v1 まで）",
    ),
    "missing table": (_no_names, "ファイルが壊れています（names 表がありません）"),
}


@pytest.mark.parametrize("case", DAMAGED)
def test_a_damaged_foreign_or_newer_file_is_refused_untouched(tmp_path, case):
    make, message = DAMAGED[case]
    path = make(tmp_path)
    before = snapshot(path.parent)
    with pytest.raises(CardDatabaseError) as caught:
        open_db(tmp_path)
    assert str(caught.value).startswith("「cards.sqlite」: ") and message in str(caught.value)
    assert snapshot(path.parent) == before


def test_a_closed_database_says_so(tmp_path):
    db = open_db(tmp_path)
    db.close()
    with pytest.raises(CardDatabaseError, match="閉じられています"):
        db.find("Test Bolt")


def test_default_cache_path(monkeypatch, tmp_path):
    monkeypatch.setenv("GMTOOL_DATA_DIR", str(tmp_path / "data"))
    assert default_card_cache_path() == tmp_path / "data" / "cards.sqlite"
    monkeypatch.delenv("GMTOOL_DATA_DIR")
    path = default_card_cache_path()
    assert path.name == "cards.sqlite" and "gmtool" in path.parent.name


def test_every_shipped_sample_card_is_found_by_its_names(tmp_path):
    shipped = sample_cards()
    with CardDatabase.open(tmp_path / "cards.sqlite", bundled_path=None) as db:
        assert db.count() >= len(shipped)  # the bundled table's cards beside them
        for card in shipped:
            for name in [card.name, *face_names(card.name)]:
                assert db.find(name).name == card.name, name
            if card.name_ja:
                assert db.find(card.name_ja) == card


def test_the_card_store_never_imports_the_gui():
    script = textwrap.dedent(
        """
        import sys
        import gmtool.store.mtg.database, gmtool.store.mtg.importers, gmtool.store.mtg.sample
        banned = ("PySide6", "pyqtgraph", "gmtool.models", "gmtool.views", "gmtool.app")
        print(sorted(m for m in sys.modules if m.startswith(banned)))
        """
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=True
    )
    assert result.stdout.strip() == "[]"
