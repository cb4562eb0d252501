"""Importing Scryfall bulk data (oracle_cards / default_cards arrays, all_cards as JSON Lines)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from gmtool.store.mtg.database import CardDatabase
from gmtool.store.mtg.importers import import_card_file
from gmtool.store.mtg.scryfall import parse_type_line
from tests.store.test_card_files import COMPRESSIONS, make_db, write_file


@pytest.fixture
def db(tmp_path: Path) -> Iterator[CardDatabase]:
    with make_db(tmp_path) as database:
        yield database


def test_scryfall_all_cards_json_lines_dedupe_and_japanese_from_any_printing(db, tmp_path):
    def obj(oracle: str, name: str, lang: str = "en", **fields: Any) -> dict[str, Any]:
        return {
            "object": "card",
            "oracle_id": oracle,
            "name": name,
            "lang": lang,
            "layout": "normal",
            "cmc": 2.0,
            "type_line": "Creature — Elf",
            "colors": ["G"],
            "keywords": [],
            **fields,
        }

    objects = [
        obj("o-elf", "Test Elf", lang="ja", printed_name="テストエルフ"),  # Japanese printing first
        obj("o-elf", "Test Elf"),
        obj("o-elf", "Test Elf", lang="de", printed_name="Test Elfe"),
        obj("o-bear", "Test Bear"),
        obj("o-bear", "Test Bear"),  # a reprint
        obj("o-bear", "Test Bear", lang="ja", printed_name="テスト熊"),  # after its English printing
        obj("o-bear", "Test Bear", lang="ja", printed_name="テスト熊（旧訳）"),  # first Japanese name wins
        obj("o-sheep", "Test Sheep"),
        obj("o-token", "Test Token", layout="token"),
    ]
    data = "\n".join(json.dumps(o, ensure_ascii=False) for o in objects).encode("utf-8") + b"\n"
    summary = import_card_file(db, write_file(tmp_path / "all.jsonl.xz", data, "xz"))
    assert (summary.kind, summary.cards, summary.cards_ja, summary.skipped) == ("scryfall", 3, 2, 1)
    assert db.find("テストエルフ").name == "Test Elf"
    assert db.find("テスト熊").name_ja == "テスト熊"
    assert db.find("Test Elfe") is None  # German names are not kept
    assert db.find("Test Sheep").name_ja == ""


SCRYFALL = [
    {
        "object": "card",
        "oracle_id": "o1",
        "name": "Test Blaze // Test Frost",
        "lang": "en",
        "layout": "split",
        "cmc": 5.0,
        "type_line": "Instant // Sorcery",
        "colors": ["U", "R"],
        "keywords": [],
        "card_faces": [
            {"object": "card_face", "name": "Test Blaze", "type_line": "Instant", "mana_cost": "{1}{R}"},
            {"object": "card_face", "name": "Test Frost", "type_line": "Sorcery", "mana_cost": "{2}{U}"},
        ],
    },
    {
        "object": "card",
        "oracle_id": "o2",
        "name": "Test Stalker // Test Lair",
        "lang": "en",
        "layout": "modal_dfc",
        "cmc": 3.0,
        "keywords": ["Deathtouch"],
        "type_line": "Legendary Creature — Elf Rogue // Land — Forest",
        "card_faces": [
            {"name": "Test Stalker", "type_line": "Legendary Creature — Elf Rogue", "colors": ["B"]},
            {"name": "Test Lair", "type_line": "Land — Forest", "colors": []},
        ],
    },
    {
        "object": "card",
        "oracle_id": "o3",
        "name": "Test Void Drone",
        "lang": "en",
        "layout": "normal",
        "cmc": 4.0,
        "type_line": "Creature — Eldrazi Drone",
        "colors": [],
        "keywords": ["Devoid", "Ingest"],
    },
    {
        "object": "card",
        "oracle_id": "o4",
        "name": "Test Snow Grove",
        "lang": "en",
        "layout": "normal",
        "cmc": 0.0,
        "type_line": "Snow Land — Forest Plains",
        "colors": [],
        "keywords": [],
    },
    {
        "object": "card",
        "oracle_id": "o5",
        "name": "Test Doctor",
        "lang": "en",
        "layout": "normal",
        "cmc": 4.0,
        "type_line": "Legendary Creature — Time Lord Doctor",
        "colors": ["W", "U"],
        "keywords": [],
    },
    {
        "object": "card",
        "oracle_id": "o6",
        "name": "Test Mirror // Test Mirror",
        "lang": "en",
        "layout": "reversible_card",
        "card_faces": [
            {"oracle_id": "o6", "name": "Test Mirror", "type_line": "Artifact", "cmc": 1.0, "colors": []},
            {"oracle_id": "o6", "name": "Test Mirror", "type_line": "Artifact", "cmc": 1.0, "colors": []},
        ],
    },
    {
        "object": "card",
        "oracle_id": "o7",
        "name": "Test Art",
        "lang": "en",
        "layout": "art_series",
        "cmc": 0.0,
    },
]


@pytest.mark.parametrize("compression", COMPRESSIONS)
def test_scryfall_array_in_every_compression(db, tmp_path, compression):
    data = json.dumps(SCRYFALL, indent=1).encode("utf-8")
    summary = import_card_file(db, write_file(tmp_path / "oracle-cards.json", data, compression))
    assert (summary.kind, summary.cards, summary.skipped) == ("scryfall", 6, 1)
    split = db.find("Test Frost")
    assert (split.mana_value, split.card_colors, split.types) == (5, ("U", "R"), ("Instant",))
    mdfc = db.find("Test Lair")
    assert (mdfc.name, mdfc.mana_value, mdfc.card_colors) == ("Test Stalker // Test Lair", 3, ("B",))
    assert (mdfc.supertypes, mdfc.types, mdfc.subtypes) == (("Legendary",), ("Creature",), ("Elf", "Rogue"))
    assert db.find("Test Void Drone").colorless
    grove = db.find("Test Snow Grove")
    assert (grove.supertypes, grove.basic_land_types, grove.modifier_colors) == (
        ("Snow",),
        ("Forest", "Plains"),
        ("W", "G"),
    )
    assert db.find("Test Doctor").subtypes == ("Time Lord", "Doctor")
    assert db.find("Test Mirror").mana_value == 1


def test_scryfall_japanese_split_card_from_its_faces(db, tmp_path):
    ja = {
        **SCRYFALL[0],
        "lang": "ja",
        "card_faces": [
            {**SCRYFALL[0]["card_faces"][0], "printed_name": "テスト炎"},
            {**SCRYFALL[0]["card_faces"][1], "printed_name": "テスト霜"},
        ],
    }
    import_card_file(db, write_file(tmp_path / "default.json", json.dumps([SCRYFALL[0], ja]).encode(), "gz"))
    assert db.find("テスト炎 // テスト霜").name == "Test Blaze // Test Frost"
    assert db.find("テスト霜").name_ja == "テスト炎 // テスト霜"


@pytest.mark.parametrize(
    ("type_line", "expected"),
    [
        ("Legendary Snow Creature — Elf Druid", (["Legendary", "Snow"], ["Creature"], ["Elf", "Druid"])),
        ("Basic Land — Forest", (["Basic"], ["Land"], ["Forest"])),
        ("Kindred Instant — Elf", ([], ["Kindred", "Instant"], ["Elf"])),
        ("Artifact", ([], ["Artifact"], [])),
        ("Plane — New Phyrexia", ([], ["Plane"], ["New Phyrexia"])),
        ("Legendary Creature — Time Lord Doctor", (["Legendary"], ["Creature"], ["Time Lord", "Doctor"])),
    ],
)
def test_type_lines(type_line, expected):
    assert parse_type_line(type_line) == expected


def test_an_api_page_and_a_byte_order_mark(db, tmp_path):
    page = {"object": "list", "has_more": False, "data": [SCRYFALL[2], SCRYFALL[3]]}
    path = tmp_path / "search.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(page).encode("utf-8"))  # saved by Windows Notepad
    summary = import_card_file(db, path)
    assert (summary.kind, summary.cards) == ("scryfall", 2)
    assert db.find("Test Void Drone").devoid


def _basic(oracle: str, name: str, lang: str = "en", **fields: Any) -> dict[str, Any]:
    return {
        "object": "card",
        "oracle_id": oracle,
        "name": name,
        "lang": lang,
        "layout": "normal",
        "cmc": 0.0,
        "type_line": f"Basic Land — {name}",
        "colors": [],
        "keywords": [],
        **fields,
    }


def test_an_english_only_file_keeps_the_samples_japanese_names(tmp_path):
    # oracle_cards has no Japanese names: the shipped sample's 「森」 must survive the import.
    objects = [_basic("o-forest", "Forest"), SCRYFALL[2]]
    with CardDatabase.open(tmp_path / "cards.sqlite") as cache:  # seeded with the shipped sample
        assert cache.find("森").name == "Forest"
        summary = import_card_file(
            cache, write_file(tmp_path / "oracle.json", json.dumps(objects).encode(), "gz")
        )
        assert (summary.cards, summary.cards_ja) == (2, 1)  # Forest ends with a Japanese name
        forest = cache.find("森")
        assert (forest.name, forest.name_ja, forest.subtypes) == ("Forest", "森", ("Forest",))
        assert cache.find("Test Void Drone").name_ja == ""
        assert cache.find("山").name == "Mountain"  # not in the file: the shipped card stays
        assert cache.imports()[-1].cards_ja == 1


def test_the_files_own_japanese_name_wins_over_the_samples(tmp_path):
    objects = [_basic("o-forest", "Forest"), _basic("o-forest", "Forest", lang="ja", printed_name="テスト森")]
    with CardDatabase.open(tmp_path / "cards.sqlite") as cache:
        summary = import_card_file(
            cache, write_file(tmp_path / "default.json", json.dumps(objects).encode(), "plain")
        )
        assert (summary.cards, summary.cards_ja) == (1, 1)
        assert cache.find("テスト森").name == "Forest"
        assert cache.find("森") is None
