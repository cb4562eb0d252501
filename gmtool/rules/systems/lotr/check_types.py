"""CODA tests (1.5) as values: who rolls (`LotRRoller`), what the dice gave (`RollResult`,
`GroupResult`, `OpposedResult`), the two sides of an opposed test and its tie rules, what a point
of courage is worth (`CouragePerPoint`, 1.2.3), and the rule numbers the tests read.

A value module (views may import it: it declares types and constants, no function).  `checks`
computes the odds and the rolls with them and re-exports every name here.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from gmtool.rules.dice import Faces
from gmtool.rules.message import Message
from gmtool.rules.systems.lotr.house_rules import MARGINAL_ONE, MARGINAL_ZERO
from gmtool.rules.systems.lotr.reference_catalog import COURAGE_TRAITS
from gmtool.rules.systems.lotr.reference_table_types import CellRef, UnsetCell
from gmtool.rules.systems.lotr.rules_types import Degree

Bands = tuple[tuple[Degree, int | None], ...]

COURAGE_BONUS = 3  # 「判定の修正値に +3 ボーナス」
TN_BOUNDS = (0, 60)  # the 目標値 the panel and the CLI take (the book's hardest is 30)
COURAGE_PER_ROUND = 4  # 「1ラウンドには4点まで使用可能」
GROUP_HELPER_TN_OFFSET = -5  # 「リーダー以外の全員がそれぞれ 目標値 -5 の判定を行い」
# 「成功度によって +0〜+3 のボーナス」: by default gmtool reads it as Marginal +0, Complete +1,
# Superior +2, Extraordinary +3, failures +0, each helper's bonus added (SPEC).  The house rule
# MARGINAL_HELPER reads the +0 as the failure's and gives a Marginal helper +1 (helper_bonus).
GROUP_HELPER_BONUS = {
    Degree.MARGINAL_SUCCESS: 0,
    Degree.COMPLETE_SUCCESS: 1,
    Degree.SUPERIOR_SUCCESS: 2,
    Degree.EXTRAORDINARY_SUCCESS: 3,
}
MARGINAL_HELPER_BONUS = {MARGINAL_ZERO: 0, MARGINAL_ONE: 1}
# 1.2.4: failure +1, complete failure +2, disastrous +3, superior −1, extraordinary −2.
CORRUPTION_CHANGE = {
    Degree.DISASTROUS_FAILURE: 3,
    Degree.COMPLETE_FAILURE: 2,
    Degree.FAILURE: 1,
    Degree.MARGINAL_SUCCESS: 0,
    Degree.COMPLETE_SUCCESS: 0,
    Degree.SUPERIOR_SUCCESS: -1,
    Degree.EXTRAORDINARY_SUCCESS: -2,
}


@dataclass(frozen=True)
class LotRRoller:
    """What is added to the dice, kept apart so the log can say where each point came from."""

    rank: int = 0  # skill ranks, or the reaction value of a reaction test
    attribute_modifier: int = 0
    specialisation: int = 0  # +2 in a specialisation
    affinity: int = 0  # related skills: +1 each
    untrained: bool = False  # rank 0 in an Untrained skill: −2
    condition: int = 0  # wound + weariness penalties (≤ 0)
    modifier: int = 0  # everything else (situation, aim, size, …)

    @property
    def bonus(self) -> int:
        return (
            self.rank
            + self.attribute_modifier
            + self.specialisation
            + self.affinity
            - (2 if self.untrained else 0)
            + self.condition
            + self.modifier
        )


@dataclass(frozen=True)
class RollResult:
    faces: Faces
    bonus: int
    tn: int
    degree: Degree
    courage: int = 0  # points spent after the roll
    courage_bonus: int = 0  # what they added in all
    seed: int | None = None

    @property
    def total(self) -> int:
        """達成値: dice + bonus + courage."""
        return sum(self.faces) + self.bonus + self.courage_bonus

    @property
    def margin(self) -> int:
        return self.total - self.tn

    @property
    def exploded(self) -> bool:
        return len(self.faces) > 2

    @property
    def outcome(self) -> Degree:
        return self.degree


@dataclass(frozen=True)
class GroupResult:
    leader: RollResult
    helpers: tuple[RollResult, ...]
    seed: int | None = None
    marginal_helper: str = MARGINAL_ZERO  # the reading the roll was made under

    @staticmethod
    def bonus_for(degree: Degree, marginal_helper: str = MARGINAL_ZERO) -> int:
        """What one helper's degree adds to the leader, under the house rule's reading of Marginal."""
        if degree is Degree.MARGINAL_SUCCESS:
            return MARGINAL_HELPER_BONUS[marginal_helper]
        return GROUP_HELPER_BONUS.get(degree, 0)

    def gives(self, helper: RollResult) -> int:
        return self.bonus_for(helper.degree, self.marginal_helper)

    @property
    def help_bonus(self) -> int:
        return sum(self.gives(h) for h in self.helpers)

    @property
    def outcome(self) -> Degree:
        return self.leader.degree


class Contestant(StrEnum):
    A = "a"  # the acting side (the attacker)
    B = "b"  # the opposing side (the defender)


class TieRule(StrEnum):
    REROLL = "reroll"  # 「同点の場合は,特に指定されていなければ,再度判定する」
    DODGE = "dodge"  # 回避: the dodge total is the attacker's TN, a tie hits → A wins
    PARRY = "parry"  # 防御 (parry/block): a tie is a successful parry → B wins


TIE_WINNER = {TieRule.DODGE: Contestant.A, TieRule.PARRY: Contestant.B}
MAX_OPPOSED_ROUNDS = 10_000  # P(tie) < 1/9 a round: never reached


@dataclass(frozen=True)
class OpposedRound:
    a_faces: Faces
    a_total: int
    b_faces: Faces
    b_total: int
    winner: Contestant | None


@dataclass(frozen=True)
class OpposedResult:
    winner: Contestant
    rounds: tuple[OpposedRound, ...]
    seed: int | None = None

    @property
    def outcome(self) -> Contestant:
        return self.winner

    @property
    def margin(self) -> int:
        """The winner's lead on the deciding round: its totals' difference (0: a tie it won)."""
        last = self.rounds[-1]
        return abs(last.a_total - last.b_total)


LotRResult = RollResult | GroupResult | OpposedResult


# ---- what a point of courage is worth (1.2.3) ---------------------------------------------------
@dataclass(frozen=True)
class CouragePerPoint:
    """What one point of courage adds on a test, and where each part comes from."""

    total: int = COURAGE_BONUS
    parts: tuple[tuple[str, int], ...] = ()  # (trait, its addition), the text's order of the table
    unset: tuple[str, ...] = ()  # traits the character has that apply, with no value in the table

    @property
    def refusal(self) -> str:
        """Why courage cannot be counted yet ('' when it can): an applying trait is 未設定."""
        if not self.unset:
            return ""
        return UnsetCell(
            CellRef(COURAGE_TRAITS, self.unset[0], "per_point"),
            Message(
                "勇気1点の効果を増す特徴 {0} の値が未設定です（ルール表 → 参照表 で入力）",
                Message.joined(", ", self.unset),
            ),
        )

    def text(self) -> str:
        """「+3 + Bold 2 + Horselord 2 = +7」, or 「+3」 alone."""
        if not self.parts:
            return f"+{self.total}"
        added = " + ".join(f"{name} {value}" for name, value in self.parts)
        return f"+{COURAGE_BONUS} + {added} = +{self.total}"
