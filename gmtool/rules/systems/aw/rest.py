"""生命力 recovered by a meal or a night's sleep (供給ルール A and B), by the amount the GM enters.

The text says that they recover it, not how much:
  A「24時間以内に一定の量の食事を摂取することで生命力は回復する。」
  B「6時間以上の睡眠を取ることで生命力は回復する。」
so gmtool invents no number: the GM enters the HP and the MP recovered.  生命力 is 【HP】 and 【MP】
(「【HP】と【MP】とは、本来『特殊な能力を使うための生命力』のことを表わす」).  The losses for a
missed meal or short sleep (1〜5D6) are rolled in the supply dialog (`supply.py`).
"""

from __future__ import annotations

from gmtool.rules.message import Message
from gmtool.rules.systems.aw.session import SessionRefused
from gmtool.rules.systems.aw.supply import pool_after
from gmtool.rules.systems.aw.supply_types import MAX_AMOUNT, RestKind

__all__ = ["MAX_AMOUNT", "RestKind", "check_amount", "recovered", "rest"]


def recovered(current: int, maximum: int, amount: int) -> int:
    """A pool after recovering `amount`: it stops at the maximum (a sheet with maximum 0 has none
    entered, so nothing caps it — as for every other recovery), and never goes down."""
    check_amount(amount)
    return pool_after(current, maximum, amount)


def check_amount(amount: int) -> None:
    if not 0 <= amount <= MAX_AMOUNT:
        raise SessionRefused(Message("回復する量 {0} は 0〜{1} の範囲外です", amount, MAX_AMOUNT))


def rest(hp: tuple[int, int], mp: tuple[int, int], hp_amount: int, mp_amount: int) -> tuple[int, int]:
    """(HP, MP) after the rest; `hp` and `mp` are (current, maximum).  Refused when the GM entered
    no amount at all."""
    check_amount(hp_amount)
    check_amount(mp_amount)
    if hp_amount == 0 and mp_amount == 0:
        raise SessionRefused(
            Message("回復する量を入れてください（本文に決まった量はありません。GMが決めます）")
        )
    return recovered(*hp, hp_amount), recovered(*mp, mp_amount)
