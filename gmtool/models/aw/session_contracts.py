"""Contracts and 令呪 in the AW session (`AWSessionModel.contracts`): forming and breaking
contracts, a 令呪 with its effect or for a scenario's special rule, and what the pages ask of them
(who is a master, how many 令呪 are left, when they come back).

Each action is one undo step and one log line through the session model it belongs to; the engine
(`rules/systems/aw/session.py`) decides what is allowed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from gmtool.models.aw.spell_fight import AWSpellFight
from gmtool.models.battle_keys import ENCOUNTER_KEY
from gmtool.models.house_rules_model import campaign_house_rules
from gmtool.rules.systems.aw import session as rules
from gmtool.rules.systems.aw.house_rules import RESTORE_SESSION, SPELL_RESTORE
from gmtool.rules.systems.aw.session import SessionRefused

if TYPE_CHECKING:
    from gmtool.models.aw.session_model import AWSessionModel

EFFECT_LABELS = {
    rules.SpellEffect.ORDER: "命令を強要する",
    rules.SpellEffect.SUMMON: "シーンに登場させる",
    rules.SpellEffect.DISMISS: "シーンから退場させる",
    rules.SpellEffect.BOOST: "行動を成功させる（達成値+20）",
}
BREAK_LABELS = {
    rules.BreakMethod.COMMAND_SPELL: "令呪で契約破棄を命じる",
    rules.BreakMethod.SEVERING: "令呪刻印のある肉体を切り離す",
    rules.BreakMethod.SPIRITUAL_HEALING: "《心霊治療》",
    rules.BreakMethod.OTHER: "その他",
}


class AWContracts(QObject):
    """Reads and writes through its session model's document, roster and log."""

    def __init__(self, session: AWSessionModel) -> None:
        super().__init__(session)
        self.session = session

    # ---- reading -----------------------------------------------------------------------------
    def spells_left(self, master: str) -> int:
        return self.session.state().spells_left(master, self.session.rules.command_spells)

    def spell_restore(self) -> str:
        """When 令呪 come back (house rule aw.command_spell_restore): RESTORE_SESSION or RESTORE_SCENARIO."""
        return campaign_house_rules(self.session.campaign_model).get(SPELL_RESTORE)

    def restores_at_session_end(self) -> bool:
        return self.spell_restore() == RESTORE_SESSION

    def is_master(self, character_id: str) -> bool:
        return bool(self.session.state().servants_of(character_id))

    # ---- actions -----------------------------------------------------------------------------
    def form_contract(self, master: str, servant: str) -> None:
        roster = self.session.roster()
        new = rules.form_contract(self.session.state(), master, servant, roster)
        text = self.tr("契約: {0}（マスター）→ {1}（サーヴァント）").format(
            roster.name(master), roster.name(servant)
        )
        self.session.commit(new, text, text, who=roster.name(master), result=self.tr("契約完了"))

    def break_contract(self, servant: str, method: rules.BreakMethod, note: str = "") -> None:
        roster = self.session.roster()
        state = self.session.state()
        master = state.master_of(servant) or ""
        spells, restore = self.session.rules.command_spells, self.spell_restore()
        new = rules.break_contract(state, servant, method, note, roster, spells, restore)
        text = self.tr("契約破棄: {0} → {1}（{2}）").format(
            roster.name(master), roster.name(servant), self.tr(BREAK_LABELS[method])
        )
        result = self.tr("契約破棄")
        if method is rules.BreakMethod.COMMAND_SPELL:
            left = new.spells_left(master, self.session.rules.command_spells)
            text += self.tr("（令呪 残り {0}）").format(left)
            result += self.tr("・") + self._spells_result(left)
        if note.strip():
            text += f"「{note.strip()}」"
        self.session.commit(new, text, text, who=roster.name(master), result=result)

    def use_command_spell(self, master: str, servant: str, effect: rules.SpellEffect, note: str = "") -> None:
        """One 令呪 with its effect; SessionRefused (nothing changes) when the rules forbid it.

        While the battle tracker runs an AW fight, a summon adds the servant to it and sends that
        round to its cleanup (「戦闘中ならクリンナッププロセスへ」), and a dismissal marks the servant
        逃走 (`spell_fight`): the 令呪 and the tracker's change are one undo step."""
        roster = self.session.roster()
        state = self.session.state()
        spells, restore = self.session.rules.command_spells, self.spell_restore()
        fight = AWSpellFight(self.session)
        in_fight = fight.servant_in_play(servant)
        new = rules.use_command_spell(state, master, servant, effect, roster, spells, restore, in_fight)
        left = new.spells_left(master, self.session.rules.command_spells)
        label = self.tr(EFFECT_LABELS[effect])
        text = self.tr("令呪: {0} → {1}「{2}」（残り {3}）").format(
            roster.name(master), roster.name(servant), label, left
        )
        if note.strip():
            text += f" {note.strip()}"
        result = self._spells_result(left)
        change = fight.change(effect, master, servant, label)
        if change is None:
            self.session.commit(new, text, text, who=roster.name(master), result=result)
            return
        # A loaded encounter plus a line of two names (≤ 200 characters each) and a participant built
        # from a sheet always loads again.
        moved, before = change.document, change.before
        text += change.text
        result += change.result
        self.session.document.check(new)  # before the macro opens: a refusal leaves no half step
        stack = self.session.campaign_model.undo_stack
        stack.beginMacro(text)
        try:
            self.session.document.write(new, text, checked=False)
            self.session.campaign_model.set_session_value(ENCOUNTER_KEY, moved, text, before=before)
        finally:
            stack.endMacro()
        self.session.log(text, who=roster.name(master), result=result)

    def spend_command_spell(self, master: str, note: str) -> None:
        """One 令呪 spent for a scenario's special rule (e.g. AF例2: 令呪を1つ消費すればAF判定自動成功);
        SessionRefused (nothing changes) when `master` is no master or has none left."""
        roster = self.session.roster()
        spells, restore = self.session.rules.command_spells, self.spell_restore()
        new = rules.spend_command_spell(self.session.state(), master, roster, spells, restore)
        left = new.spells_left(master, self.session.rules.command_spells)
        text = self.tr("令呪: {0}（特別ルール）{1}（残り {2}）").format(
            roster.name(master), note.strip(), left
        )
        self.session.commit(new, text, text, who=roster.name(master), result=self._spells_result(left))

    def check_spell_available(self, master: str) -> None:
        """Raises SessionRefused when `master` has no 令呪 to use (the judgement panel asks first)."""
        state = self.session.state()
        roster = self.session.roster()
        rules.require_present(master, roster)
        if not state.servants_of(master):
            raise SessionRefused(self.tr("{0}はマスターではありません").format(roster.name(master)))
        if state.spells_left(master, self.session.rules.command_spells) == 0:
            spells = self.session.rules.command_spells
            raise SessionRefused(rules.no_spell_left(roster.name(master), spells, self.spell_restore()))

    def _spells_result(self, left: int) -> str:
        return self.tr("令呪 残り {0}/{1}").format(left, self.session.rules.command_spells)
