"""フォーカード derived values as values: the HP lines (`HPLines`) and the penalties and bases the
sheet's numbers are made of (computed by `derived`).

A value module (views may import it: it declares types and constants, no function).
"""

from __future__ import annotations

from dataclasses import dataclass

WEAKENED_PENALTY = 2  # 「あらゆる判定ロールのロール値が−2」
UNSPECIALISED_PENALTY = 2  # 特化していない分野では「スキルLV−2」
MOVEMENT_BASE = 5  # 「移動力は『DX+5』」


@dataclass(frozen=True)
class HPLines:
    weakened: int  # 衰弱 = ST×2+VT
    unconscious: int  # 昏倒 = 衰弱 + WP×2
    dead: int  # 死亡 = 昏倒 + VT×2
