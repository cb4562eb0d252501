"""LotR structures (3.12 建造物・攻城戦): Protection, Structure, locks and fortification.

「Protection がダメージを吸収し,超えた分は Structure が減っていく.Structure が 0 になると
破壊される」.  Locks and bars add Protection, at most +6 together.  A Stonecraft (Fortification)
success adds +1 (Superior +2, Extraordinary +3) to Protection or Structure, permanently or for
one battle; a character who made a permanent improvement may not test again until his
Stonecraft has risen by a rank.

The base Protection and Structure come from Tables 9.27/9.28, which the summary does not give:
they are entered by the GM (None until then).  Improvements are a history, never folded into the
base, so the table can always see who added what; a battle-only one is marked ended by 戦闘終了.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, replace
from enum import StrEnum
from fractions import Fraction
from typing import Annotated

from pydantic import ConfigDict, Field, StrictBool, StrictInt, StrictStr

from gmtool.rules.message import Message
from gmtool.rules.systems.lotr.character import MAX_RANK
from gmtool.rules.systems.lotr.checks import (
    RollResult,
    RollSpec,
    resolve_roll,
    roll_distribution,
    success_probability,
)
from gmtool.rules.systems.lotr.rules_data import Degree
from gmtool.rules.systems.lotr.units import ArmyRefused, Id, Name

LOCK_CAP = 6  # 「鍵と閂の防御力は,最大+6まで累積する」
# 「通常は … +1 することができる.また,Superior なら +2, Extraordinary なら +3」: every success
# below Superior is the ordinary +1.
IMPROVEMENT_AMOUNT = {
    Degree.MARGINAL_SUCCESS: 1,
    Degree.COMPLETE_SUCCESS: 1,
    Degree.SUPERIOR_SUCCESS: 2,
    Degree.EXTRAORDINARY_SUCCESS: 3,
}
VALUE_MAX = 100_000  # a storage bound for a hand-edited file, not a rule
MANY = 1_000
Value = Annotated[StrictInt, Field(ge=0, le=VALUE_MAX)]
Stamp = Annotated[StrictStr, Field(max_length=64)]


class Target(StrEnum):
    """What an improvement raises (the player's choice)."""

    PROTECTION = "protection"
    STRUCTURE = "structure"


TARGET_LABELS = {Target.PROTECTION: "Protection", Target.STRUCTURE: "Structure"}


@dataclass(frozen=True)
class Lock:
    __pydantic_config__ = ConfigDict(extra="forbid")

    name: Name
    protection: Annotated[StrictInt, Field(ge=1, le=LOCK_CAP)]


@dataclass(frozen=True)
class Improvement:
    __pydantic_config__ = ConfigDict(extra="forbid")

    target: Target
    degree: Degree
    permanent: StrictBool
    who: Name = ""
    character_id: Id | None = None  # a campaign character, when picked from the list
    stonecraft_rank: Annotated[StrictInt, Field(ge=0, le=MAX_RANK)] = 0
    when: Stamp = ""  # local time stamp, given by the caller (the engine reads no clock)
    ended: StrictBool = False  # a battle-only improvement after 戦闘終了

    def __post_init__(self) -> None:
        # An ArmyRefused is a ValueError: built by the model it is the reason shown, loaded from a
        # hand-edited file pydantic turns it into the path-precise problem line.
        improvement_for(self.degree)
        if self.permanent and self.ended:
            raise ValueError(Message("improvements: 永続的な強化が「終了」になっています"))

    @property
    def amount(self) -> int:
        return IMPROVEMENT_AMOUNT[self.degree]

    @property
    def person(self) -> str:
        """Who made it, for the retry rule: the campaign character, else the name as written."""
        return f"id:{self.character_id}" if self.character_id else f"name:{self.who.strip()}"


@dataclass(frozen=True)
class Structure:
    __pydantic_config__ = ConfigDict(extra="forbid")

    id: Id
    name: Name = ""
    protection: Value | None = None  # the base value (Table 9.27/9.28, entered by the GM)
    structure: Value | None = None
    damage: Annotated[StrictInt, Field(ge=0, le=2 * VALUE_MAX)] = 0  # what got through Protection
    locks: Annotated[tuple[Lock, ...], Field(max_length=MANY)] = ()
    improvements: Annotated[tuple[Improvement, ...], Field(max_length=MANY)] = ()

    def __post_init__(self) -> None:
        if self.lock_total > LOCK_CAP:
            raise ValueError(Message("locks: 鍵と閂の Protection の合計が +{0} を超えています", LOCK_CAP))

    def label(self) -> str:
        return self.name or "（名前なし）"

    @property
    def lock_total(self) -> int:
        return sum(lock.protection for lock in self.locks)

    def improvement_total(self, target: Target) -> int:
        return sum(i.amount for i in self.improvements if i.target == target and not i.ended)

    @property
    def total_protection(self) -> int | None:
        if self.protection is None:
            return None
        return self.protection + self.lock_total + self.improvement_total(Target.PROTECTION)

    @property
    def max_structure(self) -> int | None:
        if self.structure is None:
            return None
        return self.structure + self.improvement_total(Target.STRUCTURE)

    @property
    def structure_left(self) -> int | None:
        top = self.max_structure
        return None if top is None else max(0, top - self.damage)

    @property
    def destroyed(self) -> bool:
        return self.structure_left == 0


def _required(structure: Structure, value: int | None, label: str) -> int:
    if value is None:
        raise ArmyRefused(Message("「{0}」の {1} が未入力です", structure.label(), label))
    return value


# ---- locks and bars -------------------------------------------------------------------------------
def add_lock(structure: Structure, lock: Lock) -> Structure:
    if not lock.name.strip():
        raise ArmyRefused(Message("錠・閂の名前を入れてください"))
    total = structure.lock_total + lock.protection
    if total > LOCK_CAP:
        raise ArmyRefused(
            Message(
                "鍵と閂による Protection は合計 +{0} までです（ルール 3.12「最大+6まで累積する」）。"
                "「{1}」は既に +{2}、追加すると +{3} になります",
                LOCK_CAP,
                structure.label(),
                structure.lock_total,
                total,
            )
        )
    return replace(structure, locks=(*structure.locks, replace(lock, name=lock.name.strip())))


def remove_lock(structure: Structure, index: int) -> Structure:
    if not 0 <= index < len(structure.locks):
        raise ArmyRefused(Message("取り外す錠・閂を選んでください"))
    return replace(structure, locks=structure.locks[:index] + structure.locks[index + 1 :])


# ---- siege damage ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class SiegeResult:
    damage: int  # as dealt
    protection: int  # what absorbed it (base + locks + improvements)
    through: int  # what reached Structure
    before: int
    after: int

    @property
    def destroyed(self) -> bool:
        return self.after == 0


def apply_siege_damage(structure: Structure, damage: int) -> tuple[Structure, SiegeResult]:
    """Protection absorbs; the rest (never negative) comes off Structure; 0 destroys."""
    if damage < 0:
        raise ArmyRefused(Message("ダメージは 0 以上です"))
    protection = _required(structure, structure.total_protection, "Protection")
    top = _required(structure, structure.max_structure, "Structure")
    if structure.destroyed:
        raise ArmyRefused(Message("「{0}」は既に破壊されています（Structure 0）", structure.label()))
    through = max(0, damage - protection)
    before = top - structure.damage
    # Damage is kept no larger than what destroys it, so the stored number stays bounded.
    after_damage = min(structure.damage + through, top)
    result = SiegeResult(damage, protection, through, before, top - after_damage)
    return replace(structure, damage=after_damage), result


# ---- fortification ----------------------------------------------------------------------------------
def improve(structure: Structure, improvement: Improvement, earlier: Iterable[Improvement] = ()) -> Structure:
    """Adds a Stonecraft (Fortification) improvement to the history.

    `earlier` is every improvement already made (on any structure: the rule names none), for
    「永続的な強化は,Stonecraft 技能を最低1ランク伸ばしてからでないと 再度の判定を行うことはできない」.
    """
    if improvement.ended:
        raise ArmyRefused(Message("終了した強化は追加できません"))
    if improvement.permanent:
        if not improvement.character_id and not improvement.who.strip():
            raise ArmyRefused(
                Message(
                    "永続的な強化には、判定したキャラクターを記録してください（同じキャラクターは "
                    "Stonecraft のランクが上がるまで再判定できません）"
                )
            )
        for done in earlier:
            if (
                done.permanent
                and done.person == improvement.person
                and done.stonecraft_rank >= improvement.stonecraft_rank
            ):
                raise ArmyRefused(
                    Message(
                        "{0}は Stonecraft {1} ランクで既に永続的な強化を行っています。Stonecraft を最低 1 "
                        "ランク伸ばしてからでないと再度の判定はできません（今回のランク {2}）",
                        improvement.who.strip() or done.who,
                        done.stonecraft_rank,
                        improvement.stonecraft_rank,
                    )
                )
    stamped = replace(improvement, who=improvement.who.strip())
    return replace(structure, improvements=(*structure.improvements, stamped))


def improvement_for(degree: Degree) -> int:
    """The points a Stonecraft (Fortification) test of this degree adds; a failure adds none."""
    if degree not in IMPROVEMENT_AMOUNT:
        raise ArmyRefused(
            Message(
                "失敗した Stonecraft (Fortification) 判定では強化できません（成功で +1、Superior +2、"
                "Extraordinary +3）"
            )
        )
    return IMPROVEMENT_AMOUNT[degree]


def end_battle(structure: Structure) -> Structure:
    """戦闘終了: battle-only improvements stop counting (they stay in the history, marked ended)."""
    kept = tuple(
        replace(i, ended=True) if not i.permanent and not i.ended else i for i in structure.improvements
    )
    return replace(structure, improvements=kept)


def battle_only(structure: Structure) -> list[Improvement]:
    """The battle-only improvements still in force."""
    return [i for i in structure.improvements if not i.permanent and not i.ended]


# ---- demolition -------------------------------------------------------------------------------------
# 「Stonecraft 技能を城砦の破壊に使うこともできる.Stonecraft (Fortification) 判定を行うことで, そのキャラ
# クターあるいはそのキャラクターが属する部隊の指揮官の Siegecraft 判定に +1 (Superior なら +2,
# Extraordinary なら +3) の ボーナスを与える.」  The same amounts as fortifying; a failure gives none.
def demolition_bonus(degree: Degree) -> int:
    """What a Stonecraft (Fortification) test of this degree adds to the Siegecraft test."""
    return IMPROVEMENT_AMOUNT.get(degree, 0)


@dataclass(frozen=True)
class DemolitionSpec:
    """The Stonecraft (Fortification) test, then the Siegecraft test it helps."""

    stonecraft: RollSpec
    siegecraft: RollSpec

    def siegecraft_with(self, bonus: int) -> RollSpec:
        roller = replace(self.siegecraft.roller, modifier=self.siegecraft.roller.modifier + bonus)
        return replace(self.siegecraft, roller=roller)


def bonus_distribution(spec: DemolitionSpec) -> dict[int, Fraction]:
    """Exact P of each bonus 0 / +1 / +2 / +3 from the Stonecraft test."""
    bonuses: dict[int, Fraction] = {}
    for degree, p in roll_distribution(spec.stonecraft).items():
        bonus = demolition_bonus(degree)
        bonuses[bonus] = bonuses.get(bonus, Fraction(0)) + p
    return dict(sorted(bonuses.items()))


def siegecraft_probability(spec: DemolitionSpec) -> Fraction:
    """Exact P that the Siegecraft test succeeds, the Stonecraft test rolled first."""
    return sum(
        (p * success_probability(spec.siegecraft_with(b)) for b, p in bonus_distribution(spec).items()),
        Fraction(0),
    )


@dataclass(frozen=True)
class DemolitionResult:
    spec: DemolitionSpec
    stonecraft: RollResult
    bonus: int
    siegecraft: RollResult


def resolve_demolition(spec: DemolitionSpec, rng: random.Random) -> DemolitionResult:
    stone = resolve_roll(spec.stonecraft, rng)
    bonus = demolition_bonus(stone.degree)
    return DemolitionResult(spec, stone, bonus, resolve_roll(spec.siegecraft_with(bonus), rng))
