"""What the tracker's LotR attack form plans and what its roll gives back (attack_model.py): the plan
the GM chose, the odds shown before the roll (each strike of a sweep or two weapons), and the roll's
strikes."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from gmtool.rules.systems.lotr import attack as engine


@dataclass(frozen=True)
class AttackPlan:
    """What the GM chose.  bonus: the attacker's skill rank + attribute modifier + modifiers (the
    wound, weariness and extra-action penalties are added here).  parry: the target's weapon skill
    bonus if it parries (None: it does not)."""

    attacker: str
    target: str
    bonus: int
    option: str = "basic"
    called_shot: int = 0
    ranged: bool = False
    range_steps: int = 0
    shield: int = 0
    size_steps: int = 0
    parry: int | None = None
    blunt: bool = False  # at a called shot: a hit stuns instead of damaging (3.7, stun_model.py)
    weapon: str | None = None  # a row of the weapons table (P.230)
    distance: int | None = None  # yards: the range steps from the weapon's L and S (3.4)
    attacker_size: str | None = None  # for a rider (3.9); None: the participant's own, if known
    target_size: str | None = None
    horse_str: bool = False  # the horse's STR for the damage instead of the rider's (3.9)
    # sweep: the second and third targets, in order, each with its parry (None: it does not parry);
    # two weapons: the off hand's target (none: the same target)
    more_targets: tuple[str, ...] = ()
    more_parries: tuple[int | None, ...] = ()
    hands: tuple[int | None, int | None] = (None, None)  # two weapons: the GM's penalty, 未設定 = None
    ambidextrous: bool = False  # two weapons without a penalty (3.2)
    resist: int | None = None  # trip: the target's Nimbleness or Swiftness bonus (its choice)


@dataclass(frozen=True)
class AttackOdds:
    """What the form shows before the roll: the attack's bonus and TN, the chance to hit, each
    success degree's chance under the campaign's names (best first), and the chance the target's
    parry stops it (None: it does not parry)."""

    attack_bonus: int
    tn: int
    hit: Fraction
    degrees: tuple[tuple[str, Fraction], ...]
    parried: Fraction | None
    strikes: tuple[StrikeOdds, ...] = ()  # sweep and two weapons: every attack test, in order
    effect: Fraction | None = None  # grapple: held (Superior+); trip: tripped; grab: held (a hit)


@dataclass(frozen=True)
class StrikeOdds:
    """One attack test of a sweep or of two weapons: whom, its bonus and TN, the chance it is rolled
    at all (a sweep stops at a parry) and the chance it hits."""

    target: str
    attack_bonus: int
    tn: int
    reached: Fraction
    hit: Fraction


@dataclass(frozen=True)
class Struck:
    """One attack test as rolled: its target, its spec and its result."""

    target: str
    spec: engine.AttackSpec
    result: engine.AttackResult


@dataclass(frozen=True)
class AttackRoll:
    plan: AttackPlan
    spec: engine.AttackSpec
    result: engine.AttackResult
    seed: int
    strikes: tuple[Struck, ...] = ()  # every attack test rolled (the first is `spec`, `result`)
    tripped: bool | None = None  # trip: the opposed test's outcome (None: not a trip)
