"""What the army tracker's attack and morale panels show before the roll, from the very spec the
roll will use (so the odds and the roll cannot disagree): the numbers the test is made of and its
exact chances."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from gmtool.rules.systems.lotr.units import (
    MoraleSpec,
    UnitAttackSpec,
    break_probability,
    hit_probability,
    rally_probability,
    reach_probability,
)


@dataclass(frozen=True)
class UnitAttackOdds:
    """A unit's attack as the panel shows it before the roll: the test's bonus (the commander's and
    the attacking unit's Strength modifier), its TN, the house rule's Morale modifiers, the chance to
    hit, and what a hit does to the target's Size."""

    bonus: int
    commander_bonus: int
    strength: int | None
    strength_bonus: int
    tn: int
    morale_damage: int
    morale_defense: int
    hit: Fraction
    damage: int
    target: str  # the target's label
    size_before: int | None
    size_after: int


@dataclass(frozen=True)
class MoraleOdds:
    """A test to break a unit as the panel shows it: the bonus, the TN (its Morale), the supporting
    unit's Size and bonus, and with a rallying commander his Inspire bonus, the chance the test
    reaches the TN and the chance he stops it; `broken` is the chance the unit breaks."""

    bonus: int
    tn: int
    support_size: int | None
    support_bonus: int
    rally_bonus: int | None
    reach: Fraction
    rally: Fraction
    broken: Fraction


def unit_attack_odds(spec: UnitAttackSpec) -> UnitAttackOdds:
    bonus = spec.roll_spec().roller.bonus
    return UnitAttackOdds(
        bonus=bonus,
        commander_bonus=bonus - spec.strength_bonus,
        strength=spec.attacker.strength,
        strength_bonus=spec.strength_bonus,
        tn=spec.tn,
        morale_damage=spec.morale_damage,
        morale_defense=spec.morale_defense,
        hit=hit_probability(spec),
        damage=spec.damage,
        target=spec.target.label(),
        size_before=spec.target.size,
        size_after=max(0, (spec.target.size or 0) - spec.damage),
    )


def morale_odds(spec: MoraleSpec) -> MoraleOdds:
    support = spec.support
    return MoraleOdds(
        bonus=spec.roll_spec().roller.bonus,
        tn=spec.tn,
        support_size=None if support is None else support.size,
        support_bonus=spec.support_bonus,
        rally_bonus=None if spec.rally is None else spec.rally.bonus,
        reach=reach_probability(spec),
        rally=rally_probability(spec) if spec.rally is not None else Fraction(0),
        broken=break_probability(spec),
    )
