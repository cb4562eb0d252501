"""疲労 and 負傷: taking them and recovering by rest, meals, sleep and a quiet day.

Each recovery returns what actually came back, so the log can say so.  While
空腹 (a meal was missed) no fatigue recovers until a proper meal.

The numbers and `Recovery` are values of their own (`damage_types`), re-exported here.
"""

from __future__ import annotations

from dataclasses import replace

from gmtool.rules.checks import CheckResult
from gmtool.rules.message import Message
from gmtool.rules.systems.fourcard.character import FourCardCharacter
from gmtool.rules.systems.fourcard.checks import FourCardRoller, TargetSpec, fumbles
from gmtool.rules.systems.fourcard.damage_types import (
    DAY_ROLL_INJURY,
    MEAL_FATIGUE,
    MISSED_MEAL_FATIGUE,
    NOT_RESTING_PENALTY,
    REST_FATIGUE_PER_HOUR,
    SLEEP_EXTRA_HOURS,
    SLEEP_EXTRA_PER_HOUR,
    SLEEP_INJURY,
    SLEEP_INJURY_HOURS,
    Recovery,
)
from gmtool.rules.systems.fourcard.derived import is_weakened, level
from gmtool.rules.systems.fourcard.house_rules import LEVEL_LOWER

__all__ = [
    "DAY_ROLL_INJURY",
    "MEAL_FATIGUE",
    "MISSED_MEAL_FATIGUE",
    "NOT_RESTING_PENALTY",
    "REST_FATIGUE_PER_HOUR",
    "SLEEP_EXTRA_HOURS",
    "SLEEP_EXTRA_PER_HOUR",
    "SLEEP_INJURY",
    "SLEEP_INJURY_HOURS",
    "Recovery",
    "apply_day_recovery",
    "day_recovery_spec",
    "meal",
    "missed_meal",
    "rest",
    "sleep",
    "take_damage",
]


def _recover(
    character: FourCardCharacter, fatigue: int, injury: int = 0, *, ends_hunger: bool = False
) -> Recovery:
    hungry = character.hungry and not ends_hunger
    fatigue = 0 if hungry else min(fatigue, character.fatigue)
    injury = min(injury, character.injury)
    after = replace(
        character, fatigue=character.fatigue - fatigue, injury=character.injury - injury, hungry=hungry
    )
    return Recovery(after, fatigue, injury)


def take_damage(character: FourCardCharacter, *, fatigue: int = 0, injury: int = 0) -> FourCardCharacter:
    if fatigue < 0 or injury < 0:
        raise ValueError(Message("ダメージは 0 以上です"))
    return replace(character, fatigue=character.fatigue + fatigue, injury=character.injury + injury)


def rest(character: FourCardCharacter, hours: int) -> Recovery:
    """休憩: 1 fatigue per continuous hour."""
    _check_hours(hours)
    return _recover(character, hours * REST_FATIGUE_PER_HOUR)


def sleep(character: FourCardCharacter, hours: int, healed_today: bool = False) -> Recovery:
    """Lying down relaxed, then asleep: +1 fatigue per hour for the first 6 hours on top of
    resting, and 6 continuous hours of sleep heal 1 負傷 — 「1日に1点だけ」: none when sleep has
    already healed one this day (`healed_today`; the caller tracks the day)."""
    _check_hours(hours)
    fatigue = hours * REST_FATIGUE_PER_HOUR + min(hours, SLEEP_EXTRA_HOURS) * SLEEP_EXTRA_PER_HOUR
    injury = SLEEP_INJURY if hours >= SLEEP_INJURY_HOURS and not healed_today else 0
    return _recover(character, fatigue, injury)


def meal(character: FourCardCharacter) -> Recovery:
    """A meal (5 hours after the last one) recovers 1 fatigue and ends 空腹."""
    return _recover(character, MEAL_FATIGUE, ends_hunger=True)


def missed_meal(character: FourCardCharacter, meals: int = 1) -> FourCardCharacter:
    """Each of the day's three meals not eaten: 1 fatigue, and 空腹 until a proper meal."""
    if meals < 1:
        raise ValueError(Message("抜いた食事の回数は 1 以上です"))
    return replace(character, fatigue=character.fatigue + meals * MISSED_MEAL_FATIGUE, hungry=True)


def day_recovery_spec(
    character: FourCardCharacter, resting: bool, modifier: int = 0, level_reading: str = LEVEL_LOWER
) -> TargetSpec:
    """The day's 目標ロール: VT+総合LV against 累積ダメージ, −4 if the day was not quiet."""
    roller = FourCardRoller(
        base=character.current("vt") + level(character, level_reading),
        modifier=modifier - (0 if resting else NOT_RESTING_PENALTY),
        weakened=is_weakened(character),
    )
    return TargetSpec(roller, character.damage)


def apply_day_recovery(character: FourCardCharacter, result: CheckResult) -> Recovery:
    """Success heals 1 more 負傷; an 自動的失敗 costs 1 疲労, as in every roll."""
    tired = sum(fumbles(result).values())
    character = replace(character, fatigue=character.fatigue + tired)
    recovery = _recover(character, 0, DAY_ROLL_INJURY if result.outcome.succeeded else 0)
    return replace(recovery, fatigue=-tired)


def _check_hours(hours: int) -> None:
    if not 0 <= hours <= 24 * 7:
        raise ValueError(Message("時間は 0〜168 です（{0}）", hours))
