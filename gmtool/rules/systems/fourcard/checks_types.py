"""フォーカード 判定ロール as values: the dice and the naturals that decide by themselves, the two
contestants of a 比較ロール and what a 比較ロール or a 達成ロール came to (`CompareResult`,
`AchievementResult`; a 目標ロール's is the shared `CheckResult`).

A value module (views may import it: it declares types and constants, no function).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from gmtool.rules.checks import CheckResult
from gmtool.rules.dice import Faces

DICE = (2, 6)
AUTO_SUCCESS_NATURAL = 12  # 「2D6の出目が12だった場合、その判定ロールは自動的に成功」
AUTO_FAILURE_NATURAL = 2
FUMBLE_FATIGUE = 1  # 「自動的失敗をしてしまうと1点疲労」
DEFAULT_DIFFICULTY = 10  # where the panel starts: 「素人は緊張、初級者なら容易」
MAX_COMPARE_ROUNDS = 10_000  # a tie repeats with P ≤ 1/6 per round; this is never reached


class Contestant(StrEnum):
    A = "a"
    B = "b"


@dataclass(frozen=True)
class CompareRound:
    a_faces: Faces
    a_total: int
    b_faces: Faces
    b_total: int
    winner: Contestant | None


@dataclass(frozen=True)
class CompareResult:
    winner: Contestant | None  # None: a draw (only when the GM allowed one)
    rounds: tuple[CompareRound, ...]
    seed: int | None = None

    @property
    def outcome(self) -> Contestant | None:
        return self.winner


@dataclass(frozen=True)
class AchievementResult:
    faces: Faces
    total: int
    seed: int | None = None

    @property
    def outcome(self) -> int:
        return self.total


FourCardResult = CheckResult | AchievementResult | CompareResult
