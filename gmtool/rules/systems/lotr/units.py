"""LotR unit combat (3.11.1 部隊戦闘): units, the commander's attack test and morale.

A unit has Size, Strength, Toughness, Mobility and Morale; Size is also its damage track
(「ダメージは Size を減少させる.サイズが 0 になった時点で部隊は消滅する」).  The attack is the
commander's Siegecraft test (Bearing without it) against the target's Toughness + 10, with the
attacking unit's Strength modifier (Table 2.1) added; a hit does (Strength + Size) − Toughness.
Morale (1〜12 + Size) is the TN of tests that try to break the unit and moves with Size; a
commander leading a unit may add its Size ÷ 5 to his Intimidate, and the broken unit's commander
may contest the test with Inspire.  Size can come from a head count (÷ 10 × the race's factor of
Table 9.26, the GM's `unit_size` table).  The odds and the roll share one `RollSpec`, so they
cannot disagree.

The text gives no typical numbers a tool could fill in, so a new unit's values are None — "not
entered" — and every test says which value is missing.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from fractions import Fraction

from gmtool.rules.message import Message
from gmtool.rules.systems.lotr import exploding
from gmtool.rules.systems.lotr.checks import (
    Bands,
    Contestant,
    LotRRoller,
    OpposedResult,
    OpposedSpec,
    RollResult,
    RollSpec,
    opposed_distribution,
    resolve_opposed,
    resolve_roll,
    success_probability,
)
from gmtool.rules.systems.lotr.rules_data import LotRRules

# Re-exported: the unit's values
from gmtool.rules.systems.lotr.units_types import (
    ATTACK_TN_BASE as ATTACK_TN_BASE,
    HEADS_PER_SIZE as HEADS_PER_SIZE,
    INPUT_RANGE as INPUT_RANGE,
    INTIMIDATE_DIVISOR as INTIMIDATE_DIVISOR,
    MORALE_MAX as MORALE_MAX,
    MOUNTED_FACTOR as MOUNTED_FACTOR,
    NAME_MAX as NAME_MAX,
    SIZE_MAX as SIZE_MAX,
    STAT_LABELS as STAT_LABELS,
    STAT_MAX as STAT_MAX,
    ArmyRefused as ArmyRefused,
    Id as Id,
    MoraleValue as MoraleValue,
    Name as Name,
    SizeValue as SizeValue,
    Stat as Stat,
    Unit as Unit,
)


def half_up(numerator: int, denominator: int) -> int:
    """numerator ÷ denominator rounded half up (section 5: 「端数を四捨五入する」).

    Integers only, so 2.5 becomes 3 exactly (Python's round() would give 2)."""
    if numerator < 0 or denominator <= 0:
        raise ValueError(Message("half_up は 0 以上の数を正の数で割るときだけ使います"))
    quotient, remainder = divmod(numerator, denominator)
    return quotient + (1 if 2 * remainder >= denominator else 0)


def intimidate_bonus(size: int) -> int:
    """The bonus a commander with a unit of this Size adds to his Intimidate: Size ÷ 5, half up."""
    return half_up(size, INTIMIDATE_DIVISOR)


def required(unit: Unit, stat: str) -> int:
    """The unit's value of `stat`, or the refusal naming what the GM has yet to enter."""
    value = getattr(unit, stat)
    if value is None:
        raise ArmyRefused(Message("部隊「{0}」の {1} が未入力です", unit.label(), STAT_LABELS[stat]))
    return int(value)


def _require_standing(unit: Unit) -> None:
    if unit.destroyed:
        raise ArmyRefused(Message("部隊「{0}」は消滅しています（Size 0）", unit.label()))


# ---- the attack ---------------------------------------------------------------------------------
def strength_bonus(unit: Unit, rules: LotRRules) -> int:
    """「能力修正表を参照して,Strength によるボーナスを追加する」: the campaign's Table 2.1."""
    return rules.modifier(required(unit, "strength"))


def attack_tn(target: Unit, tn_modifier: int = 0, defense_bonus: int = 0) -> int:
    return required(target, "toughness") + defense_bonus + ATTACK_TN_BASE + tn_modifier


def unit_damage(attacker: Unit, target: Unit, damage_bonus: int = 0, defense_bonus: int = 0) -> int:
    """(attacker Strength + Size) − target Toughness, never below 0.  The bonuses are the house
    rule's Morale modifiers (UNIT_MORALE_BONUS): 0 unless the GM uses it."""
    dealt = required(attacker, "strength") + required(attacker, "size") + damage_bonus
    return max(0, dealt - required(target, "toughness") - defense_bonus)


def morale_bonus(unit: Unit, rules: LotRRules) -> int:
    """「部隊の士気の値を,能力修正表を用いて, ダメージや防御力へのボーナスとして使ってよい」:
    the campaign's Table 2.1 modifier of the unit's Morale (house rule UNIT_MORALE_BONUS)."""
    return rules.modifier(required(unit, "morale"))


def apply_unit_hit(target: Unit, damage: int) -> Unit:
    """The target after `damage`: Size goes down (Morale with it), and 0 is the end of the unit."""
    if damage < 0:
        raise ValueError(Message("ダメージは 0 以上です"))
    return with_size(target, max(0, required(target, "size") - damage))


def with_size(unit: Unit, size: int) -> Unit:
    """The unit at a new Size.  「Morale: …通常は1〜12の値 + Size となる」: the Size part of an
    entered Morale moves with the Size, so a unit that loses 4 Size loses 4 Morale (never below 0).
    A unit with no Size or no Morale entered yet only takes the new Size."""
    if size < 0:
        raise ArmyRefused(Message("Size は 0 以上です（{0}）", size))
    morale = unit.morale
    if morale is not None and unit.size is not None:
        morale = max(0, morale + size - unit.size)
    return replace(unit, size=size, morale=morale)


def size_from_headcount(headcount: int, factor: Fraction | None) -> int:
    """「Size: 人数÷10 が基本のサイズとなるが,種族によって係数をかける」, rounded half up (5.).
    `factor` None: a unit of mixed races (「種族が混在した場合は係数なしとする」)."""
    if headcount < 0:
        raise ArmyRefused(Message("人数は 0 以上です（{0}）", headcount))
    if factor is None:
        return half_up(headcount, HEADS_PER_SIZE)
    if factor < 0:
        raise ArmyRefused(Message("種族の係数は 0 以上です（{0}）", factor))
    return half_up(headcount * factor.numerator, HEADS_PER_SIZE * factor.denominator)


@dataclass(frozen=True)
class UnitAttackSpec:
    """One unit's attack: the commander's roller is the Siegecraft (or Bearing) test as the
    judgement panel builds it, the Strength modifier is kept apart so the log can name it."""

    attacker: Unit
    target: Unit
    commander: LotRRoller
    strength_bonus: int
    tn: int
    bands: Bands
    morale_damage: int = 0  # house rule UNIT_MORALE_BONUS: the attacker's Morale modifier
    morale_defense: int = 0  # … and the target's, added to its Toughness

    @property
    def uses_morale(self) -> bool:
        return bool(self.morale_damage or self.morale_defense)

    def roll_spec(self) -> RollSpec:
        roller = replace(self.commander, modifier=self.commander.modifier + self.strength_bonus)
        return RollSpec(roller, self.tn, self.bands)

    @property
    def damage(self) -> int:
        """What a hit does (the degree of success does not change it)."""
        return unit_damage(self.attacker, self.target, self.morale_damage, self.morale_defense)


def attack_spec(
    attacker: Unit,
    target: Unit,
    commander: LotRRoller,
    rules: LotRRules,
    tn_modifier: int = 0,
    use_morale: bool = False,
) -> UnitAttackSpec:
    """`use_morale`: the house rule UNIT_MORALE_BONUS is on (both Morales must then be entered)."""
    if attacker.id == target.id:
        raise ArmyRefused(Message("部隊は自分自身を攻撃できません"))
    _require_standing(attacker)
    _require_standing(target)
    # Every value the hit needs is asked for now, before any odds are shown or dice rolled.
    required(target, "size")
    damage_bonus = morale_bonus(attacker, rules) if use_morale else 0
    defense_bonus = morale_bonus(target, rules) if use_morale else 0
    unit_damage(attacker, target)
    return UnitAttackSpec(
        attacker,
        target,
        commander,
        strength_bonus(attacker, rules),
        attack_tn(target, tn_modifier, defense_bonus),
        rules.degree_bands(),
        damage_bonus,
        defense_bonus,
    )


def attack_roll_spec(
    attacker: Unit, target: Unit, commander: LotRRoller, rules: LotRRules, tn_modifier: int = 0
) -> RollSpec:
    return attack_spec(attacker, target, commander, rules, tn_modifier).roll_spec()


def hit_probability(spec: UnitAttackSpec | RollSpec) -> Fraction:
    """Exact P(hit): a hit is any success (達成値 ≥ TN), on the exploding CODA roll."""
    return success_probability(spec.roll_spec() if isinstance(spec, UnitAttackSpec) else spec)


@dataclass(frozen=True)
class UnitAttackResult:
    spec: UnitAttackSpec
    roll: RollResult
    hit: bool
    damage: int  # dealt: 0 on a miss
    target_after: Unit

    @property
    def destroyed(self) -> bool:
        return self.target_after.destroyed


def resolve_unit_attack(spec: UnitAttackSpec, rng: random.Random) -> UnitAttackResult:
    roll = resolve_roll(spec.roll_spec(), rng)
    hit = roll.degree.succeeded
    damage = spec.damage if hit else 0
    return UnitAttackResult(spec, roll, hit, damage, apply_unit_hit(spec.target, damage))


# ---- morale -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class MoraleSpec:
    """A test to break a unit (Intimidate …) against its Morale; a supporting unit's Size ÷ 5 is
    added to the tester's total (a commander intimidating with his army behind him).

    `rally`: the broken-to-be unit's commander, 「Inspire を用いて Intimidate などに対して対決することで,
    部隊が崩壊することを防ぐことができる」.  When the test reaches the Morale, his Inspire (A) and the
    same test (B) are rolled as an opposed test (1.5.2: the higher total wins, a tie is rolled
    again); the unit breaks only if the test wins it.  That the test is rolled afresh for the
    contest, rather than the total that reached the Morale being opposed, is gmtool's reading: the
    text says neither (the UI and the README say so)."""

    target: Unit
    roller: LotRRoller
    support: Unit | None
    support_bonus: int
    tn: int
    bands: Bands
    rally: LotRRoller | None = None

    def roll_spec(self) -> RollSpec:
        return RollSpec(self.threat(), self.tn, self.bands)

    def threat(self) -> LotRRoller:
        return replace(self.roller, modifier=self.roller.modifier + self.support_bonus)

    def rally_spec(self) -> OpposedSpec | None:
        return None if self.rally is None else OpposedSpec(self.rally, self.threat())


def morale_spec(
    target: Unit,
    roller: LotRRoller,
    bands: Bands,
    support: Unit | None = None,
    tn_modifier: int = 0,
    rally: LotRRoller | None = None,
) -> MoraleSpec:
    _require_standing(target)
    if target.broken:
        raise ArmyRefused(Message("部隊「{0}」は既に崩壊しています", target.label()))
    tn = required(target, "morale") + tn_modifier
    bonus = 0
    if support is not None:
        if support.id == target.id:
            raise ArmyRefused(Message("崩壊させようとしている部隊自身の Size はボーナスにできません"))
        bonus = intimidate_bonus(required(support, "size"))
    return MoraleSpec(target, roller, support, bonus, tn, bands, rally)


def reach_probability(spec: MoraleSpec) -> Fraction:
    """Exact P that the test reaches the Morale (「目標値以上に達したとき,部隊は崩壊する」).

    In closed form (the first succeeding band's margin on the exploding tail), not by walking every
    total up to the TN: a Morale may be 12 + a Size of thousands."""
    roll = spec.roll_spec()
    first = next(low for degree, low in roll.bands if degree.succeeded and low is not None)
    return exploding.at_least(roll.tn + first - roll.roller.bonus)


def rally_probability(spec: MoraleSpec) -> Fraction:
    """Exact P that the commander's Inspire wins the opposed test (0 without a commander)."""
    rally = spec.rally_spec()
    return Fraction(0) if rally is None else opposed_distribution(rally)[Contestant.A]


def break_probability(spec: MoraleSpec) -> Fraction:
    """Exact P that the unit breaks: the test reaches the Morale and no rally stops it."""
    return reach_probability(spec) * (1 - rally_probability(spec))


@dataclass(frozen=True)
class MoraleResult:
    spec: MoraleSpec
    roll: RollResult
    broke: bool
    target_after: Unit
    rally: OpposedResult | None = None  # the Inspire contest, when the test reached the Morale

    @property
    def reached(self) -> bool:
        return self.roll.degree.succeeded

    @property
    def rallied(self) -> bool:
        return self.rally is not None and self.rally.winner is Contestant.A


def resolve_morale(spec: MoraleSpec, rng: random.Random) -> MoraleResult:
    roll = resolve_roll(spec.roll_spec(), rng)
    reached = roll.degree.succeeded  # the Marginal band starts at margin 0: total ≥ TN
    rally_spec = spec.rally_spec()
    rally = resolve_opposed(rally_spec, rng) if reached and rally_spec is not None else None
    broke = reached and (rally is None or rally.winner is Contestant.B)
    after = replace(spec.target, broken=True) if broke else spec.target
    return MoraleResult(spec, roll, broke, after, rally)
