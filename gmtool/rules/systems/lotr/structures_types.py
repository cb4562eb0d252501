"""LotR structures' values (3.12 建造物・攻城戦): a structure with its locks and the history of its
Stonecraft (Fortification) improvements, what an improvement adds, the locks' cap, and a siege
hit's result.  `structures` plays the locks, the siege damage and the improvements with them.

A value module (views may import it: it declares types and constants, no function).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Annotated

from pydantic import ConfigDict, Field, StrictBool, StrictInt, StrictStr

from gmtool.rules.message import Message
from gmtool.rules.systems.lotr.character import MAX_RANK
from gmtool.rules.systems.lotr.rules_types import Degree
from gmtool.rules.systems.lotr.units_types import ArmyRefused, Id, Name

LOCK_CAP = 6  # 「鍵と閂の防御力は,最大+6まで累積する」
# 「通常は … +1 することができる.また,Superior なら +2, Extraordinary なら +3」: every success
# below Superior is the ordinary +1.
IMPROVEMENT_AMOUNT = {
    Degree.MARGINAL_SUCCESS: 1,
    Degree.COMPLETE_SUCCESS: 1,
    Degree.SUPERIOR_SUCCESS: 2,
    Degree.EXTRAORDINARY_SUCCESS: 3,
}
NOT_A_SUCCESS = Message(
    "失敗した Stonecraft (Fortification) 判定では強化できません（成功で +1、Superior +2、Extraordinary +3）"
)
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
        if self.degree not in IMPROVEMENT_AMOUNT:
            raise ArmyRefused(NOT_A_SUCCESS)
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
