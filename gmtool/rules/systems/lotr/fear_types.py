"""3.8 恐怖's values: the effects of a fear attack by the attacker's degree, the penalties and lost
turns they give, their texts, the Extraordinary choice, the bounds the tracker and the CLI take.
`fear` judges the opposed test with them.

A value module (views may import it: it declares types and constants, no function).
"""

from __future__ import annotations

from enum import StrEnum

from gmtool.rules.message import Message
from gmtool.rules.systems.lotr.rules_types import Degree

BONUS_BOUNDS = (-99, 99)  # Intimidate, Willpower and each modifier: what the tracker and the CLI take
MAX_MODIFIERS = 20


class FearEffect(StrEnum):
    NONE = "none"  # the defender won: 「恐怖攻撃」 had no effect
    PENALTY_1 = "penalty_1"  # Marginal: −1 to all actions
    PENALTY_2 = "penalty_2"  # Complete: −2
    TURN_LOST = "turn_lost"  # Superior: one turn lost, and −4
    FLEES = "flees"  # Extraordinary: flees, or drops to the ground


EFFECT_ORDER = tuple(FearEffect)
EFFECT_OF_DEGREE = {
    Degree.MARGINAL_SUCCESS: FearEffect.PENALTY_1,
    Degree.COMPLETE_SUCCESS: FearEffect.PENALTY_2,
    Degree.SUPERIOR_SUCCESS: FearEffect.TURN_LOST,
    Degree.EXTRAORDINARY_SUCCESS: FearEffect.FLEES,
}
# 「すべての行動に-1ペナルティ」「-2」「-4ペナルティ」; the Extraordinary effect gives none.
PENALTY = {
    FearEffect.NONE: 0,
    FearEffect.PENALTY_1: -1,
    FearEffect.PENALTY_2: -2,
    FearEffect.TURN_LOST: -4,
    FearEffect.FLEES: 0,
}
TURNS_LOST = {FearEffect.TURN_LOST: 1}  # 「1ターン行動不能」
EFFECT_TEXT = {
    FearEffect.NONE: Message("効果なし"),
    FearEffect.PENALTY_1: Message("すべての行動に −1"),
    FearEffect.PENALTY_2: Message("すべての行動に −2"),
    FearEffect.TURN_LOST: Message("1 ターン行動不能、かつ −4"),
    FearEffect.FLEES: Message("逃げ出すか、地面などに伏せる"),
}
FLEE, DROP = "flee", "drop"  # the Extraordinary choice
FLEE_CHOICES = {FLEE: Message("逃げ出す"), DROP: Message("地面などに伏せる")}
