"""フォーカード growth as values: the scenario's experience-point ranges, one purchase with the rule
caps that block it (`Purchase`) and the refusal no GM override passes (`PurchaseBlocked`).

A value module (views may import it: it declares types and constants, no function).
"""

from __future__ import annotations

from dataclasses import dataclass

from gmtool.rules.systems.fourcard.character import FourCardCharacter

SUCCESS_XP = 5  # シナリオの「成功」に到達した
PARTIAL_XP_RANGE = range(1, 5)  # 到達できなかった: 1〜4
PERSONAL_XP_RANGE = range(-2, 2)  # −1 unnatural, −1 uncooperative, +1 both well done
MIN_AWARD = 1  # 「最低でも経験点を1点は与える」


class PurchaseBlocked(ValueError):
    """A purchase that cannot happen even with a GM override; the message says why."""


@dataclass(frozen=True)
class Purchase:
    after: FourCardCharacter
    cost: int
    description: str  # 「【接近戦】2TP」 — the growth history's 「購入」 column
    refusals: tuple[str, ...] = ()  # rule caps that block it; a GM override may pass them

    @property
    def allowed(self) -> bool:
        return not self.refusals
