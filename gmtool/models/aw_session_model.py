"""AW session state as Qt sees it: every action is one undo step and one log line.

The state is one JSON document in the campaign's session state (SESSION_KEY); the engine
(`rules/systems/aw/session.py`) decides what is allowed.  Any number of these models may look at
one campaign (the session view, the sheet, the judgement panel): they all re-read on
`session_changed`, so they never disagree.
"""

from __future__ import annotations

import json
import uuid
from dataclasses import replace as _replace
from datetime import datetime
from typing import Any

from pydantic import ValidationError
from PySide6.QtCore import QObject, Signal

from gmtool.models.campaign_model import CampaignModel
from gmtool.rules.systems.aw import session as rules
from gmtool.rules.systems.aw.rules_data import AWSessionRules, aw_session_rules
from gmtool.rules.systems.aw.session import AWSession, Roster, SessionRefused
from gmtool.store.errors import StoreError
from gmtool.store.validation import format_validation_error

SESSION_KEY = "aw.session"
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
PHASE_LABELS = {
    rules.CombatPhase.SETUP: "セットアッププロセス",
    rules.CombatPhase.INITIATIVE: "イニシアチブプロセス",
    rules.CombatPhase.MAIN: "メインプロセス",
    rules.CombatPhase.CLEANUP: "クリンナッププロセス",
}


class AWSessionModel(QObject):
    changed = Signal()

    def __init__(self, campaign_model: CampaignModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.campaign_model = campaign_model
        self.rules: AWSessionRules = aw_session_rules()
        self._cache: tuple[str, AWSession, str | None] | None = None
        campaign_model.session_changed.connect(self._on_session_changed)
        campaign_model.characters_changed.connect(self.changed)
        # A bound method, not a lambda: Qt drops it when this model is deleted with its view.
        campaign_model.character_changed.connect(self._on_character_changed)

    # ---- reading ------------------------------------------------------------------------
    def state(self) -> AWSession:
        return self._load()[0]

    def problem(self) -> str | None:
        """Why the stored state could not be read (it is shown, and the next action replaces it)."""
        return self._load()[1]

    def _load(self) -> tuple[AWSession, str | None]:
        try:
            raw = self.campaign_model.session_value(SESSION_KEY)
        except StoreError as e:
            return AWSession(), self.tr("AWのセッション状態が読めません: {0}").format(e)
        text = json.dumps(raw, sort_keys=True, ensure_ascii=False)
        if self._cache is None or self._cache[0] != text:
            try:
                state, problem = rules.load_session(raw), None
            except ValidationError as e:
                state = AWSession()
                problem = self.tr("AWのセッション状態が正しくありません（{0}）").format(
                    format_validation_error(e, "aw.session")
                )
            self._cache = (text, state, problem)
        return self._cache[1], self._cache[2]

    def characters(self) -> list[tuple[str, str]]:
        """(id, name) of the campaign's AW characters, in list order."""
        return [(s.id, s.character.name) for s in self.campaign_model.characters_of("aw")]

    def pcs(self) -> list[tuple[str, str]]:
        """(id, name) of the AW PCs: event keys are theirs, and a new scene starts with them."""
        return [
            (s.id, s.character.name) for s in self.campaign_model.characters_of("aw") if s.character.is_pc
        ]

    def contract_rows(self) -> list[rules.TreeRow]:
        """The master → servant tree over the AW characters (see `rules.contract_rows`)."""
        return rules.contract_rows(self.state(), [i for i, _ in self.characters()])

    def roster(self) -> Roster:
        stored = self.campaign_model.characters_of("aw")
        return Roster({s.id: s.character.name for s in stored}, {s.id for s in stored if s.character.is_pc})

    def name(self, character_id: str) -> str:
        return self.roster().name(character_id)

    def spells_left(self, master: str) -> int:
        return self.state().spells_left(master, self.rules.command_spells)

    def is_master(self, character_id: str) -> bool:
        return bool(self.state().servants_of(character_id))

    def current_scene(self) -> rules.Scene | None:
        state = self.state()
        return state.scene(state.current_scene)

    # ---- session and scenario -------------------------------------------------------------
    def set_scenario_name(self, name: str) -> None:
        state = self.state()
        if name.strip() != state.scenario:
            self._commit(_replace(state, scenario=name.strip()), self.tr("シナリオ名"), None)

    def end_session(self) -> None:
        state = self.state()
        text = self.tr("セッション {0} を終了（令呪が回復）").format(state.session_number)
        self._commit(rules.end_session(state), text, text)

    def end_scenario(self) -> None:
        state = self.state()
        name = state.scenario or self.tr("シナリオ {0}").format(state.scenario_number)
        text = self.tr("「{0}」を終了（令呪が回復、イベントキーとシーンはシナリオとともに終わる）").format(
            name
        )
        self._commit(rules.end_scenario(state), text, text)

    def add_scene(self, name: str, present: tuple[str, ...] = ()) -> str:
        scene_id = uuid.uuid4().hex
        name = name.strip() or self.tr("シーン {0}").format(len(self.state().scenes) + 1)
        text = self.tr("シーン「{0}」").format(name)
        self._commit(rules.add_scene(self.state(), scene_id, name, present), text, text)
        return scene_id

    def set_current_scene(self, scene_id: str | None) -> None:
        state = self.state()
        if state.current_scene != scene_id:
            self._commit(_replace(state, current_scene=scene_id), self.tr("現在のシーン"), None)

    def set_present(self, scene_id: str, present: tuple[str, ...]) -> None:
        self._commit(
            rules.set_present(self.state(), scene_id, present), self.tr("シーンの登場キャラクター"), None
        )

    # ---- contracts and 令呪 -----------------------------------------------------------------
    def form_contract(self, master: str, servant: str) -> None:
        roster = self.roster()
        new = rules.form_contract(self.state(), master, servant, roster)
        text = self.tr("契約: {0}（マスター）→ {1}（サーヴァント）").format(
            roster.name(master), roster.name(servant)
        )
        self._commit(new, text, text)

    def break_contract(self, servant: str, method: rules.BreakMethod, note: str = "") -> None:
        roster = self.roster()
        state = self.state()
        master = state.master_of(servant) or ""
        new = rules.break_contract(state, servant, method, note, roster, self.rules.command_spells)
        text = self.tr("契約破棄: {0} → {1}（{2}）").format(
            roster.name(master), roster.name(servant), self.tr(BREAK_LABELS[method])
        )
        if method is rules.BreakMethod.COMMAND_SPELL:
            text += self.tr("（令呪 残り {0}）").format(new.spells_left(master, self.rules.command_spells))
        if note.strip():
            text += f"「{note.strip()}」"
        self._commit(new, text, text)

    def use_command_spell(self, master: str, servant: str, effect: rules.SpellEffect, note: str = "") -> None:
        """One 令呪 with its effect; SessionRefused (nothing changes) when the rules forbid it."""
        roster = self.roster()
        state = self.state()
        new = rules.use_command_spell(state, master, servant, effect, roster, self.rules.command_spells)
        left = new.spells_left(master, self.rules.command_spells)
        text = self.tr("令呪: {0} → {1}「{2}」（残り {3}）").format(
            roster.name(master), roster.name(servant), self.tr(EFFECT_LABELS[effect]), left
        )
        if note.strip():
            text += f" {note.strip()}"
        if effect is rules.SpellEffect.SUMMON and state.combat.active:
            text += self.tr(" — 戦闘中のため、ラウンドはクリンナッププロセスへ")
        self._commit(new, text, text)

    def check_spell_available(self, master: str) -> None:
        """Raises SessionRefused when `master` has no 令呪 to use (the judgement panel asks first)."""
        state = self.state()
        roster = self.roster()
        if not state.servants_of(master):
            raise SessionRefused(self.tr("{0}はマスターではありません").format(roster.name(master)))
        if state.spells_left(master, self.rules.command_spells) == 0:
            raise SessionRefused(
                self.tr(
                    "{0}の令呪は残っていません（1シナリオに{1}回まで。セッション終了時に回復します）"
                ).format(roster.name(master), self.rules.command_spells)
            )

    # ---- event keys ------------------------------------------------------------------------
    def give_key(self, name: str, holder: str) -> None:
        roster = self.roster()
        state = self.state()
        new = rules.give_key(state, uuid.uuid4().hex, name, holder, roster)
        scene = state.scene(state.current_scene)
        text = self.tr("イベントキー:{0} → {1}").format(name.strip(), roster.name(holder))
        if scene is not None:
            text += self.tr("（シーン「{0}」）").format(scene.name)
        self._commit(new, text, text)

    def move_key(self, key_id: str, new_holder: str) -> None:
        roster = self.roster()
        state = self.state()
        key = next((k for k in state.event_keys if k.id == key_id), None)
        new = rules.move_key(state, key_id, new_holder, roster)
        text = self.tr("GMがイベントキー:{0} を {1} から {2} へ移した").format(
            key.name if key else "", roster.name(key.holder) if key else "", roster.name(new_holder)
        )
        self._commit(new, text, text)

    def remove_key(self, key_id: str) -> None:
        roster = self.roster()
        key = next((k for k in self.state().event_keys if k.id == key_id), None)
        new = rules.remove_key(self.state(), key_id)
        text = self.tr("イベントキー:{0} を削除（{1}）").format(
            key.name if key else "", roster.name(key.holder) if key else ""
        )
        self._commit(new, text, text)

    # ---- combat round ----------------------------------------------------------------------
    def start_combat(self) -> None:
        self._commit(rules.start_combat(self.state()), self.tr("戦闘開始"), self.tr("戦闘開始（ラウンド 1）"))

    def next_phase(self) -> None:
        new = rules.next_phase(self.state())
        text = self.tr("ラウンド {0}: {1}").format(new.combat.round, self.tr(PHASE_LABELS[new.combat.phase]))
        self._commit(new, text, text)

    def end_combat(self) -> None:
        self._commit(rules.end_combat(self.state()), self.tr("戦闘終了"), self.tr("戦闘終了"))

    # ---- internals -------------------------------------------------------------------------
    def _commit(self, new: AWSession, undo_text: str, log_text: str | None, **log: Any) -> None:
        """One undo step (and one log line when `log_text` is given)."""
        self.campaign_model.set_session_value(SESSION_KEY, rules.dump_session(new), undo_text)
        if log_text is not None:
            self.log(log_text, **log)

    def log(self, text: str, who: str = "", dice: str = "", **extra: Any) -> None:
        payload: dict[str, Any] = {
            "system": "aw",
            "time": datetime.now().astimezone().isoformat(timespec="seconds"),
            "summary": {"who": who, "inputs": text, "dice": dice, "result": ""},
            **extra,
        }
        self.campaign_model.append_log(LOG_KIND, payload)

    def _on_character_changed(self, _character_id: str) -> None:
        self.changed.emit()

    def _on_session_changed(self, key: str) -> None:
        if key == SESSION_KEY:
            self.changed.emit()
