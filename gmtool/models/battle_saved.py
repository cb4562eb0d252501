"""Saved encounters: a fight's participants kept under a name, to start the same fight again later.

A part of the combat tracker (`BattleModel.saved`).  The saved encounters are a session document of
their own (SAVED_KEY); saving or deleting one is one undo step, and calling one up replaces the
current encounter in one undo step, with fresh participant ids.  A fight replaced (by a new one or
one called up) may be saved first, in the same undo step (`replacing`).
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace

from pydantic import ValidationError
from PySide6.QtCore import QObject

from gmtool.models.battle_encounter import TrackedEncounter
from gmtool.models.battle_keys import SAVED_KEY
from gmtool.models.campaign_model import first_free_name
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
        template = _template(state, name)
        kept = (*tuple(e for e in self.encounters() if e.name != name), template)
        self.campaign_model.set_session_value(SAVED_KEY, battle.dump_saved(kept), self.tr("戦闘を保存"))
        self.encounter.log(self.tr("戦闘「{0}」を保存（{1}人）").format(name, len(template.participants)))

    def holds_current(self) -> bool:
        """Whether the encounter under way is saved as it is now, under its name (its participants
        and their values; the round is never saved): replacing it then loses nothing of them."""
        state = self.encounter.state()
        now = _without_ids(_template(state, state.name))
        return any(_without_ids(e) == now for e in self.encounters() if e.name == state.name)

    def keep_name(self) -> str:
        """The name the encounter under way is saved under before it is replaced: its own, numbered
        when a saved fight of another set-up has it already (never overwritten by a replaced one)."""
        state = self.encounter.state()
        return state.name if self.holds_current() else first_free_name(state.name, set(self.names()))

    @contextmanager
    def replacing(self, keep_current: bool) -> Iterator[None]:
        """The block replaces the encounter under way; with `keep_current`, the encounter is saved
        first under `keep_name()`, and both are one undo step.  The caller has checked the block's
        step before (a refusal inside it would leave the saved copy)."""
        if not keep_current:
            yield
            return
        name = self.keep_name()
        stack = self.campaign_model.undo_stack
        stack.beginMacro(self.tr("戦闘「{0}」を保存して置き換え").format(name))
        try:
            self.save(name)
            yield
        finally:
            stack.endMacro()

    def load(self, name: str, keep_current: bool = False) -> None:
        """The saved encounter becomes the current one, its participants with fresh ids (a condition
        counted on one of them still is); with `keep_current` the one it replaces is saved first."""
        found = next((e for e in self.encounters() if e.name == name), None)
        if found is None:
            raise BattleRefused(self.tr("保存した戦闘「{0}」はありません").format(name))
        fresh = _with_ids(found, [uuid.uuid4().hex for _ in found.participants])
        text = self.tr("保存した戦闘「{0}」を呼び出し").format(name)
        with self.replacing(keep_current):
            self.encounter.commit(fresh, text, text)

    def delete(self, name: str) -> None:
        kept = tuple(e for e in self.encounters() if e.name != name)
        self.campaign_model.set_session_value(
            SAVED_KEY, battle.dump_saved(kept), self.tr("保存した戦闘を削除")
        )


def _template(state: Encounter, name: str) -> Encounter:
    """The encounter as it is saved: its participants as they are, no round, no log."""
    return replace(
        state,
        name=name,
        active=False,
        round=0,
        current=None,
        turns=(),
        events=(),
        phase=Phase.SETUP,
    )


def _without_ids(encounter: Encounter) -> Encounter:
    """The encounter with its participants numbered by place (a fight called up has fresh ids)."""
    return _with_ids(encounter, [str(i) for i in range(len(encounter.participants))])


def _with_ids(encounter: Encounter, ids: list[str]) -> Encounter:
    """The participants given `ids`, in order; a condition counted on one of them still is."""
    mapping = {p.id: new for p, new in zip(encounter.participants, ids, strict=True)}
    return replace(
        encounter,
        participants=tuple(
            replace(
                p,
                id=mapping[p.id],
                conditions=tuple(
                    replace(c, counts_on=None if c.counts_on is None else mapping.get(c.counts_on))
                    for c in p.conditions
                ),
            )
            for p in encounter.participants
        ),
    )
