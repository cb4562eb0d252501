"""One participant's changes in the tracker: damage and healing on a resource, a value or maximum
set by the GM, status, side, secrecy, and conditions with their durations.

A part of the combat tracker (`BattleModel.edit`).  After a resource changes, the system's rules
settle what it means (a line reached: unconscious, dead), in the same undo step and log line.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from PySide6.QtCore import QObject

from gmtool.models.battle_encounter import TrackedEncounter
from gmtool.models.battle_labels import SIDE_LABELS, STATUS_LABELS
from gmtool.models.shown_text import shown_label
from gmtool.rules import battle
from gmtool.rules.battle_types import KEEP, BattleRefused, Condition, Encounter, Resource, Side, Status


class ParticipantEdits(QObject):
    def __init__(self, encounter: TrackedEncounter, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.encounter = encounter

    # ---- reading ------------------------------------------------------------------------
    def resource(self, participant_id: str | None, key: str) -> Resource | None:
        """The participant's resource `key` (None when there is no such participant or resource)."""
        participant = self.encounter.state().participant(participant_id)
        return participant.resource(key) if participant else None

    def resource_note(self, participant_id: str | None, key: str) -> str:
        """What the GM should know about the resource: a value the rules leave to the GM still
        unentered, or a track that counts damage taken ("" otherwise)."""
        resource = self.resource(participant_id, key)
        if resource is None:
            return ""
        if resource.maximum is None and resource.value == 0 and not resource.grows:
            return self.tr("この値はルールに決まっていません。GMが決めて「値を設定」で入力してください。")
        if resource.grows:
            return self.tr("受けたダメージを数える値です（ダメージで増え、回復で減ります）")
        return ""

    # ---- resources ----------------------------------------------------------------------
    def damage(self, participant_id: str, key: str, amount: int) -> None:
        """`amount` of damage on one resource (negative: healing); a pool falls, a track rises."""
        state = self.encounter.state()
        self._commit_resource(state, battle.damage(state, participant_id, key, amount), participant_id, key)

    def set_resource(self, participant_id: str, key: str, value: int, maximum: Any = KEEP) -> None:
        state = self.encounter.state()
        new = battle.set_resource(state, participant_id, key, value, maximum)
        self._commit_resource(state, new, participant_id, key)

    def _commit_resource(self, state: Encounter, new: Encounter, participant_id: str, key: str) -> None:
        """The rules settle what the new value means (a line reached: unconscious, dead)."""
        before = state.get(participant_id)
        new = battle.with_participant(new, participant_id, self.encounter.rules().settle)
        after = new.get(participant_id)
        resource, old = after.resource(key), before.resource(key)
        assert resource is not None and old is not None
        shown = f"{resource.value}" + (f"/{resource.maximum}" if resource.maximum is not None else "")
        text = self.tr("{0}の{1}: {2} → {3}").format(
            after.name, shown_label(resource.label), old.value, shown
        )
        if after.status is not before.status:
            text += self.tr("（{0}）").format(self.tr(STATUS_LABELS[after.status]) or self.tr("復帰"))
        self.encounter.commit(new, text, text, who=after.name, result=shown)

    # ---- status, side, secrecy --------------------------------------------------------------
    def set_status(self, participant_id: str, status: Status) -> None:
        p = self.encounter.participant(participant_id)
        if p.status is status:
            return
        label = self.tr(STATUS_LABELS[status]) or self.tr("行動可能")
        text = self.tr("{0}: {1}").format(p.name, label)
        new = battle.with_participant(
            self.encounter.state(), participant_id, lambda q: replace(q, status=status)
        )
        self.encounter.commit(new, text, text, who=p.name, result=label)

    def set_hidden(self, participant_id: str, hidden: bool) -> None:
        p = self.encounter.participant(participant_id)
        text = (self.tr("{0}を非公開に") if hidden else self.tr("{0}を公開")).format(p.name)
        new = battle.with_participant(
            self.encounter.state(), participant_id, lambda q: replace(q, hidden=hidden)
        )
        self.encounter.commit(new, text, text, who=p.name)

    def set_side(self, participant_id: str, side: Side) -> None:
        p = self.encounter.participant(participant_id)
        text = self.tr("{0}: {1}").format(p.name, self.tr(SIDE_LABELS[side]))
        new = battle.with_participant(self.encounter.state(), participant_id, lambda q: replace(q, side=side))
        self.encounter.commit(new, text, text, who=p.name)

    # ---- conditions ---------------------------------------------------------------------
    def add_condition(
        self, participant_id: str, name: str, rounds: int | None, counts_on: str | None
    ) -> None:
        p = self.encounter.participant(participant_id)
        if not name.strip():
            raise BattleRefused(self.tr("状態の名前を入れてください"))
        condition = Condition(name.strip(), rounds, counts_on)
        new = battle.add_condition(self.encounter.state(), participant_id, condition)
        if rounds is None:
            text = self.tr("{0}: 状態「{1}」").format(p.name, name.strip())
        else:
            counter = new.get(counts_on).name if counts_on else self.encounter.round_end_label()
            text = self.tr("{0}: 状態「{1}」{2}ラウンド（{3}で数える）").format(
                p.name, name.strip(), rounds, counter
            )
        self.encounter.commit(new, text, text, who=p.name)

    def remove_condition(self, participant_id: str, name: str) -> None:
        p = self.encounter.participant(participant_id)
        text = self.tr("{0}: 状態「{1}」を解除").format(p.name, name)
        new = battle.remove_condition(self.encounter.state(), participant_id, name)
        self.encounter.commit(new, text, text, who=p.name)
