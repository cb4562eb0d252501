"""Every card file the importer takes is recognised by its content and named in what it says:
MTGJSON AtomicCards, AllPrintings and per-set files, Scryfall bulk files; other MTGJSON files are
refused naming what they are.  A split card's mana value comes from its halves' costs where the
file's card-level value disagrees."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gmtool.store.mtg.importers import CardImportError, import_card_file
from gmtool.store.mtg.mana_cost import cost_value, split_mana_value
from tests.store.test_card_files import make_db


def printing(name: str, ja: str = "", **facts: object) -> dict:
    foreign = [{"language": "Japanese", "name": ja}] if ja else []
    return {
        "name": name,
        "manaValue": 1,
        "colors": ["R"],
        "types": ["Instant"],
        "foreignData": foreign,
        "uuid": f"u-{name}-{ja}",
        **facts,
    }


def set_object(code: str, date: str, cards: list[dict]) -> dict:
    return {"baseSetSize": len(cards), "cards": cards, "code": code, "name": code, "releaseDate": date}


def write(path: Path, document: object) -> Path:
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    return path


def test_a_per_set_file_is_read_as_one(tmp_path):
    document = {
        "meta": {"date": "2022-04-25"},
        "data": set_object(
            "TST",
            "2019-07-12",
            [printing("Test Bolt", "テスト稲妻"), printing("Test Bolt"), printing("Test Shock")],
        ),
    }
    with make_db(tmp_path) as db:
        summary = import_card_file(db, write(tmp_path / "M20.json", document))
        assert (summary.found, summary.kind, summary.cards, summary.cards_ja) == (
            "MTGJSON のセットごとのファイル",
            "mtgjson",
            2,
            1,
        )
        assert db.find("テスト稲妻").name == "Test Bolt"


def test_all_printings_merges_japanese_names_across_printings(tmp_path):
    document = {
        "meta": {},
        "data": {
            "OLD": set_object("OLD", "1995-01-01", [printing("Test Thopter", "テスト飛行機械")]),
            "NEW": set_object("NEW", "2021-01-01", [printing("Test Thopter", manaValue=0)]),
        },
    }
    with make_db(tmp_path) as db:
        summary = import_card_file(db, write(tmp_path / "AllPrintings.json", document))
        assert (summary.found, summary.cards, summary.cards_ja) == ("MTGJSON AllPrintings", 1, 1)
        card = db.find("テスト飛行機械")
        assert card.name == "Test Thopter" and card.mana_value == 0  # the newest printing's facts


def test_scryfall_is_named(tmp_path):
    obj = {
        "object": "card",
        "name": "Test Bear",
        "oracle_id": "o1",
        "cmc": 2.0,
        "colors": ["G"],
        "type_line": "Creature — Bear",
        "layout": "normal",
        "lang": "en",
    }
    with make_db(tmp_path) as db:
        assert import_card_file(db, write(tmp_path / "oracle.json", [obj])).found == "Scryfall の一括データ"


@pytest.mark.parametrize(
    ("document", "words"),
    [
        ({"meta": {}, "data": [{"code": "M20"}]}, "SetList"),
        (
            {"meta": {}, "data": {"0000-uuid": {"artist": "x", "name": "Test"}}},
            "「0000-uuid」の下に「artist」",
        ),
    ],
)
def test_other_mtgjson_files_are_named(tmp_path, document, words):
    with make_db(tmp_path) as db, pytest.raises(CardImportError) as caught:
        import_card_file(db, write(tmp_path / "x.json", document))
    assert words in str(caught.value)


def test_a_per_set_file_no_longer_reads_as_atomic_cards(tmp_path):
    # Before: 「カード「baseSetSize」: 面の一覧: 配列…」
    document = {"meta": {}, "data": set_object("M20", "2019-07-12", [])}
    with make_db(tmp_path) as db, pytest.raises(CardImportError) as caught:
        import_card_file(db, write(tmp_path / "M20.json", document))
    assert "MTGJSON のセットごとのファイルですが、カードが 1 枚も見つかりません" in str(caught.value)


@pytest.mark.parametrize(
    ("cost", "value"),
    [
        ("{2}{R}", 3),
        ("{X}{U}{U}", 2),
        ("{2/W}{2/W}", 4),
        ("{W/U}{B/P}", 2),
        ("{HR}", 0.5),
        ("", 0),
        ("2R", None),
    ],
)
def test_cost_values(cost, value):
    assert cost_value(cost) == value


def test_a_split_card_takes_its_halves_costs_where_the_card_level_value_is_wrong(tmp_path):
    assert split_mana_value(2, ["{1}{R}", "{3}{U}"]) == 6
    assert split_mana_value(6, ["{1}{R}", "{3}{U}"]) == 6
    assert split_mana_value(2, ["{1}{R}", None]) == 2  # a cost that cannot be read: the card's value
    halves = [
        {
            "name": "Test Up // Test Down",
            "faceName": "Test Up",
            "side": "a",
            "layout": "split",
            "manaValue": 2,
            "manaCost": "{1}{R}",
            "colors": ["R"],
            "types": ["Instant"],
        },
        {
            "name": "Test Up // Test Down",
            "faceName": "Test Down",
            "side": "b",
            "layout": "split",
            "manaValue": 2,
            "manaCost": "{3}{U}",
            "colors": ["U"],
            "types": ["Instant"],
        },
    ]
    with make_db(tmp_path) as db:
        import_card_file(
            db, write(tmp_path / "a.json", {"meta": {}, "data": {"Test Up // Test Down": halves}})
        )
        assert db.find("Test Down").mana_value == 6
