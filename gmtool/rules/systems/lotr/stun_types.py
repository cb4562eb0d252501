"""3.7 スタン's values: the stun table's row, the outcomes of the Stamina test and the stun they
leave, the relief the optional rule gives, the Stamina bounds the tracker and the CLI take.
`stun` reads the table and judges the test with them.

A value module (views may import it: it declares types and constants, no function).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from gmtool.rules.message import Message
from gmtool.rules.systems.lotr.rules_types import Degree

TABLE = Message("スタン表（Table 9.17）")
UNSET = Message("未設定（ルール表 → 参照表 で入力）")
STAMINA_BOUNDS = (-99, 99)
RELIEF = {Degree.COMPLETE_SUCCESS: 1, Degree.SUPERIOR_SUCCESS: 3, Degree.EXTRAORDINARY_SUCCESS: 5}
COLUMN_NAMES = {
    "tn": Message("目標値"),
    "penalty": Message("ペナルティ"),
    "rounds": Message("効果時間（ラウンド）"),
}


class StunOutcome(StrEnum):
    FULL = "full"  # stunned for the table's rounds
    HALVED = "halved"  # Superior: half the rounds
    NONE = "none"  # Extraordinary: not stunned


OUTCOME_ORDER = tuple(StunOutcome)
OUTCOME_TEXT = {
    StunOutcome.FULL: Message("スタン（効果時間どおり）"),
    StunOutcome.HALVED: Message("スタン（効果時間半分）"),
    StunOutcome.NONE: Message("影響を受けない"),
}


@dataclass(frozen=True)
class StunRow:
    name: str
    tn: int
    penalty: int  # ≤ 0, on every test while stunned
    rounds: int


@dataclass(frozen=True)
class StunEffect:
    outcome: StunOutcome
    rounds: int  # 0: not stunned
    penalty: int  # ≤ 0
