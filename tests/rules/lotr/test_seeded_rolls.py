"""Monte Carlo cross-check: seeded real LotR (CODA) rolls agree with the exact distributions.

20 000 rolls with a fixed seed through `SYSTEM.resolve`, compared with `SYSTEM.distribution` by a
chi-square goodness-of-fit test at alpha = 0.001, for a single test, a group test and an opposed
test under each tie rule.  The seed is fixed, so the test is deterministic; the specs are chosen
(and sparse cells merged) so that no expected cell is below 5.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Hashable, Mapping
from fractions import Fraction

import pytest
from helpers_stats import chi_square_critical, chi_square_statistic, min_expected

from gmtool.rules.systems.lotr import SYSTEM, exploding
from gmtool.rules.systems.lotr.checks import (
    Contestant,
    GroupResult,
    GroupSpec,
    LotRRoller,
    OpposedResult,
    OpposedSpec,
    RollResult,
    RollSpec,
    TieRule,
    help_bonus_distribution,
    opposed_round,
)

N = 20_000
ALPHA = 0.001
SEED = 20240611
# Rank 2 vs TN 15: every degree has an expected count ≥ 15 (extraordinary needs 24+ on the dice).
SINGLE = RollSpec(LotRRoller(rank=2), 15)
GROUP = GroupSpec(RollSpec(LotRRoller(rank=1), 14), (LotRRoller(rank=2), LotRRoller()))


def _merge(table: Mapping[Hashable, Fraction | int], key: Callable[[Hashable], Hashable]) -> dict:
    merged: dict[Hashable, Fraction | int] = {}
    for k, v in table.items():
        merged[key(k)] = merged.get(key(k), 0) + v
    return merged


def _assert_fits(observed: Mapping[Hashable, int], probabilities: Mapping[Hashable, Fraction]) -> None:
    assert sum(observed.values()) == N
    assert sum(probabilities.values()) == 1
    assert min_expected(N, probabilities) >= 5, "pick a spec (or merge cells) with no expected cell below 5"
    statistic, df = chi_square_statistic(observed, probabilities)
    critical = chi_square_critical(df, ALPHA)
    assert statistic < critical, f"X² = {statistic:.2f} >= {critical:.2f} (df {df}): {dict(observed)}"


def _dice_total_cell(total: Hashable) -> Hashable:
    return "18+" if total >= 18 else total  # type: ignore[operator]


def _rolls(spec: object, count: int = N) -> list:
    rng = random.Random(SEED)
    return [SYSTEM.resolve(spec, rng) for _ in range(count)]  # type: ignore[arg-type]


def test_seeded_single_tests_fit_the_exact_distribution() -> None:
    degrees: Counter[Hashable] = Counter()
    totals: Counter[Hashable] = Counter()
    explosions: Counter[Hashable] = Counter()
    for result in _rolls(SINGLE):
        assert isinstance(result, RollResult)
        assert result.degree is SINGLE.judge(sum(result.faces)), "each roll is judged by the same rule"
        faces = result.faces
        if len(faces) > 2:  # an extra die only after a double six, another only after a 6
            assert faces[:2] == (6, 6) and all(f == 6 for f in faces[2:-1]) and faces[-1] != 6
        else:
            assert faces != (6, 6)
        degrees[result.degree] += 1
        totals[_dice_total_cell(sum(faces))] += 1
        explosions[min(len(faces) - 2, 1)] += 1
    _assert_fits(degrees, dict(SYSTEM.distribution(SINGLE).items()))
    # The dice themselves: the exploding total, the tail from 18 up merged into one cell.
    listing, tail = exploding.truncated_totals()
    dice = _merge({**listing, 10**6: tail}, _dice_total_cell)
    _assert_fits(totals, dice)
    _assert_fits(explosions, {0: Fraction(35, 36), 1: Fraction(1, 36)})


@pytest.mark.slow  # 20 000 seeded group tests
def test_seeded_group_tests_fit_the_exact_distribution() -> None:
    degrees: Counter[Hashable] = Counter()
    bonuses: Counter[Hashable] = Counter()
    for result in _rolls(GROUP):
        assert isinstance(result, GroupResult)
        assert len(result.helpers) == 2
        for helper, roller in zip(result.helpers, GROUP.helpers, strict=True):
            assert helper.degree is GROUP.helper_spec(roller).judge(sum(helper.faces))
            assert helper.tn == GROUP.leader.tn - 5
        assert result.leader.bonus == GROUP.leader.roller.bonus + result.help_bonus
        degrees[result.outcome] += 1
        bonuses[min(result.help_bonus, 3)] += 1
    _assert_fits(degrees, dict(SYSTEM.distribution(GROUP).items()))
    merged = _merge(dict(help_bonus_distribution(GROUP).items()), lambda b: min(b, 3))  # type: ignore[type-var]
    _assert_fits(bonuses, merged)


@pytest.mark.parametrize("rule", list(TieRule), ids=[r.value for r in TieRule])
def test_seeded_opposed_tests_fit_the_exact_distribution(rule: TieRule) -> None:
    spec = OpposedSpec(LotRRoller(rank=3), LotRRoller(rank=1), rule)
    winners: Counter[Hashable] = Counter()
    first_rounds: Counter[Hashable] = Counter()
    for result in _rolls(spec):
        assert isinstance(result, OpposedResult)
        for r in result.rounds:
            assert r.winner is spec.judge_round(r.a_faces, r.b_faces)
            assert (r.a_total, r.b_total) == (sum(r.a_faces) + 3, sum(r.b_faces) + 1)
        assert [r.winner for r in result.rounds[:-1]] == [None] * (len(result.rounds) - 1)
        if rule is not TieRule.REROLL:
            assert len(result.rounds) == 1, "a tie is decided by the rule, not rolled again"
        winners[result.winner] += 1
        first = result.rounds[0]
        a_ahead = first.a_total > first.b_total
        first_rounds["tie" if first.a_total == first.b_total else "a" if a_ahead else "b"] += 1
    probabilities = dict(SYSTEM.distribution(spec).items())
    assert set(probabilities) == {Contestant.A, Contestant.B}
    _assert_fits(winners, probabilities)
    one = opposed_round(spec)
    _assert_fits(first_rounds, {"a": one[Contestant.A], "b": one[Contestant.B], "tie": one[None]})


def test_same_seed_replays_the_same_rolls() -> None:
    spec = OpposedSpec(LotRRoller(rank=2), LotRRoller(rank=2))
    assert _rolls(spec, 300) == _rolls(spec, 300)
    assert _rolls(GROUP, 300) == _rolls(GROUP, 300)


def test_chi_square_sees_a_margin_off_by_one() -> None:
    """The test has power: the TN-15 rolls do not fit the TN-16 distribution (a boundary bug)."""
    degrees = Counter(r.degree for r in _rolls(SINGLE))
    wrong = dict(SYSTEM.distribution(RollSpec(SINGLE.roller, SINGLE.tn + 1)).items())
    statistic, df = chi_square_statistic(degrees, wrong)
    assert statistic > chi_square_critical(df, ALPHA)


def test_chi_square_sees_a_wrong_tie_rule() -> None:
    """Dodge rolls (ties to the attacker) do not fit the re-roll distribution."""
    spec = OpposedSpec(LotRRoller(rank=3), LotRRoller(rank=1), TieRule.DODGE)
    winners = Counter(r.winner for r in _rolls(spec))
    wrong = dict(SYSTEM.distribution(OpposedSpec(spec.a, spec.b, TieRule.REROLL)).items())
    statistic, df = chi_square_statistic(winners, wrong)
    assert statistic > chi_square_critical(df, ALPHA)
