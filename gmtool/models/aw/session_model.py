"""AW session state as Qt sees it: every action is one undo step and one log line.

The state is one JSON document in the campaign's session state (SESSION_KEY); the engine
(`rules/systems/aw/session.py`) decides what is allowed.  The combat round is the battle tracker's
(ENCOUNTER_KEY): read here to describe a running AW fight, and written only by a 令呪 summon, which
moves its round to クリンナッププロセス in the same undo step.  Any number of these models may look at
one campaign (the session view, the sheet, the judgement panel): they all re-read on
`session_changed`, so they never disagree.
"""

from __future__ import annotations

import uuid
from dataclasses import replace as _replace
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError
from PySide6.QtCore import QObject, Signal

from gmtool.models.battle_keys import ENCOUNTER_KEY  # the tracker itself loads when a fight needs it
from gmtool.models.campaign_model import CampaignModel
from gmtool.models.house_rules_model import campaign_house_rules
from gmtool.models.log_payload import summary_payload
from gmtool.models.session_document import SessionDocument
from gmtool.rules.house_rules import HOUSE_RULES_KEY
from gmtool.rules.systems.aw import session as rules
from gmtool.rules.systems.aw.contract_tree import TreeRow, contract_rows
from gmtool.rules.systems.aw.house_rules import RESTORE_SESSION, SPELL_RESTORE
from gmtool.rules.systems.aw.rules_data import AWSessionRules, aw_session_rules
from gmtool.rules.systems.aw.session import AWSession, Roster, SessionRefused
from gmtool.store.errors import StoreError

if TYPE_CHECKING:
    from gmtool.rules.battle import Encounter, Phase

SESSION_KEY = "aw.session"
FOCUS_KEY = "aw.focus"  # the AF判定 (AWFocusModel's); read here only to mention a running one
LOG_KIND = "aw.session"

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


class AWSessionModel(QObject):
    changed = Signal()
    combat_changed = Signal()  # the battle tracker's encounter changed (see `combat_summary`)

    def __init__(self, campaign_model: CampaignModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.campaign_model = campaign_model
        self.rules: AWSessionRules = aw_session_rules()
        self.document = SessionDocument(
            campaign_model,
            SESSION_KEY,
            rules.load_session,
            rules.dump_session,
            self.tr("AWのセッション状態"),
            SessionRefused,
            parent=self,
        )
        campaign_model.session_changed.connect(self._on_session_changed)
        campaign_model.characters_changed.connect(self.changed)
        # A bound method, not a lambda: Qt drops it when this model is deleted with its view.
        campaign_model.character_changed.connect(self._on_character_changed)

    # ---- reading ------------------------------------------------------------------------
    def state(self) -> AWSession:
        return self.document.read()[0]

    def problem(self) -> str | None:
        """Why the stored state could not be read (it is shown, and the next action replaces it)."""
        return self.document.read()[1]

    def characters(self) -> list[tuple[str, str]]:
        """(id, name) of the campaign's AW characters, in list order."""
        return [(s.id, s.character.name) for s in self.campaign_model.characters_of("aw")]

    def pcs(self) -> list[tuple[str, str]]:
        """(id, name) of the AW PCs: event keys are theirs, and a new scene starts with them."""
        return [
            (s.id, s.character.name) for s in self.campaign_model.characters_of("aw") if s.character.is_pc
        ]

    def contract_rows(self) -> list[TreeRow]:
        """The master → servant tree over the AW characters (see `contract_tree.contract_rows`)."""
        return contract_rows(self.state(), [i for i, _ in self.characters()])

    def roster(self) -> Roster:
        stored = self.campaign_model.characters_of("aw")
        return Roster({s.id: s.character.name for s in stored}, {s.id for s in stored if s.character.is_pc})

    def name(self, character_id: str) -> str:
        model = self.campaign_model  # one look-up: a roll asks for names, with 300 characters
        if model.has_character(character_id) and model.stored(character_id).system == "aw":
            return Roster({character_id: model.character(character_id).name}).name(character_id)
        return Roster({}).name(character_id)

    def spells_left(self, master: str) -> int:
        return self.state().spells_left(master, self.rules.command_spells)

    def spell_restore(self) -> str:
        """When 令呪 come back (house rule aw.command_spell_restore): RESTORE_SESSION or RESTORE_SCENARIO."""
        return campaign_house_rules(self.campaign_model).get(SPELL_RESTORE)

    def restores_at_session_end(self) -> bool:
        return self.spell_restore() == RESTORE_SESSION

    def is_master(self, character_id: str) -> bool:
        return bool(self.state().servants_of(character_id))

    def current_scene(self) -> rules.Scene | None:
        state = self.state()
        return state.scene(state.current_scene)

    def running_focus(self) -> str | None:
        """The goal of a running AF判定 ("" without one), None when none is running.  Read raw: the
        session dialog only mentions it; a damaged AF document is the AF dialog's to report."""
        try:
            raw = self.campaign_model.session_value(FOCUS_KEY)
        except StoreError:
            return None
        if not isinstance(raw, dict) or raw.get("status") != "running":
            return None
        goal = raw.get("goal")
        return goal.strip() if isinstance(goal, str) else ""

    # ---- session and scenario -------------------------------------------------------------
    def set_scenario_name(self, name: str) -> None:
        state = self.state()
        if name.strip() != state.scenario:
            text = (
                self.tr("シナリオ名:「{0}」").format(name.strip())
                if name.strip()
                else self.tr("シナリオ名を消去")
            )
            self._commit(
                _replace(state, scenario=name.strip()),
                self.tr("シナリオ名"),
                text,
                action="set_scenario",  # the session-log export reads these marks as its breaks
                scenario=name.strip(),
            )

    def end_session(self) -> None:
        state = self.state()
        if self.restores_at_session_end():
            text = self.tr("セッション {0} を終了（令呪が回復）").format(state.session_number)
        else:
            text = self.tr("セッション {0} を終了（令呪はシナリオ終了まで回復しない）").format(
                state.session_number
            )
        result = self.tr("セッション {0} へ").format(state.session_number + 1)
        new = rules.end_session(state, self.spell_restore())
        self._commit(new, text, text, result=result, action="end_session")

    def end_scenario(self) -> None:
        state = self.state()
        name = state.scenario or self.tr("シナリオ {0}").format(state.scenario_number)
        text = self.tr("「{0}」を終了（令呪が回復、イベントキーとシーンはシナリオとともに終わる）").format(
            name
        )
        result = self.tr("シナリオ {0}・セッション {1} へ").format(
            state.scenario_number + 1, state.session_number + 1
        )
        self._commit(
            rules.end_scenario(state), text, text, result=result, action="end_scenario", scenario=name
        )

    def add_scene(self, name: str, present: tuple[str, ...] = ()) -> str:
        scene_id = uuid.uuid4().hex
        name = name.strip() or self.tr("シーン {0}").format(len(self.state().scenes) + 1)
        text = self.tr("シーン「{0}」").format(name)
        self._commit(
            rules.add_scene(self.state(), scene_id, name, present),
            text,
            text,
            who=self._names(present),
            result=self.tr("現在のシーンに"),
            action="add_scene",
        )
        return scene_id

    def set_current_scene(self, scene_id: str | None) -> None:
        state = self.state()
        if state.current_scene != scene_id:
            scene = state.scene(scene_id)
            if scene_id is not None and scene is None:
                raise SessionRefused(self.tr("そのシーンはありません"))
            text = (
                self.tr("現在のシーン: 「{0}」").format(scene.name) if scene else self.tr("現在のシーンなし")
            )
            who = self._names(scene.present) if scene else ""
            self._commit(
                _replace(state, current_scene=scene_id),
                self.tr("現在のシーン"),
                text,
                who=who,
                action="set_current_scene",
            )

    def set_present(self, scene_id: str, present: tuple[str, ...]) -> None:
        """Who is in the scene decides who may get its event keys: every change is logged."""
        new = rules.set_present(self.state(), scene_id, present)
        scene = new.scene(scene_id)
        names = self._names(scene.present) if scene else ""
        title = scene.name if scene else ""
        if names:
            text = self.tr("シーン「{0}」: 登場 {1}").format(title, names)
        else:
            text = self.tr("シーン「{0}」: 登場するキャラクターなし").format(title)
        self._commit(new, self.tr("シーンの登場キャラクター"), text, who=names)

    # ---- contracts and 令呪 -----------------------------------------------------------------
    def form_contract(self, master: str, servant: str) -> None:
        roster = self.roster()
        new = rules.form_contract(self.state(), master, servant, roster)
        text = self.tr("契約: {0}（マスター）→ {1}（サーヴァント）").format(
            roster.name(master), roster.name(servant)
        )
        self._commit(new, text, text, who=roster.name(master), result=self.tr("契約完了"))

    def break_contract(self, servant: str, method: rules.BreakMethod, note: str = "") -> None:
        roster = self.roster()
        state = self.state()
        master = state.master_of(servant) or ""
        spells, restore = self.rules.command_spells, self.spell_restore()
        new = rules.break_contract(state, servant, method, note, roster, spells, restore)
        text = self.tr("契約破棄: {0} → {1}（{2}）").format(
            roster.name(master), roster.name(servant), self.tr(BREAK_LABELS[method])
        )
        result = self.tr("契約破棄")
        if method is rules.BreakMethod.COMMAND_SPELL:
            left = new.spells_left(master, self.rules.command_spells)
            text += self.tr("（令呪 残り {0}）").format(left)
            result += self.tr("・") + self._spells_result(left)
        if note.strip():
            text += f"「{note.strip()}」"
        self._commit(new, text, text, who=roster.name(master), result=result)

    def use_command_spell(self, master: str, servant: str, effect: rules.SpellEffect, note: str = "") -> None:
        """One 令呪 with its effect; SessionRefused (nothing changes) when the rules forbid it.

        While the battle tracker runs an AW fight, a summon adds the servant to it and sends that
        round to its cleanup (「戦闘中ならクリンナッププロセスへ」), and a dismissal marks the servant
        逃走 (`spell_fight`): the 令呪 and the tracker's change are one undo step."""
        roster = self.roster()
        state = self.state()
        spells, restore = self.rules.command_spells, self.spell_restore()
        new = rules.use_command_spell(state, master, servant, effect, roster, spells, restore)
        left = new.spells_left(master, self.rules.command_spells)
        label = self.tr(EFFECT_LABELS[effect])
        text = self.tr("令呪: {0} → {1}「{2}」（残り {3}）").format(
            roster.name(master), roster.name(servant), label, left
        )
        if note.strip():
            text += f" {note.strip()}"
        result = self._spells_result(left)
        from gmtool.models.aw.spell_fight import AWSpellFight  # A joins / B leaves a running fight

        change = AWSpellFight(self).change(effect, master, servant, label)
        if change is None:
            self._commit(new, text, text, who=roster.name(master), result=result)
            return
        # A loaded encounter plus a line of two names (≤ 200 characters each) and a participant built
        # from a sheet always loads again.
        moved, before = change.document, change.before
        text += change.text
        result += change.result
        self.document.check(new)  # before the macro opens: a refusal leaves no half step
        stack = self.campaign_model.undo_stack
        stack.beginMacro(text)
        try:
            self.document.write(new, text, checked=False)
            self.campaign_model.set_session_value(ENCOUNTER_KEY, moved, text, before=before)
        finally:
            stack.endMacro()
        self.log(text, who=roster.name(master), result=result)

    def spend_command_spell(self, master: str, note: str) -> None:
        """One 令呪 spent for a scenario's special rule (e.g. AF例2: 令呪を1つ消費すればAF判定自動成功);
        SessionRefused (nothing changes) when `master` is no master or has none left."""
        roster = self.roster()
        spells, restore = self.rules.command_spells, self.spell_restore()
        new = rules.spend_command_spell(self.state(), master, roster, spells, restore)
        left = new.spells_left(master, self.rules.command_spells)
        text = self.tr("令呪: {0}（特別ルール）{1}（残り {2}）").format(
            roster.name(master), note.strip(), left
        )
        self._commit(new, text, text, who=roster.name(master), result=self._spells_result(left))

    def check_spell_available(self, master: str) -> None:
        """Raises SessionRefused when `master` has no 令呪 to use (the judgement panel asks first)."""
        state = self.state()
        roster = self.roster()
        rules.require_present(master, roster)
        if not state.servants_of(master):
            raise SessionRefused(self.tr("{0}はマスターではありません").format(roster.name(master)))
        if state.spells_left(master, self.rules.command_spells) == 0:
            spells = self.rules.command_spells
            raise SessionRefused(rules.no_spell_left(roster.name(master), spells, self.spell_restore()))

    # ---- event keys ------------------------------------------------------------------------
    def give_key(self, name: str, holder: str) -> None:
        roster = self.roster()
        state = self.state()
        new = rules.give_key(state, uuid.uuid4().hex, name, holder, roster)
        scene = state.scene(state.current_scene)
        text = self.tr("イベントキー:{0} → {1}").format(name.strip(), roster.name(holder))
        if scene is not None:
            text += self.tr("（シーン「{0}」）").format(scene.name)
        self._commit(new, text, text, who=roster.name(holder), result=self.tr("キーを得た"))

    def move_key(self, key_id: str, new_holder: str) -> None:
        roster = self.roster()
        state = self.state()
        key = next((k for k in state.event_keys if k.id == key_id), None)
        new = rules.move_key(state, key_id, new_holder, roster)
        text = self.tr("GMがイベントキー:{0} を {1} から {2} へ移した").format(
            key.name if key else "", roster.name(key.holder) if key else "", roster.name(new_holder)
        )
        self._commit(new, text, text, who=roster.name(new_holder), result=self.tr("キーを得た（GMが移した）"))

    def remove_key(self, key_id: str) -> None:
        roster = self.roster()
        key = next((k for k in self.state().event_keys if k.id == key_id), None)
        new = rules.remove_key(self.state(), key_id)
        text = self.tr("イベントキー:{0} を削除（{1}）").format(
            key.name if key else "", roster.name(key.holder) if key else ""
        )
        who = roster.name(key.holder) if key else ""
        self._commit(new, text, text, who=who, result=self.tr("キーを削除"))

    # ---- the battle tracker's round ----------------------------------------------------------
    def combat_summary(self) -> str | None:
        """「戦闘中: 森の遭遇 ラウンド 2・ミナの手番」 while the battle tracker runs an AW fight, else
        None."""
        running = self._running_encounter()
        if running is None:
            return None
        encounter = running[0]
        from gmtool.rules.battle import Phase

        if encounter.phase is Phase.SETUP:
            step = self.tr("セットアップ")
        elif encounter.phase is Phase.CLEANUP:
            step = self.tr("クリンナップ")
        else:
            actor = encounter.participant(encounter.current)
            step = self.tr("{0}の手番").format(actor.name) if actor else self.tr("次の手番待ち")
        where = self.tr("ラウンド {0}・{1}").format(encounter.round, step)
        return self.tr("戦闘中: {0}").format(
            " ".join(part for part in (encounter.name.strip(), where) if part)
        )

    def combat_round(self) -> int | None:
        """The round of the battle tracker's running AW fight, None without one."""
        running = self._running_encounter()
        return running[0].round if running else None

    def combat_phase(self) -> Phase | None:
        running = self._running_encounter()
        return running[0].phase if running else None

    def _running_encounter(self) -> tuple[Encounter, Any] | None:
        """The battle tracker's encounter and its stored document, when it is an AW fight that has
        started; a missing or unreadable one is no fight (the tracker reports the damage)."""
        try:
            from gmtool.rules import battle

            raw = self.campaign_model.session_value(ENCOUNTER_KEY)
            encounter = battle.load_encounter(raw)
        except (StoreError, ValidationError):
            return None
        if not encounter.active or encounter.system != "aw":
            return None
        return encounter, raw

    # ---- internals -------------------------------------------------------------------------
    def _commit(self, new: AWSession, undo_text: str, log_text: str | None, **log: Any) -> None:
        """One undo step (and one log line when `log_text` is given); the document is read back
        before it is stored (`SessionDocument`)."""
        self.document.write(new, undo_text)
        if log_text is not None:
            self.log(log_text, **log)

    def log(self, text: str, who: str = "", dice: str = "", result: str = "", **extra: Any) -> None:
        self.campaign_model.append_log(LOG_KIND, summary_payload("aw", text, who, dice, result, **extra))

    def _names(self, characters: tuple[str, ...]) -> str:
        roster = self.roster()
        return "、".join(roster.name(c) for c in characters)

    def _spells_result(self, left: int) -> str:
        return self.tr("令呪 残り {0}/{1}").format(left, self.rules.command_spells)

    def _on_character_changed(self, _character_id: str) -> None:
        self.changed.emit()

    def _on_session_changed(self, key: str) -> None:
        if key in (SESSION_KEY, HOUSE_RULES_KEY):  # a house rule changes what the pages say
            self.changed.emit()
        elif key == ENCOUNTER_KEY:
            self.combat_changed.emit()
