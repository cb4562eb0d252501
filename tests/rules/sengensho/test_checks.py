"""千幻抄 checks: golden cases with fixed dice at every boundary, an independent count of the 216 rolls,
and 20 000 seeded rolls through `resolve_check` against the exact distribution."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Hashable
from fractions import Fraction

import pytest
from helpers_stats import chi_square_critical, chi_square_statistic, min_expected

from gmtool.rules.checks import Outcome
from gmtool.rules.systems import get_system
from gmtool.rules.systems.sengensho.checks import (
    CRITICAL,
    FUMBLE,
    NATURAL_DISTRIBUTION,
    NATURAL_TOTALS,
    SengenshoCheckSpec,
    SengenshoRoller,
    check_distribution,
    check_thresholds,
    outcome_by_natural_total,
    resolve_check,
    success_curve,
)
from gmtool.rules.systems.sengensho.rules_data import sengensho_rules

N = 20_000
ALPHA = 0.001
SEED = 20260611


class FixedDice(random.Random):
    """An rng whose dice come up as given, so `resolve_check` can be fed golden faces."""

    def __init__(self, faces: tuple[int, ...]) -> None:
        super().__init__(0)
        self._faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        face = self._faces.pop(0)
        assert a <= face <= b
        return face


def judge(
    faces: tuple[int, int, int], value: int, target: int, critical: int = 16, fumble: int = 5
) -> Outcome:
    return SengenshoCheckSpec(SengenshoRoller(value, 0, critical, fumble), target).judge(faces)


# ---- golden cases: default thresholds (critical ≥ 16, fumble ≤ 5) ------------------------------
@pytest.mark.parametrize(
    ("faces", "value", "target", "expected"),
    [
        ((1, 2, 2), 20, 14, FUMBLE),  # natural 5: a fumble although 25 beats 14
        ((1, 1, 1), 99, 0, FUMBLE),  # natural 3: the lowest roll
        ((1, 2, 3), 8, 14, Outcome.SUCCESS),  # natural 6 is no fumble: 14 = 14 succeeds
        ((1, 2, 3), 7, 14, Outcome.FAILURE),  # natural 6, 13 = target − 1: a plain failure, no fumble
        ((6, 5, 5), 0, 30, CRITICAL),  # natural 16: a critical although 16 misses 30
        ((6, 6, 6), -50, 99, CRITICAL),  # natural 18
        ((5, 5, 5), 0, 30, Outcome.FAILURE),  # natural 15 is no critical: 15 misses 30
        ((5, 5, 5), 0, 15, Outcome.SUCCESS),  # natural 15, total exactly the target
        ((5, 5, 5), 0, 16, Outcome.FAILURE),  # natural 15, total = target − 1
        ((3, 4, 4), 3, 14, Outcome.SUCCESS),  # 11 + 3 = 14 = target
        ((3, 4, 4), 2, 14, Outcome.FAILURE),  # 11 + 2 = 13 = target − 1
    ],
)
def test_default_thresholds_at_every_boundary(faces, value, target, expected):
    assert judge(faces, value, target) is expected


def test_the_shipped_thresholds_are_16_and_5_as_bcdice_sgs():
    rules = sengensho_rules()
    assert (rules.default_critical, rules.default_fumble) == (16, 5)
    roller = SengenshoRoller(0)
    assert (roller.critical, roller.fumble) == (16, 5)
    assert [n for n in NATURAL_TOTALS if roller.special(n) is CRITICAL] == [16, 17, 18]
    assert [n for n in NATURAL_TOTALS if roller.special(n) is FUMBLE] == [3, 4, 5]


def test_a_modifier_counts_towards_the_total_but_never_towards_critical_or_fumble():
    spec = SengenshoCheckSpec(SengenshoRoller(2, 10), 14)
    assert spec.judge((1, 2, 2)) is FUMBLE  # 5 + 12 = 17 ≥ 14, still a fumble
    assert spec.judge((1, 2, 3)) is Outcome.SUCCESS  # 6 + 12 = 18
    low = SengenshoCheckSpec(SengenshoRoller(2, -30), 14)
    assert low.judge((6, 5, 5)) is CRITICAL  # 16 − 28 misses, still a critical
    assert low.judge((5, 5, 5)) is Outcome.FAILURE


# ---- golden cases: edited thresholds ----------------------------------------------------------------
@pytest.mark.parametrize(
    ("faces", "value", "target", "expected"),
    [
        ((6, 5, 5), 0, 30, Outcome.FAILURE),  # natural 16 is no critical at 17
        ((6, 5, 5), 0, 16, Outcome.SUCCESS),
        ((6, 6, 5), 0, 30, CRITICAL),  # natural 17
        ((1, 2, 2), 20, 14, Outcome.SUCCESS),  # natural 5 is no fumble at 4
        ((1, 2, 2), 8, 14, Outcome.FAILURE),  # natural 5, 13: a plain failure
        ((1, 1, 2), 20, 14, FUMBLE),  # natural 4
    ],
)
def test_thresholds_17_and_4(faces, value, target, expected):
    assert judge(faces, value, target, critical=17, fumble=4) is expected


def test_critical_19_means_no_critical_and_fumble_2_no_fumble():
    assert judge((6, 6, 6), 0, 30, critical=19, fumble=2) is Outcome.FAILURE  # 18 misses 30
    assert judge((6, 6, 6), 0, 18, critical=19, fumble=2) is Outcome.SUCCESS
    assert judge((1, 1, 1), 20, 14, critical=19, fumble=2) is Outcome.SUCCESS  # 3 + 20 beats 14
    assert judge((1, 1, 1), 0, 14, critical=19, fumble=2) is Outcome.FAILURE
    dist = check_distribution(SengenshoCheckSpec(SengenshoRoller(0, 0, 19, 2), 11))
    assert dist[CRITICAL] == dist[FUMBLE] == 0
    assert dist[Outcome.SUCCESS] == Fraction(1, 2)  # 3D6 ≥ 11 is half the rolls


@pytest.mark.parametrize(
    ("critical", "fumble", "message"),
    [
        (20, 5, "クリティカルの出目 20 は 4〜19 の範囲外です"),
        (3, 2, "クリティカルの出目 3 は 4〜19 の範囲外です"),
        (16, 1, "ファンブルの出目 1 は 2〜17 の範囲外です"),
        (19, 18, "ファンブルの出目 18 は 2〜17 の範囲外です"),
        (10, 10, "ファンブルの出目 10 がクリティカルの出目 10 以上です"),
        (8, 12, "ファンブルの出目 12 がクリティカルの出目 8 以上です"),
    ],
)
def test_bad_thresholds_are_refused_with_the_reason(critical, fumble, message):
    with pytest.raises(ValueError, match=f"^{message}$"):
        check_thresholds(critical, fumble)
    with pytest.raises(ValueError, match=message):
        SengenshoRoller(0, 0, critical, fumble)


@pytest.mark.parametrize(("critical", "fumble"), [(4, 2), (4, 3), (19, 2), (19, 17), (16, 5), (17, 4)])
def test_the_extreme_valid_thresholds_are_accepted(critical, fumble):
    check_thresholds(critical, fumble)
    assert SengenshoRoller(0, 0, critical, fumble).critical == critical


# ---- resolve_check with fixed dice ------------------------------------------------------------------
@pytest.mark.parametrize(
    ("faces", "target", "outcome", "total"),
    [
        ((4, 5, 6), 14, Outcome.SUCCESS, 23),  # 15 + 5 + 3
        ((1, 2, 2), 14, FUMBLE, 13),  # 達成値 still shown on a fumble
        ((6, 6, 4), 30, CRITICAL, 24),  # and on a critical that misses
        ((2, 2, 2), 15, Outcome.FAILURE, 14),  # natural 6, target − 1
        ((2, 2, 2), 14, Outcome.SUCCESS, 14),  # natural 6, exactly the target
    ],
)
def test_resolve_rolls_three_dice_and_judges_them_with_the_same_rule(faces, target, outcome, total):
    spec = SengenshoCheckSpec(SengenshoRoller(5, 3), target)
    result = resolve_check(spec, FixedDice(faces), seed=42)
    assert result.faces == faces and result.seed == 42
    assert result.outcome is outcome is spec.judge(faces)
    assert result.total == total
    assert result.margin == total - target


def test_the_system_resolves_through_the_same_engine():
    system = get_system("sengensho")
    spec = SengenshoCheckSpec(SengenshoRoller(4, 1), 14)
    assert system.distribution(spec) == check_distribution(spec)
    assert system.resolve(spec, FixedDice((1, 1, 3))).outcome is FUMBLE


# ---- an independent count of the 216 rolls ----------------------------------------------------------
def brute_force(value: int, modifier: int, target: int, critical: int, fumble: int) -> dict[str, Fraction]:
    """Counts every ordered 3D6 roll by hand, not through the engine's judge."""
    counts = Counter({"critical": 0, "success": 0, "failure": 0, "fumble": 0})
    for a, b, c in itertools.product(range(1, 7), repeat=3):
        natural = a + b + c
        if natural >= critical:
            counts["critical"] += 1
        elif natural <= fumble:
            counts["fumble"] += 1
        elif natural + value + modifier >= target:
            counts["success"] += 1
        else:
            counts["failure"] += 1
    assert sum(counts.values()) == 216
    return {k: Fraction(n, 216) for k, n in counts.items()}


KEYS = {CRITICAL: "critical", Outcome.SUCCESS: "success", Outcome.FAILURE: "failure", FUMBLE: "fumble"}
THRESHOLDS = [(16, 5), (17, 4), (19, 2), (4, 3), (12, 8)]


@pytest.mark.parametrize(("critical", "fumble"), THRESHOLDS)
def test_check_distribution_agrees_exactly_with_a_count_of_all_216_rolls(critical, fumble):
    for value, modifier in itertools.product((-3, 0, 4, 9), (-2, 0, 3)):
        roller = SengenshoRoller(value, modifier, critical, fumble)
        targets = range(value + modifier, value + modifier + 22)
        curve = success_curve(roller, targets)
        for target in targets:
            expected = brute_force(value, modifier, target, critical, fumble)
            dist = check_distribution(SengenshoCheckSpec(roller, target))
            assert {KEYS[o]: dist[o] for o in KEYS} == expected, (value, modifier, target)
            assert curve[target] == expected["critical"] + expected["success"]


def test_known_values_of_the_default_rule():
    dist = check_distribution(SengenshoCheckSpec(SengenshoRoller(5), 14))
    assert dist[CRITICAL] == dist[FUMBLE] == Fraction(10, 216)  # 16, 17, 18 / 3, 4, 5: 6 + 3 + 1 rolls
    # 3D6 + 5 ≥ 14 ⇔ 3D6 ≥ 9: 160 rolls, of which 10 are criticals
    assert dist[Outcome.SUCCESS] == Fraction(150, 216)
    assert dist.probability(lambda o: o.succeeded) == Fraction(160, 216)


def test_each_natural_total_is_coloured_by_its_outcome():
    spec = SengenshoCheckSpec(SengenshoRoller(5, 0, 17, 4), 14)
    by_total = outcome_by_natural_total(spec)
    assert list(by_total) == list(NATURAL_TOTALS)
    assert [by_total[n] for n in (3, 4, 5, 8, 9, 16, 17, 18)] == [
        FUMBLE,
        FUMBLE,
        Outcome.FAILURE,
        Outcome.FAILURE,
        Outcome.SUCCESS,
        Outcome.SUCCESS,
        CRITICAL,
        CRITICAL,
    ]
    by_outcome = Counter()
    for natural, outcome in by_total.items():
        by_outcome[outcome] += NATURAL_DISTRIBUTION[natural]
    assert dict(by_outcome) == dict(check_distribution(spec).items())


# ---- seeded rolls against the exact distribution --------------------------------------------------
SEEDED_SPECS = {
    "default 5 vs 14": SengenshoCheckSpec(SengenshoRoller(5), 14),
    "17/4, 2 −1 vs 12": SengenshoCheckSpec(SengenshoRoller(2, -1, 17, 4), 12),
    "no critical, no fumble, 0 vs 11": SengenshoCheckSpec(SengenshoRoller(0, 0, 19, 2), 11),
}


def _assert_fits(observed: Counter[Hashable], probabilities: dict[Hashable, Fraction]) -> None:
    assert sum(observed.values()) == N
    assert min_expected(N, probabilities) >= 5, "pick a spec with no expected cell below 5"
    statistic, df = chi_square_statistic(observed, probabilities)
    critical = chi_square_critical(df, ALPHA)
    assert statistic < critical, f"X² = {statistic:.2f} >= {critical:.2f} (df {df}): {dict(observed)}"


@pytest.mark.parametrize("spec", SEEDED_SPECS.values(), ids=SEEDED_SPECS.keys())
def test_seeded_rolls_fit_the_exact_distribution(spec: SengenshoCheckSpec) -> None:
    rng = random.Random(SEED)
    outcomes: Counter[Hashable] = Counter()
    naturals: Counter[Hashable] = Counter()
    for _ in range(N):
        result = resolve_check(spec, rng)
        natural = sum(result.faces)
        assert len(result.faces) == 3 and all(1 <= f <= 6 for f in result.faces)
        assert result.outcome is spec.judge(result.faces)
        assert result.total == natural + spec.roller.value + spec.roller.modifier
        outcomes[result.outcome] += 1
        naturals[natural] += 1
    _assert_fits(outcomes, dict(check_distribution(spec).items()))
    _assert_fits(naturals, dict(NATURAL_DISTRIBUTION.items()))  # the dice themselves are fair 3D6


def test_the_seeded_test_has_power_against_a_wrong_threshold():
    """Rolls judged with critical 16 do not fit the distribution of critical 17."""
    spec = SengenshoCheckSpec(SengenshoRoller(5), 14)
    rng = random.Random(SEED)
    observed: Counter[Hashable] = Counter(resolve_check(spec, rng).outcome for _ in range(N))
    wrong = dict(check_distribution(SengenshoCheckSpec(SengenshoRoller(5, 0, 17, 5), 14)).items())
    statistic, df = chi_square_statistic(observed, wrong)
    assert statistic > chi_square_critical(df, ALPHA)


def test_the_same_seed_replays_the_same_rolls():
    spec = SengenshoCheckSpec(SengenshoRoller(3, 1), 13)
    first = [resolve_check(spec, random.Random(7), 7) for _ in range(3)]
    assert first[0] == first[1] == first[2]
    rng_a, rng_b = random.Random(99), random.Random(99)
    assert [resolve_check(spec, rng_a) for _ in range(50)] == [resolve_check(spec, rng_b) for _ in range(50)]
