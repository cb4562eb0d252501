"""The degree of an opposed test (1.5.2 「高いほうが勝利となる.また,達成値の差分が成功度を決定する」).

The winner's degree is read from the difference of the deciding round's totals through the same
degree bands as a test's margin (1.5): a lead of 1–5 is Complete, 6–10 Superior, 11 or more
Extraordinary, and a tie that the tie rule gives to one side (a dodge: the attacker; a parry: the
defender, 3.3) is a difference of 0, Marginal.  A tie that is re-rolled decides nothing: the round
that decides has no tie, so a re-rolled test is never won at Marginal.

The odds are exact: P(lead ≥ k) is the closed form of exploding.difference_above.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from gmtool.rules.dice import Distribution
from gmtool.rules.systems.lotr import exploding
from gmtool.rules.systems.lotr.checks import (
    TIE_WINNER,
    Contestant,
    OpposedResult,
    OpposedSpec,
    degree_of,
    opposed_round,
)
from gmtool.rules.systems.lotr.rules_data import DEGREE_ORDER, Degree

Win = tuple[Contestant, Degree]


def opposed_degree(spec: OpposedSpec, result: OpposedResult) -> Degree:
    """The winner's degree, read from the deciding round's difference (courage spent included)."""
    return degree_of(result.margin, spec.bands)


def _lead_at_least(spec: OpposedSpec, side: Contestant, lead: int) -> Fraction:
    """P(side's total − the other's ≥ lead) in one round."""
    c = spec.b.bonus - spec.a.bonus  # T_A − T_B = R_A − R_B − c
    if side is Contestant.A:
        return exploding.difference_above(lead - 1 + c)
    return exploding.difference_above(lead - 1 - c)


@lru_cache(maxsize=4096)
def opposed_degree_distribution(spec: OpposedSpec) -> Distribution[Win]:
    """Exact P of each (winner, degree), ordered A first, each side's degrees lowest first."""
    weights: dict[Win, Fraction] = {}
    # Leads from 1 up, cut where a band starts: each piece is one degree.
    cuts = sorted({low for _degree, low in spec.bands if low is not None and low > 1})
    for side in Contestant:
        start = 1
        for end in (*cuts, None):
            p = _lead_at_least(spec, side, start)
            if end is not None:
                p -= _lead_at_least(spec, side, end)
            key = (side, degree_of(start, spec.bands))
            weights[key] = weights.get(key, Fraction(0)) + p
            if end is not None:
                start = end
    winner = TIE_WINNER.get(spec.tie_rule)
    if winner is not None:
        key = (winner, degree_of(0, spec.bands))
        weights[key] = weights.get(key, Fraction(0)) + opposed_round(spec)[None]
    ordered = {(s, d): weights[(s, d)] for s in Contestant for d in DEGREE_ORDER if weights.get((s, d))}
    return Distribution.from_weights(ordered)  # a re-rolled tie: the rest, scaled up


def side_degrees(spec: OpposedSpec, side: Contestant) -> dict[Degree, Fraction]:
    """P that `side` wins at each degree (the degrees it can win at, lowest first)."""
    dist = opposed_degree_distribution(spec)
    return {d: p for (s, d), p in dist.items() if s is side}
