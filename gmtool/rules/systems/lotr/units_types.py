"""LotR unit combat's values (3.11.1 部隊戦闘): a unit and the bounds of its stored numbers, the rule
numbers of the attack, morale and head count, the army tracker's typed-number range, and the
refusal its steps raise.  `units` plays the attack and the morale test with them.

A value module (views may import it: it declares types and constants, no function).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from pydantic import ConfigDict, Field, StrictBool, StrictInt, StrictStr

Id = Annotated[StrictStr, Field(min_length=1, max_length=64)]
NAME_MAX = 200
Name = Annotated[StrictStr, Field(max_length=NAME_MAX)]
# Storage bounds, not rules: the text says Strength, Toughness, Mobility are "usually 1–12" and
# Size is headcount ÷ 10, so these only keep a hand-edited file from holding absurd numbers.
STAT_MAX = 1_000
SIZE_MAX = 100_000
MORALE_MAX = SIZE_MAX + STAT_MAX  # 「通常は1〜12の値 + Size」
Stat = Annotated[StrictInt, Field(ge=0, le=STAT_MAX)]
SizeValue = Annotated[StrictInt, Field(ge=0, le=SIZE_MAX)]
MoraleValue = Annotated[StrictInt, Field(ge=0, le=MORALE_MAX)]

ATTACK_TN_BASE = 10  # 「相手部隊の Toughness + 10 が目標値となる」
INTIMIDATE_DIVISOR = 5  # 「その部隊の Size÷5 をボーナスとして達成値に加える」
# The army tracker's typed numbers (a commander's bonus, a situation's modifier): a tool bound the
# window's fields and `prob lotr-rout` / `lotr-demolish` share, not a rule.
INPUT_RANGE = 60
MOUNTED_FACTOR = 2  # 「馬に乗っている場合は倍になる」
HEADS_PER_SIZE = 10  # 「人数÷10 が基本のサイズとなる」

STAT_LABELS = {
    "size": "Size",
    "strength": "Strength",
    "toughness": "Toughness",
    "mobility": "Mobility",
    "morale": "Morale",
}


class ArmyRefused(ValueError):
    """An action the rules (or the missing numbers) do not allow; the message is the reason."""


@dataclass(frozen=True)
class Unit:
    __pydantic_config__ = ConfigDict(extra="forbid")

    id: Id
    name: Name = ""
    side: Name = ""  # free text (味方 / 敵 / a banner's name): the rules know no sides
    size: SizeValue | None = None  # the current Size: damage lowers it
    strength: Stat | None = None
    toughness: Stat | None = None
    mobility: Stat | None = None  # on foot; doubled when mounted
    mounted: StrictBool = False
    morale: MoraleValue | None = None  # 1〜12 + Size: moves with Size (`with_size`)
    broken: StrictBool = False  # 崩壊: a test reached its Morale

    @property
    def destroyed(self) -> bool:
        return self.size == 0

    @property
    def effective_mobility(self) -> int | None:
        if self.mobility is None:
            return None
        return self.mobility * MOUNTED_FACTOR if self.mounted else self.mobility

    def label(self) -> str:
        return self.name or "（名前なし）"
