"""Exact AW probabilities against an independent enumeration.

The reference below is written straight from the rule text (行為判定ルール) with plain integer
counting over the 36 ordered 2D6 rolls (36 × 36 for 対決); it does not call the engine's judge
methods.  The engine returns Fractions, so the comparison is exact equality.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from gmtool.rules.checks import Outcome, Side
from gmtool.rules.systems import SYSTEMS
from gmtool.rules.systems.aw.checks import (
    AWCheckSpec,
    AWOpposedSpec,
    AWRoller,
    check_distribution,
    opposed_distribution,
    outcome_by_natural_total,
    success_curve,
)

D6 = range(1, 7)
ROLLS = [(a, b) for a in D6 for b in D6]  # 36 equally likely ordered rolls

# (critical, fumble) pairs: the defaults, lowered critical, raised fumble, "never" values, extremes.
CRIT_FUMBLE = [(12, 2), (10, 2), (12, 4), (11, 3), (13, 1), (7, 6), (13, 12), (2, 1), (3, 2)]


# --- the independent reference -------------------------------------------------------------------


def ref_check_counts(
    value: int, modifier: int, critical: int, fumble: int, difficulty: int
) -> dict[str, int]:
    """Count of the 36 rolls giving each outcome code."""
    counts = {"auto_success": 0, "success": 0, "failure": 0, "auto_failure": 0}
    for a, b in ROLLS:
        natural = a + b
        if natural >= critical:
            counts["auto_success"] += 1
        elif natural <= fumble:
            counts["auto_failure"] += 1
        elif value + natural + modifier >= difficulty:
            counts["success"] += 1
        else:
            counts["failure"] += 1
    return counts


def ref_opposed_counts(
    action: tuple[int, int, int, int], reaction: tuple[int, int, int, int], reaction_can_roll: bool
) -> dict[str, int]:
    """Winner counts in units of 1/1296 (a roll the reaction does not make weighs 36)."""
    a_value, a_mod, a_crit, a_fumble = action
    r_value, r_mod, r_crit, r_fumble = reaction
    wins = {"action": 0, "reaction": 0}
    for a1, a2 in ROLLS:
        a_nat = a1 + a2
        a_critical = a_nat >= a_crit
        a_fumbled = not a_critical and a_nat <= a_fumble
        a_total = a_value + a_nat + a_mod
        if a_fumbled:  # the reaction does not roll
            wins["reaction"] += 36
            continue
        if not reaction_can_roll:  # fixed 達成値, no critical, no fumble
            action_wins = a_critical or a_total > r_value + r_mod
            wins["action" if action_wins else "reaction"] += 36
            continue
        for r1, r2 in ROLLS:
            r_nat = r1 + r2
            r_critical = r_nat >= r_crit
            r_fumbled = not r_critical and r_nat <= r_fumble
            if r_fumbled:
                action_wins = True
            elif r_critical:
                action_wins = False
            elif a_critical:
                action_wins = True
            else:
                action_wins = a_total > r_value + r_nat + r_mod
            wins["action" if action_wins else "reaction"] += 1
    assert sum(wins.values()) == 36 * 36
    return wins


def _as_fractions(counts: dict[str, int], denominator: int) -> dict[str, Fraction]:
    return {k: Fraction(c, denominator) for k, c in counts.items() if c}


def _check_probs(
    value: int, modifier: int, critical: int, fumble: int, difficulty: int
) -> dict[str, Fraction]:
    dist = check_distribution(AWCheckSpec(AWRoller(value, modifier, critical, fumble), difficulty))
    return {str(k): p for k, p in dist.items()}


# --- single checks -------------------------------------------------------------------------------


@pytest.mark.parametrize(("critical", "fumble"), CRIT_FUMBLE)
@pytest.mark.parametrize("modifier", [-5, -3, 0, 2, 3])
@pytest.mark.parametrize("value", [-4, 0, 3, 7, 15])
def test_check_distribution_matches_reference(value: int, modifier: int, critical: int, fumble: int) -> None:
    for difficulty in range(-6, 32):
        expected = _as_fractions(ref_check_counts(value, modifier, critical, fumble, difficulty), 36)
        got = _check_probs(value, modifier, critical, fumble, difficulty)
        assert got == expected, (value, modifier, critical, fumble, difficulty)
        assert all(isinstance(p, Fraction) for p in got.values())
        assert sum(got.values(), Fraction(0)) == 1


def test_check_distribution_hand_checked_value_0_difficulty_7() -> None:
    dist = check_distribution(AWCheckSpec(AWRoller(0, 0, 12, 2), 7))
    assert dist.probability(lambda o: o.succeeded) == Fraction(21, 36)  # natural >= 7
    assert dist[Outcome.AUTO_SUCCESS] == Fraction(1, 36)
    assert dist[Outcome.AUTO_FAILURE] == Fraction(1, 36)
    assert dist[Outcome.SUCCESS] == Fraction(20, 36)  # naturals 7..11: 6+5+4+3+2
    assert dist[Outcome.FAILURE] == Fraction(14, 36)  # naturals 3..6: 2+3+4+5
    assert sum((p for _, p in dist.items()), Fraction(0)) == 1


def test_check_distribution_hand_checked_lowered_critical_and_raised_fumble() -> None:
    # critical 10: naturals 10, 11, 12 = 3 + 2 + 1 = 6/36; fumble 4: naturals 2, 3, 4 = 1 + 2 + 3 = 6/36.
    dist = check_distribution(AWCheckSpec(AWRoller(0, 0, 10, 4), 100))
    assert dist[Outcome.AUTO_SUCCESS] == Fraction(6, 36)
    assert dist[Outcome.AUTO_FAILURE] == Fraction(6, 36)
    assert dist[Outcome.SUCCESS] == 0
    assert dist[Outcome.FAILURE] == Fraction(24, 36)


def test_check_distribution_never_critical_never_fumble() -> None:
    # critical 13 / fumble 1: no automatic results; 5 + natural - 1 >= 10 iff natural >= 6 → 26/36.
    dist = check_distribution(AWCheckSpec(AWRoller(5, -1, 13, 1), 10))
    assert dist[Outcome.AUTO_SUCCESS] == 0
    assert dist[Outcome.AUTO_FAILURE] == 0
    assert dist[Outcome.SUCCESS] == Fraction(26, 36)
    assert dist[Outcome.FAILURE] == Fraction(10, 36)


def test_system_distribution_is_check_distribution() -> None:
    spec = AWCheckSpec(AWRoller(3, 1), 11)
    assert SYSTEMS["aw"].distribution(spec) == check_distribution(spec)


@pytest.mark.parametrize(("critical", "fumble"), CRIT_FUMBLE)
def test_outcome_by_natural_total_matches_reference(critical: int, fumble: int) -> None:
    spec = AWCheckSpec(AWRoller(2, 1, critical, fumble), 9)
    by_total = outcome_by_natural_total(spec)
    assert sorted(by_total) == list(range(2, 13))
    for natural, outcome in by_total.items():
        if natural >= critical:
            expected = Outcome.AUTO_SUCCESS
        elif natural <= fumble:
            expected = Outcome.AUTO_FAILURE
        else:
            expected = Outcome.SUCCESS if 2 + natural + 1 >= 9 else Outcome.FAILURE
        assert outcome is expected, natural


@pytest.mark.parametrize(("critical", "fumble"), CRIT_FUMBLE)
@pytest.mark.parametrize(("value", "modifier"), [(0, 0), (4, -3), (-2, 3)])
def test_success_curve_matches_reference_and_is_non_increasing(
    value: int, modifier: int, critical: int, fumble: int
) -> None:
    difficulties = range(-10, 35)
    curve = success_curve(AWRoller(value, modifier, critical, fumble), difficulties)
    assert list(curve) == list(difficulties)
    for d, p in curve.items():
        counts = ref_check_counts(value, modifier, critical, fumble, d)
        assert p == Fraction(counts["auto_success"] + counts["success"], 36), d
    values = list(curve.values())
    assert all(a >= b for a, b in itertools.pairwise(values)), "P(success) must not rise with difficulty"
    # Far below: everything but a fumble succeeds.  Far above: only a critical does.
    p_fumble = Fraction(sum(1 for a, b in ROLLS if a + b <= fumble and a + b < critical), 36)
    p_critical = Fraction(sum(1 for a, b in ROLLS if a + b >= critical), 36)
    assert values[0] == 1 - p_fumble
    assert values[-1] == p_critical


def test_success_curve_default_roller_endpoints() -> None:
    curve = success_curve(AWRoller(0), range(0, 30))
    assert curve[0] == Fraction(35, 36)
    assert curve[7] == Fraction(21, 36)
    assert curve[12] == Fraction(1, 36)  # 11 + 0 < 12: only natural 12
    assert curve[29] == Fraction(1, 36)


# --- 対決 ----------------------------------------------------------------------------------------

OPPOSED_ROLLERS = [
    (0, 0, 12, 2),
    (3, -1, 12, 2),
    (6, 2, 12, 2),
    (2, 0, 10, 2),
    (4, 0, 12, 4),
    (1, 3, 13, 1),
    (-3, 0, 11, 3),
]


@pytest.mark.parametrize("reaction", OPPOSED_ROLLERS)
@pytest.mark.parametrize("action", OPPOSED_ROLLERS)
def test_opposed_distribution_matches_reference(
    action: tuple[int, int, int, int], reaction: tuple[int, int, int, int]
) -> None:
    spec = AWOpposedSpec(AWRoller(*action), AWRoller(*reaction))
    got = {str(k): p for k, p in opposed_distribution(spec).items()}
    assert got == _as_fractions(ref_opposed_counts(action, reaction, True), 36 * 36)
    assert sum(got.values(), Fraction(0)) == 1


@pytest.mark.parametrize("reaction_fixed", [(-5, 0), (0, 0), (5, 2), (8, -3), (10, 0), (14, 3), (40, 0)])
@pytest.mark.parametrize("action", OPPOSED_ROLLERS)
def test_opposed_distribution_reaction_cannot_roll_matches_reference(
    action: tuple[int, int, int, int], reaction_fixed: tuple[int, int]
) -> None:
    # The reaction's own critical/fumble values must not matter when it cannot roll.
    for r_crit, r_fumble in [(12, 2), (3, 2), (13, 12)]:
        reaction = (*reaction_fixed, r_crit, r_fumble)
        spec = AWOpposedSpec(AWRoller(*action), AWRoller(*reaction, can_roll=False))
        got = {str(k): p for k, p in opposed_distribution(spec).items()}
        assert got == _as_fractions(ref_opposed_counts(action, reaction, False), 36 * 36), reaction


def test_opposed_identical_sides_hand_checked() -> None:
    """Identical default sides: P(action wins) = 575/1296 < 1/2 (リアクション優先).

    Reaction fumble (1/36) with the action not fumbling (35/36): 35/1296.  Otherwise the action needs
    a natural strictly above the reaction's natural 3..11 (a natural-12 reaction is a critical and an
    action 12 beats any of those): Σ c(r)·#{a > r} = 66+90+104+105+90+50+24+9+2 = 540.
    """
    spec = AWOpposedSpec(AWRoller(0), AWRoller(0))
    dist = opposed_distribution(spec)
    assert dist[Side.ACTION] == Fraction(575, 1296)
    assert dist[Side.REACTION] == Fraction(721, 1296)
    assert dist[Side.ACTION] < Fraction(1, 2)


@pytest.mark.parametrize(("value", "modifier"), [(0, 0), (5, 2), (-3, 1), (20, -3)])
@pytest.mark.parametrize(("critical", "fumble"), [(12, 2), (10, 4), (13, 1)])
def test_opposed_identical_sides_favour_the_reaction(
    value: int, modifier: int, critical: int, fumble: int
) -> None:
    roller = AWRoller(value, modifier, critical, fumble)
    assert opposed_distribution(AWOpposedSpec(roller, roller))[Side.ACTION] < Fraction(1, 2)


def test_opposed_reaction_cannot_roll_hand_checked() -> None:
    # Action 0 vs fixed 7: the action wins on a natural 12 (critical) or a natural 8..11 → 15/36.
    spec = AWOpposedSpec(AWRoller(0), AWRoller(7, 0, can_roll=False))
    assert opposed_distribution(spec)[Side.ACTION] == Fraction(15, 36)
    # A hopeless fixed total still loses to an action critical: 1/36 … and to nothing else.
    spec = AWOpposedSpec(AWRoller(0), AWRoller(99, 0, can_roll=False))
    assert opposed_distribution(spec)[Side.ACTION] == Fraction(1, 36)
    # A fixed total far below: the action loses only on its own fumble.
    spec = AWOpposedSpec(AWRoller(0), AWRoller(-99, 0, can_roll=False))
    assert opposed_distribution(spec)[Side.ACTION] == Fraction(35, 36)


def test_opposed_action_wins_is_monotone_in_action_value() -> None:
    previous = Fraction(-1)
    for value in range(-15, 25):
        p = opposed_distribution(AWOpposedSpec(AWRoller(value), AWRoller(3)))[Side.ACTION]
        assert p >= previous, value
        previous = p
    # With a huge value only the automatic results decide: P(no action fumble) · P(no reaction critical).
    assert previous == Fraction(35 * 35, 1296)  # hand: no action fumble and no reaction critical


def test_system_distribution_is_opposed_distribution() -> None:
    spec = AWOpposedSpec(AWRoller(3), AWRoller(2, 1))
    assert SYSTEMS["aw"].distribution(spec) == opposed_distribution(spec)


# --- invalid rollers -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "kwargs",
    [
        {"critical": 10, "fumble": 10},  # fumble == critical
        {"critical": 8, "fumble": 9},  # fumble > critical
        {"critical": 14},  # beyond 2〜13
        {"critical": 1, "fumble": 0},
        {"fumble": 0},
        {"fumble": 13},
    ],
)
def test_invalid_roller_raises(kwargs: dict[str, int]) -> None:
    with pytest.raises(ValueError):
        AWRoller(0, **kwargs)


@pytest.mark.parametrize(("critical", "fumble"), CRIT_FUMBLE)
def test_valid_extreme_rollers_are_accepted(critical: int, fumble: int) -> None:
    AWRoller(0, 0, critical, fumble)
