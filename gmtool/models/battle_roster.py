"""Who is in the fight: campaign characters and quick NPCs joining, leaving and changing places,
and the fight's resources written back onto the campaign characters' sheets at its end.

A part of the combat tracker (`BattleModel.roster`); every change is one undo step through the
tracked encounter.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from pydantic import ValidationError
from PySide6.QtCore import QObject

from gmtool.models.battle_encounter import TrackedEncounter
from gmtool.models.shown_text import listed
from gmtool.models.system_names import system_name
from gmtool.rules import battle, battle_turns
from gmtool.rules.battle_types import BattleRefused, Participant, QuickField
from gmtool.rules.systems import SYSTEMS
from gmtool.store.validation import format_validation_error


class BattleRoster(QObject):
    def __init__(self, encounter: TrackedEncounter, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.encounter = encounter
        self.campaign_model = encounter.campaign_model

    # ---- reading ------------------------------------------------------------------------
    def characters(self) -> list[tuple[str, str]]:
        """(id, name) of the campaign characters of the encounter's system not yet in it."""
        state = self.encounter.state()
        joined = {p.character_id for p in state.participants}
        return [
            (s.id, s.character.name or self.tr("（名前なし）"))
            for s in self.campaign_model.characters_of(state.system)
            if s.id not in joined
        ]

    def quick_fields(self) -> tuple[QuickField, ...]:
        """The values a quick NPC of the encounter's system is made from (the system's round asks them)."""
        return self.encounter.rules().quick_fields

    def missing_quick_values(self, values: Mapping[str, int]) -> list[str]:
        """The labels of the fields the rules give no value for that `values` leaves unentered
        (below the field's minimum)."""
        return [
            f.label
            for f in self.quick_fields()
            if f.required and values.get(f.key, f.minimum - 1) < f.minimum
        ]

    def has_linked_characters(self) -> bool:
        """Whether anyone in the fight is a campaign character (シートに反映 has something to write)."""
        return any(p.character_id for p in self.encounter.state().participants)

    # ---- joining and leaving ----------------------------------------------------------------
    def add_character(self, character_id: str) -> str:
        encounter = self.encounter
        state = encounter.require()
        stored = self.campaign_model.stored(character_id)
        if stored.system != state.system:
            raise BattleRefused(self.tr("この戦闘は{0}のものです").format(system_name(state.system)))
        if any(p.character_id == character_id for p in state.participants):
            raise BattleRefused(self.tr("{0}はもう参加しています").format(stored.character.name))
        rules = encounter.rules()
        seed = rules.from_character(stored.character)
        participant = rules.settle(battle_turns.participant_from(seed, uuid.uuid4().hex, character_id))
        text = self.tr("参加: {0}").format(participant.name)
        encounter.commit(battle.add_participants(state, [participant]), text, text, who=participant.name)
        return participant.id

    def add_quick(
        self, name: str, values: Mapping[str, int], count: int = 1, hidden: bool = False
    ) -> list[str]:
        """A quick NPC from a name and a few values, or `count` copies of it (A, B, C…)."""
        state = self.encounter.require()
        name = name.strip() or self.tr("NPC")
        names = battle.copy_names(name, count, (p.name for p in state.participants))
        rules = self.encounter.rules()
        made = []
        for each in names:
            participant = battle_turns.participant_from(rules.from_quick(each, values), uuid.uuid4().hex)
            made.append(rules.settle(replace(participant, hidden=hidden)))
        joined = self.tr("、").join(names)  # ", " in English
        text = self.tr("参加: {0}").format(joined) + (self.tr("（非公開）") if hidden else "")
        self.encounter.commit(battle.add_participants(state, made), text, text, who=joined)
        return [p.id for p in made]

    def remove(self, participant_id: str) -> None:
        name = self.encounter.participant(participant_id).name
        text = self.tr("退場: {0}").format(name)
        new = battle.remove_participant(self.encounter.state(), participant_id)
        self.encounter.commit(new, text, text, who=name)

    def move(self, participant_id: str, offset: int) -> None:
        name = self.encounter.participant(participant_id).name
        text = self.tr("順番の変更: {0}").format(name)
        self.encounter.commit(
            battle.move_participant(self.encounter.state(), participant_id, offset), text, None
        )

    # ---- the sheets -------------------------------------------------------------------------
    def write_back(self) -> list[str]:
        """The fight's resources onto the campaign characters' sheets (HP, 疲労・負傷, wounds…), one
        undo step for all; returns the names written.  Values the sheet refuses are reported."""
        state = self.encounter.require()
        rules = self.encounter.rules()
        changes: list[tuple[Participant, str, Any]] = []  # (participant, its character's id, new sheet)
        for p in state.participants:
            character_id = p.character_id
            if character_id is None or not self.campaign_model.has_character(character_id):
                continue
            character = self.campaign_model.character(character_id)
            updated = rules.write_back(character, p)
            if updated != character:
                system = SYSTEMS[state.system]
                try:  # the sheet's own limits (a hand-edited value past them) refuse it by name
                    system.load_character(system.dump_character(updated))
                except ValidationError as e:
                    raise BattleRefused(
                        self.tr("{0}のシートに書けません（{1}）").format(
                            p.name, format_validation_error(e, p.name)
                        )
                    ) from e
                changes.append((p, character_id, updated))
        if not changes:
            return []
        stack = self.campaign_model.undo_stack
        stack.beginMacro(self.tr("戦闘の結果をシートに反映"))
        try:
            for _, character_id, updated in changes:
                self.campaign_model.update_character(character_id, updated, self.tr("戦闘の結果"))
        finally:
            stack.endMacro()
        names = [p.name for p, _, _ in changes]
        self.encounter.log(self.tr("戦闘の結果をシートに反映: {0}").format(listed(names)))
        return names
