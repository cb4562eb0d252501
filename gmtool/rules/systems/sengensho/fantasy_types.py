"""千幻抄 幻想値 and 幻想能力 as values: one 類型's 幻想値 with its 前借り (`FantasyValue`) and one
ability's state for a holder (`AbilityStatus`), as `fantasy` computes them.

A value module (views may import it: it declares types and constants, no function).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from gmtool.rules.systems.sengensho.catalog_types import FantasyAbility


@dataclass(frozen=True)
class FantasyValue:
    archetype: str
    earned: int  # what the 縁故 (and an NPC's preset 縁故) give
    raised_to: int | None  # 前借り: the value it was raised to
    bonds: int
    by_count: bool = False  # the debt is counted in 縁故, not in points (the DEBT switch)

    @property
    def value(self) -> int:
        return max(self.earned, self.raised_to or 0)

    @property
    def debt(self) -> int:
        """What is still owed of a 前借り: points of 幻想値, or 縁故 to form under the count reading."""
        return max(0, (self.raised_to or 0) - (self.bonds if self.by_count else self.earned))


class AbilityState(StrEnum):
    UNSET = "unset"  # 必要幻想値が未設定
    LOCKED = "locked"
    AVAILABLE = "available"
    USED = "used"  # used this session (this scenario under the per-scenario reading)


@dataclass(frozen=True)
class AbilityStatus:
    archetype: str
    index: int
    ability: FantasyAbility
    state: AbilityState
    value: int  # the 類型's 幻想値 now
