"""生命力 (HP and MP) under 供給ルール: the kinds of loss and recovery and the tool's limits.

Value types only (the views import them); `supply.py` (the dice of losses and 供給) and `rest.py`
(a meal or a night's sleep) hold the arithmetic and re-export these.
"""

from __future__ import annotations

from enum import StrEnum

SIDES = 6
MAX_DICE = 20
MAX_BONUS = 999


class SupplyKind(StrEnum):
    MISSED_MEAL = "missed_meal"  # 24時間以上食事ができない: HP と MP が減る
    SHORT_SLEEP = "short_sleep"  # 6時間以下の睡眠: HP と MP が減る
    SUPPLY = "supply"  # 供給: 回復
    SKILL = "skill"  # 特技による回復（GM が手で入力）

    @property
    def is_loss(self) -> bool:
        return self in (SupplyKind.MISSED_MEAL, SupplyKind.SHORT_SLEEP)


MAX_AMOUNT = 999  # a rest's recovery: far beyond any sheet's HP; an amount past it is a typing slip


class RestKind(StrEnum):
    MEAL = "meal"  # A 充分量の食事を摂る
    SLEEP = "sleep"  # B 6時間以上の睡眠を取る
