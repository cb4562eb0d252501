"""Exact フォーカード probabilities against an independent computation, and seeded rolls against them.

The reference below never enumerates faces and never calls the engine's judges: it works from
the 2D6 sum table (multiplicities 1,2,3,4,5,6,5,4,3,2,1 over 36) and the rule text, and for the
比較ロール from the closed form P(A wins) = P(A wins a round) / (P(A wins a round) + P(B wins a
round)), the re-rolled ties dropping out.  The engine returns Fractions; the comparison is to
1e-9 as SPEC.md asks, and hand-checked fractions are compared exactly.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable
from fractions import Fraction
from itertools import pairwise

import pytest
from helpers_stats import chi_square_critical, chi_square_statistic, min_expected

from gmtool.rules.checks import CheckResult, Outcome
from gmtool.rules.systems.fourcard import SYSTEM
from gmtool.rules.systems.fourcard.checks import (
    AchievementResult,
    AchievementSpec,
    CompareResult,
    CompareSpec,
    Contestant,
    FourCardRoller,
    TargetSpec,
    achievement_distribution,
    compare_distribution,
    compare_round_distribution,
    margin_distribution,
    success_curve,
    target_distribution,
)
from gmtool.rules.systems.fourcard.creation import (
    ambidextrous_probability,
    attribute_distribution,
    money_distribution,
)

TOLERANCE = 1e-9
# 2D6 sums: the number of the 36 rolls giving each natural.
WAYS = dict(zip(range(2, 13), (1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1), strict=True))
ROLLERS = [
    (0, 0, False),
    (5, 0, False),
    (5, 0, True),
    (7, 2, False),
    (9, -3, True),
    (12, 1, False),
    (-2, 0, False),
    (20, 0, True),
]
DIFFICULTIES = [-5, 0, 2, 8, 10, 12, 14, 16, 20, 24, 30, 40]


def _roller(base: int, modifier: int, weakened: bool) -> FourCardRoller:
    return FourCardRoller(base, modifier, weakened)


def _shift(base: int, modifier: int, weakened: bool) -> int:
    """What a natural is shifted by: ベース + 修正, −2 while 衰弱."""
    return base + modifier - (2 if weakened else 0)


def _close(engine: dict[object, Fraction], reference: dict[object, Fraction]) -> None:
    keys = set(engine) | set(reference)
    for key in keys:
        difference = abs(float(engine.get(key, 0)) - float(reference.get(key, 0)))
        assert difference < TOLERANCE, f"{key!r}: engine {engine.get(key)} reference {reference.get(key)}"
    assert sum(engine.values()) == 1


def _drop_zero(table: dict[object, Fraction]) -> dict[object, Fraction]:
    return {k: p for k, p in table.items() if p}


# --- the independent reference -------------------------------------------------------------------


def ref_target(shift: int, difficulty: int) -> dict[object, Fraction]:
    table = {o: Fraction(0) for o in Outcome}
    for natural, ways in WAYS.items():
        if natural == 12:
            outcome = Outcome.AUTO_SUCCESS
        elif natural == 2:
            outcome = Outcome.AUTO_FAILURE
        elif natural + shift >= difficulty:
            outcome = Outcome.SUCCESS
        else:
            outcome = Outcome.FAILURE
        table[outcome] += Fraction(ways, 36)
    return _drop_zero(table)


def ref_margin(shift: int, difficulty: int) -> dict[object, Fraction]:
    table: dict[object, Fraction] = {}
    for natural, ways in WAYS.items():
        value = natural + shift
        if natural == 2 or (natural != 12 and value < difficulty):
            key: int | None = None
        else:
            key = max(value - difficulty, 0)
        table[key] = table.get(key, Fraction(0)) + Fraction(ways, 36)
    return table


def ref_achievement(shift: int) -> dict[object, Fraction]:
    return {natural + shift: Fraction(ways, 36) for natural, ways in WAYS.items()}


def ref_compare_round(a_shift: int, b_shift: int) -> tuple[Fraction, Fraction]:
    """(P(A wins one round), P(B wins one round)) from the two sum tables."""
    p_a = p_b = Fraction(0)
    for a_nat, a_ways in WAYS.items():
        for b_nat, b_ways in WAYS.items():
            p = Fraction(a_ways * b_ways, 36 * 36)
            a_special = a_nat in (2, 12)
            b_special = b_nat in (2, 12)
            if a_special and b_special:
                # 12 vs 2 or 2 vs 12 decides; 12/12 and 2/2 tie
                if a_nat > b_nat:
                    p_a += p
                elif b_nat > a_nat:
                    p_b += p
            elif a_special:
                p_a, p_b = (p_a + p, p_b) if a_nat == 12 else (p_a, p_b + p)
            elif b_special:
                p_a, p_b = (p_a, p_b + p) if b_nat == 12 else (p_a + p, p_b)
            elif a_nat + a_shift > b_nat + b_shift:
                p_a += p
            elif b_nat + b_shift > a_nat + a_shift:
                p_b += p
    return p_a, p_b


def ref_compare(a_shift: int, b_shift: int) -> dict[object, Fraction]:
    p_a, p_b = ref_compare_round(a_shift, b_shift)
    return {Contestant.A: p_a / (p_a + p_b), Contestant.B: p_b / (p_a + p_b)}


def test_reference_table_is_2d6() -> None:
    assert sum(WAYS.values()) == 36
    assert sum(ref_achievement(0).values()) == 1


# --- 目標ロール ------------------------------------------------------------------------------------


@pytest.mark.parametrize("roller", ROLLERS)
@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_target_distribution_matches_reference(roller: tuple[int, int, bool], difficulty: int) -> None:
    spec = TargetSpec(_roller(*roller), difficulty)
    reference = ref_target(_shift(*roller), difficulty)
    _close(dict(target_distribution(spec).items()), reference)
    _close(dict(SYSTEM.distribution(spec).items()), reference)


@pytest.mark.parametrize("roller", ROLLERS)
@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_margin_distribution_matches_reference(roller: tuple[int, int, bool], difficulty: int) -> None:
    spec = TargetSpec(_roller(*roller), difficulty)
    _close(dict(margin_distribution(spec).items()), ref_margin(_shift(*roller), difficulty))


@pytest.mark.parametrize("roller", ROLLERS)
def test_success_curve_matches_reference(roller: tuple[int, int, bool]) -> None:
    difficulties = range(-5, 41)
    curve = success_curve(_roller(*roller), difficulties)
    assert list(curve) == list(difficulties)
    for difficulty, p in curve.items():
        reference = ref_target(_shift(*roller), difficulty)
        expected = reference.get(Outcome.SUCCESS, 0) + reference.get(Outcome.AUTO_SUCCESS, 0)
        assert abs(float(p) - float(expected)) < TOLERANCE, difficulty


@pytest.mark.parametrize("roller", ROLLERS)
def test_success_curve_is_bounded_by_the_automatic_results(roller: tuple[int, int, bool]) -> None:
    """Never below 1/36 (natural 12), never above 35/36 (natural 2), never rising with difficulty."""
    curve = success_curve(_roller(*roller), range(-20, 60))
    values = list(curve.values())
    assert min(values) == Fraction(1, 36)
    assert max(values) == Fraction(35, 36)
    assert all(b <= a for a, b in pairwise(values))


def test_hand_checked_target_fractions() -> None:
    # base 5 vs 10: naturals 5..11 succeed (4+5+6+5+4+3+2 = 29) plus the natural 12.
    five_vs_ten = target_distribution(TargetSpec(FourCardRoller(5), 10))
    assert five_vs_ten[Outcome.SUCCESS] == Fraction(29, 36)
    assert five_vs_ten[Outcome.AUTO_SUCCESS] == Fraction(1, 36)
    assert five_vs_ten[Outcome.AUTO_FAILURE] == Fraction(1, 36)
    assert five_vs_ten[Outcome.FAILURE] == Fraction(5, 36)  # naturals 3 and 4
    assert success_curve(FourCardRoller(5), range(10, 11))[10] == Fraction(5, 6)
    # base 2 vs 10: naturals 8..11 (5+4+3+2 = 14/36 = 7/18) plus the natural 12.
    assert success_curve(FourCardRoller(2), range(10, 11))[10] == Fraction(7, 18) + Fraction(1, 36)
    # 衰弱 makes base 4 behave like base 2.
    weakened = success_curve(FourCardRoller(4, weakened=True), range(10, 11))[10]
    assert weakened == Fraction(7, 18) + Fraction(1, 36)
    # Difficulty 30 with base 0: only the natural 12, with margin +0.
    hopeless = TargetSpec(FourCardRoller(0), 30)
    assert target_distribution(hopeless)[Outcome.AUTO_SUCCESS] == Fraction(1, 36)
    assert target_distribution(hopeless)[Outcome.SUCCESS] == 0
    assert margin_distribution(hopeless)[0] == Fraction(1, 36)
    assert margin_distribution(hopeless)[None] == Fraction(35, 36)


def test_hand_checked_margin_fractions() -> None:
    # base 6 vs 12: margin m needs natural 6 + m; natural 12 gives margin 6.
    margins = margin_distribution(TargetSpec(FourCardRoller(6), 12))
    assert margins[0] == Fraction(5, 36)  # natural 6
    assert margins[1] == Fraction(6, 36)  # natural 7
    assert margins[5] == Fraction(2, 36)  # natural 11
    assert margins[6] == Fraction(1, 36)  # natural 12 (自動的成功, still compared)
    assert margins[None] == Fraction(1 + 2 + 3 + 4, 36)  # naturals 2..5


# --- 達成ロール ------------------------------------------------------------------------------------


@pytest.mark.parametrize("roller", ROLLERS)
def test_achievement_distribution_matches_reference(roller: tuple[int, int, bool]) -> None:
    spec = AchievementSpec(_roller(*roller))
    reference = ref_achievement(_shift(*roller))
    _close(dict(achievement_distribution(spec).items()), reference)
    _close(dict(SYSTEM.distribution(spec).items()), reference)


def test_hand_checked_achievement_fractions() -> None:
    values = achievement_distribution(AchievementSpec(FourCardRoller(3)))
    assert values[10] == Fraction(1, 6)  # natural 7
    assert values[5] == values[15] == Fraction(1, 36)  # naturals 2 and 12 are ordinary values
    assert set(values) == set(range(5, 16))


# --- 比較ロール ------------------------------------------------------------------------------------

COMPARE_PAIRS = [
    ((5, 0, False), (5, 0, False)),
    ((6, 0, False), (4, 0, False)),
    ((5, 0, True), (5, 0, False)),
    ((0, 0, False), (100, 0, False)),
    ((7, 2, False), (9, -3, True)),
    ((12, 1, False), (-2, 0, False)),
    ((3, 0, False), (4, 0, False)),
]


@pytest.mark.parametrize(("a", "b"), COMPARE_PAIRS)
def test_compare_distribution_matches_closed_form(a: tuple[int, int, bool], b: tuple[int, int, bool]) -> None:
    spec = CompareSpec(_roller(*a), _roller(*b))
    reference = ref_compare(_shift(*a), _shift(*b))
    _close(dict(compare_distribution(spec).items()), reference)
    _close(dict(SYSTEM.distribution(spec).items()), reference)


@pytest.mark.parametrize(("a", "b"), COMPARE_PAIRS)
def test_compare_round_distribution_matches_reference(
    a: tuple[int, int, bool], b: tuple[int, int, bool]
) -> None:
    p_a, p_b = ref_compare_round(_shift(*a), _shift(*b))
    one_round = compare_round_distribution(CompareSpec(_roller(*a), _roller(*b)))
    _close(dict(one_round.items()), _drop_zero({Contestant.A: p_a, Contestant.B: p_b, None: 1 - p_a - p_b}))


def test_hand_checked_compare_fractions() -> None:
    # Equal bases: the game is symmetric.
    even = compare_distribution(CompareSpec(FourCardRoller(5), FourCardRoller(5)))
    assert even[Contestant.A] == even[Contestant.B] == Fraction(1, 2)
    # Base 0 against base 100: A wins a round only with 12 against not-12 (35) or with not-2
    # against 2 (35), 12 against 2 counted in both (69 of 1296); ties are 12/12 and 2/2; B wins
    # the other 1225.
    one_round = compare_round_distribution(CompareSpec(FourCardRoller(0), FourCardRoller(100)))
    assert one_round[Contestant.A] == Fraction(69, 1296)
    assert one_round[None] == Fraction(2, 1296)
    assert one_round[Contestant.B] == Fraction(1225, 1296)
    hopeless = compare_distribution(CompareSpec(FourCardRoller(0), FourCardRoller(100)))
    assert hopeless[Contestant.A] == Fraction(69, 69 + 1225)
    # 衰弱 −2 on one side is the same as 2 fewer ベース.
    weakened = compare_distribution(CompareSpec(FourCardRoller(6, weakened=True), FourCardRoller(5)))
    plain = compare_distribution(CompareSpec(FourCardRoller(4), FourCardRoller(5)))
    assert weakened[Contestant.A] == plain[Contestant.A] < Fraction(1, 2)


def test_compare_distribution_has_no_tie_outcome() -> None:
    final = compare_distribution(CompareSpec(FourCardRoller(5), FourCardRoller(5)))
    assert set(final) == {Contestant.A, Contestant.B}


# --- creation rolls ------------------------------------------------------------------------------


def test_creation_distributions() -> None:
    d3_ways = {s: sum(1 for x in range(1, 4) for y in range(1, 4) if x + y == s) for s in range(2, 7)}
    attributes = {s + 1: Fraction(w, 9) for s, w in d3_ways.items()}
    assert dict(attribute_distribution().items()) == attributes
    assert [attributes[v] for v in range(3, 8)] == [Fraction(n, 9) for n in (1, 2, 3, 2, 1)]
    assert ambidextrous_probability() == Fraction(WAYS[12], 36)
    money = dict(money_distribution().items())
    assert set(money) == {s * 100 + 1000 for s in range(3, 19)}
    assert money[1300] == money[2800] == Fraction(1, 216)
    assert money[2000] == money[2100] == Fraction(27, 216)  # 3D6 = 10 or 11


# --- Monte Carlo cross-check: seeded real rolls agree with the exact distributions ----------------

N = 20_000
ALPHA = 0.001
SEED = 20240611


def _assert_fits(observed: Counter[Hashable], probabilities: dict[Hashable, Fraction]) -> None:
    assert sum(observed.values()) == N
    assert min_expected(N, probabilities) >= 5, "pick a spec with no expected cell below 5"
    statistic, df = chi_square_statistic(observed, probabilities)
    critical = chi_square_critical(df, ALPHA)
    assert statistic < critical, f"X² = {statistic:.2f} >= {critical:.2f} (df {df}): {dict(observed)}"


def test_seeded_target_rolls_fit_the_exact_distribution() -> None:
    spec = TargetSpec(FourCardRoller(5, 1, weakened=True), 12)
    rng = random.Random(SEED)
    outcomes: Counter[Hashable] = Counter()
    naturals: Counter[Hashable] = Counter()
    for _ in range(N):
        result = SYSTEM.resolve(spec, rng)
        assert isinstance(result, CheckResult)
        assert result.outcome is spec.judge(result.faces)  # each roll is judged by the same rule
        assert result.margin == spec.margin(result.faces)
        outcomes[result.outcome] += 1
        naturals[sum(result.faces)] += 1
    _assert_fits(outcomes, dict(SYSTEM.distribution(spec).items()))
    _assert_fits(naturals, {n: Fraction(w, 36) for n, w in WAYS.items()})  # fair 2D6


def test_seeded_achievement_rolls_fit_the_exact_distribution() -> None:
    spec = AchievementSpec(FourCardRoller(4, -1))
    rng = random.Random(SEED + 1)
    values: Counter[Hashable] = Counter()
    for _ in range(N):
        result = SYSTEM.resolve(spec, rng)
        assert isinstance(result, AchievementResult)
        values[result.total] += 1
    _assert_fits(values, dict(SYSTEM.distribution(spec).items()))


def test_seeded_compare_rolls_fit_the_exact_distribution() -> None:
    spec = CompareSpec(FourCardRoller(6), FourCardRoller(5, 2, weakened=False))
    rng = random.Random(SEED + 2)
    winners: Counter[Hashable] = Counter()
    rounds: Counter[Hashable] = Counter()
    for _ in range(N):
        result = SYSTEM.resolve(spec, rng)
        assert isinstance(result, CompareResult)
        assert all(r.winner is None for r in result.rounds[:-1]), "only ties are rolled again"
        assert result.rounds[-1].winner is result.winner
        winners[result.winner] += 1
        rounds[min(len(result.rounds), 3)] += 1
    probabilities = dict(SYSTEM.distribution(spec).items())
    assert set(probabilities) == {Contestant.A, Contestant.B}
    _assert_fits(winners, probabilities)
    # The number of rounds is geometric in P(tie) of one round.
    tie = compare_round_distribution(spec)[None]
    _assert_fits(rounds, {1: 1 - tie, 2: tie * (1 - tie), 3: tie * tie})


def test_chi_square_rejects_a_distribution_without_automatic_results() -> None:
    """The test has power: a 目標ロール read without natural 12/2 does not fit the real rolls."""
    spec = TargetSpec(FourCardRoller(0), 16)
    rng = random.Random(SEED)
    successes: Counter[Hashable] = Counter(
        SYSTEM.resolve(spec, rng).outcome.succeeded  # type: ignore[union-attr]
        for _ in range(N)
    )
    # Without the automatic success nothing could succeed; with it 1/36 does.
    wrong = {True: Fraction(1, 1000), False: Fraction(999, 1000)}
    statistic, df = chi_square_statistic(successes, wrong)
    assert statistic > chi_square_critical(df, ALPHA)
