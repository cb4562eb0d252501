"""The rolls of the recovery and hazard dialogs and how their results reach the character: a roll
and its text, the healer's or helper's roller, and the sheet's one step (`LotRActions.apply_step`:
one undo step and one ``lotr-condition`` log line, the sheet's status line updated), or a log line
alone for a roll that changes nothing (a failed weekly test, a resisted poison), so the log still
says why nothing happened.

The texts here are in the context "LotRCare" (as they were in the dialogs' shared base).
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from PySide6.QtCore import QCoreApplication

from gmtool.models.lotr.actions import MAX_DAMAGE, LotRActions
from gmtool.models.lotr.check_log import degree_label, faces_text
from gmtool.rules.systems.lotr.checks import LotRRoller, RollResult, RollSpec, resolve_roll
from gmtool.rules.systems.lotr.healing import MAX_BONUS, healer_roller

CUSTOM = ""  # the healer / helper entered as a bonus, not a character of the campaign


class CareSteps:
    def __init__(self, actions: LotRActions, rng: random.Random) -> None:
        self.actions = actions
        self.rng = rng

    # ---- who helps --------------------------------------------------------------------------
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
        return healer_roller(healer, self.actions.rules), healer.name

    def helper(self, helper_id: str, bonus: int, kind: str) -> tuple[LotRRoller, str]:
        """A helper's roller for a reaction or skill (kind id), or the bonus entered."""
        from gmtool.rules.systems.lotr.kinds import roller_for

        if helper_id == CUSTOM:
            self._check_bonus(bonus)
            return LotRRoller(rank=bonus), QCoreApplication.translate(
                "LotRCare", "援護する人（ボーナス {0:+d}）"
            ).format(bonus)
        helper = self.actions.campaign_model.character(helper_id)
        return roller_for(helper, kind, self.actions.rules), helper.name

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
            degree_label(self.actions.rules, result.degree),
        )

    @staticmethod
    def sentences(parts: list[str]) -> str:
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
    def log_only(self, action: str, label: str, status: str, **details: Any) -> str:
        """One log line for a roll that changed nothing (no undo step: there is nothing to undo)."""
        return self.actions.log_step(action, label, status, **details)

    def damage(self, points: int, action: str, undo_label: str, status: str, **details: Any) -> str:
        before = self.actions.character
        after = replace(before, damage=min(before.damage + points, MAX_DAMAGE))
        return self.actions.apply_step(action, after, undo_label, status, points=points, **details)

    def heal(self, points: int, action: str, undo_label: str, status: str, **details: Any) -> str:
        before = self.actions.character
        healed = min(points, before.damage)
        after = replace(before, damage=before.damage - healed)
        return self.actions.apply_step(action, after, undo_label, status, healed=healed, **details)
