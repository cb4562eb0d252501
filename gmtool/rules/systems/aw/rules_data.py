"""AW rule tables from resources/rules/aw/checks.toml, validated on load."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from gmtool.rules.data import RuleDataError, load_table, require


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
    bands = []
    previous_high: int | None = None
    raw_bands = data.get("difficulty_bands")
    if not isinstance(raw_bands, list) or not raw_bands:
        raise RuleDataError(f"{where}: difficulty_bands がありません")
    for i, raw in enumerate(raw_bands):
        at = f"{where} difficulty_bands[{i}]"
        if bands and bands[-1].high is None:
            raise RuleDataError(f"{at}: 上限のない帯（{bands[-1].low}〜）の後に帯があります")
        low = require(raw, "low", int, at)
        high = raw.get("high")
        if high is not None and (not isinstance(high, int) or high < low):
            raise RuleDataError(f"{at}: high {high!r} が low {low} より小さいか数値ではありません")
        if previous_high is not None and low != previous_high + 1:
            raise RuleDataError(f"{at}: 帯が前の帯（〜{previous_high}）に続いていません")
        bands.append(DifficultyBand(require(raw, "id", str, at), require(raw, "label", str, at), low, high))
        previous_high = high
    if len({b.id for b in bands}) != len(bands):
        raise RuleDataError(f"{where}: difficulty_bands の id が重複しています")
    critical = require(data, "default_critical", int, where)
    fumble = require(data, "default_fumble", int, where)
    # The same bounds a character's values have (AWRoller / AWCharacter).
    if not 2 <= critical <= 13 or not 1 <= fumble <= 12 or fumble >= critical:
        raise RuleDataError(
            f"{where}: default_critical {critical} / default_fumble {fumble} が範囲外です"
            "（クリティカル値 2〜13、ファンブル値 1〜12、ファンブル値 < クリティカル値）"
        )
    return AWRules(
        default_critical=critical,
        default_fumble=fumble,
        modifier_warning_limit=require(data, "modifier_warning_limit", int, where),
        difficulty_bands=tuple(bands),
    )
