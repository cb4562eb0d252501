"""3.8 恐怖: a fear attack, an opposed test of the attacker's Intimidate (Fear) — or Intimidate
(Majesty or Power) against the dark's servants — against the defender's Willpower.

「抵抗側は,恐怖の対象からの距離や,仲間からの激励などによって 抵抗に修正を受ける(Table 9.20)」: the
defender's modifiers are the rows of the campaign's fear_modifiers table that the GM ticks (the
summary does not reproduce the table: its values are the GM's, never invented here).

The attacker's degree is read from the difference of the totals (1.5.2):
  Marginal      −1 to every action
  Complete      −2
  Superior      one turn lost, and −4
  Extraordinary flees, or drops to the ground (the GM's choice)
A fear attack the defender wins has no effect.  「恐怖の影響を受けてない人間からの Inspire などによっても
再度判定を試みることができる」: the afraid defender may test again after such an Inspire; winning it
ends the fear (gmtool's reading: losing it again leaves the fear as it was).

A tie is re-rolled (1.5.2 「同点の場合は,特に指定されていなければ,再度判定する」), so a fear attack
is never Marginal unless the GM rules that a tie is the attacker's (as a dodge's total is a TN,
3.3): the tie rule is the GM's choice, as in the judgement panel.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

from gmtool.rules.dice import Distribution, Faces
from gmtool.rules.message import Message
from gmtool.rules.systems.lotr.checks import (
    Bands,
    Contestant,
    LotRRoller,
    OpposedResult,
    OpposedRound,
    OpposedSpec,
    TieRule,
    resolve_opposed,
    shipped_bands,
)

# Re-exported: the fear's values
from gmtool.rules.systems.lotr.fear_types import (
    BONUS_BOUNDS as BONUS_BOUNDS,
    DROP as DROP,
    EFFECT_OF_DEGREE as EFFECT_OF_DEGREE,
    EFFECT_ORDER as EFFECT_ORDER,
    EFFECT_TEXT as EFFECT_TEXT,
    FLEE as FLEE,
    FLEE_CHOICES as FLEE_CHOICES,
    MAX_MODIFIERS as MAX_MODIFIERS,
    PENALTY as PENALTY,
    TURNS_LOST as TURNS_LOST,
    FearEffect as FearEffect,
)
from gmtool.rules.systems.lotr.opposed_degree import opposed_degree, opposed_degree_distribution
from gmtool.rules.systems.lotr.rules_data import Degree


def effect_of(winner: Contestant, degree: Degree) -> FearEffect:
    """What the attacker's win at this degree does (the defender's win: nothing)."""
    if winner is not Contestant.A:
        return FearEffect.NONE
    return EFFECT_OF_DEGREE.get(degree, FearEffect.NONE)


def _check(name: Message, value: int) -> None:
    low, high = BONUS_BOUNDS
    if not low <= value <= high:
        raise ValueError(Message("{0} {1} は {2}〜{3} の範囲外です", name, value, low, high))


@dataclass(frozen=True)
class FearSpec:
    """intimidate: the attacker's Intimidate bonus (rank + attribute modifier + its penalties).
    willpower: the defender's Willpower bonus (its penalties included); modifiers: the ticked rows
    of Table 9.20 (distance, encouragement), added to the Willpower."""

    intimidate: int
    willpower: int
    modifiers: tuple[int, ...] = ()
    tie_rule: TieRule = TieRule.REROLL
    bands: Bands = field(default_factory=shipped_bands)

    def __post_init__(self) -> None:
        _check(Message("Intimidate のボーナス"), self.intimidate)
        _check(Message("Willpower のボーナス"), self.willpower)
        if len(self.modifiers) > MAX_MODIFIERS:
            raise ValueError(Message("恐怖への抵抗の修正は {0} 個までです", MAX_MODIFIERS))
        for modifier in self.modifiers:
            _check(Message("恐怖への抵抗の修正"), modifier)

    @property
    def resistance(self) -> int:
        """The defender's whole bonus: Willpower + the table's modifiers."""
        return self.willpower + sum(self.modifiers)

    def opposed(self) -> OpposedSpec:
        """A = the attacker (Intimidate), B = the defender (Willpower)."""
        return OpposedSpec(
            LotRRoller(modifier=self.intimidate),
            LotRRoller(modifier=self.resistance),
            self.tie_rule,
            self.bands,
        )


@lru_cache(maxsize=1024)
def fear_distribution(spec: FearSpec) -> Distribution[FearEffect]:
    """Exact P of each effect, read from the exact (winner, degree) odds of the opposed test."""
    weights: dict[FearEffect, Fraction] = {}
    for (winner, degree), p in opposed_degree_distribution(spec.opposed()).items():
        effect = effect_of(winner, degree)
        weights[effect] = weights.get(effect, Fraction(0)) + p
    return Distribution({e: weights[e] for e in EFFECT_ORDER if weights.get(e)})


def degree(spec: FearSpec, result: OpposedResult) -> Degree:
    """The winner's degree (1.5.2)."""
    return opposed_degree(spec.opposed(), result)


def effect(spec: FearSpec, result: OpposedResult) -> FearEffect:
    return effect_of(result.winner, degree(spec, result))


def resolve(spec: FearSpec, rng: random.Random) -> OpposedResult:
    return resolve_opposed(spec.opposed(), rng)


def judge(spec: FearSpec, a_faces: Faces, b_faces: Faces) -> OpposedResult | None:
    """One round as these dice made it; None when it is a tie that is tested again."""
    opposed = spec.opposed()
    winner = opposed.judge_round(a_faces, b_faces)
    if winner is None:
        return None
    a_total, b_total = sum(a_faces) + opposed.a.bonus, sum(b_faces) + opposed.b.bonus
    return OpposedResult(winner, (OpposedRound(tuple(a_faces), a_total, tuple(b_faces), b_total, winner),))
