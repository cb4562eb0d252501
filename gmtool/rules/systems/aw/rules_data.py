"""AW rule tables from resources/rules/aw/{checks,session}.toml, validated on load."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from gmtool.rules.data import RuleDataError, load_table, require
from gmtool.rules.message import Message


@dataclass(frozen=True)
class DifficultyBand:
    id: str
    label: str
    low: int
    high: int | None  # None: open-ended (16〜)

    def contains(self, difficulty: int) -> bool:
        return self.low <= difficulty and (self.high is None or difficulty <= self.high)


@dataclass(frozen=True)
class AWRules:
    default_critical: int
    default_fumble: int
    modifier_warning_limit: int
    difficulty_bands: tuple[DifficultyBand, ...]

    def band_for(self, difficulty: int) -> DifficultyBand | None:
        return next((b for b in self.difficulty_bands if b.contains(difficulty)), None)


@cache
def aw_rules() -> AWRules:
    path, data = load_table("aw", "checks")
    where = path.name
    bands: list[DifficultyBand] = []
    previous_high: int | None = None
    raw_bands = data.get("difficulty_bands")
    if not isinstance(raw_bands, list) or not raw_bands:
        raise RuleDataError(Message("{0}: difficulty_bands がありません", where))
    for i, raw in enumerate(raw_bands):
        at = f"{where} difficulty_bands[{i}]"
        if bands and bands[-1].high is None:
            raise RuleDataError(Message("{0}: 上限のない帯（{1}〜）の後に帯があります", at, bands[-1].low))
        low = require(raw, "low", int, at)
        high = raw.get("high")
        if high is not None and (not isinstance(high, int) or high < low):
            raise RuleDataError(
                Message("{0}: high {1!r} が low {2} より小さいか数値ではありません", at, high, low)
            )
        if previous_high is not None and low != previous_high + 1:
            raise RuleDataError(Message("{0}: 帯が前の帯（〜{1}）に続いていません", at, previous_high))
        bands.append(DifficultyBand(require(raw, "id", str, at), require(raw, "label", str, at), low, high))
        previous_high = high
    if len({b.id for b in bands}) != len(bands):
        raise RuleDataError(Message("{0}: difficulty_bands の id が重複しています", where))
    critical = require(data, "default_critical", int, where)
    fumble = require(data, "default_fumble", int, where)
    # The same bounds a character's values have (AWRoller / AWCharacter).
    if not 2 <= critical <= 13 or not 1 <= fumble <= 12 or fumble >= critical:
        raise RuleDataError(
            Message(
                "{0}: default_critical {1} / default_fumble {2} が範囲外です（クリティカル値 2〜13、"
                "ファンブル値 1〜12、ファンブル値 < クリティカル値）",
                where,
                critical,
                fumble,
            )
        )
    return AWRules(
        default_critical=critical,
        default_fumble=fumble,
        modifier_warning_limit=require(data, "modifier_warning_limit", int, where),
        difficulty_bands=tuple(bands),
    )


@dataclass(frozen=True)
class FocusGuideline:
    """AF判定の設定: a difficulty band with its round-limit advice (guidance, not a limit)."""

    label: str
    low: int
    high: int | None
    rounds: str


@dataclass(frozen=True)
class AWSessionRules:
    command_spells: int  # 令呪 per scenario, restored at the end of each session
    command_spell_boost: int  # 令呪C: 達成値 +20
    command_spell_target_guideline: int
    loss_dice: tuple[int, int]  # missed meals / short sleep: 1〜5D6 (the GM chooses within)
    supply_dice: tuple[int, int]
    contracted_supply_dice: tuple[int, int]
    focus_minimum_difficulty: int
    focus_critical_achievement: int
    focus_declaration_reduction: int
    focus_guidelines: tuple[FocusGuideline, ...]


def _dice_range(data: Mapping[str, Any], key: str, where: str) -> tuple[int, int]:
    value = data.get(key)
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        or not 1 <= value[0] <= value[1] <= 20
    ):
        raise RuleDataError(
            Message(
                "{0}: '{1}' は [最小, 最大] のダイス数（1〜20）でなければなりません（{2!r}）",
                where,
                key,
                value,
            )
        )
    return value[0], value[1]


@cache
def aw_session_rules() -> AWSessionRules:
    path, data = load_table("aw", "session")
    where = path.name
    supply = data.get("supply")
    focus = data.get("focus")
    if not isinstance(supply, dict) or not isinstance(focus, dict):
        raise RuleDataError(Message("{0}: [supply] と [focus] の表が必要です", where))
    guidelines = []
    for i, raw in enumerate(focus.get("guidelines") or []):
        at = f"{where} focus.guidelines[{i}]"
        high = raw.get("high")
        low = require(raw, "low", int, at)
        if high is not None and (not isinstance(high, int) or high < low):
            raise RuleDataError(
                Message("{0}: high {1!r} が low {2} より小さいか数値ではありません", at, high, low)
            )
        guidelines.append(
            FocusGuideline(require(raw, "label", str, at), low, high, require(raw, "rounds", str, at))
        )
    rules = AWSessionRules(
        command_spells=require(data, "command_spells", int, where),
        command_spell_boost=require(data, "command_spell_boost", int, where),
        command_spell_target_guideline=require(data, "command_spell_target_guideline", int, where),
        loss_dice=_dice_range(supply, "loss_dice", f"{where} supply"),
        supply_dice=_dice_range(supply, "supply_dice", f"{where} supply"),
        contracted_supply_dice=_dice_range(supply, "contracted_supply_dice", f"{where} supply"),
        focus_minimum_difficulty=require(focus, "minimum_difficulty", int, f"{where} focus"),
        focus_critical_achievement=require(focus, "critical_achievement", int, f"{where} focus"),
        focus_declaration_reduction=require(focus, "declaration_reduction", int, f"{where} focus"),
        focus_guidelines=tuple(guidelines),
    )
    if not 0 <= rules.command_spells <= 99:
        raise RuleDataError(
            Message("{0}: command_spells {1} は 0〜99 の範囲外です", where, rules.command_spells)
        )
    if rules.focus_declaration_reduction < 0:
        raise RuleDataError(Message("{0}: focus.declaration_reduction は 0 以上でなければなりません", where))
    return rules
