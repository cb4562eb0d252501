"""Saved encounters: a fight's participants kept under a name, to start the same fight again later.

A part of the combat tracker (`BattleModel.saved`).  The saved encounters are a session document of
their own (SAVED_KEY); saving or deleting one is one undo step, and calling one up replaces the
current encounter in one undo step, with fresh participant ids.
"""

from __future__ import annotations

import uuid
from dataclasses import replace

from pydantic import ValidationError
from PySide6.QtCore import QObject

from gmtool.models.battle_encounter import TrackedEncounter
from gmtool.models.battle_keys import SAVED_KEY
from gmtool.rules import battle
from gmtool.rules.battle_types import BattleRefused, Encounter, Phase
from gmtool.store.errors import StoreError


class SavedEncounters(QObject):
    def __init__(self, encounter: TrackedEncounter, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.encounter = encounter
        self.campaign_model = encounter.campaign_model

    def encounters(self) -> tuple[Encounter, ...]:
        """The saved encounters, in the order saved (none when the stored list cannot be read)."""
        try:
            return battle.load_saved(self.campaign_model.session_value(SAVED_KEY))
        except (StoreError, ValidationError):
            return ()

    def names(self) -> list[str]:
        return [e.name for e in self.encounters()]

    def save(self, name: str = "") -> None:
        """Keeps the participants as they are now under `name` (the encounter's own name when
        empty), replacing one saved under the same name."""
        state = self.encounter.require()
        name = name.strip() or state.name
        template = replace(
            state,
            name=name,
            active=False,
            round=0,
            current=None,
            turns=(),
            events=(),
            phase=Phase.SETUP,
        )
        kept = (*tuple(e for e in self.encounters() if e.name != name), template)
        self.campaign_model.set_session_value(SAVED_KEY, battle.dump_saved(kept), self.tr("戦闘を保存"))
        self.encounter.log(self.tr("戦闘「{0}」を保存（{1}人）").format(name, len(template.participants)))

    def load(self, name: str) -> None:
        """The saved encounter becomes the current one, its participants with fresh ids (a condition
        counted on one of them still is)."""
        found = next((e for e in self.encounters() if e.name == name), None)
        if found is None:
            raise BattleRefused(self.tr("保存した戦闘「{0}」はありません").format(name))
        fresh = tuple(replace(p, id=uuid.uuid4().hex) for p in found.participants)
        mapping = {old.id: new.id for old, new in zip(found.participants, fresh, strict=True)}
        fresh = tuple(
            replace(
                p,
                conditions=tuple(
                    replace(c, counts_on=None if c.counts_on is None else mapping.get(c.counts_on))
                    for c in p.conditions
                ),
            )
            for p in fresh
        )
        text = self.tr("保存した戦闘「{0}」を呼び出し").format(name)
        self.encounter.commit(replace(found, participants=fresh), text, text)

    def delete(self, name: str) -> None:
        kept = tuple(e for e in self.encounters() if e.name != name)
        self.campaign_model.set_session_value(
            SAVED_KEY, battle.dump_saved(kept), self.tr("保存した戦闘を削除")
        )
