"""House rule mtg.physical_odds in the engine: a physical deck's odds from the whole deck (today) or
from the library's remaining cards once the cards out of it are taken out, each against an
independent count (every ordered pair of top cards, the boost's six by a hypergeometric count,
the cards' facts written out by hand); the cards-out list bounded by the deck, kept with the table
document and across the end of a turn."""

from __future__ import annotations

import random
from fractions import Fraction
from math import comb

import pytest

from gmtool.rules.systems.mtg import library as lib
from gmtool.rules.systems.mtg.checks import CheckColor, LibraryCard
from gmtool.rules.systems.mtg.deck import deck_from_cards, set_critical
from gmtool.rules.systems.mtg.house_rules import ODDS_LIBRARY_ONLY, ODDS_WHOLE_DECK
from gmtool.rules.systems.mtg.outside import OutsideEntry, outside_copies, with_count
from gmtool.rules.systems.mtg.procedure import deck_copies, plan_check
from gmtool.rules.systems.mtg.table import (
    MTGTable,
    TableRefused,
    end_turn,
    load_table,
    set_library,
    set_outside,
    table_document,
)
from tests.rules.mtg.fixtures import BEAR, FOREST, RED, RELIC

G = CheckColor.GREEN
# In a 緑判定, by hand: (マナ総量, colorless for the boost, 色の修正 as the 2nd card).
FACTS = {
    "F": (0, True, 5),  # 森: a basic land, colorless yet green for the modifier
    "B": (2, False, 5),  # ルーン爪の熊
    "R": (3, False, 3),  # red: green's allied color
    "A": (2, True, 0),  # a colorless artifact
}
DECK = [(FOREST, 4), (BEAR, 3), (RED, 1), (RELIC, 2)]  # ten cards
LETTERS = {FOREST.name: "F", BEAR.name: "B", RED.name: "R", RELIC.name: "A"}


def count(cards: str, difficulty: int) -> tuple[Fraction, Fraction]:
    """(P(success as revealed), P(success boosting when failing)) for a shuffled library of `cards`
    (one letter per copy): every ordered pair of distinct copies on top, then the chance that the
    six under them hold enough colorless cards, counted with binomial coefficients."""
    n = len(cards)
    plain = boosted = Fraction(0)
    pairs = n * (n - 1)
    for i in range(n):
        for j in range(n):
            if i == j:
                continue
            top, second = FACTS[cards[i]], FACTS[cards[j]]
            short = top[0] + difficulty - (second[0] + second[2])
            weight = Fraction(1, pairs)
            if short <= 0:
                plain += weight
                boosted += weight
                continue
            rest = [c for k, c in enumerate(cards) if k not in (i, j)]
            if len(rest) < 6:
                continue
            colorless = sum(1 for c in rest if FACTS[c][1])
            ways = sum(comb(colorless, k) * comb(len(rest) - colorless, 6 - k) for k in range(short, 7))
            boosted += weight * Fraction(ways, comb(len(rest), 6))
    return plain, boosted


def table_with(outside: list[OutsideEntry]) -> MTGTable:
    return set_outside(MTGTable(), "pc", tuple(sorted(outside)))


OUT = [OutsideEntry(FOREST.name, False, 2), OutsideEntry(BEAR.name, False, 1)]


@pytest.mark.parametrize("difficulty", [2, 4, 6])
def test_the_whole_deck_reading_counts_the_cards_out_of_the_library_as_library(difficulty):
    deck = deck_from_cards("PC", DECK)
    plan = plan_check(table_with(OUT), "pc", deck, G, difficulty, physical_odds=ODDS_WHOLE_DECK)
    assert (plan.success, plan.success_with_boost) == count("FFFFBBBRAA", difficulty)
    assert plan.spec.library.size == 10


@pytest.mark.parametrize("difficulty", [2, 4, 6])
def test_the_library_only_reading_counts_the_seven_cards_left(difficulty):
    deck = deck_from_cards("PC", DECK)
    plan = plan_check(table_with(OUT), "pc", deck, G, difficulty, physical_odds=ODDS_LIBRARY_ONLY)
    assert (plan.success, plan.success_with_boost) == count("FFBBRAA", difficulty)
    assert plan.spec.library.size == 7 and not plan.odds.boost_possible  # 7 < 2 + 6: no boost


def test_the_two_readings_give_these_numbers():
    deck = deck_from_cards("PC", DECK)
    whole = plan_check(table_with(OUT), "pc", deck, G, 4, physical_odds=ODDS_WHOLE_DECK)
    left = plan_check(table_with(OUT), "pc", deck, G, 4, physical_odds=ODDS_LIBRARY_ONLY)
    assert (whole.success, left.success) == (Fraction(8, 15), Fraction(10, 21))
    assert count("FFFFBBBRAA", 4)[0] == Fraction(8, 15) and count("FFBBRAA", 4)[0] == Fraction(10, 21)


def test_nothing_out_of_the_library_gives_the_same_odds_under_both_readings():
    deck = deck_from_cards("PC", DECK)
    a = plan_check(MTGTable(), "pc", deck, G, 4, physical_odds=ODDS_WHOLE_DECK)
    b = plan_check(MTGTable(), "pc", deck, G, 4, physical_odds=ODDS_LIBRARY_ONLY)
    assert (a.success, a.success_with_boost) == (b.success, b.success_with_boost)


def test_a_library_left_with_one_card_refuses_the_check_only_under_the_library_reading():
    deck = deck_from_cards("PC", [(FOREST, 2), (BEAR, 1)])
    table = table_with([OutsideEntry(FOREST.name, False, 2)])
    assert plan_check(table, "pc", deck, G, 1, physical_odds=ODDS_WHOLE_DECK).odds.possible
    refused = plan_check(table, "pc", deck, G, 1, physical_odds=ODDS_LIBRARY_ONLY)
    assert "ライブラリーが1枚" in refused.refusal and "2枚未満" in refused.refusal


def test_a_virtual_library_ignores_the_cards_out_list():
    deck = deck_from_cards("PC", DECK)
    library = lib.build_library(deck_copies(deck), random.Random(1))
    table = set_library(table_with(OUT), "pc", library)
    plan = plan_check(table, "pc", deck, G, 4, physical_odds=ODDS_LIBRARY_ONLY)
    assert plan.spec.library.size == 10


def test_the_count_is_bounded_by_the_deck_and_names_the_card():
    deck = set_critical(deck_from_cards("PC", [(FOREST, 4), (BEAR, 3)]), BEAR.name, 1, override=True)
    outside = with_count((), deck, BEAR.name, False, 2)
    outside = with_count(outside, deck, BEAR.name, True, 1)
    assert outside == (OutsideEntry(BEAR.name, False, 2), OutsideEntry(BEAR.name, True, 1))
    with pytest.raises(TableRefused, match="デッキに2枚なので、ライブラリー外は0〜2枚です（3枚"):
        with_count(outside, deck, BEAR.name, False, 3)
    with pytest.raises(TableRefused, match=r"クリティカル・カード.*デッキに0枚"):
        with_count(outside, deck, FOREST.name, True, 1)
    with pytest.raises(TableRefused, match="《Test Red》はメインデッキにありません"):
        with_count(outside, deck, RED.name, False, 1)
    assert with_count(outside, deck, BEAR.name, False, 0) == (OutsideEntry(BEAR.name, True, 1),)
    copies, note = outside_copies(deck, outside)
    assert sorted(copies, key=lambda c: c.critical) == [LibraryCard(BEAR)] * 2 + [LibraryCard(BEAR, True)]
    assert note == ""


def test_a_deck_edited_since_counts_the_cards_out_as_far_as_it_goes_and_says_so():
    deck = deck_from_cards("PC", [(FOREST, 1), (BEAR, 3)])
    copies, note = outside_copies(deck, [OutsideEntry(FOREST.name, False, 3)])
    assert copies == [LibraryCard(FOREST)]
    assert "デッキが変わった" in note and "《森》 3枚のうち1枚" in note


def test_the_list_is_stored_read_back_and_kept_at_the_end_of_the_turn():
    table = table_with(OUT)
    document = table_document(table)
    assert document["outside"]["pc"][0] == {"name": FOREST.name, "critical": False, "count": 2}
    assert load_table(document).outside == table.outside
    assert end_turn(table, random.Random(0)).outside == table.outside
    assert "outside" not in table_document(MTGTable())  # a campaign without it keeps its document
    doubled = dict(document, outside={"pc": [document["outside"]["pc"][0]] * 2})
    with pytest.raises(ValueError, match="同じカードが2回"):
        load_table(doubled)
