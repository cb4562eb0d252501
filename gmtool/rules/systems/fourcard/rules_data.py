"""フォーカード rule tables (resources/rules/fourcard/*.toml), validated on load."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from itertools import pairwise

from gmtool.rules.data import RuleDataError, load_table, require
from gmtool.rules.message import Message
from gmtool.rules.systems.fourcard.house_rules import LEVEL_LOWER, LEVEL_UPPER

ATTRIBUTE_IDS = ("iq", "dx", "st", "wp", "vt")


@dataclass(frozen=True)
class DifficultyStep:
    value: int
    label: str
    inferred: bool = False  # the rule text lost this number; SPEC.md's reading filled it in


@dataclass(frozen=True)
class FourCardRules:
    level_thresholds: tuple[int, ...]  # 獲得経験点 needed for 総合LV 1, 2, …
    difficulty_steps: tuple[DifficultyStep, ...]
    attribute_costs: Mapping[str, tuple[int, int]]  # (+1, then +2 more) per attribute
    regain_cost: int

    def level_for(self, xp_earned: int, reading: str = LEVEL_LOWER) -> int:
        """総合LV for a total of 獲得経験点 (initial XP included).

        The table lost its 総合LV column (the LEVEL_TABLE house rule): read as lower bounds, 10 XP
        and more is LV 1 (below 10, LV 0); read as upper bounds, up to 10 XP is LV 1, 11–30 LV 2,
        and past the last number the table ends, so the last level stays."""
        if reading == LEVEL_UPPER:
            return min(bisect_left(self.level_thresholds, xp_earned) + 1, len(self.level_thresholds))
        return bisect_right(self.level_thresholds, xp_earned)

    def step_for(self, difficulty: int) -> DifficultyStep | None:
        return next((s for s in self.difficulty_steps if s.value == difficulty), None)

    @property
    def difficulty_range(self) -> range:
        return range(self.difficulty_steps[0].value, self.difficulty_steps[-1].value + 1)


def _increasing(values: object, where: str, what: str) -> tuple[int, ...]:
    # A scalar where a list belongs (thresholds = 10) must be refused here, not iterated.
    if not isinstance(values, list) or not values:
        raise RuleDataError(
            Message("{0}: {1} は整数の並びでなければなりません（{2!r}）", where, what, values)
        )
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        raise RuleDataError(
            Message("{0}: {1} は整数の並びでなければなりません（{2!r}）", where, what, values)
        )
    if any(b <= a for a, b in pairwise(values)) or values[0] < 0:
        raise RuleDataError(
            Message("{0}: {1} は 0 以上の昇順でなければなりません（{2!r}）", where, what, values)
        )
    return tuple(values)


def _load_levels() -> tuple[int, ...]:
    path, data = load_table("fourcard", "levels")
    return _increasing(data.get("thresholds"), path.name, "thresholds")


def _load_difficulty() -> tuple[DifficultyStep, ...]:
    path, data = load_table("fourcard", "difficulty")
    raw_steps = data.get("steps")
    if not isinstance(raw_steps, list) or not raw_steps:
        raise RuleDataError(Message("{0}: steps がありません", path.name))
    steps = []
    for i, raw in enumerate(raw_steps):
        at = f"{path.name} steps[{i}]"
        if not isinstance(raw, dict):
            raise RuleDataError(Message("{0}: value と label の表でなければなりません（{1!r}）", at, raw))
        inferred = raw.get("inferred", False)
        if not isinstance(inferred, bool):
            raise RuleDataError(
                Message("{0}: 'inferred' は true / false でなければなりません（{1!r}）", at, inferred)
            )
        steps.append(DifficultyStep(require(raw, "value", int, at), require(raw, "label", str, at), inferred))
    _increasing([s.value for s in steps], path.name, "steps の value")
    return tuple(steps)


def _load_growth() -> tuple[dict[str, tuple[int, int]], int]:
    path, data = load_table("fourcard", "growth")
    where = path.name
    raw_costs = data.get("attribute_costs")
    if not isinstance(raw_costs, dict) or set(raw_costs) != set(ATTRIBUTE_IDS):
        raise RuleDataError(
            Message("{0}: attribute_costs には {1} が必要です", where, Message.joined(", ", ATTRIBUTE_IDS))
        )
    costs = {}
    for attribute in ATTRIBUTE_IDS:
        pair = raw_costs[attribute]
        if not isinstance(pair, list) or len(pair) != 2:
            raise RuleDataError(
                Message("{0}: attribute_costs.{1} は [+1, +2] の 2 つの数です", where, attribute)
            )
        first, second = _increasing(pair, where, f"attribute_costs.{attribute}")
        costs[attribute] = (first, second)
    regain = require(data, "regain_cost", int, where)
    if regain < 0:
        raise RuleDataError(Message("{0}: regain_cost は 0 以上です（{1}）", where, regain))
    return costs, regain


@cache
def fourcard_rules() -> FourCardRules:
    costs, regain = _load_growth()
    return FourCardRules(
        level_thresholds=_load_levels(),
        difficulty_steps=_load_difficulty(),
        attribute_costs=costs,
        regain_cost=regain,
    )
