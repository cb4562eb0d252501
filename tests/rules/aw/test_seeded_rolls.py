"""Monte Carlo cross-check: seeded real rolls agree with the exact AW distributions.

20 000 rolls with a fixed seed through `SYSTEMS["aw"].resolve`, compared with
`SYSTEMS["aw"].distribution` by a chi-square goodness-of-fit test at alpha = 0.001.  The seed is
fixed, so the test is deterministic; the specs are chosen so no expected cell is below 5.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable
from fractions import Fraction

import pytest
from helpers_stats import chi_square_critical, chi_square_statistic, min_expected

from gmtool.rules.checks import CheckResult, OpposedResult, Side
from gmtool.rules.dice import sum_distribution
from gmtool.rules.systems import SYSTEMS
from gmtool.rules.systems.aw.checks import AWCheckSpec, AWOpposedSpec, AWRoller

N = 20_000
ALPHA = 0.001
SEED = 20240611

CHECK_SPECS = {
    "default value 3 vs 10": AWCheckSpec(AWRoller(3, 0), 10),
    "critical 10 fumble 3, value 1 -2 vs 8": AWCheckSpec(AWRoller(1, -2, 10, 3), 8),
}
OPPOSED_SPECS = {
    "default 2 vs 1": AWOpposedSpec(AWRoller(2), AWRoller(1)),
    "crit 11 action vs fumble 3 reaction": AWOpposedSpec(AWRoller(4, 1, 11, 2), AWRoller(6, 0, 12, 3)),
    "reaction cannot roll (fixed 10)": AWOpposedSpec(AWRoller(3), AWRoller(8, 2, can_roll=False)),
}


def _assert_fits(observed: Counter[Hashable], probabilities: dict[Hashable, Fraction]) -> None:
    assert sum(observed.values()) == N
    assert min_expected(N, probabilities) >= 5, "pick a spec with no expected cell below 5"
    statistic, df = chi_square_statistic(observed, probabilities)
    critical = chi_square_critical(df, ALPHA)
    assert statistic < critical, f"X² = {statistic:.2f} >= {critical:.2f} (df {df}): {dict(observed)}"


@pytest.mark.parametrize("spec", CHECK_SPECS.values(), ids=CHECK_SPECS.keys())
def test_seeded_check_rolls_fit_the_exact_distribution(spec: AWCheckSpec) -> None:
    system = SYSTEMS["aw"]
    rng = random.Random(SEED)
    outcomes: Counter[Hashable] = Counter()
    naturals: Counter[Hashable] = Counter()
    for _ in range(N):
        result = system.resolve(spec, rng)
        assert isinstance(result, CheckResult)
        assert result.outcome is spec.judge(result.faces)  # each roll is judged by the same rule
        assert result.total == spec.roller.judge_faces(result.faces)[1]
        outcomes[result.outcome] += 1
        naturals[sum(result.faces)] += 1
    _assert_fits(outcomes, dict(system.distribution(spec).items()))
    _assert_fits(naturals, dict(sum_distribution(2, 6).items()))  # the dice themselves are fair 2D6


@pytest.mark.parametrize("spec", OPPOSED_SPECS.values(), ids=OPPOSED_SPECS.keys())
def test_seeded_opposed_rolls_fit_the_exact_distribution(spec: AWOpposedSpec) -> None:
    system = SYSTEMS["aw"]
    rng = random.Random(SEED)
    winners: Counter[Hashable] = Counter()
    for _ in range(N):
        result = system.resolve(spec, rng)
        assert isinstance(result, OpposedResult)
        reaction_faces = result.reaction.faces if result.reaction is not None else None
        if not spec.reaction.can_roll:
            assert reaction_faces == ()
            reaction_faces = None
        assert (reaction_faces is not None) is spec.reaction_rolls(result.action.faces)
        assert result.winner is spec.judge(result.action.faces, reaction_faces)
        winners[result.winner] += 1
    probabilities = dict(system.distribution(spec).items())
    assert set(probabilities) == {Side.ACTION, Side.REACTION}
    _assert_fits(winners, probabilities)


def test_same_seed_replays_the_same_rolls() -> None:
    system = SYSTEMS["aw"]
    spec = AWOpposedSpec(AWRoller(2), AWRoller(1))
    first = [system.resolve(spec, rng) for rng in [random.Random(7)] for _ in range(200)]
    rng = random.Random(7)
    second = [system.resolve(spec, rng) for _ in range(200)]
    assert first == second


def test_chi_square_rejects_a_wrong_distribution() -> None:
    """The test has power: the same rolls do not fit a distribution that ignores reaction priority."""
    spec = AWOpposedSpec(AWRoller(0), AWRoller(0))
    rng = random.Random(SEED)
    winners: Counter[Hashable] = Counter(SYSTEMS["aw"].resolve(spec, rng).winner for _ in range(N))
    fair = {Side.ACTION: Fraction(1, 2), Side.REACTION: Fraction(1, 2)}
    statistic, df = chi_square_statistic(winners, fair)
    assert statistic > chi_square_critical(df, ALPHA)
