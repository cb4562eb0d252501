"""3.2's attack options that are more than one test against Defence, exactly:

- sweep (なぎ払い): 「3人まで同時に狙う.二人なら-4, 三人なら-6.順番に攻撃判定し,ダメージも個別計算.
  途中でparry/blockされたらそこで止まる.」 — one attack test per target in order, each with its own
  dice; a target that parries stops the sweep, so a later target is attacked only when no earlier one
  parried (a miss does not stop it);
- two weapons (両手に武器を持つ): 「1アクションで,利き腕と逆腕の両方で1回ずつ攻撃できる.
  Ambidextrous Edgeを持たない場合はペナルティがある.」 — two independent attack tests; the text gives
  no number for the penalty, so it is the GM's (未設定 until entered, never read as 0);
- trip (足払い): 「Unarmed Attack だが Nimbleness で判定.防御側は Nimbleness または Swiftness
  (防御者が選択)で抵抗.成功すると,ダメージはないが転倒する.」 — an opposed test (1.5.2); the text
  names no winner of a tie, so a tie is rolled again (「同点の場合は,特に指定されていなければ,再度判定」);
- the charge's knockdown: 「チャージしてきたキャラクターのSTR+2を目標とするStrength判定に失敗すると
  倒れる」 — the target's Strength test against the charger's STR + 2 (the text writes "STR modifier"
  where it means the modifier, so this is the STR score; 3.9 lets a rider use the horse's STR);
- a Strength contest: Grab's escape (「つかまれた側はSTR判定で抜け出そうとする」, the grabber +3 after
  pinning, 「押さえつけてSTR対抗判定に+3」) and Grapple's pull each round (「攻撃側は+4ボーナス」),
  an opposed Strength test, a tie rolled again.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from gmtool.rules.dice import Distribution, Faces
from gmtool.rules.systems.lotr import exploding
from gmtool.rules.systems.lotr.attack import (
    PARRIED,
    AttackResult,
    AttackSpec,
    Outcome,
    attack_distribution,
    judge,
)
from gmtool.rules.systems.lotr.attack_types import KNOCKDOWN_TN_PLUS
from gmtool.rules.systems.lotr.checks import (
    Bands,
    Contestant,
    LotRRoller,
    OpposedResult,
    OpposedSpec,
    RollSpec,
    TieRule,
    opposed_distribution,
    resolve_opposed,
    shipped_bands,
    success_probability,
)

MAX_SWEEP = 3  # 「3人まで」


@dataclass(frozen=True)
class Strike:
    """One attack test of a series: the chance it is rolled at all, and its outcome's odds then."""

    reached: Fraction
    odds: Distribution[Outcome]


def series_odds(specs: Sequence[AttackSpec], stops_on_parry: bool) -> tuple[Strike, ...]:
    """Each strike's odds; with `stops_on_parry` (sweep) a strike is rolled only when no earlier
    target parried."""
    strikes: list[Strike] = []
    reached = Fraction(1)
    for spec in specs:
        odds = attack_distribution(spec)
        strikes.append(Strike(reached, odds))
        if stops_on_parry:
            reached *= 1 - odds[PARRIED]
    return tuple(strikes)


def roll_series(
    specs: Sequence[AttackSpec], rng: random.Random, stops_on_parry: bool
) -> tuple[AttackResult, ...]:
    """The strikes as rolled in order: each its attack dice, then its parry's when it reached Defence;
    a sweep stops after a parry."""
    results: list[AttackResult] = []
    for spec in specs:
        faces = exploding.roll_test(rng)
        result = judge(spec, faces)
        if spec.parry_bonus is not None and result.degree.succeeded:
            result = judge(spec, faces, exploding.roll_test(rng))
        results.append(result)
        if stops_on_parry and result.parried:
            break
    return tuple(results)


# ---- opposed tests: trip, a Strength contest --------------------------------------------------
@dataclass(frozen=True)
class ContestSpec:
    """An opposed test (1.5.2), a tie rolled again: `a` the one acting (tripper, grabber, the whip's
    wielder, or the grabbed one escaping), `b` the one resisting."""

    a: int
    b: int
    bands: Bands = field(default_factory=shipped_bands)

    def opposed(self) -> OpposedSpec:
        return OpposedSpec(
            LotRRoller(modifier=self.a), LotRRoller(modifier=self.b), TieRule.REROLL, self.bands
        )


def contest_odds(spec: ContestSpec) -> Fraction:
    """P that `a` wins (ties rolled again)."""
    return opposed_distribution(spec.opposed())[Contestant.A]


def roll_contest(spec: ContestSpec, rng: random.Random) -> OpposedResult:
    return resolve_opposed(spec.opposed(), rng)


# ---- the charge's knockdown ---------------------------------------------------------------------
@dataclass(frozen=True)
class KnockdownSpec:
    """The charged target's Strength test: its STR modifier (+ its penalties) against the charger's
    STR + 2.  Failing it, the target falls."""

    charger_str: int
    strength_bonus: int
    bands: Bands = field(default_factory=shipped_bands)

    @property
    def tn(self) -> int:
        return self.charger_str + KNOCKDOWN_TN_PLUS

    def roll_spec(self) -> RollSpec:
        return RollSpec(LotRRoller(modifier=self.strength_bonus), self.tn, self.bands)


def knockdown_probability(spec: KnockdownSpec) -> Fraction:
    """P that the target falls: its Strength test fails."""
    return 1 - success_probability(spec.roll_spec())


@dataclass(frozen=True)
class KnockdownResult:
    faces: Faces
    total: int
    tn: int

    @property
    def falls(self) -> bool:
        return self.total < self.tn


def roll_knockdown(spec: KnockdownSpec, rng: random.Random) -> KnockdownResult:
    faces = exploding.roll_test(rng)
    return KnockdownResult(faces, sum(faces) + spec.strength_bonus, spec.tn)
