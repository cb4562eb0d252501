"""フォーカード damage and recovery as values: the text's numbers for rest, sleep, meals and the
day's recovery roll, and what a recovery gave back (`Recovery`, computed by `damage`).

A value module (views may import it: it declares types and constants, no function).
"""

from __future__ import annotations

from dataclasses import dataclass

from gmtool.rules.systems.fourcard.character import FourCardCharacter

REST_FATIGUE_PER_HOUR = 1  # 「連続1時間の休憩をとることで1点回復」
SLEEP_EXTRA_PER_HOUR = 1  # 横になって休む・眠る: 1時間ごとにさらに1点
SLEEP_EXTRA_HOURS = 6  # 「睡眠状態による疲労回復は、連続6時間まで」
MEAL_FATIGUE = 1
MISSED_MEAL_FATIGUE = 1
SLEEP_INJURY_HOURS = 6  # 「連続6時間の睡眠によって、1日に1点だけ」
SLEEP_INJURY = 1
DAY_ROLL_INJURY = 1  # 目標ロールに成功: 負傷をさらに1点
NOT_RESTING_PENALTY = 4  # 「安静に過ごせなかったとしても…ロール値が−4」


@dataclass(frozen=True)
class Recovery:
    after: FourCardCharacter
    fatigue: int = 0  # recovered (negative: taken)
    injury: int = 0
