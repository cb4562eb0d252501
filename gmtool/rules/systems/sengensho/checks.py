"""千幻抄 checks: 3D6 + 判定値 + 修正 against a 目標値, each defined once as a judge of dice faces.

A natural total at or above the critical threshold is a critical and counts as a success; at or
below the fumble threshold a fumble that counts as a failure (the thresholds are editable).  The
shared `Outcome` codes carry them: AUTO_SUCCESS is the critical, AUTO_FAILURE the fumble.
`distribution()` runs every equally likely roll through the judge, `resolve()` hands real dice to it.
The dice and the bounds are values of their own (`checks_types`), re-exported here.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from gmtool.rules.checks import CheckResult, Outcome
from gmtool.rules.dice import Distribution, Faces, enumerate_outcomes, roll, sum_distribution
from gmtool.rules.message import Message
from gmtool.rules.systems.sengensho.checks_types import (
    CRITICAL,
    CRITICAL_BOUNDS,
    DEFAULT_TARGET,
    DICE,
    FUMBLE,
    FUMBLE_BOUNDS,
    NATURAL_TOTALS,
    TARGET_BOUNDS,
)

__all__ = [
    "CRITICAL",
    "CRITICAL_BOUNDS",
    "DEFAULT_TARGET",
    "DICE",
    "FUMBLE",
    "FUMBLE_BOUNDS",
    "NATURAL_DISTRIBUTION",
    "NATURAL_TOTALS",
    "TARGET_BOUNDS",
    "SengenshoCheckSpec",
    "SengenshoRoller",
    "check_distribution",
    "check_thresholds",
    "outcome_by_natural_total",
    "resolve_check",
    "success_curve",
]

NATURAL_DISTRIBUTION = sum_distribution(*DICE)


def check_thresholds(critical: int, fumble: int) -> None:
    """ValueError naming the bad threshold, in the words the GM sees."""
    for label, value, (low, high) in (
        ("クリティカル", critical, CRITICAL_BOUNDS),
        ("ファンブル", fumble, FUMBLE_BOUNDS),
    ):
        if not low <= value <= high:
            raise ValueError(Message("{0}の出目 {1} は {2}〜{3} の範囲外です", label, value, low, high))
    if fumble >= critical:
        raise ValueError(Message("ファンブルの出目 {0} がクリティカルの出目 {1} 以上です", fumble, critical))


@dataclass(frozen=True)
class SengenshoRoller:
    """One roll: 判定値 ({特性値}+〈スキル〉), 修正 and the critical/fumble thresholds."""

    value: int
    modifier: int = 0
    critical: int = 16
    fumble: int = 5

    def __post_init__(self) -> None:
        check_thresholds(self.critical, self.fumble)

    def special(self, natural: int) -> Outcome | None:
        """CRITICAL, FUMBLE or None for a natural 3D6 total."""
        if natural >= self.critical:
            return CRITICAL
        if natural <= self.fumble:
            return FUMBLE
        return None

    def total(self, natural: int) -> int:
        """達成値 = 3D6 + 判定値 + 修正."""
        return natural + self.value + self.modifier


@dataclass(frozen=True)
class SengenshoCheckSpec:
    roller: SengenshoRoller
    target: int  # 目標値

    def judge(self, faces: Faces) -> Outcome:
        natural = sum(faces)
        special = self.roller.special(natural)
        if special is not None:
            return special
        return Outcome.SUCCESS if self.roller.total(natural) >= self.target else Outcome.FAILURE


def check_distribution(spec: SengenshoCheckSpec) -> Distribution[Outcome]:
    return enumerate_outcomes(*DICE, spec.judge)


def outcome_by_natural_total(spec: SengenshoCheckSpec) -> dict[int, Outcome]:
    """The outcome of each natural total (the judge reads only the sum: a 1-tuple stands for it)."""
    return {natural: spec.judge((natural,)) for natural in NATURAL_TOTALS}


@lru_cache(maxsize=128)
def success_curve(roller: SengenshoRoller, targets: range) -> dict[int, Fraction]:
    """P(success, critical included) for each 目標値; callers must not mutate the result."""
    return {
        t: check_distribution(SengenshoCheckSpec(roller, t)).probability(lambda o: o.succeeded)
        for t in targets
    }


def resolve_check(spec: SengenshoCheckSpec, rng: random.Random, seed: int | None = None) -> CheckResult:
    faces = roll(rng, *DICE)
    natural = sum(faces)
    return CheckResult(
        outcome=spec.judge(faces),
        faces=faces,
        total=spec.roller.total(natural),  # shown even on a critical or fumble, as BCDice does
        seed=seed,
        margin=spec.roller.total(natural) - spec.target,
    )
