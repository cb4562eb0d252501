"""令呪C after the dice (house rule aw.command_spell_boost_timing = "after"), for the judgement panel.

Under "before" (the default) the panel's 令呪 +20 box is ticked before the roll, as always.  Under
"after" the box is refused and hidden: the panel shows, before the roll, the chance of success with
a 令呪 used when needed (the same as ticking it first) and the chance one is used at all; after the
roll, a failed check (a lost 対決) that +20 would turn may take it — the 令呪 is spent then (one
undo step), the same dice are judged again and a follow-up line goes to the log.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal

from gmtool.models.aw.check_session import BoostOffer, boost_offer, spell_payload, spend_boosts
from gmtool.models.house_rules_model import campaign_house_rules
from gmtool.models.log_payload import summary_payload
from gmtool.models.outcome_text import outcome_label, side_label
from gmtool.rules.checks import CheckResult, OpposedResult, Outcome, Side
from gmtool.rules.house_rules import HOUSE_RULES_KEY
from gmtool.rules.systems import get_system
from gmtool.rules.systems.aw import spell_c
from gmtool.rules.systems.aw.checks import AWCheckSpec, AWOpposedSpec
from gmtool.rules.systems.aw.house_rules import BOOST_AFTER, SPELL_BOOST_TIMING
from gmtool.rules.systems.aw.session import SessionRefused

if TYPE_CHECKING:
    from gmtool.models.aw.check_model import AWCheckModel


@dataclass(frozen=True)
class AfterOdds:
    """Before the roll, for one servant side: P(success or win) with 令呪 used when needed, P(used)."""

    side: Side
    offer: BoostOffer
    success: Fraction
    use: Fraction


@dataclass(frozen=True)
class _Rolled:
    spec: AWCheckSpec | AWOpposedSpec
    result: CheckResult | OpposedResult
    characters: dict[Side, str | None]


class SpellAfterRoll(QObject):
    changed = Signal()  # a roll to take 令呪 on arrived, or it was taken

    def __init__(self, check: AWCheckModel) -> None:
        super().__init__(check)
        self.check = check
        self._rolled: _Rolled | None = None
        self._using = False
        check.check_resolved.connect(self._on_rolled)
        check.result_cleared.connect(self._on_result_cleared)
        check.campaign_model.session_changed.connect(self._on_session_changed)

    # ---- the switch ---------------------------------------------------------------------
    def is_after(self) -> bool:
        return campaign_house_rules(self.check.campaign_model).get(SPELL_BOOST_TIMING) == BOOST_AFTER

    def refuse_before(self) -> None:
        """SessionRefused when 令呪 may only be chosen after the roll."""
        if self.is_after():
            raise SessionRefused(
                self.tr("令呪 +{0} は出目を見てから、振った後のボタンで使います（ハウスルール）").format(
                    self.check.session.rules.command_spell_boost
                )
            )

    # ---- before the roll ----------------------------------------------------------------
    def odds(self) -> list[AfterOdds]:
        """Under "after", for each side whose character is a servant: the odds with 令呪 when needed."""
        check = self.check
        if not self.is_after():
            return []
        sides = (Side.ACTION, Side.REACTION) if check.opposed else (Side.ACTION,)
        out = []
        for side in sides:
            offer = check.offers[side]
            if not offer.visible:
                continue
            spec = check.spec()
            if isinstance(spec, AWOpposedSpec):
                boosted = spec_with(spec, side, offer.amount)
                success = get_system("aw").distribution(boosted)[side]
                use = spell_c.opposed_spell_use_probability(spec, side, offer.amount)
            else:
                success = spell_c.success_with_spell(spec.roller, spec.difficulty, offer.amount)
                use = spell_c.spell_use_probability(spec.roller, spec.difficulty, offer.amount, BOOST_AFTER)
            out.append(AfterOdds(side, offer, success, use))
        return out

    # ---- after the roll -----------------------------------------------------------------
    def pending(self) -> tuple[Side, BoostOffer] | None:
        """The side that may take 令呪 on the last roll (the one that failed or lost), or None."""
        rolled = self._rolled
        if rolled is None or not self.is_after():
            return None
        result = rolled.result
        side = Side.ACTION
        if isinstance(result, OpposedResult):
            side = Side.REACTION if result.winner is Side.ACTION else Side.ACTION
        return side, boost_offer(self.check.session, rolled.characters[side])

    def reason(self) -> str:
        """Why 令呪 cannot be taken on the last roll now ("" when it can)."""
        pending, rolled = self.pending(), self._rolled
        if pending is None or rolled is None:
            return ""
        side, offer = pending
        if offer.reason:
            return offer.reason
        result, spec = rolled.result, rolled.spec
        if isinstance(result, OpposedResult) and isinstance(spec, AWOpposedSpec):
            if not spell_c.turns_opposed(spec, result, side, offer.amount):
                return self.tr("令呪 +{0} を使っても勝敗は変わりません").format(offer.amount)
        elif isinstance(result, CheckResult) and isinstance(spec, AWCheckSpec):
            if result.outcome.succeeded:
                return self.tr("成功しているので令呪は要りません")
            if result.outcome is Outcome.AUTO_FAILURE:
                return self.tr("ファンブル（自動失敗）は令呪 +{0} でも変わりません").format(offer.amount)
            if not spell_c.turns_check(spec, result.faces, offer.amount):
                return self.tr("令呪 +{0} を使っても難易度に届きません").format(offer.amount)
        return ""

    def available(self) -> bool:
        return self.pending() is not None and not self.reason()

    def use(self) -> CheckResult | OpposedResult:
        """Spends the 令呪 (one undo step), judges the same dice again, logs a follow-up line."""
        pending, rolled = self.pending(), self._rolled
        if pending is None or rolled is None:
            raise SessionRefused(self.tr("令呪を使える判定がありません（先に振ってください）"))
        reason = self.reason()
        if reason:
            raise SessionRefused(reason)
        side, offer = pending
        spend_boosts(self.check.session, {side: offer})
        before = rolled.result
        if isinstance(before, OpposedResult) and isinstance(rolled.spec, AWOpposedSpec):
            after: CheckResult | OpposedResult = spell_c.rejudge_opposed(
                rolled.spec, before, side, offer.amount
            )
        else:
            assert isinstance(before, CheckResult) and isinstance(rolled.spec, AWCheckSpec)
            after = spell_c.rejudge_check(rolled.spec, before, offer.amount)
        self._rolled = None
        self.check.campaign_model.append_log("check", self._log_payload(before, after, side, offer))
        self.check.last_result, self.check.last_boosts = after, {side: offer}
        self._using = True
        try:
            self.check.check_resolved.emit(after)  # the panel shows the result with the 令呪
        finally:
            self._using = False
        self.changed.emit()
        return after

    def _log_payload(
        self,
        before: CheckResult | OpposedResult,
        after: CheckResult | OpposedResult,
        side: Side,
        offer: BoostOffer,
    ) -> dict[str, Any]:
        inputs = self.tr("令呪 +{0}（出目を見てから。マスター: {1}、残り {2}）").format(
            offer.amount, offer.master_name, self.check.session.contracts.spells_left(offer.master or "")
        )
        who = self.check.session.name(offer.servant) if offer.servant else ""
        if isinstance(before, OpposedResult) and isinstance(after, OpposedResult):
            result = self.tr("{0}の勝利 → {1}の勝利").format(
                side_label(before.winner), side_label(after.winner)
            )
            faces = before.action.faces
        else:
            assert isinstance(before, CheckResult) and isinstance(after, CheckResult)
            result = self.tr("{0}（達成値 {1}）→ {2}（達成値 {3}）").format(
                outcome_label(before.outcome), before.total, outcome_label(after.outcome), after.total
            )
            faces = before.faces
        dice = f"[{','.join(map(str, faces))}] = {sum(faces)}"
        return summary_payload(
            "aw",
            inputs,
            who,
            dice,
            result,
            seed=before.seed,
            mode="command_spell_after",
            side=str(side),
            command_spell=spell_payload(offer),
        )

    # ---- signals ------------------------------------------------------------------------
    def _on_rolled(self, result: CheckResult | OpposedResult) -> None:
        if self._using:
            return
        check = self.check
        characters = {side: check.inputs(side).character_id for side in Side}
        self._rolled = _Rolled(check.spec(), result, characters) if self.is_after() else None
        self.changed.emit()

    def _on_result_cleared(self) -> None:
        """The panel moved to the other kind of check: the last roll is no longer on show to take
        a 令呪 on."""
        self._rolled = None
        self.changed.emit()

    def _on_session_changed(self, key: str) -> None:
        if key != HOUSE_RULES_KEY:
            return
        if self.is_after():  # a box ticked before the switch would spend 令呪 before the roll
            self.check.boosts = {Side.ACTION: False, Side.REACTION: False}
        else:
            self._rolled = None
        self.check.recompute()
        self.changed.emit()


def spec_with(spec: AWOpposedSpec, side: Side, amount: int) -> AWOpposedSpec:
    """The 対決 with +amount on one side."""
    if side is Side.ACTION:
        return AWOpposedSpec(spell_c.boosted(spec.action, amount), spec.reaction)
    return AWOpposedSpec(spec.action, spell_c.boosted(spec.reaction, amount))
