"""Deck edits, the クリティカル・カード limit (with the GM override recorded) and the deck statistics."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gmtool.rules.systems import get_system
from gmtool.rules.systems.mtg.cards import Card
from gmtool.rules.systems.mtg.deck import (
    MAIN,
    SIDEBOARD,
    DeckRefused,
    add_card,
    deck_from_cards,
    move_card,
    replace_cards,
    set_count,
    set_critical,
    set_critical_limit,
)
from gmtool.rules.systems.mtg.deck_stats import deck_statistics
from tests.rules.mtg.fixtures import BEAR, DUAL, ELDRAZI, FOREST, GOLD, MYSTIC, WURM


def sixty():
    return deck_from_cards("緑単", [(FOREST, 24), (BEAR, 20), (MYSTIC, 12), (WURM, 4)], [(GOLD, 2)])


def test_a_decklist_read_into_a_deck_keeps_the_rest_and_what_criticals_it_can():
    deck = set_critical(set_critical(sixty(), WURM.name, 2), BEAR.name, 1)
    deck = set_critical_limit(deck, 4)
    deck = replace(deck, creature_type="エルフ", notes="メモ")
    new = replace_cards(deck, [(FOREST, 20), (WURM, 1), (MYSTIC, 4)], [(BEAR, 3)])
    assert [(e.card.name, e.count, e.critical) for e in new.library] == [
        (FOREST.name, 20, 0),
        (WURM.name, 1, 1),  # two were marked; one copy is left
        (MYSTIC.name, 4, 0),
    ]
    assert [(e.card.name, e.count) for e in new.sideboard] == [(BEAR.name, 3)]  # its mark is gone
    assert (new.name, new.creature_type, new.notes, new.critical_limit) == ("緑単", "エルフ", "メモ", 4)


def test_a_deck_from_decklist_lines_merges_the_same_card():
    deck = deck_from_cards("重複", [(BEAR, 2), (BEAR, 3)])
    assert [(e.card.name, e.count) for e in deck.library] == [(BEAR.name, 5)]


def test_a_card_of_the_same_name_with_other_facts_is_refused():
    other = Card(BEAR.name, 5, ("R",))
    with pytest.raises(DeckRefused, match="別の内容"):
        add_card(sixty(), other)


def test_counts_and_moving_to_the_sideboard():
    deck = set_count(sixty(), BEAR.name, 18)
    assert deck.size == 58
    deck = move_card(deck, WURM.name, 2, SIDEBOARD)
    assert deck.entry(WURM.name).count == 2 and deck.size == 56
    assert next(e for e in deck.sideboard if e.card.name == WURM.name).count == 2
    assert set_count(deck, WURM.name, 0, SIDEBOARD).sideboard[-1].card.name == GOLD.name
    with pytest.raises(DeckRefused, match="デッキにありません"):
        set_count(deck, "Nothing", 1, MAIN)


def test_a_sixty_card_deck_names_three_critical_cards():
    deck = set_critical(set_critical(sixty(), WURM.name, 2), BEAR.name, 1)
    assert deck.critical_marked == 3
    with pytest.raises(DeckRefused, match="3枚までです（60枚デッキの既定）。4枚になります"):
        set_critical(deck, MYSTIC.name, 1)
    overridden = set_critical(deck, MYSTIC.name, 1, override=True)
    assert overridden.critical_marked == 4
    assert "GMオーバーライド" in overridden.overrides[-1] and MYSTIC.name in overridden.overrides[-1]
    assert set_critical(deck, WURM.name, 0).critical_marked == 1  # lowering is always allowed


def test_default_limits_for_forty_and_hundred_cards_and_none_for_other_sizes():
    forty = deck_from_cards("40", [(FOREST, 40)])
    hundred = deck_from_cards("100", [(FOREST, 100)])
    odd = deck_from_cards("61", [(FOREST, 61)])
    assert deck_statistics(forty).critical_limit == 2
    assert deck_statistics(hundred).critical_limit == 5
    assert deck_statistics(odd).critical_limit is None
    with pytest.raises(DeckRefused, match="61枚のデッキにはクリティカル・カードの枚数の既定がありません"):
        set_critical(odd, FOREST.name, 1)
    decided = set_critical_limit(odd, 3)
    assert set_critical(decided, FOREST.name, 3).critical_marked == 3
    with pytest.raises(DeckRefused, match="3枚までです（このデッキの設定）"):
        set_critical(decided, FOREST.name, 4)


def test_critical_copies_bound_the_count():
    deck = set_critical(sixty(), WURM.name, 2)
    with pytest.raises(DeckRefused, match="クリティカル・カードが2枚あります"):
        set_count(deck, WURM.name, 1)
    with pytest.raises(DeckRefused, match="0〜4枚です"):
        set_critical(deck, WURM.name, 5)
    with pytest.raises(DeckRefused, match="メインデッキにありません"):
        set_critical(deck, GOLD.name, 1)


def test_statistics_count_as_the_checks_see_the_cards():
    deck = deck_from_cards("統計", [(FOREST, 10), (DUAL, 2), (GOLD, 3), (ELDRAZI, 2), (BEAR, 4), (WURM, 1)])
    stats = deck_statistics(deck)
    assert stats.size == 22 and stats.lands == 12
    assert stats.colorless == 10 + 2 + 2  # lands and the devoid card, as the boost counts them
    assert stats.multicolor == 3
    assert stats.by_color["G"] == 3 + 4 + 1 and stats.by_color["U"] == 3
    assert stats.by_modifier_color["G"] == 10 + 3 + 4 + 1  # 《森》 is green for 色の修正
    assert stats.by_modifier_color["W"] == 2 and stats.by_modifier_color["U"] == 2 + 3
    assert stats.curve[2] == 4 and stats.curve[7] == 1 and stats.curve[0] == 0  # lands are not on the curve
    assert get_system("mtg").derive(deck)["colorless"] == 14


def test_the_stored_deck_round_trips_and_refuses_bad_documents():
    system = get_system("mtg")
    deck = set_critical(sixty(), WURM.name, 1)
    assert system.load_character(system.dump_character(deck)) == deck
    document = system.dump_character(deck)
    document["library"][0]["critical"] = 99
    with pytest.raises(ValueError, match="超えています"):
        system.load_character(document)
    document = system.dump_character(deck)
    document["library"][0]["card"]["colors"] = ["X"]
    with pytest.raises(ValueError, match="colors"):
        system.load_character(document)
