"""MTGでTRPG's house rules in the engine: both readings of each switch against an independent count
over every ordering of a small deck (the cards' facts written out here by hand, not read from the
engine), the known-result refusal, and the virtual library's boost under each reading."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

from gmtool.rules.systems.mtg import library as lib
from gmtool.rules.systems.mtg.checks import (
    CheckColor,
    LibraryCard,
    LibraryView,
    MTGCheckSpec,
    MTGOutcome,
    judge,
)
from gmtool.rules.systems.mtg.deck import deck_from_cards
from gmtool.rules.systems.mtg.house_rules import (
    BOOST_AFTER_REVEALED,
    BOOST_INCLUDING_REVEALED,
    KNOWN_WITH_BOOST,
    KNOWN_WITHOUT_BOOST,
)
from gmtool.rules.systems.mtg.odds import check_odds
from gmtool.rules.systems.mtg.procedure import plan_check
from gmtool.rules.systems.mtg.table import MTGTable
from tests.rules.mtg.fixtures import BEAR, FOREST, RED, RELIC

G = CheckColor.GREEN
# In a 緑判定, by hand: (マナ総量, colorless for the boost, 色の修正 as the 2nd card).
FACTS = {
    FOREST.name: (0, True, 5),  # a basic land: colorless, yet green for the modifier
    BEAR.name: (2, False, 5),
    RED.name: (3, False, 3),  # red is green's allied color
    RELIC.name: (2, True, 0),  # a colorless artifact
}


def count(cards: list, difficulty: int, including: bool) -> tuple[Fraction, Fraction]:
    """(P(success as revealed), P(success boosting when failing)) over every ordering of the copies."""
    plain = boosted = total = 0
    for order in itertools.permutations(range(len(cards))):
        top, second = (FACTS[cards[i].name] for i in order[:2])
        target, achievement = top[0] + difficulty, second[0] + second[2]
        six = order[:6] if including else order[2:8]
        can_boost = len(six) == 6
        bonus = sum(1 for i in six if FACTS[cards[i].name][1])
        total += 1
        plain += achievement >= target
        boosted += achievement >= target or (can_boost and achievement + bonus >= target)
    return Fraction(plain, total), Fraction(boosted, total)


def view(cards: list) -> LibraryView:
    return LibraryView.shuffled([LibraryCard(c) for c in cards])


EIGHT = [FOREST, FOREST, FOREST, BEAR, BEAR, RED, RELIC, RELIC]


@pytest.mark.parametrize("reading", [BOOST_AFTER_REVEALED, BOOST_INCLUDING_REVEALED])
@pytest.mark.parametrize("difficulty", [3, 5, 7])
def test_the_boost_cards_reading_matches_every_ordering(reading, difficulty):
    odds = check_odds(view(EIGHT), G, reading)
    plain, boosted = count(EIGHT, difficulty, reading == BOOST_INCLUDING_REVEALED)
    assert (odds.success(difficulty), odds.success_with_boost(difficulty)) == (plain, boosted)


def test_the_two_readings_give_different_boosted_odds():
    after = check_odds(view(EIGHT), G, BOOST_AFTER_REVEALED).success_with_boost(5)
    including = check_odds(view(EIGHT), G, BOOST_INCLUDING_REVEALED).success_with_boost(5)
    assert (
        (after, including)
        == (Fraction(6, 7), Fraction(73, 84))
        == (count(EIGHT, 5, False)[1], count(EIGHT, 5, True)[1])
    )


def test_with_seven_cards_only_the_including_reading_can_boost():
    seven = EIGHT[:7]
    after = check_odds(view(seven), G, BOOST_AFTER_REVEALED)
    including = check_odds(view(seven), G, BOOST_INCLUDING_REVEALED)
    assert not after.boost_possible and including.boost_possible
    assert after.success_with_boost(5) == after.success(5) == count(seven, 5, False)[0]
    assert including.success_with_boost(5) == count(seven, 5, True)[1] > including.success(5)


def test_judge_exiles_the_revealed_two_among_the_six_when_including():
    order = [LibraryCard(c) for c in (BEAR, FOREST, RELIC, BEAR, RED, BEAR, FOREST, FOREST)]
    spec = MTGCheckSpec(view(EIGHT), G, 9)  # 2 + 9 = 11 against 0 + 5: short by 6
    after, including = judge(order, spec), judge(order, spec, including=True)
    assert after.boost_cards == tuple(order[2:8]) and after.bonus == 3
    assert including.boost_cards == tuple(order[:6]) and including.bonus == 2
    assert after.outcome is including.outcome is MTGOutcome.FAILURE


def test_a_check_certain_only_with_the_boost_is_refused_by_default_and_made_under_the_other_reading():
    deck = deck_from_cards("森と熊", [(FOREST, 6), (BEAR, 2)])
    cards = [FOREST] * 6 + [BEAR] * 2
    plain, boosted = count(cards, 5, False)
    assert boosted == 1 and 0 < plain < 1  # the six left always hold 4 forests: the boost covers 2
    known = plan_check(MTGTable(), "pc", deck, G, 5, known_result=KNOWN_WITH_BOOST)
    optional = plan_check(MTGTable(), "pc", deck, G, 5, known_result=KNOWN_WITHOUT_BOOST)
    assert (known.success, known.success_with_boost) == (optional.success, optional.success_with_boost)
    assert known.success == plain
    assert "行動判定ブーストを使えば" in known.refusal and "必ず成功します" in known.refusal
    assert optional.refusal == ""


def test_the_other_reading_still_refuses_a_check_certain_without_the_boost():
    deck = deck_from_cards("森", [(FOREST, 8)])
    for reading in (KNOWN_WITH_BOOST, KNOWN_WITHOUT_BOOST):
        assert "必ず成功します" in plan_check(MTGTable(), "pc", deck, G, 5, known_result=reading).refusal
        assert "必ず失敗します" in plan_check(MTGTable(), "pc", deck, G, 12, known_result=reading).refusal


def test_a_virtual_boost_including_the_revealed_two_exiles_them_and_puts_nothing_on_the_bottom():
    copies = [LibraryCard(c) for c in EIGHT]
    library = lib.build_library(copies, random.Random(3))
    cards = lib.check_cards(library, including=True)
    assert cards.boost[:2] == cards.revealed and len(cards.boost) == 6
    done = lib.finish_check(library, True, random.Random(4), including=True)
    assert done.exiled == cards.boost and done.order == library.order[6:] and done.blocks == ()
    plain = lib.finish_check(library, True, random.Random(4))
    assert plain.exiled == library.order[2:8] and plain.blocks == (2,)
