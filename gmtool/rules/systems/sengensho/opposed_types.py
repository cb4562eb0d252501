"""千幻抄 対抗判定 as values: the seven steps and their names, who won, the GM's tie rule and the
odds at a step (`OpposedOdds`), as `opposed` computes them.

A value module (views may import it: it declares types and constants, no function).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum, StrEnum
from fractions import Fraction


class OpposedOutcome(StrEnum):
    ATTACKER = "attacker"
    TIE = "tie"
    DEFENDER = "defender"


class TieRule(StrEnum):
    UNSET = "unset"  # 同値は GM の裁定（確率は別に示す）
    DEFENDER = "defender"
    ATTACKER = "attacker"


class Step(IntEnum):
    """Where the procedure stands: the step to do next (RESULT: all done)."""

    ATTACKER_ROLLS = 1
    ATTACKER_MODIFIERS = 2
    ATTACKER_FIXED = 3
    DEFENDER_ROLLS = 4
    DEFENDER_MODIFIERS = 5
    DEFENDER_FIXED = 6
    RESULT = 7


@dataclass(frozen=True)
class OpposedOdds:
    attacker: Fraction
    tie: Fraction
    defender: Fraction

    def attacker_wins(self, rule: TieRule) -> Fraction:
        return self.attacker + (self.tie if rule is TieRule.ATTACKER else 0)

    def defender_wins(self, rule: TieRule) -> Fraction:
        return self.defender + (self.tie if rule is TieRule.DEFENDER else 0)


@dataclass(frozen=True)
class DefenderNeed:
    """At step 5 (the defender's declarations): what a further declaration on the defender's
    達成値 decides, with both 達成値 as they stand.  Changes are signed (a 達成値低下 is negative)."""

    margin: int  # the attacker's 達成値 − the defender's, now
    win: int  # the defender wins with a further change of at least this (the tie rule applied)
    tie: int | None  # exactly this change makes a tie left to the GM (None: the tie rule decides)

    @property
    def attacker_wins_at(self) -> int:
        """The attacker wins with a further change of at most this."""
        return (self.tie if self.tie is not None else self.win) - 1


STEP_LABELS: dict[Step, str] = {
    Step.ATTACKER_ROLLS: "1. 攻撃側がダイスを振る（DP使用量もこのときに決める）",
    Step.ATTACKER_MODIFIERS: "2. 攻撃側に対する達成値上昇/低下効果の使用をすべて宣言",
    Step.ATTACKER_FIXED: "3. 攻撃側の達成値を確定",
    Step.DEFENDER_ROLLS: "4. 防御側がダイスを振る（DP使用量もこのときに決める）",
    Step.DEFENDER_MODIFIERS: "5. 防御側に対する達成値上昇/低下効果の使用をすべて宣言",
    Step.DEFENDER_FIXED: "6. 防御側の達成値を確定",
    Step.RESULT: "7. 結果判定",
}
