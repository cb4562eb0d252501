"""Experience (1.6): recording XP and removing XP lines — the advancement dialog's collaborator
`LotRAdvancementModel.xp`.

Every action is one undo step and one log entry (`AdvancementRecord`).  XP the advancements taken
were paid with cannot be taken away (a removed line or a negative award) unless the GM override
is on; then the override is recorded on the character.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from PySide6.QtCore import QObject

from gmtool.models.lotr.advancement_record import AdvancementRecord
from gmtool.rules.systems.lotr import SYSTEM, advancement
from gmtool.rules.systems.lotr.advancement import OBJECTIVE_LABELS, OBJECTIVE_XP, XP_PER_ADVANCEMENT
from gmtool.rules.systems.lotr.character import LotRCharacter, XpEntry


class LotRXp(QObject):
    """XP awards and removals of one character; `override` tells whether the GM override is on."""

    def __init__(
        self,
        record: AdvancementRecord,
        character_id: str,
        override: Callable[[], bool],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._record = record
        self._campaign_model = record.campaign_model
        self.character_id = character_id
        self._override = override

    @property
    def character(self) -> LotRCharacter:
        """The character as stored now."""
        return self._campaign_model.character_as(self.character_id, LotRCharacter)

    @staticmethod
    def objective_share(objective: str, sharers: int) -> int:
        """Each sharer's XP for an objective, rounded half up."""
        return advancement.share(OBJECTIVE_XP[objective], sharers)

    def add_test_xp(self, tn: int, reason: str = "") -> int:
        """A story-relevant successful test: XP = its TN."""
        if tn < 1:
            raise ValueError(self.tr("目標値は 1 以上です"))
        xp = advancement.xp_for_test(tn)
        text = self.tr("目的に関連した判定に成功（目標値 {0}）").format(tn)
        reason = f"{text}: {reason.strip()}" if reason.strip() else text
        self._award([self.character_id], xp, reason, {"action": "test", "tn": tn})
        return xp

    def add_objective_xp(
        self,
        objective: str,
        sharers: int | None = None,
        recipients: Sequence[str] | None = None,
        reason: str = "",
    ) -> int:
        """An objective's XP shared among `sharers` characters; each of `recipients` (LotR
        character ids, default this one) gets the share.  Returns the share."""
        if objective not in OBJECTIVE_XP:
            raise ValueError(self.tr("目的の種類 '{0}' はありません").format(objective))
        if recipients is not None and not recipients:
            raise ValueError(self.tr("経験点を受け取るキャラクターを選んでください"))
        ids = list(dict.fromkeys(recipients or [self.character_id]))
        lotr_ids = {s.id for s in self._campaign_model.characters_of(SYSTEM.id)}
        if unknown := [i for i in ids if i not in lotr_ids]:
            raise ValueError(self.tr("指輪物語RPGのキャラクターではありません: {0}").format(unknown[0]))
        sharers = len(ids) if sharers is None else sharers
        if sharers < len(ids):
            message = self.tr("分配する人数（{0} 人）が受け取る人数（{1} 人）より少ない")
            raise ValueError(message.format(sharers, len(ids)))
        total = OBJECTIVE_XP[objective]
        xp = advancement.share(total, sharers)
        text = self.tr("{0}を達成（{1} 点を {2} 人で分配）")
        text = text.format(self.tr(OBJECTIVE_LABELS[objective]), total, sharers)
        reason = f"{text}: {reason.strip()}" if reason.strip() else text
        details = {"action": "objective", "objective": objective, "objective_xp": total, "sharers": sharers}
        self._award(ids, xp, reason, details)
        return xp

    def add_other_xp(self, xp: int, reason: str) -> int:
        """Role-play and the like: any XP the GM gives, with its reason."""
        if not reason.strip():
            raise ValueError(self.tr("経験点の理由を入力してください"))
        if xp == 0:
            raise ValueError(self.tr("0 点の経験点は記録しません"))
        record = self._xp_override(self.character.xp_total + xp) if xp < 0 else ""
        self._award([self.character_id], xp, reason.strip(), {"action": "other"}, record)
        return xp

    def xp_floor_problem(self, total: int) -> str:
        """Why an XP total is too low for the advancements already taken ('' if it is not)."""
        taken = len(self.character.advancements)
        if total < 0:
            return self.tr("経験点の合計が {0} 点になります（0 未満にはできません）").format(total)
        if total < taken * XP_PER_ADVANCEMENT:
            return self.tr(
                "経験点の合計が {0} 点になり、済んだ成長 {1} 回に使った {2} 点を下回ります"
                "（成長に使った経験点は取り消せません）"
            ).format(total, taken, taken * XP_PER_ADVANCEMENT)
        return ""

    def _xp_override(self, total: int) -> str:
        """'' when the XP total is fine; the override record when the GM override lets it through."""
        problem = self.xp_floor_problem(total)
        if problem and not self._override():
            raise ValueError(self.tr("{0}\n（GM オーバーライドを有効にすると記録できます）").format(problem))
        return self.tr("経験点の GM 許可: {0}").format(problem)[:200] if problem else ""  # ShortText

    def remove_xp_entry(self, index: int) -> XpEntry:
        """Removes one XP line; refused when the rest would not pay for the advancements taken
        (or would be below 0), unless the GM override is on — then the override is recorded."""
        log = self.character.xp_log
        if not 0 <= index < len(log):
            raise ValueError(self.tr("削除する経験点の行を選んでください"))
        entry = log[index]
        after = replace(self.character, xp_log=log[:index] + log[index + 1 :])
        if entry.xp > 0 and (record := self._xp_override(after.xp_total)):  # a lower total only
            after = replace(after, overrides=(*after.overrides, record))
        label = self.tr("経験点の削除（{0}）").format(entry.reason)
        result = self.tr("経験点 {0:+d} の行を削除（合計 {1}）").format(entry.xp, after.xp_total)
        details = {"action": "remove_xp", "xp": entry.xp, "reason": entry.reason}
        self._record.write(self.character_id, after, label, details, entry.reason, result)
        return entry

    def _award(self, ids: list[str], xp: int, reason: str, details: dict[str, Any], record: str = "") -> None:
        label = self.tr("経験点 {0:+d}（{1}）").format(xp, reason)
        # Every character is checked before the first is written: all of them or none.
        afters = {
            i: self._record.validated(
                advancement.add_xp(self._campaign_model.character(i), xp, reason, self._record.date)
            )
            for i in ids
        }
        if record:  # a GM override, on this character only (add_other_xp)
            afters = {i: replace(a, overrides=(*a.overrides, record)) for i, a in afters.items()}
        stack = self._campaign_model.undo_stack
        if len(ids) > 1:  # several characters at once: still one undo step
            stack.beginMacro(self.tr("{0}、{1} 人").format(label, len(ids)))
        try:
            for character_id, after in afters.items():
                result = self.tr("経験点 {0:+d}（合計 {1}）").format(xp, after.xp_total)
                self._record.write(
                    character_id, after, label, {**details, "xp": xp, "reason": reason}, reason, result
                )
        finally:
            if len(ids) > 1:
                stack.endMacro()
