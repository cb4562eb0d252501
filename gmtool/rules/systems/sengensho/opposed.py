"""千幻抄 対抗判定 in the seven steps of the text, with the exact P(attacker wins) at each step.

「1. 攻撃側がダイスを振る 2. 攻撃側に対する達成値上昇/低下効果の使用をすべて宣言 3. 攻撃側の達成値を
確定 4. 防御側がダイスを振る 5. 防御側に対する…宣言 6. 防御側の達成値を確定 7. 結果判定」

The text compares 達成値 and says nothing of ties or of criticals in an opposed check, so:
the higher 達成値 wins; a tie is the GM's call (`TieRule.UNSET`, shown apart) unless the GM sets a
tie rule; a critical or fumble is reported beside the result, not turned into a win.

The value types (`Step`, `TieRule`, `OpposedOdds`…) live in `opposed_types` and are re-exported here.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from fractions import Fraction

from gmtool.rules.dice import Faces, roll
from gmtool.rules.message import Message
from gmtool.rules.systems.sengensho.checks import DICE, NATURAL_DISTRIBUTION, SengenshoRoller
from gmtool.rules.systems.sengensho.opposed_types import (
    STEP_LABELS,
    DefenderNeed,
    OpposedOdds,
    OpposedOutcome,
    Step,
    TieRule,
)

__all__ = [
    "STEP_LABELS",
    "DefenderNeed",
    "OpposedOdds",
    "OpposedOutcome",
    "OpposedProcedure",
    "OpposedSide",
    "Step",
    "StepRefused",
    "TieRule",
    "odds",
]


@dataclass(frozen=True)
class OpposedSide:
    roller: SengenshoRoller
    faces: Faces | None = None  # None until this side has rolled
    dp: int = 0  # DP使用量, decided with the roll; recorded (its effect is not in the text)
    declared: int = 0  # 達成値上昇/低下効果 declared at this side's declaration step

    @property
    def natural(self) -> int | None:
        return sum(self.faces) if self.faces is not None else None

    @property
    def total(self) -> int | None:
        natural = self.natural
        return None if natural is None else self.roller.total(natural) + self.declared


def _naturals(side: OpposedSide) -> list[tuple[int, Fraction]]:
    """The side's possible natural totals with their probability (one, certain, once rolled)."""
    if side.natural is not None:
        return [(side.natural, Fraction(1))]
    return sorted(NATURAL_DISTRIBUTION.items())


def odds(attacker: OpposedSide, defender: OpposedSide) -> OpposedOdds:
    """Exact odds given what is known: rolled dice are fixed, unrolled ones range over 3D6."""
    weights = {o: Fraction(0) for o in OpposedOutcome}
    for a_natural, pa in _naturals(attacker):
        a_total = attacker.roller.total(a_natural) + attacker.declared
        for d_natural, pd in _naturals(defender):
            d_total = defender.roller.total(d_natural) + defender.declared
            if a_total > d_total:
                key = OpposedOutcome.ATTACKER
            elif a_total < d_total:
                key = OpposedOutcome.DEFENDER
            else:
                key = OpposedOutcome.TIE
            weights[key] += pa * pd
    return OpposedOdds(*(weights[o] for o in OpposedOutcome))


class StepRefused(ValueError):
    """An action out of the text's order; the message says what comes first."""


@dataclass(frozen=True)
class OpposedProcedure:
    """The seven steps as a value: each action returns the next procedure or raises StepRefused."""

    attacker: OpposedSide
    defender: OpposedSide
    step: Step = Step.ATTACKER_ROLLS
    tie_rule: TieRule = TieRule.UNSET

    def odds(self) -> OpposedOdds:
        return odds(self.attacker, self.defender)

    def _expect(self, *steps: Step, action: str) -> None:
        if self.step not in steps:
            raise StepRefused(
                Message("今は「{0}」の段階ではありません（次の手順: {1}）", action, STEP_LABELS[self.step])
            )

    def roll_attacker(self, rng: random.Random, dp: int = 0) -> OpposedProcedure:
        return self.attacker_rolled(roll(rng, *DICE), dp)

    def attacker_rolled(self, faces: Faces, dp: int = 0) -> OpposedProcedure:
        self._expect(Step.ATTACKER_ROLLS, action=STEP_LABELS[Step.ATTACKER_ROLLS])
        side = replace(self.attacker, faces=faces, dp=dp)
        return replace(self, attacker=side, step=Step.ATTACKER_MODIFIERS)

    def declare_attacker(self, declared: int) -> OpposedProcedure:
        self._expect(Step.ATTACKER_MODIFIERS, action=STEP_LABELS[Step.ATTACKER_MODIFIERS])
        return replace(self, attacker=replace(self.attacker, declared=declared))

    def fix_attacker(self) -> OpposedProcedure:
        self._expect(Step.ATTACKER_MODIFIERS, action=STEP_LABELS[Step.ATTACKER_FIXED])
        return replace(self, step=Step.DEFENDER_ROLLS)

    def roll_defender(self, rng: random.Random, dp: int = 0) -> OpposedProcedure:
        return self.defender_rolled(roll(rng, *DICE), dp)

    def defender_rolled(self, faces: Faces, dp: int = 0) -> OpposedProcedure:
        self._expect(Step.DEFENDER_ROLLS, action=STEP_LABELS[Step.DEFENDER_ROLLS])
        side = replace(self.defender, faces=faces, dp=dp)
        return replace(self, defender=side, step=Step.DEFENDER_MODIFIERS)

    def declare_defender(self, declared: int) -> OpposedProcedure:
        self._expect(Step.DEFENDER_MODIFIERS, action=STEP_LABELS[Step.DEFENDER_MODIFIERS])
        return replace(self, defender=replace(self.defender, declared=declared))

    def fix_defender(self) -> OpposedProcedure:
        self._expect(Step.DEFENDER_MODIFIERS, action=STEP_LABELS[Step.DEFENDER_FIXED])
        return replace(self, step=Step.RESULT)

    def defender_need(self) -> DefenderNeed | None:
        """At step 5 the odds read 0 % or 100 % although the defender may still declare: what a
        further declaration decides (「あと +9 で逆転、+8 で同値」).  None at any other step."""
        a, d = self.attacker.total, self.defender.total
        if self.step is not Step.DEFENDER_MODIFIERS or a is None or d is None:
            return None
        margin = a - d
        if self.tie_rule is TieRule.DEFENDER:  # a tie is the defender's: the margin itself reverses
            return DefenderNeed(margin, margin, None)
        tie = margin if self.tie_rule is TieRule.UNSET else None
        return DefenderNeed(margin, margin + 1, tie)

    def outcome(self) -> OpposedOutcome | None:
        """The result once both 達成値 are fixed (step 7); None before."""
        if self.step is not Step.RESULT:
            return None
        known = self.odds()
        if known.attacker == 1:
            return OpposedOutcome.ATTACKER
        if known.defender == 1:
            return OpposedOutcome.DEFENDER
        return OpposedOutcome.TIE

    def winner(self) -> OpposedOutcome | None:
        """ATTACKER or DEFENDER once decided, applying the tie rule; TIE while it is the GM's call."""
        outcome = self.outcome()
        if outcome is OpposedOutcome.TIE and self.tie_rule is not TieRule.UNSET:
            return OpposedOutcome(str(self.tie_rule))
        return outcome
