"""The exact odds of a 行動判定, with and without 行動判定ブースト, for every 難易度 at once.

Counted, never simulated.  The check reads three things of a shuffled library: the top card T,
the 2nd card S and how many of the next six are colorless.  So the odds are one weighted sum:

    P(success at D)         = Σ W[δ, cT, cS]                  over δ + D ≤ 0
    P(success with boost)   = Σ W[δ, cT, cS] · P(C ≥ δ + D | cT, cS)

where δ = MV(T) − (MV(S) + 色の修正), cT and cS say whether T and S are colorless, W is the exact
weight of drawing such a T and S (a card of several colors splits its weight between them), and C
is the number of colorless cards among the six exiled, a hypergeometric count per segment of the
library once T and S are out.  W and the tails are integers over one common denominator, so the
result is an exact Fraction however large the deck; it is built once per library and color and then
read for any 難易度 (the panel's curve costs one sum per point).
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from gmtool.rules.dice import Distribution
from gmtool.rules.systems.mtg.checks import (
    CheckColor,
    LibraryCard,
    LibraryView,
    MTGCheckSpec,
    MTGOutcome,
    Segment,
    boost_possible,
    modifier_choices,
)
from gmtool.rules.systems.mtg.house_rules import BOOST_AFTER_REVEALED, BOOST_INCLUDING_REVEALED
from gmtool.rules.systems.mtg.rules_data import MTGRules, mtg_rules

CHOICE_SCALE = math.lcm(1, 2, 3, 4, 5)  # a card of k colors gives each color weight 60 / k

Weights = dict[tuple[int, int, int], int]  # (δ, T colorless, S colorless) → integer weight


@dataclass(frozen=True)
class CheckOdds:
    """The exact odds of one library and check color, for any 難易度."""

    cards: int  # cards the check can reveal
    boost_possible: bool  # at least 2 + 6 cards (whether the PC may still boost is the caller's)
    _weights: tuple[tuple[int, int, int, int], ...]  # (δ, cT, cS, weight)
    _denominator: int
    _tails: dict[tuple[int, int], tuple[int, ...]]  # (cT, cS) → P(C ≥ k)·boost_denominator, k = 0…6
    _boost_denominator: int

    @property
    def possible(self) -> bool:
        return self._denominator > 0

    def success(self, difficulty: int) -> Fraction:
        """P(達成値 ≥ 目標値) as revealed."""
        if not self.possible:
            return Fraction(0)
        hits = sum(w for delta, _, _, w in self._weights if delta + difficulty <= 0)
        return Fraction(hits, self._denominator)

    def success_with_boost(self, difficulty: int) -> Fraction:
        """P(success) when the PC boosts exactly when the check would otherwise fail."""
        if not (self.possible and self.boost_possible):
            return self.success(difficulty)
        total = 0
        for delta, colorless_top, colorless_second, weight in self._weights:
            need = delta + difficulty
            tail = self._tails[colorless_top, colorless_second]
            if need <= 0:
                total += weight * self._boost_denominator
            elif need < len(tail):
                total += weight * tail[need]
        return Fraction(total, self._denominator * self._boost_denominator)

    def distribution(self, difficulty: int, boost_available: bool) -> Distribution[MTGOutcome]:
        if not self.possible:
            return Distribution({MTGOutcome.CANCELLED: Fraction(1)})
        plain = self.success(difficulty)
        boosted = self.success_with_boost(difficulty) if boost_available else plain
        return Distribution.from_weights(
            {MTGOutcome.SUCCESS: plain, MTGOutcome.BOOSTED: boosted - plain, MTGOutcome.FAILURE: 1 - boosted}
        )


def check_distribution(
    spec: MTGCheckSpec, boost_cards: str = BOOST_AFTER_REVEALED
) -> Distribution[MTGOutcome]:
    return check_odds(spec.library, spec.color, boost_cards).distribution(
        spec.difficulty, spec.boost_available
    )


@lru_cache(maxsize=256)
def check_odds(library: LibraryView, color: CheckColor, boost_cards: str = BOOST_AFTER_REVEALED) -> CheckOdds:
    """``boost_cards`` is the house rule's reading (mtg.boost_cards): the six after the two revealed
    cards, or the top six including them (then T and S add their own colorless count)."""
    rules = mtg_rules()
    sizes = [sum(n for _, n in seg) for seg in library.segments]
    total = sum(sizes)
    if total < rules.minimum_cards:
        return CheckOdds(total, False, (), 0, {}, 1)
    top_segment, second_segment = _segment_of(sizes, 0), _segment_of(sizes, 1)
    if top_segment == second_segment:
        weights, denominator = _pair_weights(library.segments[top_segment], color, rules)
    else:
        weights, denominator = _split_weights(
            library.segments[top_segment], library.segments[second_segment], color, rules
        )
    including = boost_cards == BOOST_INCLUDING_REVEALED
    can_boost = boost_possible(total if including else total - 2, rules)
    tails, boost_denominator = (
        _boost_tails(library.segments, sizes, top_segment, second_segment, rules, including)
        if can_boost
        else ({}, 1)
    )
    flat = tuple((d, ct, cs, w) for (d, ct, cs), w in sorted(weights.items()) if w)
    return CheckOdds(total, can_boost, flat, denominator, tails, boost_denominator)


def _segment_of(sizes: list[int], position: int) -> int:
    """Which segment the card at ``position`` (0 = top) comes from."""
    for index, size in enumerate(sizes):
        if position < size:
            return index
        position -= size
    raise IndexError(position)


def _second_side(seg: Segment, color: CheckColor, rules: MTGRules) -> dict[tuple[int, int], int]:
    """(達成値 before boost, colorless) → weight, each copy CHOICE_SCALE split over its colors."""
    side: dict[tuple[int, int], int] = defaultdict(int)
    for card, copies in seg:
        choices = modifier_choices(card.card, color, rules)
        share = CHOICE_SCALE // len(choices)
        for modifier in choices:
            side[card.mana_value(rules) + modifier, int(card.colorless)] += copies * share
    return side


def _top_side(seg: Segment, rules: MTGRules) -> dict[tuple[int, int], int]:
    side: dict[tuple[int, int], int] = defaultdict(int)
    for card, copies in seg:
        side[card.mana_value(rules), int(card.colorless)] += copies
    return side


def _cross(top: dict[tuple[int, int], int], second: dict[tuple[int, int], int]) -> Weights:
    weights: Weights = defaultdict(int)
    for (mana_value, colorless_top), n_top in top.items():
        for (achievement, colorless_second), n_second in second.items():
            weights[mana_value - achievement, colorless_top, colorless_second] += n_top * n_second
    return weights


def _pair_weights(seg: Segment, color: CheckColor, rules: MTGRules) -> tuple[Weights, int]:
    """T and S both from one shuffled segment: ordered pairs of two different copies."""
    weights = _cross(_top_side(seg, rules), _second_side(seg, color, rules))
    # The cross product paired each copy with itself too; take those pairs back out.
    for card, copies in seg:
        choices = modifier_choices(card.card, color, rules)
        share = CHOICE_SCALE // len(choices)
        flag = int(card.colorless)
        for modifier in choices:
            weights[-modifier, flag, flag] -= copies * share
    n = sum(copies for _, copies in seg)
    return weights, n * (n - 1) * CHOICE_SCALE


def _split_weights(top: Segment, second: Segment, color: CheckColor, rules: MTGRules) -> tuple[Weights, int]:
    """T from one segment, S from the next (the first held a single card)."""
    weights = _cross(_top_side(top, rules), _second_side(second, color, rules))
    n_top = sum(copies for _, copies in top)
    n_second = sum(copies for _, copies in second)
    return weights, n_top * n_second * CHOICE_SCALE


def _hypergeometric(colorless: int, size: int, draws: int) -> list[int]:
    """Ways of drawing ``draws`` of ``size`` cards with c colorless among them, c = 0…draws."""
    other = size - colorless
    if colorless < 0 or other < 0:
        return [0] * (draws + 1)
    return [math.comb(colorless, c) * math.comb(other, draws - c) for c in range(draws + 1)]


def _convolve(a: list[int], b: list[int]) -> list[int]:
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


def _boost_tails(
    segments: tuple[Segment, ...],
    sizes: list[int],
    top_segment: int,
    second_segment: int,
    rules: MTGRules,
    including: bool = False,
) -> tuple[dict[tuple[int, int], tuple[int, ...]], int]:
    """For each (T colorless, S colorless): ways that at least k of the six exiled are colorless
    (``including``: T and S are two of the six, the other four come from under them)."""
    left = list(sizes)
    left[top_segment] -= 1
    left[second_segment] -= 1
    draws, wanted = [], rules.boost_cards - (2 if including else 0)
    for size in left:  # the six come from the top of what is left, segment by segment
        take = min(size, wanted)
        draws.append(take)
        wanted -= take
    colorless = [sum(n for card, n in seg if card.colorless) for seg in segments]
    denominator = math.prod(math.comb(size, take) for size, take in zip(left, draws, strict=True))
    tails: dict[tuple[int, int], tuple[int, ...]] = {}
    for colorless_top in (0, 1):
        for colorless_second in (0, 1):
            removed = list(colorless)
            removed[top_segment] -= colorless_top
            removed[second_segment] -= colorless_second
            ways = [1]
            for size, take, k in zip(left, draws, removed, strict=True):
                if take:
                    ways = _convolve(ways, _hypergeometric(k, size, take))
            if including:  # T and S themselves are among the six
                ways = [0] * (colorless_top + colorless_second) + ways
            # tail[k] = ways with at least k colorless
            tail = [0] * (len(ways) + 1)
            for k in range(len(ways) - 1, -1, -1):
                tail[k] = tail[k + 1] + ways[k]
            tails[colorless_top, colorless_second] = tuple(tail[:-1])
    return tails, denominator


def library_cards(segment_: Segment) -> list[LibraryCard]:
    return [card for card, n in segment_ for _ in range(n)]
