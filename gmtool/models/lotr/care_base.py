"""What the recovery and hazard dialogs' models share: the rolls, their text, and the one-step apply.

A roll that changes the character is applied through `LotRActions`' own step (one undo step and
one ``lotr-condition`` log line, the sheet's status line updated); a roll that changes nothing (a
failed weekly test, a resisted poison) is one log line and no undo step, so the log still says
why nothing happened.
"""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, Signal

from gmtool.models.lotr.actions import LOG_KIND, MAX_DAMAGE, LotRActions
from gmtool.models.lotr.check_log import degree_label, faces_text
from gmtool.rules.systems.lotr.character import LotRCharacter
from gmtool.rules.systems.lotr.checks import LotRRoller, RollResult, RollSpec, resolve_roll
from gmtool.rules.systems.lotr.derived import WoundTrack
from gmtool.rules.systems.lotr.healing import MAX_BONUS, healer_roller
from gmtool.rules.systems.lotr.rules_data import LotRRules

CUSTOM = ""  # the healer / helper entered as a bonus, not a character of the campaign


def percent_text(p: Fraction) -> str:
    """Two decimals; never 0% for a chance that exists nor 100% for one that can still fail."""
    if p in (0, 1):
        return f"{int(p) * 100}%"
    text = f"{float(p) * 100:.2f}%"
    if text == "0.00%":
        return "<0.01%"
    return ">99.99%" if text == "100.00%" else text


class CareBase(QObject):
    """The texts here are in the context "LotRCare", not tr()'s: tr() in a base class looks its text
    up under the subclass's name at run time, where lupdate did not put it."""

    changed = Signal()  # something shown changed (a state such as 炎に包まれている)

    def __init__(self, actions: LotRActions, rng: random.Random | None = None, parent: QObject | None = None):
        super().__init__(parent)
        self.actions = actions
        self.rng = rng or random.Random()
        actions.performed.connect(lambda _text: self.changed.emit())

    # ---- reading ----------------------------------------------------------------------------
    @property
    def character(self) -> LotRCharacter:
        return self.actions.character

    @property
    def rules(self) -> LotRRules:
        return self.actions.rules

    @property
    def track(self) -> WoundTrack:
        return self.actions.track()

    def others(self) -> list[tuple[str, str]]:
        """(id, name) of the campaign's other LotR characters: who can heal or help."""
        model = self.actions.campaign_model
        return [
            (s.id, model.character(s.id).name or s.id)
            for s in model.characters_of("lotr")
            if s.id != self.actions.character_id
        ]

    def healer(self, healer_id: str, bonus: int) -> tuple[LotRRoller, str]:
        """The healer's Healing roller and name: a character's own, or the bonus entered."""
        if healer_id == CUSTOM:
            self._check_bonus(bonus)
            return LotRRoller(rank=bonus), QCoreApplication.translate(
                "LotRCare", "手当てする人（ボーナス {0:+d}）"
            ).format(bonus)
        healer = self.actions.campaign_model.character(healer_id)
        return healer_roller(healer, self.rules), healer.name

    def helper(self, helper_id: str, bonus: int, kind: str) -> tuple[LotRRoller, str]:
        """A helper's roller for a reaction or skill (kind id), or the bonus entered."""
        from gmtool.rules.systems.lotr.kinds import roller_for

        if helper_id == CUSTOM:
            self._check_bonus(bonus)
            return LotRRoller(rank=bonus), QCoreApplication.translate(
                "LotRCare", "援護する人（ボーナス {0:+d}）"
            ).format(bonus)
        helper = self.actions.campaign_model.character(helper_id)
        return roller_for(helper, kind, self.rules), helper.name

    def _check_bonus(self, bonus: int) -> None:
        if isinstance(bonus, bool) or not isinstance(bonus, int) or not -MAX_BONUS <= bonus <= MAX_BONUS:
            raise ValueError(
                QCoreApplication.translate("LotRCare", "ボーナスは −{0}〜+{0} の整数です（{1}）").format(
                    MAX_BONUS, bonus
                )
            )

    # ---- rolling ----------------------------------------------------------------------------
    def roll(self, spec: RollSpec) -> RollResult:
        return resolve_roll(spec, self.rng)

    def roll_text(self, what: str, result: RollResult) -> str:
        """Stamina 判定 [4,5]=9 +2 = 11（目標値 9）: Complete Success（完全な成功）."""
        return QCoreApplication.translate("LotRCare", "{0} {1} {2:+d} = {3}（目標値 {4}）: {5}").format(
            what,
            faces_text(result.faces),
            result.bonus,
            result.total,
            result.tn,
            degree_label(self.rules, result.degree),
        )

    def sentences(self, parts: list[str]) -> str:
        """Parts of one status line: 「。」 in Japanese, ". " in English."""
        return QCoreApplication.translate("LotRCare", "。").join(parts)

    @staticmethod
    def roll_details(result: RollResult) -> dict[str, Any]:
        return {
            "faces": list(result.faces),
            "bonus": result.bonus,
            "tn": result.tn,
            "degree": str(result.degree),
        }

    # ---- applying ---------------------------------------------------------------------------
    def apply(self, action: str, after: LotRCharacter, undo_label: str, status: str, **details: Any) -> str:
        """One undo step and one log line, through the sheet's own step (validated, logged, shown)."""
        return self.actions._apply(action, after, undo_label, status, **details)

    def log_only(self, action: str, label: str, status: str, **details: Any) -> str:
        """One log line for a roll that changed nothing (no undo step: there is nothing to undo)."""
        if not self.actions.exists:
            raise ValueError(QCoreApplication.translate("LotRCare", "このキャラクターは削除されています"))
        c = self.character
        status = QCoreApplication.translate("LotRCare", "{0} — 負傷 {1}、疲労 {2}").format(
            status, self.actions.wound_text(c), self.actions.weariness_text(c)
        )
        payload = self.actions._payload(action, c, c, label, status, details)
        self.actions.campaign_model.append_log(LOG_KIND, payload)
        self.actions.last_status = status
        self.actions.performed.emit(status)
        return status

    def damage(self, points: int, action: str, undo_label: str, status: str, **details: Any) -> str:
        before = self.character
        after = replace(before, damage=min(before.damage + points, MAX_DAMAGE))
        return self.apply(action, after, undo_label, status, points=points, **details)

    def heal(self, points: int, action: str, undo_label: str, status: str, **details: Any) -> str:
        before = self.character
        healed = min(points, before.damage)
        after = replace(before, damage=before.damage - healed)
        return self.apply(action, after, undo_label, status, healed=healed, **details)
