"""1.5.2 (the degree of an opposed test from the difference of the totals) and 3.8 恐怖: golden cases
with fixed dice from the text's own numbers, and the exact odds against an independent count of the
dice (the exploding tail walked die by die, not the closed forms of exploding.py)."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from functools import cache

import pytest

from gmtool.rules.systems.lotr import fear
from gmtool.rules.systems.lotr.checks import Contestant, LotRRoller, OpposedSpec, TieRule
from gmtool.rules.systems.lotr.fear import FearEffect, FearSpec
from gmtool.rules.systems.lotr.opposed_degree import opposed_degree, opposed_degree_distribution
from gmtool.rules.systems.lotr.rules_data import Degree

A, B = Contestant.A, Contestant.B
M, C, S, X = (
    Degree.MARGINAL_SUCCESS,
    Degree.COMPLETE_SUCCESS,
    Degree.SUPERIOR_SUCCESS,
    Degree.EXTRAORDINARY_SUCCESS,
)
DEPTH = 14  # dice walked after a double six: the mass left out is 1/36 · 6^-14 per roll


@cache
def walked_totals() -> dict[int, Fraction]:
    """P(R = t) by walking the dice: 2d6; on 6+6 one more d6 while it shows 6, up to DEPTH dice."""
    weights: Counter[int] = Counter()
    out: dict[int, Fraction] = {}
    for a in range(1, 7):
        for b in range(1, 7):
            weights[a + b] += 1
    out = {t: Fraction(w, 36) for t, w in weights.items() if t != 12}
    p, total = Fraction(1, 36), 12
    for _ in range(DEPTH):
        for face in range(1, 6):
            out[total + face] = out.get(total + face, Fraction(0)) + p / 6
        p, total = p / 6, total + 6
    return out


def counted(a_bonus: int, b_bonus: int, tie_rule: TieRule) -> dict[tuple[Contestant, Degree], float]:
    """(winner, degree) by counting every pair of walked totals; the bands of 1.5 written out."""

    def band(lead: int) -> Degree:
        return M if lead == 0 else C if lead <= 5 else S if lead <= 10 else X

    weights: dict[tuple[Contestant, Degree], Fraction] = {}
    tie = Fraction(0)
    for ra, pa in walked_totals().items():
        for rb, pb in walked_totals().items():
            lead = (ra + a_bonus) - (rb + b_bonus)
            if lead == 0:
                tie += pa * pb
                continue
            key = (A, band(lead)) if lead > 0 else (B, band(-lead))
            weights[key] = weights.get(key, Fraction(0)) + pa * pb
    winner = {TieRule.DODGE: A, TieRule.PARRY: B}.get(tie_rule)
    if winner is not None:
        weights[(winner, M)] = weights.get((winner, M), Fraction(0)) + tie
    total = sum(weights.values())
    return {k: float(v / total) for k, v in weights.items()}


def spec(a: int, b: int, tie_rule: TieRule = TieRule.REROLL) -> OpposedSpec:
    return OpposedSpec(LotRRoller(modifier=a), LotRRoller(modifier=b), tie_rule)


def round_of(s: FearSpec, a_faces: tuple[int, ...], b_faces: tuple[int, ...]):
    result = fear.judge(s, a_faces, b_faces)
    assert result is not None
    return result


# ---- 1.5.2: the degree from the difference ---------------------------------------------------


@pytest.mark.parametrize(
    ("a_faces", "b_faces", "winner", "lead", "degree"),
    [
        ((4, 3), (3, 2), A, 2, C),  # 7+0 vs 5+0: a lead of 2 → 1–5, Complete
        ((6, 5), (1, 4), A, 6, S),  # 11 vs 5: 6 → 6–10, Superior
        ((6, 6, 4), (2, 3), A, 11, X),  # an exploded 16 vs 5: 11 → 11-, Extraordinary
        ((1, 2), (6, 6, 6, 1), B, 16, X),  # B's exploded 19 vs 3
        ((2, 2), (3, 3), B, 2, C),
    ],
)
def test_the_winners_degree_is_read_from_the_difference(a_faces, b_faces, winner, lead, degree):
    s = FearSpec(0, 0)
    result = round_of(s, a_faces, b_faces)
    assert (result.winner, result.margin) == (winner, lead)
    assert opposed_degree(s.opposed(), result) is degree


def test_a_tie_given_by_the_tie_rule_is_marginal_and_a_rerolled_one_decides_nothing():
    assert fear.judge(FearSpec(0, 0), (3, 4), (5, 2)) is None  # re-rolled (1.5.2)
    dodge = FearSpec(0, 0, tie_rule=TieRule.DODGE)
    result = round_of(dodge, (3, 4), (5, 2))
    assert result.winner is A and opposed_degree(dodge.opposed(), result) is M


@pytest.mark.parametrize("tie_rule", list(TieRule))
@pytest.mark.parametrize(("a", "b"), [(0, 0), (5, 2), (-3, 4), (12, 0)])
def test_degree_odds_match_an_independent_count(a, b, tie_rule):
    exact = opposed_degree_distribution(spec(a, b, tie_rule))
    assert sum(p for _k, p in exact.items()) == 1
    expected = counted(a, b, tie_rule)
    assert set(k for k, p in exact.items() if p) == set(k for k, p in expected.items() if p)
    for key, p in expected.items():
        assert float(exact[key]) == pytest.approx(p, abs=1e-9)


def test_a_rerolled_test_is_never_won_at_marginal_and_its_wins_match_the_win_odds():
    from gmtool.rules.systems.lotr.checks import opposed_distribution

    s = spec(3, 1)
    dist = opposed_degree_distribution(s)
    assert dist[(A, M)] == 0 and dist[(B, M)] == 0
    wins = opposed_distribution(s)
    assert sum(p for (w, _d), p in dist.items() if w is A) == wins[A]


# ---- 3.8: the fear attack's effects -----------------------------------------------------------


@pytest.mark.parametrize(
    ("a_faces", "b_faces", "effect", "penalty"),
    [
        ((4, 3), (3, 2), FearEffect.PENALTY_2, -2),  # Intimidate 7+3=10 vs Willpower 5+2=7: Complete
        ((6, 5), (1, 2), FearEffect.TURN_LOST, -4),  # 14 vs 5: lead 9, Superior: a turn lost and −4
        ((6, 6, 3), (1, 2), FearEffect.FLEES, 0),  # 18 vs 5: 13, Extraordinary: flees or drops
        ((1, 2), (3, 2), FearEffect.NONE, 0),  # 6 vs 7: the defender won, no effect
    ],
)
def test_fear_golden_cases(a_faces, b_faces, effect, penalty):
    s = FearSpec(intimidate=3, willpower=2)
    result = round_of(s, a_faces, b_faces)
    assert fear.effect(s, result) is effect
    assert fear.PENALTY[effect] == penalty


def test_a_tie_the_gm_gives_the_attacker_is_a_marginal_fear_of_minus_one():
    s = FearSpec(intimidate=3, willpower=2, tie_rule=TieRule.DODGE)
    result = round_of(s, (3, 2), (2, 2))  # 5+3 = 8 vs 4+2 = 6: a lead of 2
    assert fear.effect(s, result) is FearEffect.PENALTY_2
    result = round_of(s, (2, 2), (2, 3))  # 4+3 = 7 vs 5+2 = 7: a tie, the attacker's
    assert fear.effect(s, result) is FearEffect.PENALTY_1 and fear.PENALTY[FearEffect.PENALTY_1] == -1


def test_the_tables_modifiers_add_to_the_willpower():
    s = FearSpec(intimidate=4, willpower=1, modifiers=(2, -1))
    assert s.resistance == 2 and s.opposed().b.bonus == 2
    result = round_of(s, (3, 3), (2, 2))  # 10 vs 6
    assert result.margin == 4


@pytest.mark.parametrize("tie_rule", [TieRule.REROLL, TieRule.DODGE])
@pytest.mark.parametrize(("i", "w", "mods"), [(5, 3, ()), (0, 4, (2,)), (8, 0, (-2, -1))])
def test_fear_odds_match_an_independent_count(i, w, mods, tie_rule):
    dist = fear.fear_distribution(FearSpec(i, w, mods, tie_rule))
    expected = counted(i, w + sum(mods), tie_rule)
    by_effect: dict[FearEffect, float] = {}
    for (winner, degree), p in expected.items():
        effect = FearEffect.NONE if winner is B else fear.EFFECT_OF_DEGREE[degree]
        by_effect[effect] = by_effect.get(effect, 0.0) + p
    for effect in FearEffect:
        assert float(dist[effect]) == pytest.approx(by_effect.get(effect, 0.0), abs=1e-9)


def test_fear_odds_match_seeded_rolls():
    s = FearSpec(4, 3)
    rng = random.Random(25)
    n = 20_000
    rolled = Counter(fear.effect(s, fear.resolve(s, rng)) for _ in range(n))
    for effect, p in fear.fear_distribution(s).items():
        assert rolled[effect] / n == pytest.approx(float(p), abs=0.012)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"intimidate": 100, "willpower": 0}, "Intimidate のボーナス 100 は -99〜99 の範囲外です"),
        ({"intimidate": 0, "willpower": -100}, "Willpower のボーナス -100"),
        ({"intimidate": 0, "willpower": 0, "modifiers": (120,)}, "恐怖への抵抗の修正 120"),
    ],
)
def test_bad_input_is_refused_with_what_is_wrong(kwargs, message):
    with pytest.raises(ValueError, match=message):
        FearSpec(**kwargs)
