"""CODA tests (1.5): one judge of the dice for the odds and for the roll.

達成値 = R + bonus, with R the exploding test roll (exploding.py); the degree of
success is read from margin = 達成値 − TN through the degree bands.  A spec's
`judge(total)` is used by `resolve()` on the faces rolled and by
`distribution()`, which adds P(R = t) per total t up to the top band's
threshold and gives the whole exact tail above it to the top band, so the odds
are exact (no truncation) and cannot disagree with a roll.

Courage is spent after seeing the roll (+3 each, at most 4 per round); group
tests add each helper's bonus (their own test at TN − 5); opposed tests compare
two totals with the tie rule of the situation.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache

from gmtool.rules.dice import Distribution, Faces
from gmtool.rules.message import Message
from gmtool.rules.systems.lotr import exploding
from gmtool.rules.systems.lotr.check_types import (
    CORRUPTION_CHANGE,
    COURAGE_BONUS,
    COURAGE_PER_ROUND,
    GROUP_HELPER_BONUS,
    GROUP_HELPER_TN_OFFSET,
    MARGINAL_HELPER_BONUS,
    MAX_OPPOSED_ROUNDS,
    TIE_WINNER,
    TN_BOUNDS,
    Bands,
    Contestant,
    GroupResult,
    LotRResult,
    LotRRoller,
    OpposedResult,
    OpposedRound,
    RollResult,
    TieRule,
)
from gmtool.rules.systems.lotr.house_rules import MARGINAL_ZERO
from gmtool.rules.systems.lotr.rules_data import DEGREE_ORDER, Degree, lotr_rules

# The value types live in check_types (views may import them); they are re-exported here.
__all__ = [
    "CORRUPTION_CHANGE",
    "COURAGE_BONUS",
    "COURAGE_PER_ROUND",
    "GROUP_HELPER_BONUS",
    "GROUP_HELPER_TN_OFFSET",
    "MARGINAL_HELPER_BONUS",
    "MAX_OPPOSED_ROUNDS",
    "TIE_WINNER",
    "TN_BOUNDS",
    "Bands",
    "CheckSpec",
    "Contestant",
    "CorruptionSpec",
    "GroupResult",
    "GroupSpec",
    "LotRResult",
    "LotRRoller",
    "OpposedResult",
    "OpposedRound",
    "OpposedSpec",
    "RollResult",
    "RollSpec",
    "TieRule",
    "corruption_after",
    "corruption_distribution",
    "degree_of",
    "distribution",
    "group_distribution",
    "help_bonus_distribution",
    "helper_bonus",
    "opposed_distribution",
    "opposed_round",
    "resolve",
    "resolve_group",
    "resolve_opposed",
    "resolve_roll",
    "roll_distribution",
    "shipped_bands",
    "spend_courage",
    "success_probability",
    "with_courage_probabilities",
]


def shipped_bands() -> Bands:
    return lotr_rules().degree_bands()


def degree_of(margin: int, bands: Bands) -> Degree:
    """The band holding margin: the highest whose lower bound it reaches."""
    found = bands[0][0]
    for degree, low in bands:
        if low is None or margin >= low:
            found = degree
    return found


@dataclass(frozen=True)
class RollSpec:
    roller: LotRRoller
    tn: int
    bands: Bands = field(default_factory=shipped_bands)

    def judge(self, total: int) -> Degree:
        """Degree of a roll whose dice sum to `total` (courage bonus not included)."""
        return degree_of(total + self.roller.bonus - self.tn, self.bands)


@lru_cache(maxsize=4096)
def roll_distribution(spec: RollSpec) -> Distribution[Degree]:
    """Exact P of each degree, from the roll's closed-form P(R ≥ t) at each band's edge.

    The degree changes only where the margin reaches a band's lower bound, so each stretch between
    two neighbouring bounds is one degree with P(R ≥ its first total) − P(R ≥ the next stretch's):
    a handful of subtractions per TN, not a sum over every dice total (the stacked plot asks for
    21 TNs at each change)."""
    offset = spec.tn - spec.roller.bonus  # dice total = margin + offset
    edges = sorted({low for _degree, low in spec.bands if low is not None})
    weights: dict[Degree, Fraction] = {}
    below = Fraction(1)  # P(R ≥ the current stretch's first total); the first stretch is unbounded
    for start, end in zip([None, *edges], [*edges, None], strict=True):
        upto = exploding.at_least(end + offset) if end is not None else Fraction(0)
        if below != upto:
            margin = start if start is not None else (edges[0] - 1 if edges else 0)  # any in the stretch
            degree = degree_of(margin, spec.bands)
            weights[degree] = weights.get(degree, Fraction(0)) + below - upto
        below = upto
    return Distribution({d: weights[d] for d in DEGREE_ORDER if weights.get(d)})


def success_probability(spec: RollSpec) -> Fraction:
    return roll_distribution(spec).probability(lambda d: d.succeeded)


def with_courage_probabilities(
    spec: RollSpec, most: int, per_point: int = COURAGE_BONUS
) -> dict[int, Fraction]:
    """P(success) if the player will spend up to n courage after seeing the roll, n = 0…most.

    Spending only what is needed, a roll succeeds with n points when its margin ≥ −n·per_point.
    """
    return {
        n: success_probability(
            replace(spec, roller=replace(spec.roller, modifier=spec.roller.modifier + n * per_point))
        )
        for n in range(most + 1)
    }


def resolve_roll(spec: RollSpec, rng: random.Random) -> RollResult:
    faces = exploding.roll_test(rng)
    return RollResult(faces, spec.roller.bonus, spec.tn, spec.judge(sum(faces)))


def spend_courage(
    spec: RollSpec, result: RollResult, points: int, per_point: int = COURAGE_BONUS
) -> RollResult:
    """The same roll with `points` more courage spent on it (the degree is read again)."""
    if points < 0:
        raise ValueError(Message("使う勇気は 0 点以上です"))
    courage = result.courage + points
    bonus = result.courage_bonus + points * per_point
    degree = degree_of(sum(result.faces) + result.bonus + bonus - result.tn, spec.bands)
    return replace(result, courage=courage, courage_bonus=bonus, degree=degree)


# ---- group tests ------------------------------------------------------------------------------
def helper_bonus(degree: Degree, marginal_helper: str = MARGINAL_ZERO) -> int:
    """What one helper's degree adds to the leader, under the house rule's reading of Marginal."""
    return GroupResult.bonus_for(degree, marginal_helper)


@dataclass(frozen=True)
class GroupSpec:
    """A leader's test helped by others, each testing at TN − 5 for a bonus to the leader.
    `marginal_helper`: the house rule's reading (MARGINAL_ZERO: +0, MARGINAL_ONE: +1)."""

    leader: RollSpec
    helpers: tuple[LotRRoller, ...] = ()
    marginal_helper: str = MARGINAL_ZERO

    def __post_init__(self) -> None:
        if self.marginal_helper not in MARGINAL_HELPER_BONUS:
            raise ValueError(Message("Marginal の助けの読み方「{0}」はありません", self.marginal_helper))

    def helper_spec(self, helper: LotRRoller) -> RollSpec:
        return RollSpec(helper, self.leader.tn + GROUP_HELPER_TN_OFFSET, self.leader.bands)

    def gives(self, degree: Degree) -> int:
        return helper_bonus(degree, self.marginal_helper)


def help_bonus_distribution(spec: GroupSpec) -> Distribution[int]:
    """The sum of every helper's bonus (independent rolls: a convolution)."""
    total: dict[int, Fraction] = {0: Fraction(1)}
    for helper in spec.helpers:
        one = roll_distribution(spec.helper_spec(helper)).map(spec.gives)
        combined: dict[int, Fraction] = {}
        for a, pa in total.items():
            for b, pb in one.items():
                combined[a + b] = combined.get(a + b, Fraction(0)) + pa * pb
        total = combined
    return Distribution(total)


def _leader_with(spec: GroupSpec, extra: int) -> RollSpec:
    roller = spec.leader.roller
    return replace(spec.leader, roller=replace(roller, modifier=roller.modifier + extra))


@lru_cache(maxsize=1024)
def group_distribution(spec: GroupSpec) -> Distribution[Degree]:
    weights: dict[Degree, Fraction] = {}
    for extra, p in help_bonus_distribution(spec).items():
        for degree, q in roll_distribution(_leader_with(spec, extra)).items():
            weights[degree] = weights.get(degree, Fraction(0)) + p * q
    return Distribution({d: weights[d] for d in DEGREE_ORDER if weights.get(d)})


def resolve_group(spec: GroupSpec, rng: random.Random) -> GroupResult:
    helpers = tuple(resolve_roll(spec.helper_spec(h), rng) for h in spec.helpers)
    bonus = sum(spec.gives(h.degree) for h in helpers)
    leader = resolve_roll(_leader_with(spec, bonus), rng)
    return GroupResult(leader, helpers, marginal_helper=spec.marginal_helper)


# ---- opposed tests ----------------------------------------------------------------------------
@dataclass(frozen=True)
class OpposedSpec:
    a: LotRRoller
    b: LotRRoller
    tie_rule: TieRule = TieRule.REROLL
    bands: Bands = field(default_factory=shipped_bands)  # the winner's degree (1.5.2)

    def judge_round(self, a_faces: Faces, b_faces: Faces) -> Contestant | None:
        a_total, b_total = sum(a_faces) + self.a.bonus, sum(b_faces) + self.b.bonus
        if a_total == b_total:
            return TIE_WINNER.get(self.tie_rule)
        return Contestant.A if a_total > b_total else Contestant.B


def opposed_round(spec: OpposedSpec) -> Mapping[Contestant | None, Fraction]:
    """One round, exactly: P(A ahead), P(B ahead), P(tie) (None), before the tie rule."""
    c = spec.b.bonus - spec.a.bonus  # A wins when R_A − R_B > c
    a_ahead = exploding.difference_above(c)
    tie = exploding.difference_equal(c)
    return {Contestant.A: a_ahead, Contestant.B: 1 - a_ahead - tie, None: tie}


@lru_cache(maxsize=4096)
def opposed_distribution(spec: OpposedSpec) -> Distribution[Contestant]:
    one = opposed_round(spec)
    winner = TIE_WINNER.get(spec.tie_rule)
    if winner is None:  # re-rolled until decided: one round conditioned on no tie
        return Distribution.from_weights({c: one[c] for c in Contestant})
    weights = {c: one[c] for c in Contestant}
    weights[winner] += one[None]
    return Distribution({c: p for c, p in weights.items() if p})


def resolve_opposed(spec: OpposedSpec, rng: random.Random) -> OpposedResult:
    rounds = []
    for _ in range(MAX_OPPOSED_ROUNDS):
        a_faces, b_faces = exploding.roll_test(rng), exploding.roll_test(rng)
        winner = spec.judge_round(a_faces, b_faces)
        rounds.append(
            OpposedRound(a_faces, sum(a_faces) + spec.a.bonus, b_faces, sum(b_faces) + spec.b.bonus, winner)
        )
        if winner is not None:
            return OpposedResult(winner, tuple(rounds))
    raise RuntimeError("対決判定が決着しませんでした")  # pragma: no cover - P < 9^-10000


# ---- corruption tests -------------------------------------------------------------------------
@dataclass(frozen=True)
class CorruptionSpec:
    """A Willpower test against temptation (1.2.4): its degree changes Corruption."""

    test: RollSpec


def corruption_distribution(spec: CorruptionSpec) -> Distribution[int]:
    return roll_distribution(spec.test).map(lambda d: CORRUPTION_CHANGE[d])


def corruption_after(corruption: int, degree: Degree) -> int:
    """Corruption after a test; it never goes below 0."""
    return max(0, corruption + CORRUPTION_CHANGE[degree])


# ---- the contract's two entry points ----------------------------------------------------------
CheckSpec = RollSpec | GroupSpec | OpposedSpec


def distribution(spec: CheckSpec) -> Distribution[Degree] | Distribution[Contestant]:
    if isinstance(spec, RollSpec):
        return roll_distribution(spec)
    if isinstance(spec, GroupSpec):
        return group_distribution(spec)
    return opposed_distribution(spec)


def resolve(spec: CheckSpec, rng: random.Random) -> LotRResult:
    if isinstance(spec, RollSpec):
        return resolve_roll(spec, rng)
    if isinstance(spec, GroupSpec):
        return resolve_group(spec, rng)
    return resolve_opposed(spec, rng)
