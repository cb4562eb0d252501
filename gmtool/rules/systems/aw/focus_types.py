"""Another Focus (AF判定): the value types of the procedure and of its odds, and the tool's limits.

Value types only (the views import them); `focus.py` holds the judge, the procedure's steps and the
exact odds, and re-exports these.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from gmtool.rules.message import Message
from gmtool.rules.systems.aw.house_rules import REDECLARE_EVERY, REDECLARE_GM, REDECLARE_ONCE

DICE = (2, 6)
# Tool limits, not rule numbers: the exact odds grow with rounds² × difficulty, so the GUI (which
# recomputes them on every step) and the CLI refuse an AF past these (20 rounds at 999 with six
# participants takes about 0.3 s; the text's own guidelines stop at 3 rounds and about 120).
MAX_ROUND_LIMIT = 20
MAX_DIFFICULTY = 999
MAX_PARTICIPANTS = 12  # the odds grow with them too: twelve at 20 rounds and 999 take about 1 s
MAX_DECLARATIONS = 99  # skills one participant declares before a roll


class RollKind(StrEnum):
    CRITICAL = "critical"
    FUMBLE = "fumble"
    NORMAL = "normal"


class FocusStatus(StrEnum):
    RUNNING = "running"
    SUCCESS = "success"
    FAILURE = "failure"  # fumble, or the round limit passed
    CANCELLED = "cancelled"  # the GM abandoned it (a mistaken set-up): neither success nor failure


@dataclass(frozen=True)
class FocusParticipant:
    """One participant's roll: 判定値 of the AF's ability, 修正, critical/fumble values, and how
    many skills they declare before each of their rolls."""

    value: int
    modifier: int = 0
    critical: int = 12
    fumble: int = 2
    declarations: int = 0

    def __post_init__(self) -> None:
        if not 2 <= self.critical <= 13 or not 1 <= self.fumble <= 12 or self.fumble >= self.critical:
            raise ValueError(
                Message("クリティカル値 {0} / ファンブル値 {1} が範囲外です", self.critical, self.fumble)
            )
        if not 0 <= self.declarations <= MAX_DECLARATIONS:
            raise ValueError(Message("特技の宣言数 {0} は 0〜99 の範囲外です", self.declarations))


@dataclass(frozen=True)
class FocusRules:
    critical_achievement: int = 30
    declaration_reduction: int = 2


@dataclass(frozen=True)
class Redeclaration:
    """When a skill a participant has already declared counts again (house rule aw.focus_redeclare):
    every roll (REDECLARE_EVERY), never (REDECLARE_ONCE), or in `allowed_rounds` (REDECLARE_GM:
    the rounds the GM allowed so far; later rounds count as not allowed until the GM says so).
    Without a reading, the text's rule: 「原則として一度の行為で使用した特技は使用できない」."""

    reading: str = REDECLARE_ONCE
    allowed_rounds: frozenset[int] = frozenset()

    def again(self, round_number: int) -> bool:
        return self.reading == REDECLARE_EVERY or (
            self.reading == REDECLARE_GM and round_number in self.allowed_rounds
        )


@dataclass(frozen=True)
class RollJudgement:
    kind: RollKind
    achievement: int | None  # None for a fumble: no 達成値 is computed


@dataclass(frozen=True)
class FocusProgress:
    """Where an AF stands: the next roll to make and what has been achieved."""

    difficulty: int  # as declared (before skill declarations)
    round_limit: int
    round: int = 1  # 1-based
    next_index: int = 0  # the participant (in 行動値 order) who rolls next this round
    total: int = 0  # running 達成値 total
    declared: int = 0  # skills declared so far in the whole AF
    status: FocusStatus = FocusStatus.RUNNING

    def __post_init__(self) -> None:
        if self.round_limit < 1:
            raise ValueError(Message("ラウンド制限 {0} は 1 以上でなければなりません", self.round_limit))

    def effective_difficulty(self, rules: FocusRules) -> int:
        return self.difficulty - rules.declaration_reduction * self.declared


@dataclass(frozen=True)
class FocusOdds:
    success: Fraction  # P(the AF succeeds within the round limit)
    fumble: Fraction  # P(it ends on a fumble)
    by_round: tuple[
        tuple[int, Fraction], ...
    ]  # (round, P(succeeded by the end of it)), from the current round
