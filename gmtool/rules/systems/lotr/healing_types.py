"""1.2.1 負傷と回復's values: the rule numbers of rest, the weekly test and care, the columns of the
healing table, the bounds the dialogs and the CLI take, and a target read from the table.
`healing` works out the tests and what they heal with them.

A value module (views may import it: it declares types and constants, no function).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from gmtool.rules.message import Message

REST_POINTS_PER_DAY = 1  # 「1日休んで1点負傷が回復し」
MAX_REST_DAYS = 365
NATURAL_MINIMUM = 1  # 「VIT修正値(最低1)点追加で回復する」
TESTS_PER_WEEK, CARED_TESTS_PER_WEEK = 1, 2  # 「治療師の手当てがある環境では,この判定を週に2回」
ADVANCED_CARE_BONUS = 5  # 「Healing 判定に +5 のボーナス」
ABILITY_POINTS_PER_DAY = 1  # 「下がった能力値は,休息することで1日1点回復する」
NATURAL_TN, HEALING_TN = "natural_tn", "healing_tn"
HEALING_SKILL = "Healing"
MAX_BONUS = 60  # a healer's or helper's bonus typed in by hand: the dialogs' field and the CLI's
UNSET = Message("未設定（ルール表 → 参照表 で入力）")
DAILY_CARE_FACTOR = 2  # 「毎日 Healing 判定を行って倍の速度で負傷が回復するかどうかを決定する」


class InfectionOutcome(StrEnum):
    """1.2.1 医術: 「傷が自然に1日回復するか, 1週間回復するか,あるいはまったく回復しないか」."""

    DAY = "day"
    WEEK = "week"
    NONE = "none"


@dataclass(frozen=True)
class WoundTarget:
    """The table row of the current wound level and a target number from it."""

    row: str  # the level's English name, the table's row
    tn: int
