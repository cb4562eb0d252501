"""Another Focus (AF判定): one roll's judge, the procedure, and the exact odds against brute force.

The brute force below is written from the rule text (フォーカスシステムルール), not from the engine:
it walks every roll one by one — every 2D6 face pair for the smallest cases, every natural total
(weighted by its ways) for the others — and compares the result with `focus_odds` as Fractions.
"""

from __future__ import annotations

import itertools
import random
import time
from collections import Counter
from collections.abc import Hashable, Sequence
from fractions import Fraction
from functools import cache

import pytest
from helpers_stats import chi_square_critical, chi_square_statistic, min_expected

from gmtool.rules.systems.aw import focus
from gmtool.rules.systems.aw.focus import (
    FocusOdds,
    FocusParticipant,
    FocusProgress,
    FocusRules,
    FocusStatus,
    RollJudgement,
    RollKind,
    advance,
    cancelled_fumble,
    declare,
    focus_odds,
    judge_natural,
    next_turn,
    roll_once,
)

RULES = FocusRules(critical_achievement=30, declaration_reduction=2)
WAYS = {n: 6 - abs(n - 7) for n in range(2, 13)}  # ways out of 36 to roll each natural total


# ---- one roll ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("participant", "natural", "expected"),
    [
        # 「クリティカル値:12、【理知】4のPC」が6ゾロを出しても 4+12=16 ではなく 30
        (FocusParticipant(4), 12, RollJudgement(RollKind.CRITICAL, 30)),
        (FocusParticipant(4, modifier=5), 12, RollJudgement(RollKind.CRITICAL, 30)),  # 30, no 修正
        (FocusParticipant(4), 11, RollJudgement(RollKind.NORMAL, 15)),
        (FocusParticipant(4, critical=11), 11, RollJudgement(RollKind.CRITICAL, 30)),
        (FocusParticipant(4), 2, RollJudgement(RollKind.FUMBLE, None)),  # no 達成値 for a fumble
        (FocusParticipant(9, modifier=3, fumble=3), 3, RollJudgement(RollKind.FUMBLE, None)),
        (FocusParticipant(4, modifier=-1), 7, RollJudgement(RollKind.NORMAL, 10)),
        (FocusParticipant(0, critical=13), 12, RollJudgement(RollKind.NORMAL, 12)),  # no critical at 13
        # Critical first: with critical 3 and fumble 2, a 3 is a critical, not "close to a fumble".
        (FocusParticipant(1, critical=3, fumble=2), 3, RollJudgement(RollKind.CRITICAL, 30)),
        (FocusParticipant(1, critical=3, fumble=2), 2, RollJudgement(RollKind.FUMBLE, None)),
    ],
)
def test_judge_natural_golden_cases(participant, natural, expected):
    assert judge_natural(participant, natural, RULES) == expected


def test_the_critical_achievement_comes_from_the_rules():
    assert judge_natural(FocusParticipant(4), 12, FocusRules(critical_achievement=25)).achievement == 25


def test_a_cancelled_fumble_counts_as_an_ordinary_roll_of_the_same_dice():
    assert cancelled_fumble(FocusParticipant(4, modifier=1), 2) == RollJudgement(RollKind.NORMAL, 7)


def test_roll_once_uses_the_seeded_dice():
    faces, judgement = roll_once(FocusParticipant(3), random.Random(7), RULES)
    again, _ = roll_once(FocusParticipant(3), random.Random(7), RULES)
    assert faces == again and len(faces) == 2 and all(1 <= f <= 6 for f in faces)
    assert judgement == judge_natural(FocusParticipant(3), sum(faces), RULES)


def test_bad_participants_and_progress_are_refused():
    with pytest.raises(ValueError, match="ファンブル値"):
        FocusParticipant(3, critical=5, fumble=5)
    with pytest.raises(ValueError, match="宣言数"):
        FocusParticipant(3, declarations=-1)
    with pytest.raises(ValueError, match="ラウンド制限"):
        FocusProgress(100, 0)


# ---- the procedure -------------------------------------------------------------------------
def test_the_book_example_three_pcs_one_round():
    """PC1 10, PC2 12, PC3 15: 37 in the round; 100 within 2 rounds is not reached yet."""
    progress = FocusProgress(100, 2)
    for achievement in (10, 12, 15):
        progress = advance(progress, RollJudgement(RollKind.NORMAL, achievement), 3, RULES)
    assert (progress.total, progress.round, progress.next_index, progress.status) == (
        37,
        2,
        0,
        FocusStatus.RUNNING,
    )


def test_declarations_lower_the_difficulty_for_the_rest_of_the_af():
    # 《本のクチ》《千枚皮》《魔法のローブ》: 100 − (2×3) = 94
    progress = declare(FocusProgress(100, 2), 3, RULES)
    assert progress.effective_difficulty(RULES) == 94
    progress = advance(progress, RollJudgement(RollKind.NORMAL, 10), 2, RULES)
    assert progress.effective_difficulty(RULES) == 94  # kept for the next participant


def test_success_at_the_moment_the_total_reaches_the_lowered_difficulty():
    progress = FocusProgress(50, 1, total=40, next_index=0)
    after = advance(progress, RollJudgement(RollKind.NORMAL, 9), 3, RULES)
    assert after.status is FocusStatus.RUNNING and after.next_index == 1
    after = advance(declare(progress, 1, RULES), RollJudgement(RollKind.NORMAL, 8), 3, RULES)
    assert after.status is FocusStatus.SUCCESS  # 48 ≥ 50 − 2: the others do not roll
    assert declare(FocusProgress(50, 1, total=46), 2, RULES).status is FocusStatus.SUCCESS  # no roll


def test_a_fumble_ends_the_af_and_the_round_limit_ends_it():
    fumbled = advance(FocusProgress(100, 3, total=60), RollJudgement(RollKind.FUMBLE, None), 2, RULES)
    assert fumbled.status is FocusStatus.FAILURE and fumbled.total == 60
    last = FocusProgress(100, 2, round=2, next_index=1)
    assert next_turn(last, 2).status is FocusStatus.FAILURE
    with pytest.raises(ValueError, match="終了"):
        advance(fumbled, RollJudgement(RollKind.NORMAL, 10), 2, RULES)


# ---- brute force ---------------------------------------------------------------------------
def _steps(progress: FocusProgress, n: int) -> list[tuple[int, int]]:
    steps = []
    for r in range(progress.round, progress.round_limit + 1):
        first = progress.next_index if r == progress.round else 0
        steps += [(r, i) for i in range(first, n)]
    return steps


def _roll_value(p: FocusParticipant, natural: int, rules: FocusRules) -> int | None:
    """The rule text, again: critical → 30; fumble → none; else 判定値 + 出目 + 修正."""
    if natural >= p.critical:
        return rules.critical_achievement
    if natural <= p.fumble:
        return None
    return p.value + natural + p.modifier


def _play(
    participants: Sequence[FocusParticipant],
    progress: FocusProgress,
    naturals: Sequence[int],
    rules: FocusRules,
) -> tuple[str, int | None]:
    """One AF with the given naturals: ("success", round) | ("fumble", None) | ("failure", None)."""
    total, declared = progress.total, progress.declared
    for (round_number, index), natural in zip(_steps(progress, len(participants)), naturals, strict=False):
        p = participants[index]
        declared += p.declarations
        difficulty = progress.difficulty - rules.declaration_reduction * declared
        if total >= difficulty:
            return "success", round_number
        value = _roll_value(p, natural, rules)
        if value is None:
            return "fumble", None
        total += value
        if total >= difficulty:
            return "success", round_number
    return "failure", None


def _odds_from(outcomes: Counter, denominator: int, progress: FocusProgress) -> FocusOdds:
    success = sum(c for (kind, _), c in outcomes.items() if kind == "success")
    by_round, running = [], 0
    for r in range(progress.round, progress.round_limit + 1):
        running += outcomes[("success", r)]
        by_round.append((r, Fraction(running, denominator)))
    return FocusOdds(
        Fraction(success, denominator), Fraction(outcomes[("fumble", None)], denominator), tuple(by_round)
    )


def every_face(participants, progress, rules=RULES) -> FocusOdds:
    """Every 2D6 face pair of every roll: 36^rolls equally likely worlds."""
    rolls = len(_steps(progress, len(participants)))
    outcomes: Counter = Counter()
    for faces in itertools.product(range(1, 7), repeat=2 * rolls):
        naturals = [faces[2 * i] + faces[2 * i + 1] for i in range(rolls)]
        outcomes[_play(participants, progress, naturals, rules)] += 1
    return _odds_from(outcomes, 36**rolls, progress)


def every_natural(participants, progress, rules=RULES) -> FocusOdds:
    """Every natural total of every roll, weighted by its ways out of 36, step by step.

    Worlds that reach the same step with the same running total are walked once (memo), which
    keeps 6–7 rolls within a second without changing what is counted.
    """
    steps = _steps(progress, len(participants))

    @cache
    def walk(k: int, total: int, declared: int) -> tuple[tuple[tuple[str, int | None], int], ...]:
        """(outcome, weight out of 36^(rolls left)) from step k on."""
        if k == len(steps):
            return ((("failure", None), 1),)
        round_number, index = steps[k]
        p = participants[index]
        declared += p.declarations
        difficulty = progress.difficulty - rules.declaration_reduction * declared
        left = 36 ** (len(steps) - k)
        if total >= difficulty:
            return ((("success", round_number), left),)
        out: Counter = Counter()
        for natural, ways in WAYS.items():
            value = _roll_value(p, natural, rules)
            if value is None:
                out[("fumble", None)] += ways * left // 36
            elif total + value >= difficulty:
                out[("success", round_number)] += ways * left // 36
            else:
                for outcome, weight in walk(k + 1, total + value, declared):
                    out[outcome] += ways * weight
        return tuple(out.items())

    return _odds_from(Counter(dict(walk(0, progress.total, progress.declared))), 36 ** len(steps), progress)


def _same(exact: FocusOdds, brute: FocusOdds) -> None:
    assert exact.success == brute.success
    assert exact.fumble == brute.fumble
    assert exact.by_round == brute.by_round


P = FocusParticipant
FACE_CASES = {
    "one participant, 3 rounds": ([P(4)], FocusProgress(50, 3)),
    "three participants, 1 round": ([P(4), P(5), P(3)], FocusProgress(50, 1)),
    "critical 11, declarations, fumble 3": (
        [P(2, critical=11, declarations=2), P(5, fumble=3)],
        FocusProgress(50, 1),
    ),
    "mid-round start with a total": ([P(4), P(3, modifier=2), P(5)], FocusProgress(80, 2, 2, 1, total=51)),
}


@pytest.mark.parametrize(("participants", "progress"), FACE_CASES.values(), ids=FACE_CASES.keys())
def test_odds_equal_every_face_enumerated(participants, progress):
    _same(focus_odds(participants, progress, RULES), every_face(participants, progress))


NATURAL_CASES = {
    "two participants, 2 rounds": ([P(4), P(6)], FocusProgress(60, 2)),
    "three participants, 2 rounds, declarations": (
        [P(3, declarations=1), P(4), P(5, declarations=2)],
        FocusProgress(70, 2),
    ),
    "one participant, 3 rounds, critical 11, modifier": (
        [P(2, modifier=1, critical=11)],
        FocusProgress(55, 3),
    ),
    "2 rounds, started mid-round, declared before": (
        [P(4), P(3, critical=10, fumble=3), P(5, declarations=1)],
        FocusProgress(90, 3, 2, 2, total=30, declared=4),
    ),
    "declarations reach it before any roll": ([P(3, declarations=3), P(3)], FocusProgress(50, 2, total=44)),
    "fumble 12: nothing but fumbles": ([P(3, critical=13, fumble=12)], FocusProgress(50, 2)),
    "three participants, 3 rounds": ([P(4), P(2, declarations=1), P(3, critical=11)], FocusProgress(100, 3)),
    "negative 判定値": ([P(-3), P(-1, declarations=5)], FocusProgress(50, 2)),
}


@pytest.mark.parametrize(("participants", "progress"), NATURAL_CASES.values(), ids=NATURAL_CASES.keys())
def test_odds_equal_every_roll_enumerated(participants, progress):
    _same(focus_odds(participants, progress, RULES), every_natural(participants, progress))


def test_other_rule_numbers_are_followed():
    rules = FocusRules(critical_achievement=20, declaration_reduction=5)
    participants, progress = [P(4, declarations=1), P(2)], FocusProgress(60, 2)
    _same(focus_odds(participants, progress, rules), every_natural(participants, progress, rules))


def test_an_af_that_has_ended_has_certain_odds():
    done = FocusProgress(100, 2, status=FocusStatus.SUCCESS)
    assert focus_odds([P(3)], done).success == 1
    failed = FocusProgress(100, 2, status=FocusStatus.FAILURE)
    assert focus_odds([P(3)], failed) == FocusOdds(Fraction(0), Fraction(0), ())
    cancelled = FocusProgress(100, 2, status=FocusStatus.CANCELLED)
    assert focus_odds([P(3)], cancelled) == FocusOdds(Fraction(0), Fraction(0), ())


def test_a_large_af_is_fast_and_a_probability():
    focus._kernel.cache_clear()
    start = time.perf_counter()
    odds = focus_odds([P(v) for v in (3, 4, 5, 3, 4, 2)], FocusProgress(200, 10), RULES)
    elapsed = time.perf_counter() - start
    assert 0 < odds.success < 1 and 0 < odds.fumble < 1 and odds.success + odds.fumble <= 1
    assert [r for r, _ in odds.by_round] == list(range(1, 11))
    assert all(a <= b for (_, a), (_, b) in itertools.pairwise(odds.by_round))
    assert odds.by_round[-1][1] == odds.success
    assert elapsed < 0.2, f"{elapsed * 1000:.0f} ms (benchmark target 50 ms)"


def test_the_largest_af_the_tool_accepts_stays_interactive():
    # The GUI recomputes the odds on every roll and tick, so the caps bound the wait.
    focus._kernel.cache_clear()
    start = time.perf_counter()
    party = [P(v) for v in (3, 4, 5, 3, 4, 2)]
    odds = focus_odds(party, FocusProgress(focus.MAX_DIFFICULTY, focus.MAX_ROUND_LIMIT), RULES)
    elapsed = time.perf_counter() - start
    assert (focus.MAX_DIFFICULTY, focus.MAX_ROUND_LIMIT) == (999, 20)
    assert 0 < odds.success < 1 and len(odds.by_round) == 20
    assert elapsed < 2.0, f"{elapsed * 1000:.0f} ms at the caps (about 300 ms expected)"


# ---- seeded AFs ----------------------------------------------------------------------------
N = 20_000
SEED = 20240612


def _seeded_af(participants: Sequence[FocusParticipant], start: FocusProgress, rng: random.Random) -> str:
    """One AF played with the engine's own steps and real (seeded) dice."""
    progress = start
    while progress.status is FocusStatus.RUNNING:
        p = participants[progress.next_index]
        progress = declare(progress, p.declarations, RULES)
        if progress.status is not FocusStatus.RUNNING:
            break
        _, judgement = roll_once(p, rng, RULES)
        if judgement.kind is RollKind.FUMBLE:
            return "fumble"
        progress = advance(progress, judgement, len(participants), RULES)
    return "success" if progress.status is FocusStatus.SUCCESS else "failure"


@pytest.mark.slow  # seeded Another Focus runs against the exact odds
def test_seeded_afs_agree_with_the_exact_odds():
    participants = [P(3, declarations=1), P(4), P(5, critical=11)]
    start = FocusProgress(90, 3)
    exact = focus_odds(participants, start, RULES)
    probabilities: dict[Hashable, Fraction] = {
        "success": exact.success,
        "fumble": exact.fumble,
        "failure": 1 - exact.success - exact.fumble,
    }
    assert min_expected(N, probabilities) >= 5
    rng = random.Random(SEED)
    observed: Counter[Hashable] = Counter(_seeded_af(participants, start, rng) for _ in range(N))
    statistic, df = chi_square_statistic(observed, probabilities)
    assert statistic < chi_square_critical(df, 0.001), (
        f"X² {statistic:.2f}: {dict(observed)} vs {probabilities}"
    )
