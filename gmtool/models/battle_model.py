"""The combat tracker as Qt sees it: every step one undo step, one line in the encounter's own
log and one in the campaign's session log.

The encounter is one JSON document in the campaign's session state (ENCOUNTER_KEY), saved
encounters another (SAVED_KEY); the engine (`rules/battle*.py` and each system's `combat.py`)
decides what is allowed.  Rolls use a fresh seed each, logged so any roll can be replayed.
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from PySide6.QtCore import QObject, Signal

from gmtool.models.battle_keys import ENCOUNTER_KEY, SAVED_KEY
from gmtool.models.battle_records import EncounterRecords
from gmtool.models.campaign_model import CampaignModel
from gmtool.models.log_payload import summary_payload
from gmtool.models.session_document import SessionDocument
from gmtool.rules import battle, battle_turns
from gmtool.rules.battle import BattleRefused, Condition, Encounter, Participant, Side, Status
from gmtool.rules.battle_rules import CombatRules, combat_rules
from gmtool.rules.dice import new_seed
from gmtool.rules.systems import SYSTEMS

LOG_KIND = "battle"

STATUS_LABELS = {
    Status.ACTIVE: "",
    Status.DEFEATED: "戦闘不能",
    Status.DEAD: "死亡",
    Status.FLED: "逃走",
}
SIDE_LABELS = {Side.ALLY: "味方", Side.ENEMY: "敵"}


class BattleModel(EncounterRecords, QObject):
    changed = Signal()

    def __init__(
        self,
        campaign_model: CampaignModel,
        parent: QObject | None = None,
        seed_source: Callable[[], int] = new_seed,
    ) -> None:
        super().__init__(parent)
        self.campaign_model = campaign_model
        self.seed_source = seed_source
        self.document = SessionDocument(
            campaign_model,
            ENCOUNTER_KEY,
            battle.load_encounter,
            battle.dump_encounter,
            self.tr("戦闘の記録"),
            BattleRefused,
            parent=self,
        )
        campaign_model.session_changed.connect(self._on_session_changed)
        campaign_model.characters_changed.connect(self.changed)

    # ---- reading ------------------------------------------------------------------------
    def state(self) -> Encounter:
        return self.document.read()[0]

    def problem(self) -> str | None:
        """Why the stored encounter could not be read (shown; the next action replaces it)."""
        return self.document.read()[1]

    def rules(self) -> CombatRules:
        return combat_rules(self.state().system)

    def system_id(self) -> str:
        return self.state().system

    def round_end_label(self) -> str:
        """What the end of a round is called: クリンナップ in an SRS round (AW), else ラウンド終了."""
        return self.tr("クリンナップ") if self.rules().cleanup_process else self.tr("ラウンド終了")

    def participant(self, participant_id: str) -> Participant:
        return self.state().get(participant_id)

    def characters(self) -> list[tuple[str, str]]:
        """(id, name) of the campaign characters of the encounter's system not yet in it."""
        state = self.state()
        joined = {p.character_id for p in state.participants}
        return [
            (s.id, s.character.name or self.tr("（名前なし）"))
            for s in self.campaign_model.characters_of(state.system)
            if s.id not in joined
        ]

    def public_order_text(self) -> str:
        """The turn order for the players (a chat window): hidden NPCs are left out."""
        state = self.state().public()
        lines = [self.tr("ラウンド {0}").format(state.round)] if state.active else []
        for p in state.participants:
            mark = "▶ " if p.id == state.current else ("✓ " if p.acted else "・")
            status = self.tr(STATUS_LABELS[p.status])
            lines.append(f"{mark}{p.name}" + (f"（{status}）" if status else ""))
        return "\n".join(lines)

    # ---- the encounter ---------------------------------------------------------------------
    def new_encounter(self, system_id: str, name: str = "") -> None:
        if system_id not in SYSTEMS:
            raise BattleRefused(self.tr("未対応のシステムです: {0}").format(system_id))
        name = name.strip() or self.tr("戦闘")
        encounter = Encounter(name=name, system=system_id)
        text = self.tr("新しい戦闘「{0}」（{1}）").format(name, SYSTEMS[system_id].name)
        self._commit(encounter, text, text)

    def rename(self, name: str) -> None:
        if name.strip() and name.strip() != self.state().name:
            text = self.tr("戦闘の名前:「{0}」").format(name.strip())
            self._commit(replace(self.state(), name=name.strip()), text, text)

    def add_character(self, character_id: str) -> str:
        state = self._require_encounter()
        stored = self.campaign_model.stored(character_id)
        if stored.system != state.system:
            raise BattleRefused(self.tr("この戦闘は{0}のものです").format(SYSTEMS[state.system].name))
        if any(p.character_id == character_id for p in state.participants):
            raise BattleRefused(self.tr("{0}はもう参加しています").format(stored.character.name))
        seed = self.rules().from_character(stored.character)
        participant = self.rules().settle(battle_turns.participant_from(seed, uuid.uuid4().hex, character_id))
        text = self.tr("参加: {0}").format(participant.name)
        self._commit(battle.add_participants(state, [participant]), text, text, who=participant.name)
        return participant.id

    def add_quick(
        self, name: str, values: Mapping[str, int], count: int = 1, hidden: bool = False
    ) -> list[str]:
        """A quick NPC from a name and a few values, or `count` copies of it (A, B, C…)."""
        state = self._require_encounter()
        name = name.strip() or self.tr("NPC")
        names = battle.copy_names(name, count, (p.name for p in state.participants))
        rules = self.rules()
        made = []
        for each in names:
            participant = battle_turns.participant_from(rules.from_quick(each, values), uuid.uuid4().hex)
            made.append(rules.settle(replace(participant, hidden=hidden)))
        text = self.tr("参加: {0}").format("、".join(names)) + (self.tr("（非公開）") if hidden else "")
        self._commit(battle.add_participants(state, made), text, text, who="、".join(names))
        return [p.id for p in made]

    def remove(self, participant_id: str) -> None:
        name = self.participant(participant_id).name
        text = self.tr("退場: {0}").format(name)
        self._commit(battle.remove_participant(self.state(), participant_id), text, text, who=name)

    def move(self, participant_id: str, offset: int) -> None:
        name = self.participant(participant_id).name
        text = self.tr("順番の変更: {0}").format(name)
        self._commit(battle.move_participant(self.state(), participant_id, offset), text, None)

    # ---- the round -------------------------------------------------------------------------
    def start(self) -> None:
        seed = self.seed_source()
        new = battle_turns.start(self.state(), self.rules(), random.Random(seed))
        text = self.tr("戦闘開始「{0}」: ラウンド 1").format(new.name)
        self._commit(new, self.tr("戦闘開始"), text, seed=seed, dice=self._initiative_dice(new))

    def end(self) -> None:
        text = self.tr("戦闘終了（{0}ラウンド）").format(self.state().round)
        self._commit(battle_turns.end(self.state()), self.tr("戦闘終了"), text)

    def next_turn(self) -> None:
        seed = self.seed_source()
        step = battle_turns.next_turn(self.state(), self.rules(), random.Random(seed))
        self._commit_step(step, self.tr("次の手番"), seed)

    def take_turn(self, participant_id: str) -> None:
        step = battle_turns.take_turn(self.state(), participant_id, self.rules())
        self._commit_step(step, self.tr("手番を渡す"), None, chosen=True)

    def previous_turn(self) -> None:
        new = battle_turns.previous_turn(self.state())
        actor = new.participant(new.current)
        text = self.tr("手番を戻す: {0}").format(actor.name if actor else "")
        self._commit(new, self.tr("前の手番"), text)

    # ---- resources, status, conditions -----------------------------------------------------
    def damage(self, participant_id: str, key: str, amount: int) -> None:
        """`amount` of damage on one resource (negative: healing); a pool falls, a track rises."""
        state = self.state()
        self._commit_resource(state, battle.damage(state, participant_id, key, amount), participant_id, key)

    def set_resource(self, participant_id: str, key: str, value: int, maximum: Any = battle.KEEP) -> None:
        state = self.state()
        new = battle.set_resource(state, participant_id, key, value, maximum)
        self._commit_resource(state, new, participant_id, key)

    def _commit_resource(self, state: Encounter, new: Encounter, participant_id: str, key: str) -> None:
        """The rules settle what the new value means (a line reached: unconscious, dead)."""
        before = state.get(participant_id)
        new = battle.with_participant(new, participant_id, self.rules().settle)
        after = new.get(participant_id)
        resource, old = after.resource(key), before.resource(key)
        assert resource is not None and old is not None
        shown = f"{resource.value}" + (f"/{resource.maximum}" if resource.maximum is not None else "")
        text = self.tr("{0}の{1}: {2} → {3}").format(after.name, resource.label, old.value, shown)
        if after.status is not before.status:
            text += self.tr("（{0}）").format(self.tr(STATUS_LABELS[after.status]) or self.tr("復帰"))
        self._commit(new, text, text, who=after.name, result=shown)

    def set_status(self, participant_id: str, status: Status) -> None:
        p = self.participant(participant_id)
        if p.status is status:
            return
        label = self.tr(STATUS_LABELS[status]) or self.tr("行動可能")
        text = self.tr("{0}: {1}").format(p.name, label)
        new = battle.with_participant(self.state(), participant_id, lambda q: replace(q, status=status))
        self._commit(new, text, text, who=p.name, result=label)

    def set_hidden(self, participant_id: str, hidden: bool) -> None:
        p = self.participant(participant_id)
        text = (self.tr("{0}を非公開に") if hidden else self.tr("{0}を公開")).format(p.name)
        new = battle.with_participant(self.state(), participant_id, lambda q: replace(q, hidden=hidden))
        self._commit(new, text, text, who=p.name)

    def set_side(self, participant_id: str, side: Side) -> None:
        p = self.participant(participant_id)
        text = self.tr("{0}: {1}").format(p.name, self.tr(SIDE_LABELS[side]))
        new = battle.with_participant(self.state(), participant_id, lambda q: replace(q, side=side))
        self._commit(new, text, text, who=p.name)

    def add_condition(
        self, participant_id: str, name: str, rounds: int | None, counts_on: str | None
    ) -> None:
        p = self.participant(participant_id)
        if not name.strip():
            raise BattleRefused(self.tr("状態の名前を入れてください"))
        condition = Condition(name.strip(), rounds, counts_on)
        new = battle.add_condition(self.state(), participant_id, condition)
        if rounds is None:
            text = self.tr("{0}: 状態「{1}」").format(p.name, name.strip())
        else:
            counter = new.get(counts_on).name if counts_on else self.round_end_label()
            text = self.tr("{0}: 状態「{1}」{2}ラウンド（{3}で数える）").format(
                p.name, name.strip(), rounds, counter
            )
        self._commit(new, text, text, who=p.name)

    def remove_condition(self, participant_id: str, name: str) -> None:
        p = self.participant(participant_id)
        text = self.tr("{0}: 状態「{1}」を解除").format(p.name, name)
        self._commit(battle.remove_condition(self.state(), participant_id, name), text, text, who=p.name)

    def note(self, text: str) -> None:
        """A line of the GM's own in the encounter's log."""
        if text.strip():
            self._commit(self.state(), self.tr("メモ"), text.strip())

    # ---- internals -------------------------------------------------------------------------
    def _require_encounter(self) -> Encounter:
        state = self.state()
        if not state.system:
            raise BattleRefused(self.tr("まず「新しい戦闘」でシステムを選んでください"))
        return state

    def _commit_step(
        self, step: battle_turns.Step, undo_text: str, seed: int | None, chosen: bool = False
    ) -> None:
        new = step.encounter
        parts = []
        for who, condition in step.ended:
            parts.append(self.tr("{0}の「{1}」が終わった").format(who, condition))
        actor = new.participant(new.current)
        if new.phase is battle.Phase.CLEANUP:
            text = self.tr("ラウンド {0}: {1}（全員が行動済み）").format(new.round, self.round_end_label())
        elif new.phase is battle.Phase.SETUP:
            text = self.tr("ラウンド {0} 開始").format(new.round)
        else:
            text = self.tr("ラウンド {0}: {1}の手番").format(new.round, actor.name if actor else "")
            if chosen:
                text += self.tr("（GMが選んだ）")
            if step.tied:
                tied = "、".join(new.get(t).name for t in step.tied)
                text += self.tr("（{0}と同値: GMが決めてよい）").format(tied)
        if parts:
            text += " — " + "、".join(parts)
        dice = self._initiative_dice(new) if new.phase is battle.Phase.SETUP else ""
        # A turn passing on: the engine's own step from a state already read, nothing typed in it.
        who = actor.name if actor else ""
        self._commit(new, undo_text, text, checked=False, who=who, seed=seed, dice=dice)

    def _initiative_dice(self, encounter: Encounter) -> str:
        """The initiative rolls a round start made, for the log (LotR rolls Swiftness each round)."""
        rolled = [p for p in encounter.participants if "initiative_dice" in p.values and p.in_play]
        if not rolled or (encounter.round > 1 and encounter.option("keep_initiative")):
            return ""
        return "、".join(f"{p.name} {p.initiative}" for p in rolled)

    def _commit(
        self, new: Encounter, undo_text: str, log_text: str | None, checked: bool = True, **log: Any
    ) -> None:
        """One undo step (and one log line when `log_text` is given); the document is read back
        before it is stored, so a stored encounter always loads."""
        if log_text is not None:
            new = battle.log_event(new, log_text)
        self.document.write(new, undo_text, checked)
        if log_text is not None:
            self.log(log_text, **log)

    def log(self, text: str, who: str = "", dice: str = "", result: str = "", **extra: Any) -> None:
        system = self.state().system or "battle"
        self.campaign_model.append_log(LOG_KIND, summary_payload(system, text, who, dice, result, **extra))

    def _on_session_changed(self, key: str) -> None:
        if key in (ENCOUNTER_KEY, SAVED_KEY):
            self.changed.emit()
