"""フォーカード 判定ロール: 目標ロール, 比較ロール and 達成ロール, each one judge of dice faces.

`distribution()` runs every equally likely 2D6 (or 2D6 × 2D6) through the judge;
`resolve()` rolls real dice and hands them to the same judge, so the two cannot
disagree.  A 比較ロール that ties is rolled again until it is decided, so its exact
probabilities are those of one round conditioned on not tying — unless the GM allows a draw
(「引き分けや膠着状態がありえる判定であれば、GMの判断で、優劣がつかなかったことに」): then a tie
ends it undecided.  Whether a natural 12 or 2 decides a 比較ロール is the COMPARE_NATURALS house
rule (`CompareSpec.naturals`).

The dice, the contestants and the results are values of their own (`checks_types`), re-exported here.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from gmtool.rules.checks import CheckResult, Outcome
from gmtool.rules.dice import Distribution, Faces, all_faces, enumerate_outcomes, roll
from gmtool.rules.systems.fourcard.checks_types import (
    AUTO_FAILURE_NATURAL,
    AUTO_SUCCESS_NATURAL,
    DEFAULT_DIFFICULTY,
    DICE,
    FUMBLE_FATIGUE,
    MAX_COMPARE_ROUNDS,
    AchievementResult,
    CompareResult,
    CompareRound,
    Contestant,
    FourCardResult,
)
from gmtool.rules.systems.fourcard.derived import WEAKENED_PENALTY
from gmtool.rules.systems.fourcard.house_rules import NATURALS_DECIDE, NATURALS_PLAIN

__all__ = [
    "AUTO_FAILURE_NATURAL",
    "AUTO_SUCCESS_NATURAL",
    "DEFAULT_DIFFICULTY",
    "DICE",
    "FUMBLE_FATIGUE",
    "MAX_COMPARE_ROUNDS",
    "AchievementResult",
    "AchievementSpec",
    "CheckSpec",
    "CompareResult",
    "CompareRound",
    "CompareSpec",
    "Contestant",
    "FourCardResult",
    "FourCardRoller",
    "TargetSpec",
    "achievement_distribution",
    "automatic",
    "compare_distribution",
    "compare_round_distribution",
    "distribution",
    "fumbles",
    "margin_distribution",
    "resolve",
    "success_curve",
    "target_distribution",
]

_ALL_ROLLS = tuple(all_faces(*DICE))


@dataclass(frozen=True)
class FourCardRoller:
    """One roll's ベース and 修正; `weakened` applies the 衰弱 −2."""

    base: int
    modifier: int = 0
    weakened: bool = False

    @property
    def total_modifier(self) -> int:
        return self.modifier - (WEAKENED_PENALTY if self.weakened else 0)

    def value(self, faces: Faces) -> int:
        """ロール値 = 2D6 + ベース (+ 修正)."""
        return sum(faces) + self.base + self.total_modifier


def automatic(faces: Faces) -> Outcome | None:
    natural = sum(faces)
    if natural == AUTO_SUCCESS_NATURAL:
        return Outcome.AUTO_SUCCESS
    if natural == AUTO_FAILURE_NATURAL:
        return Outcome.AUTO_FAILURE
    return None


@dataclass(frozen=True)
class TargetSpec:
    """目標ロール: ロール値 ≥ 難易度 succeeds; natural 12 / 2 decide by themselves."""

    roller: FourCardRoller
    difficulty: int

    def judge(self, faces: Faces) -> Outcome:
        auto = automatic(faces)
        if auto is not None:
            return auto
        return Outcome.SUCCESS if self.roller.value(faces) >= self.difficulty else Outcome.FAILURE

    def margin(self, faces: Faces) -> int | None:
        """成功の度合 of a success; an automatic success below the target counts +0."""
        outcome = self.judge(faces)
        if not outcome.succeeded:
            return None
        return max(0, self.roller.value(faces) - self.difficulty)


@dataclass(frozen=True)
class AchievementSpec:
    """達成ロール: the higher the better, no automatic results."""

    roller: FourCardRoller

    def judge(self, faces: Faces) -> int:
        return self.roller.value(faces)


@dataclass(frozen=True)
class CompareSpec:
    """比較ロール between two rollers; `draw`: a tie ends it undecided instead of being re-rolled."""

    a: FourCardRoller
    b: FourCardRoller
    naturals: str = NATURALS_DECIDE  # the COMPARE_NATURALS house rule
    draw: bool = False

    def judge_round(self, a_faces: Faces, b_faces: Faces) -> Contestant | None:
        """The winner of one round, or None for a tie (re-rolled, or a draw)."""
        if self.naturals == NATURALS_PLAIN:  # the roll values alone decide
            return _higher(self.a.value(a_faces), self.b.value(b_faces))
        a_auto, b_auto = automatic(a_faces), automatic(b_faces)
        if a_auto != b_auto:
            # A natural 12 beats any other roll, a natural 2 loses to any other roll.
            if a_auto is Outcome.AUTO_SUCCESS or b_auto is Outcome.AUTO_FAILURE:
                return Contestant.A
            return Contestant.B
        if a_auto is not None:  # both 12 or both 2
            return None
        return _higher(self.a.value(a_faces), self.b.value(b_faces))


def _higher(a_value: int, b_value: int) -> Contestant | None:
    if a_value == b_value:
        return None
    return Contestant.A if a_value > b_value else Contestant.B


CheckSpec = TargetSpec | AchievementSpec | CompareSpec


# ---- exact distributions -------------------------------------------------------
@lru_cache(maxsize=512)
def target_distribution(spec: TargetSpec) -> Distribution[Outcome]:
    return enumerate_outcomes(*DICE, spec.judge)


@lru_cache(maxsize=512)
def margin_distribution(spec: TargetSpec) -> Distribution[int | None]:
    """成功の度合 of each roll; None for a failure."""
    return enumerate_outcomes(*DICE, spec.margin)


@lru_cache(maxsize=512)
def achievement_distribution(spec: AchievementSpec) -> Distribution[int]:
    return enumerate_outcomes(*DICE, spec.judge)


def _representative_rolls() -> tuple[tuple[Faces, int], ...]:
    """One roll per 2D6 total with how many of the 36 rolls share it.

    Every judge here reads only the total, so weighting one representative roll by
    its multiplicity is the same exact enumeration with 11 cases instead of 36.
    """
    counts: dict[int, tuple[Faces, int]] = {}
    for faces in _ALL_ROLLS:
        total = sum(faces)
        first, count = counts.get(total, (faces, 0))
        counts[total] = (first, count + 1)
    return tuple(counts[t] for t in sorted(counts))


_ROLLS_BY_TOTAL = _representative_rolls()


@lru_cache(maxsize=4096)
def compare_round_distribution(spec: CompareSpec) -> Distribution[Contestant | None]:
    """One round of a 比較ロール, ties (None) included: all 36 × 36 pairs of rolls."""
    weights: dict[Contestant | None, int] = {}
    for a_faces, a_count in _ROLLS_BY_TOTAL:
        for b_faces, b_count in _ROLLS_BY_TOTAL:
            key = spec.judge_round(a_faces, b_faces)
            weights[key] = weights.get(key, 0) + a_count * b_count
    return Distribution.from_weights(weights)


def compare_distribution(spec: CompareSpec) -> Distribution[Contestant | None]:
    """Who finally wins: one round's odds, conditioned on the round not tying — or, when a draw is
    allowed, the one round itself (None: the draw)."""
    one_round = compare_round_distribution(spec)
    if spec.draw:
        return one_round
    return Distribution.from_weights({c: one_round[c] for c in Contestant})


def success_curve(roller: FourCardRoller, difficulties: range) -> dict[int, Fraction]:
    """P(success) of a 目標ロール at each difficulty (the panel's curve)."""
    return {
        d: target_distribution(TargetSpec(roller, d)).probability(lambda o: o.succeeded) for d in difficulties
    }


def distribution(
    spec: CheckSpec,
) -> Distribution[Outcome] | Distribution[int] | Distribution[Contestant | None]:
    if isinstance(spec, TargetSpec):
        return target_distribution(spec)
    if isinstance(spec, AchievementSpec):
        return achievement_distribution(spec)
    return compare_distribution(spec)


# ---- real rolls ------------------------------------------------------------------
def resolve(spec: CheckSpec, rng: random.Random) -> FourCardResult:
    if isinstance(spec, TargetSpec):
        faces = roll(rng, *DICE)
        return CheckResult(spec.judge(faces), faces, spec.roller.value(faces), margin=spec.margin(faces))
    if isinstance(spec, AchievementSpec):
        faces = roll(rng, *DICE)
        return AchievementResult(faces, spec.judge(faces))
    rounds = []
    for _ in range(MAX_COMPARE_ROUNDS):
        a_faces, b_faces = roll(rng, *DICE), roll(rng, *DICE)
        winner = spec.judge_round(a_faces, b_faces)
        rounds.append(CompareRound(a_faces, spec.a.value(a_faces), b_faces, spec.b.value(b_faces), winner))
        if winner is not None or spec.draw:
            return CompareResult(winner, tuple(rounds))
    raise RuntimeError("比較ロールが決着しませんでした")  # pragma: no cover - P < 6^-10000


def fumbles(result: FourCardResult) -> dict[Contestant, int]:
    """Natural 2s rolled as 自動的失敗: each costs that roller 1 疲労.

    A 達成ロール has no automatic results, so it never costs fatigue.  In a
    比較ロール every natural 2 counts, including those of rounds that tied.
    """
    if isinstance(result, CheckResult):
        return {Contestant.A: int(result.outcome is Outcome.AUTO_FAILURE)}
    if isinstance(result, CompareResult):
        counts = {Contestant.A: 0, Contestant.B: 0}
        for r in result.rounds:
            counts[Contestant.A] += automatic(r.a_faces) is Outcome.AUTO_FAILURE
            counts[Contestant.B] += automatic(r.b_faces) is Outcome.AUTO_FAILURE
        return counts
    return {Contestant.A: 0}
