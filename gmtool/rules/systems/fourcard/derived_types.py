"""フォーカード derived values as values: the HP lines (`HPLines`), a skill's スキルLV (`SkillLevel`)
and the penalties and bases the sheet's numbers are made of (computed by `derived`).

A value module (views may import it: it declares types and constants, no function).
"""

from __future__ import annotations

from dataclasses import dataclass

WEAKENED_PENALTY = 2  # 「あらゆる判定ロールのロール値が−2」
UNSPECIALISED_PENALTY = 2  # 特化していない分野では「スキルLV−2」
MOVEMENT_BASE = 5  # 「移動力は『DX+5』」
LOW_MOVEMENT = 3  # 「武装した状態で移動力が3を下回るようだと、まともに活躍することは難しい」


@dataclass(frozen=True)
class HPLines:
    weakened: int  # 衰弱 = ST×2+VT
    unconscious: int  # 昏倒 = 衰弱 + WP×2
    dead: int  # 死亡 = 昏倒 + VT×2


@dataclass(frozen=True)
class SkillLevel:
    """One line of the sheet's skill table: スキルLV of a skill as a whole, or in one of its 特化分野.

    A specialised skill has a line outside its specialisations (`field` None: LV−2) and one per
    specialisation; a skill without specialisations has one line."""

    name: str
    base: str  # the attribute the skill is based on ("iq", "dx", …)
    tp: int
    level: int
    specialised: bool
    field: str | None = None
