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
from dataclasses import dataclass, replace as _replace
from typing import Any

from PySide6.QtCore import QObject, Signal

from gmtool.models.aw.rest_model import AWRestModel
from gmtool.models.aw.session_combat import AWSessionCombat
from gmtool.models.aw.session_contracts import AWContracts
from gmtool.models.aw.session_keys import AWEventKeys
from gmtool.models.battle_keys import ENCOUNTER_KEY  # the tracker itself loads when a fight needs it
from gmtool.models.campaign_model import CampaignModel
from gmtool.models.log_payload import summary_payload
from gmtool.models.session_document import SessionDocument
from gmtool.rules.house_rules import HOUSE_RULES_KEY
from gmtool.rules.systems.aw import session as rules
from gmtool.rules.systems.aw.contract_tree import TreeRow, contract_rows
from gmtool.rules.systems.aw.rules_data import AWSessionRules, aw_session_rules
from gmtool.rules.systems.aw.session import AWSession, Roster, SessionRefused
from gmtool.store.errors import StoreError

SESSION_KEY = "aw.session"
FOCUS_KEY = "aw.focus"  # the AF判定 (AWFocusModel's); read here only to mention a running one
LOG_KIND = "aw.session"


@dataclass(frozen=True)
class SheetEntry:
    """What a character's sheet (on screen and printed) shows of the session: its master, its
    servants and 令呪, and the event keys it holds."""

    master: str | None  # the master's name, None without one
    servants: tuple[str, ...]  # their names
    spells_left: int | None  # None: no servants, so no 令呪 to show
    spells: int  # the most a master has
    keys: tuple[tuple[str, str], ...]  # (key, the scene it came from or "") in play


class AWSessionModel(QObject):
    changed = Signal()
    combat_changed = Signal()  # the battle tracker's encounter changed (see `combat.summary`)

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
        # Its parts, each about one thing (and each writing through this model's document and log).
        self.contracts = AWContracts(self)
        self.keys = AWEventKeys(self)
        self.combat = AWSessionCombat(campaign_model, self)
        self.rest = AWRestModel(self, self)
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

    def current_scene(self) -> rules.Scene | None:
        state = self.state()
        return state.scene(state.current_scene)

    def sheet_entry(self, character_id: str) -> SheetEntry:
        state = self.state()
        master = state.master_of(character_id)
        servants = state.servants_of(character_id)
        return SheetEntry(
            None if master is None else self.name(master),
            tuple(self.name(s) for s in servants),
            self.contracts.spells_left(character_id) if servants else None,
            self.rules.command_spells,
            tuple((k.name, k.scene) for k in state.keys_of(character_id)),
        )

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
            self.commit(
                _replace(state, scenario=name.strip()),
                self.tr("シナリオ名"),
                text,
                action="set_scenario",  # the session-log export reads these marks as its breaks
                scenario=name.strip(),
            )

    def end_session(self) -> None:
        state = self.state()
        if self.contracts.restores_at_session_end():
            text = self.tr("セッション {0} を終了（令呪が回復）").format(state.session_number)
        else:
            text = self.tr("セッション {0} を終了（令呪はシナリオ終了まで回復しない）").format(
                state.session_number
            )
        result = self.tr("セッション {0} へ").format(state.session_number + 1)
        new = rules.end_session(state, self.contracts.spell_restore())
        self.commit(new, text, text, result=result, action="end_session")

    def end_scenario(self) -> None:
        state = self.state()
        name = state.scenario or self.tr("シナリオ {0}").format(state.scenario_number)
        text = self.tr("「{0}」を終了（令呪が回復、イベントキーとシーンはシナリオとともに終わる）").format(
            name
        )
        result = self.tr("シナリオ {0}・セッション {1} へ").format(
            state.scenario_number + 1, state.session_number + 1
        )
        self.commit(
            rules.end_scenario(state), text, text, result=result, action="end_scenario", scenario=name
        )

    def add_scene(self, name: str, present: tuple[str, ...] = ()) -> str:
        scene_id = uuid.uuid4().hex
        name = name.strip() or self.tr("シーン {0}").format(len(self.state().scenes) + 1)
        text = self.tr("シーン「{0}」").format(name)
        self.commit(
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
            self.commit(
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
        self.commit(new, self.tr("シーンの登場キャラクター"), text, who=names)

    # ---- internals -------------------------------------------------------------------------
    def commit(self, new: AWSession, undo_text: str, log_text: str | None, **log: Any) -> None:
        """One undo step (and one log line when `log_text` is given); the document is read back
        before it is stored (`SessionDocument`)."""
        self.document.write(new, undo_text)
        if log_text is not None:
            self.log(log_text, **log)

    def log(self, text: str, who: str = "", dice: str = "", result: str = "", **extra: Any) -> None:
        self.campaign_model.append_log(LOG_KIND, summary_payload("aw", text, who, dice, result, **extra))

    def _names(self, characters: tuple[str, ...]) -> str:
        roster = self.roster()
        return self.tr("、").join(roster.name(c) for c in characters)

    def _on_character_changed(self, character_id: str) -> None:
        if not self.campaign_model.of_another_system(character_id, "aw"):
            self.changed.emit()

    def _on_session_changed(self, key: str) -> None:
        if key in (SESSION_KEY, HOUSE_RULES_KEY):  # a house rule changes what the pages say
            self.changed.emit()
        elif key == ENCOUNTER_KEY:
            self.combat_changed.emit()


def sheet_entry(campaign_model: CampaignModel, character_id: str) -> SheetEntry:
    """`AWSessionModel.sheet_entry` once, for the printed sheet (which has no session model)."""
    model = AWSessionModel(campaign_model)
    try:
        return model.sheet_entry(character_id)
    finally:
        model.deleteLater()
