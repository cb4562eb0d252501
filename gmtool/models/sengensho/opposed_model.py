"""The 千幻抄 opposed-check stepper (対抗判定時の能力の適用): set-up, the seven steps, exact odds.

Before step 1 the GM sets up both sides (`setup`, an `OpposedSetup`: a 千幻抄 character's
{特性値}+〈スキル〉+修正, or a 判定値 typed in) and the tie rule.  The procedure itself is the
engine's `OpposedProcedure`; this model adds the seeds, the names and the log.  The odds shown at
each step are exact and use only what is known at that step: dice not yet rolled range over all 216
rolls of 3D6.

Undo: the stepper's state is panel state, not campaign state (like the judgement panel's inputs),
so nothing here goes on the campaign's undo stack; each roll, the result and a restart are log
lines, and the log is not undone.  「やり直し」 starts a new procedure instead.

Every refusal is a `StepRefused` with the message for the GM: the engine's when a step is out of
the text's order, this model's for a set-up that cannot change any more or an input out of range.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from PySide6.QtCore import QObject, Signal

from gmtool.models.campaign_model import CampaignModel
from gmtool.models.log_payload import summary_payload
from gmtool.models.sengensho.opposed_setup import (
    ROLE_LABELS,
    TIE_RULE_LABELS as TIE_RULE_LABELS,
    OpposedSetup,
    Role as Role,
    percent_text as percent_text,
)
from gmtool.models.sengensho.state import SYSTEM_ID, THRESHOLDS_KEY
from gmtool.models.sengensho.thresholds import read_thresholds
from gmtool.rules.dice import new_seed
from gmtool.rules.message import Message
from gmtool.rules.systems.sengensho.checks import CRITICAL, FUMBLE, SengenshoRoller
from gmtool.rules.systems.sengensho.opposed import (
    STEP_LABELS,
    OpposedOdds,
    OpposedOutcome,
    OpposedProcedure,
    OpposedSide,
    Step,
    StepRefused as StepRefused,
    TieRule,
    odds,
)

LOG_KIND = "sengensho.opposed"
MAX_INPUT = 99  # DP and declarations: a typo guard, not a rule number
BEFORE_LABEL = "0. 開始前（まだ誰も振っていない）"


@dataclass(frozen=True)
class _Started:
    """What the set-up was when the attacker rolled: the log and the texts use these."""

    names: dict[Role, str]
    labels: dict[Role, str]
    seeds: dict[Role, int]


class SengenshoOpposedModel(QObject):
    changed = Signal()

    def __init__(
        self,
        campaign_model: CampaignModel,
        seed_source: Callable[[], int] = new_seed,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.campaign_model = campaign_model
        self._seed_source = seed_source
        self.tie_rule = TieRule.UNSET
        self._procedure: OpposedProcedure | None = None  # None: set-up (nobody has rolled)
        self._started: _Started | None = None
        self.setup = OpposedSetup(campaign_model, lambda: self._procedure is not None, self)
        self.setup.changed.connect(self.changed)
        campaign_model.session_changed.connect(self._on_session_changed)

    # ---- set-up (the sides are `setup`'s) ------------------------------------------------------
    def set_tie_rule(self, rule: TieRule) -> None:
        """The GM's tie rule: may change at any step, and at the result when it is a tie (logged)."""
        rule = TieRule(rule)
        if rule is self.tie_rule:
            return
        self.tie_rule = rule
        if self._procedure is not None:
            self._procedure = replace(self._procedure, tie_rule=rule)
            if self._procedure.outcome() is OpposedOutcome.TIE:
                self._log_tie_ruling()
        self.changed.emit()

    def name(self, role: Role) -> str:
        if self._started is not None:
            return self._started.names[role]
        character = self.setup.character(role)
        if character is None:
            return self.tr(ROLE_LABELS[role])
        return character.name or self.tr("（名前なし）")

    def source_label(self, role: Role) -> str:
        """「{知性}+〈交渉〉」 (or 直接入力): as rolled once the procedure has started."""
        if self._started is not None:
            return self._started.labels[role]
        return self.setup.source_label(role)

    def thresholds(self) -> tuple[int, int, str | None]:
        """(critical, fumble, problem|None): the campaign's house rule (`read_thresholds`)."""
        return read_thresholds(self.campaign_model)

    def roller(self, role: Role) -> SengenshoRoller:
        if self._procedure is not None:
            return self.side(role).roller
        critical, fumble, _ = self.thresholds()
        return SengenshoRoller(self.setup.value(role), self.setup.inputs(role).modifier, critical, fumble)

    # ---- the procedure ---------------------------------------------------------------------
    @property
    def procedure(self) -> OpposedProcedure:
        """The procedure as it stands; before step 1, the one the set-up would start."""
        if self._procedure is not None:
            return self._procedure
        sides = (OpposedSide(self.roller(Role.ATTACKER)), OpposedSide(self.roller(Role.DEFENDER)))
        return OpposedProcedure(*sides, tie_rule=self.tie_rule)

    @property
    def step(self) -> Step:
        return self.procedure.step

    @property
    def started(self) -> bool:
        return self._procedure is not None

    def side(self, role: Role) -> OpposedSide:
        p = self.procedure
        return p.attacker if role is Role.ATTACKER else p.defender

    def current_role(self) -> Role:
        """Whose step it is (the defender's from step 4 on)."""
        return Role.ATTACKER if self.step < Step.DEFENDER_ROLLS else Role.DEFENDER

    def roll(self, dp: int = 0) -> OpposedSide:
        """The current step's roll (Ctrl+R): the attacker's at step 1, the defender's at step 4."""
        return self._roll(self.current_role(), dp)

    def roll_attacker(self, dp: int = 0) -> OpposedSide:
        return self._roll(Role.ATTACKER, dp)

    def roll_defender(self, dp: int = 0) -> OpposedSide:
        return self._roll(Role.DEFENDER, dp)

    def declare(self, declared: int) -> None:
        """The signed total of 達成値上昇/低下 declared for the current side (step 2 or 5)."""
        if abs(declared) > MAX_INPUT:
            raise StepRefused(self.tr("宣言の合計は −{0}〜+{0} で入力してください").format(MAX_INPUT))
        p = self.procedure
        declare = p.declare_attacker if self.current_role() is Role.ATTACKER else p.declare_defender
        self._procedure = self._step(lambda: declare(declared))
        self.changed.emit()

    def fix(self) -> None:
        """Step 3 or 6: the current side's 達成値 is fixed; after step 6 the result (step 7)."""
        p = self.procedure
        attacker = self.current_role() is Role.ATTACKER
        self._procedure = self._step(p.fix_attacker if attacker else p.fix_defender)
        if not attacker:
            self._log_result()
        self.changed.emit()

    def reroll_defender(self) -> None:
        """Back to step 4 with the attacker's 達成値 kept: the text recommends 「ある程度寛容に振り直し
        を認める」 when a 達成値低下効果 turns a defence into a failure.  The GM decides; logged."""
        p = self.procedure
        if p.step < Step.DEFENDER_MODIFIERS:
            raise StepRefused(self.tr("防御側はまだダイスを振っていません"))
        assert self._started is not None  # the attacker has rolled
        before = p.defender
        self._procedure = replace(p, defender=OpposedSide(before.roller), step=Step.DEFENDER_ROLLS)
        inputs = self.tr("GMが防御側の振り直しを認めた（手順4から）")
        self._log(inputs, self.name(Role.DEFENDER), self._dice_text(before), event="reroll")
        self.changed.emit()

    def reset(self) -> None:
        """「やり直し」: a new procedure from the set-up (kept); an unfinished one is logged as such."""
        if self._procedure is not None and self._procedure.step is not Step.RESULT:
            self._log(self.tr("対抗判定をやり直した（結果なし）"), self._who(), event="reset")
        self._procedure = self._started = None
        self.changed.emit()

    # ---- odds --------------------------------------------------------------------------------
    def odds(self) -> OpposedOdds:
        return self.procedure.odds()

    def attacker_wins(self) -> Fraction:
        """P(attacker wins) under the tie rule (UNSET: a tie is not a win, it is shown apart)."""
        return self.odds().attacker_wins(self.tie_rule)

    def step_odds(self) -> list[tuple[Step | None, OpposedOdds | None]]:
        """The odds after each step (None first: before anyone rolled); None for steps not reached.

        Each row uses only what was known then: step 1 the attacker's dice without declarations,
        step 2 (while it lasts, and at 3) the declarations too, step 4 the defender's dice, …"""
        p = self.procedure
        unrolled_a, unrolled_d = OpposedSide(p.attacker.roller), OpposedSide(p.defender.roller)
        known: dict[Step | None, OpposedOdds] = {None: odds(unrolled_a, unrolled_d)}
        if p.step > Step.ATTACKER_ROLLS:
            known[Step.ATTACKER_ROLLS] = odds(replace(p.attacker, declared=0), unrolled_d)
            known[Step.ATTACKER_MODIFIERS] = odds(p.attacker, unrolled_d)
        if p.step > Step.ATTACKER_FIXED:
            known[Step.ATTACKER_FIXED] = known[Step.ATTACKER_MODIFIERS]
        if p.step > Step.DEFENDER_ROLLS:
            known[Step.DEFENDER_ROLLS] = odds(p.attacker, replace(p.defender, declared=0))
            known[Step.DEFENDER_MODIFIERS] = p.odds()
        if p.step is Step.RESULT:
            known[Step.DEFENDER_FIXED] = known[Step.RESULT] = p.odds()
        return [(s, known.get(s)) for s in (None, *Step)]

    def step_label(self, step: Step | None) -> str:
        return self.tr(BEFORE_LABEL) if step is None else self.tr(STEP_LABELS[step])

    def headline(self) -> str:
        """The big line: P(攻撃側の勝ち) now, with a tie shown apart while it is the GM's call."""
        o = self.odds()
        text = self.tr("P(攻撃側の勝ち) {0}").format(percent_text(self.attacker_wins()))
        if self.tie_rule is TieRule.UNSET and o.tie:
            text += self.tr("（ほかに同値 {0}: GMの裁定）").format(percent_text(o.tie))
        need = self.defender_need_text()
        return f"{text}\n{need}" if need else text

    def _log_odds(self) -> str:
        """The headline on one log line."""
        return self.headline().replace("\n", self.tr("。"))

    def defender_need_text(self) -> str:
        """Step 5: the odds are 0 % or 100 % while the defender may still declare, so this says
        what a further declaration decides (「防御側はあと +9 で逆転、+8 で同値」); '' at other steps."""
        need = self.procedure.defender_need()
        if need is None:
            return ""
        if need.tie == 0:
            return self.tr("いまは同値（防御側はあと +{0} で勝ち、{1:+d} で攻撃側の勝ち）").format(
                need.win, need.attacker_wins_at
            )
        if need.win > 0:
            text = self.tr("防御側はあと +{0} で逆転").format(need.win)
            if need.tie is not None:
                text += self.tr("、+{0} で同値").format(need.tie)
            return text
        if need.tie is None:
            return self.tr("いまは防御側の勝ち（防御側への宣言があと {0:+d} で攻撃側の勝ち）").format(
                need.attacker_wins_at
            )
        return self.tr(
            "いまは防御側の勝ち（防御側への宣言があと {0:+d} で同値、{1:+d} で攻撃側の勝ち）"
        ).format(need.tie, need.attacker_wins_at)

    # ---- texts ---------------------------------------------------------------------------------
    def special_text(self, role: Role) -> str:
        side = self.side(role)
        if side.natural is None:
            return ""
        special = side.roller.special(side.natural)
        if special is None:
            return ""
        return {CRITICAL: self.tr("クリティカル"), FUMBLE: self.tr("ファンブル")}.get(special, "")

    def side_text(self, role: Role) -> str:
        """The faces and 達成値 once this side has rolled; '' before."""
        side = self.side(role)
        if side.total is None:
            return ""
        text = self.tr("{0} → 達成値 {1}（判定値 {2}、修正 {3:+d}、宣言 {4:+d}）").format(
            self._dice_text(side), side.total, side.roller.value, side.roller.modifier, side.declared
        )
        if side.dp:
            text += self.tr(" DP {0}").format(side.dp)
        special = self.special_text(role)
        return text + (f" 【{special}】" if special else "")

    def result_text(self) -> str:
        """Step 7: the winner (or 同値（GMの裁定）), both 達成値, any クリティカル/ファンブル; '' before."""
        p = self.procedure
        winner = p.winner()
        if winner is None:
            return ""
        a, d = p.attacker.total, p.defender.total
        if winner is OpposedOutcome.TIE:
            text = self.tr("同値（GMの裁定）")
        else:
            role = Role(str(winner))
            text = self.tr("{0}（{1}）の勝ち").format(self.tr(ROLE_LABELS[role]), self.name(role))
            if p.outcome() is OpposedOutcome.TIE:
                text += self.tr("（{0}）").format(self.tr(TIE_RULE_LABELS[self.tie_rule]))
        text += self.tr(" 達成値 {0} 対 {1}").format(a, d)
        marks = [
            self.tr("{0}{1}").format(self.tr(ROLE_LABELS[r]), self.special_text(r))
            for r in Role
            if self.special_text(r)
        ]
        if marks:
            text += self.tr("（{0}: 対抗判定の勝敗は達成値で決める）").format(self.tr("、").join(marks))
        return text

    # ---- internals -----------------------------------------------------------------------------
    def _roll(self, role: Role, dp: int) -> OpposedSide:
        if not 0 <= dp <= MAX_INPUT:
            raise StepRefused(self.tr("DP使用量は 0〜{0} で入力してください").format(MAX_INPUT))
        p = self.procedure
        expected = Step.ATTACKER_ROLLS if role is Role.ATTACKER else Step.DEFENDER_ROLLS
        if p.step is not expected:
            self._refuse_out_of_order(p, role)
        seed = self._seed_source()
        rng = random.Random(seed)
        if role is Role.ATTACKER:
            names = {r: self.name(r) for r in Role}
            labels = {r: self.source_label(r) for r in Role}
            self._started = _Started(names, labels, {Role.ATTACKER: seed})
            self._procedure = p.roll_attacker(rng, dp)
        else:
            assert self._started is not None
            self._started.seeds[Role.DEFENDER] = seed
            self._procedure = p.roll_defender(rng, dp)
        self._log_roll(role, seed)
        self.changed.emit()
        return self.side(role)

    def _refuse_out_of_order(self, p: OpposedProcedure, role: Role) -> None:
        """Raises the engine's StepRefused (it names the step that comes first) before a seed is used."""
        rolled = p.attacker_rolled if role is Role.ATTACKER else p.defender_rolled
        self._step(lambda: rolled((1, 1, 1)))  # not a roll: only asks the engine why not now

    def _step(self, action: Callable[[], OpposedProcedure]) -> OpposedProcedure:
        """An engine step; its refusal gains a pointer to 「やり直し」 once the result is out."""
        try:
            return action()
        except StepRefused as refusal:
            if self.procedure.step is not Step.RESULT:
                raise
            hint = self.tr("。「やり直し」で新しい対抗判定を始められます")
            raise StepRefused(Message("{0}{1}", refusal, hint)) from None

    def _dice_text(self, side: OpposedSide) -> str:
        faces = side.faces or ()
        return f"3D6 [{','.join(map(str, faces))}]={side.natural}"

    def _who(self) -> str:
        return f"{self.name(Role.ATTACKER)} → {self.name(Role.DEFENDER)}"

    def _log(self, inputs: str, who: str = "", dice: str = "", result: str = "", **extra: Any) -> None:
        payload = summary_payload(SYSTEM_ID, inputs, who=who, dice=dice, result=result, **extra)
        self.campaign_model.append_log(LOG_KIND, payload)

    def _log_roll(self, role: Role, seed: int) -> None:
        side, label = self.side(role), self.tr(ROLE_LABELS[role])
        assert self._started is not None and side.total is not None
        inputs = self.tr("対抗判定 {0}: {1} 判定値 {2} 修正 {3:+d} DP {4}").format(
            label, self._started.labels[role], side.roller.value, side.roller.modifier, side.dp
        )
        result = self.tr("達成値 {0}（宣言前）").format(side.total)
        special = self.special_text(role)
        result += f" {special}" if special else ""
        result += " / " + self._log_odds()
        extra = {
            "role": str(role),
            "faces": list(side.faces or ()),
            "dp": side.dp,
            "value": side.roller.value,
        }
        self._log(inputs, self.name(role), self._dice_text(side), result, event="roll", seed=seed, **extra)

    def _log_result(self) -> None:
        p, started = self.procedure, self._started
        assert started is not None
        sides = {Role.ATTACKER: p.attacker, Role.DEFENDER: p.defender}
        inputs = " / ".join(
            self.tr("{0} {1} 判定値 {2} 修正 {3:+d} 宣言 {4:+d} DP {5}").format(
                self.tr(ROLE_LABELS[r]),
                started.labels[r],
                s.roller.value,
                s.roller.modifier,
                s.declared,
                s.dp,
            )
            for r, s in sides.items()
        )
        dice = " / ".join(f"{self.tr(ROLE_LABELS[r])} {self._dice_text(s)}" for r, s in sides.items())
        winner = p.winner()
        self._log(
            self.tr("対抗判定の結果: {0}").format(inputs),
            self._who(),
            dice,
            self.result_text(),
            event="result",
            seed=" / ".join(str(started.seeds[r]) for r in Role),
            seeds={str(r): started.seeds[r] for r in Role},
            faces={str(r): list(s.faces or ()) for r, s in sides.items()},
            totals={str(r): s.total for r, s in sides.items()},
            declared={str(r): s.declared for r, s in sides.items()},
            dp={str(r): s.dp for r, s in sides.items()},
            specials={str(r): self.special_text(r) for r in Role},
            tie_rule=str(self.tie_rule),
            winner=str(winner) if winner is not None else None,
        )

    def _log_tie_ruling(self) -> None:
        inputs = self.tr("同値の裁定を変更: {0}").format(self.tr(TIE_RULE_LABELS[self.tie_rule]))
        result = self.result_text()
        self._log(inputs, self._who(), result=result, event="tie_rule", tie_rule=str(self.tie_rule))

    def _on_session_changed(self, key: str) -> None:
        if key == THRESHOLDS_KEY:
            self.changed.emit()
