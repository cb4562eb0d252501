"""Outcome codes and result types shared by every system.

Outcomes are codes and numbers, never sentences: views turn them into
Japanese or English text.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from gmtool.rules.dice_types import Faces

# The judgement panels' fields, shared with the `prob` CLI so both accept the same numbers:
# 判定値 (or a typed value), 修正, and the 難易度 of the AW and フォーカード panels.
CHECK_VALUE_BOUNDS = (-99, 999)
CHECK_MODIFIER_BOUNDS = (-99, 99)
CHECK_DIFFICULTY_BOUNDS = (-99, 999)


class Outcome(StrEnum):
    AUTO_SUCCESS = "auto_success"
    SUCCESS = "success"
    FAILURE = "failure"
    AUTO_FAILURE = "auto_failure"

    @property
    def succeeded(self) -> bool:
        return self in (Outcome.AUTO_SUCCESS, Outcome.SUCCESS)


class Side(StrEnum):
    ACTION = "action"
    REACTION = "reaction"


@dataclass(frozen=True)
class CheckResult:
    """One resolved check: the faces rolled and what they mean."""

    outcome: Outcome
    faces: Faces
    total: int | None  # 達成値; None when an automatic result made it unnecessary
    seed: int | None = None
    margin: int | None = None  # degree of success, where the system defines one


@dataclass(frozen=True)
class OpposedResult:
    winner: Side
    action: CheckResult
    reaction: CheckResult | None  # None when the reaction side never rolled
    seed: int | None = None


@dataclass(frozen=True)
class CheckKind:
    """Something that can be rolled for a character: a 判定値 source."""

    id: str
    label: str
    value: int
    group: str = ""
