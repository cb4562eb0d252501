"""The exact MTG odds: hand-counted cases, every ordering of small libraries (segments, known top
cards, several colors, critical cards, the boost), and 20 000 seeded checks against the odds."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction

import pytest
from helpers_stats import chi_square_critical, chi_square_statistic

from gmtool.rules.systems.mtg.checks import (
    CheckColor,
    LibraryCard,
    LibraryView,
    MTGCheckSpec,
    MTGOutcome,
    judge,
    modifier_choices,
    resolve_check,
    segment,
)
from gmtool.rules.systems.mtg.odds import check_distribution, check_odds
from gmtool.rules.systems.mtg.rules_data import mtg_rules
from tests.rules.mtg.fixtures import (
    ARBOR,
    BEAR,
    DUAL,
    ELDRAZI,
    FOREST,
    GOLD,
    MYSTIC,
    RELIC,
    SEVEN,
    TRI,
    WASTE,
)

G, C = CheckColor.GREEN, CheckColor.COLORLESS


def shuffled(*cards, critical=()):
    return LibraryView.shuffled([LibraryCard(c, c in critical) for c in cards])


# ---- counted by hand ------------------------------------------------------------------------
def test_two_green_cards_by_hand():
    odds = check_odds(shuffled(BEAR, MYSTIC), G)
    assert odds.success(0) == 1
    # 難易度 6: (熊, 神秘家) 8 vs 6 fails; (神秘家, 熊) 7 vs 7 succeeds.
    assert odds.success(6) == Fraction(1, 2)


def test_a_colorless_check_over_the_six_ordered_pairs_by_hand():
    odds = check_odds(shuffled(FOREST, BEAR, SEVEN), C)
    assert odds.success(0) == Fraction(3, 6)  # (F,B) (F,W) (B,W)
    assert odds.success(-2) == Fraction(4, 6)  # and (B,F): 0 ≤ 0


def test_a_two_color_second_card_is_a_coin_toss_by_hand():
    # 難易度 4: (森, gold) 4 vs 3 + 0 or 3 + 5 → ½; (gold, 森) 7 vs 5 → 0.
    assert check_odds(shuffled(FOREST, GOLD), G).success(4) == Fraction(1, 4)


def test_the_boost_by_hand():
    """Eight cards: Test Green Seven (7), 神秘家 (1) and six forests; green."""
    odds = check_odds(shuffled(SEVEN, MYSTIC, *[FOREST] * 6), G)
    assert odds.boost_possible
    assert odds.success(0) == Fraction(7, 8)  # only the 7 on top fails as revealed…
    assert odds.success_with_boost(0) == 1  # …and then five or six forests are exiled
    assert odds.success(5) == Fraction(43, 56)
    assert odds.success_with_boost(5) == Fraction(25, 28)


def test_seven_cards_cannot_boost():
    odds = check_odds(shuffled(SEVEN, MYSTIC, *[FOREST] * 5), G)
    assert not odds.boost_possible
    assert odds.success_with_boost(0) == odds.success(0)


def test_fewer_than_two_cards_is_cancelled_with_certainty():
    for view in (shuffled(), shuffled(BEAR)):
        dist = check_distribution(MTGCheckSpec(view, G, 0))
        assert dist[MTGOutcome.CANCELLED] == 1


def test_known_top_cards_take_no_part():
    known = LibraryView.shuffled([LibraryCard(SEVEN)] * 3, known_top=[LibraryCard(FOREST)] * 5)
    assert check_odds(known, C).success(0) == 1  # three 7s: 7 vs 7


def test_distribution_splits_success_boost_and_failure():
    spec = MTGCheckSpec(shuffled(SEVEN, MYSTIC, *[FOREST] * 6), G, 5)
    dist = check_distribution(spec)
    assert dist[MTGOutcome.SUCCESS] == Fraction(43, 56)
    assert dist[MTGOutcome.BOOSTED] == Fraction(25, 28) - Fraction(43, 56)
    assert dist[MTGOutcome.FAILURE] == Fraction(3, 28)
    no_boost = check_distribution(MTGCheckSpec(spec.library, G, 5, boost_available=False))
    assert no_boost[MTGOutcome.BOOSTED] == 0 and no_boost[MTGOutcome.FAILURE] == Fraction(13, 56)


# ---- every ordering -------------------------------------------------------------------------
def arrangements(cards):
    """Every distinct ordering of a multiset: each is equally likely under a uniform shuffle."""
    counts = Counter(cards)
    out: list[tuple] = []

    def place(prefix):
        if len(prefix) == len(cards):
            out.append(tuple(prefix))
            return
        for card in list(counts):
            if counts[card]:
                counts[card] -= 1
                place([*prefix, card])
                counts[card] += 1

    place([])
    return out


def brute_force(view: LibraryView, color: CheckColor, difficulty: int, boost: bool) -> dict:
    """Every ordering the player's knowledge allows, every color choice, through the judge."""
    per_segment = [arrangements([c for c, n in seg for _ in range(n)]) for seg in view.segments]
    tally: Counter = Counter()
    spec = MTGCheckSpec(view, color, difficulty, boost)
    for parts in itertools.product(*per_segment):
        order = [card for part in parts for card in part]
        choices = len(modifier_choices(order[1].card, color, mtg_rules())) if len(order) >= 2 else 1
        for choice in range(choices):
            tally[judge(order, spec, choice).outcome] += Fraction(1, choices)
    total = sum(tally.values())
    return {o: p / total for o, p in tally.items() if p}


POOL = [FOREST, DUAL, GOLD, TRI, ELDRAZI, BEAR, ARBOR, WASTE, RELIC, MYSTIC, SEVEN]


def random_view(rng: random.Random) -> LibraryView:
    """Up to 9 cards of at most 4 kinds (so every ordering stays countable), cut into segments."""
    size = rng.randint(0, 9)
    kinds = [LibraryCard(card, rng.random() < 0.15) for card in rng.sample(POOL, 4)]
    cards = [rng.choice(kinds) for _ in range(size)]
    cuts = sorted(rng.sample(range(1, size), k=min(rng.randint(0, 2), size - 1))) if size > 1 else []
    segments, start = [], 0
    for cut in [*cuts, size]:
        segments.append(segment(cards[start:cut]))
        start = cut
    known = [LibraryCard(FOREST)] * rng.randint(0, 2)
    return LibraryView(tuple(s for s in segments if s), tuple(known))


@pytest.mark.parametrize("seed", range(24))
def test_exact_odds_equal_every_ordering(seed):
    rng = random.Random(seed)
    view = random_view(rng)
    for color in CheckColor:
        difficulty = rng.randint(-2, 9)
        for boost in (True, False):
            exact = check_odds(view, color).distribution(difficulty, boost)
            assert {o: p for o, p in exact.items() if p} == brute_force(view, color, difficulty, boost)


def test_segments_matter_a_known_bottom_pair():
    """Two revealed cards put on the bottom: with the middle exhausted the player knows them."""
    view = LibraryView((segment([LibraryCard(FOREST)]), segment([LibraryCard(SEVEN), LibraryCard(BEAR)])))
    # 森 on top for sure, then ワーム or 熊: 目標値 2, 達成値 7+5 or 2+5: certain success.
    assert check_odds(view, G).success(2) == 1
    assert check_odds(view, G).success(8) == Fraction(1, 2)
    assert brute_force(view, G, 8, True) == {
        MTGOutcome.SUCCESS: Fraction(1, 2),
        MTGOutcome.FAILURE: Fraction(1, 2),
    }


# ---- seeded checks --------------------------------------------------------------------------
def test_20000_seeded_checks_fit_the_exact_odds():
    cards = [LibraryCard(c) for c in [FOREST] * 7 + [BEAR] * 4 + [GOLD] * 3 + [SEVEN] * 2 + [ELDRAZI] * 2]
    cards += [LibraryCard(TRI, True), LibraryCard(DUAL)]
    view = LibraryView((segment(cards[:14]), segment(cards[14:])))
    spec = MTGCheckSpec(view, G, 4)
    rng = random.Random(20261125)
    observed = Counter(resolve_check(spec, rng).outcome for _ in range(20_000))
    exact = dict(check_distribution(spec).items())
    assert all(
        exact[o] > Fraction(1, 100) for o in (MTGOutcome.SUCCESS, MTGOutcome.BOOSTED, MTGOutcome.FAILURE)
    )
    statistic, df = chi_square_statistic(observed, exact)
    assert statistic < chi_square_critical(df, 0.001)


def test_the_same_seed_replays_the_same_check():
    spec = MTGCheckSpec(shuffled(*[FOREST] * 5, *[GOLD] * 5, SEVEN), G, 3)
    first = [resolve_check(spec, random.Random(5)) for _ in range(3)]
    assert len({(r.reveal, r.boost_cards) for r in first}) == 1
