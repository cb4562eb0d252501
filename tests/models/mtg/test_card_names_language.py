"""Issue 35: a card named in the UI language — the English UI shows a card's English (Oracle) name and
the types as the card prints them, the Japanese UI its Japanese name (where the card data has one) and
the types in Japanese, as before; the deck stores both names and keeps them."""

from __future__ import annotations

import pytest

from gmtool.models.character_model import CharacterModel
from gmtool.models.mtg.deck_model import MTGDeckModel
from gmtool.models.mtg.deck_table_model import COLORS, NAME, TYPES, MTGDeckTableModel
from gmtool.models.mtg.labels import card_name, colors_label, copy_text, shown_card_name, type_line
from gmtool.rules.systems.mtg.cards import Card
from gmtool.rules.systems.mtg.checks import LibraryCard
from gmtool.rules.systems.mtg.deck import deck_from_cards
from gmtool.rules.systems.mtg.outside import with_count
from gmtool.rules.systems.mtg.table import TableRefused
from tests.qt_fixtures import english_ui
from tests.rules.mtg.fixtures import FOREST

BOLT = Card("Lightning Bolt", 1, ("R",), name_ja="稲妻", types=("Instant",))
RURIC = Card(
    "Ruric Thar, the Unbowed",
    6,
    ("R", "G"),
    name_ja="自由なる者ルーリク・サー",
    supertypes=("Legendary",),
    types=("Creature",),
    subtypes=("Ogre", "Warrior"),
)
GUIDE = Card(
    "Ruination Guide", 3, ("U",), name_ja="破滅を導くもの", types=("Creature",), keywords=("Devoid",)
)
UNNAMED = Card("Test Card Without Japanese", 2, ("G",), types=("Creature",))


def table_texts(campaign_model) -> dict[str, tuple[str, str, str]]:
    deck = deck_from_cards("赤緑", [(FOREST, 10), (BOLT, 4), (RURIC, 1), (GUIDE, 2), (UNNAMED, 1)])
    character = CharacterModel(campaign_model, campaign_model.insert_character("mtg", deck, "x"))
    table = MTGDeckTableModel(MTGDeckModel(character))
    rows = {}
    for row in range(table.rowCount()):
        cells = [table.index(row, table.column_of(field)).data() for field in (NAME, TYPES, COLORS)]
        rows[table.entry(row).card.name] = tuple(cells)
    return rows


def test_the_english_sheet_names_each_card_in_english(empty_campaign_model, tmp_path):
    with english_ui(tmp_path):
        rows = table_texts(empty_campaign_model)
    assert rows["Lightning Bolt"] == ("Lightning Bolt", "Instant", "Red")
    assert rows["Forest"] == ("Forest", "Basic Land — Forest", "Colorless")
    assert rows["Ruric Thar, the Unbowed"] == (
        "Ruric Thar, the Unbowed",
        "Legendary Creature — Ogre Warrior",
        "Red/Green",
    )
    assert rows["Ruination Guide"][2] == "Colorless (devoid)"


def test_the_japanese_sheet_is_as_it_was(empty_campaign_model):
    rows = table_texts(empty_campaign_model)
    assert rows["Lightning Bolt"] == ("稲妻", "インスタント", "赤")
    assert rows["Forest"] == ("森", "基本土地 — Forest", "無色")
    assert rows["Ruric Thar, the Unbowed"] == (
        "自由なる者ルーリク・サー",
        "伝説のクリーチャー — Ogre Warrior",
        "赤緑",
    )
    assert rows["Ruination Guide"][2] == "無色（欠色）"
    assert rows["Test Card Without Japanese"][0] == "Test Card Without Japanese"  # no Japanese name known


def test_the_pickers_and_the_log_name_the_card_in_the_ui_language(qapp, tmp_path):
    assert (card_name(BOLT), copy_text(LibraryCard(BOLT))) == ("《稲妻》", "《稲妻》(1)")
    with english_ui(tmp_path):
        assert (card_name(BOLT), copy_text(LibraryCard(BOLT))) == ("«Lightning Bolt»", "«Lightning Bolt» (1)")
        assert shown_card_name(RURIC) == "Ruric Thar, the Unbowed" and colors_label(("R", "G")) == "Red/Green"
        assert type_line(FOREST) == "Basic Land — Forest"
    assert shown_card_name(RURIC) == "自由なる者ルーリク・サー" and type_line(FOREST) == "基本土地 — Forest"


def test_a_refusal_about_a_card_out_of_the_library_names_it_as_the_ui_does():
    deck = deck_from_cards("赤", [(BOLT, 4)])
    with pytest.raises(TableRefused) as japanese:
        with_count((), deck, BOLT.name, False, 5)
    assert "《稲妻》" in str(japanese.value)
    with pytest.raises(TableRefused) as english:
        with_count((), deck, BOLT.name, False, 5, lambda card: card.name)
    assert "《Lightning Bolt》" in str(english.value)  # the catalogue's English brackets it «…»
