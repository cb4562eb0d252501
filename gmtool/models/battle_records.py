"""What the combat tracker keeps beyond the fight itself: saved encounters to start again, the
fight's resources written back onto the campaign characters' sheets, and the participants as
CCFolia or Udonarium characters for an online table.  A part of `BattleModel`."""

from __future__ import annotations

import uuid
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Protocol

from pydantic import ValidationError
from PySide6.QtCore import QCoreApplication

from gmtool.models.battle_keys import SAVED_KEY
from gmtool.rules import battle
from gmtool.rules.battle import BattleRefused, Encounter, Participant
from gmtool.rules.systems import SYSTEMS
from gmtool.store.errors import StoreError
from gmtool.store.validation import format_validation_error

if TYPE_CHECKING:
    from gmtool.models.campaign_model import CampaignModel
    from gmtool.rules.battle_rules import CombatRules


class _Tracker(Protocol):
    """What the records use of the `BattleModel` they are a part of (their methods' `self`)."""

    @property
    def campaign_model(self) -> CampaignModel: ...

    def tr(self, source: str, /) -> str: ...

    def state(self) -> Encounter: ...

    def rules(self) -> CombatRules: ...

    def system_id(self) -> str: ...

    def participant(self, participant_id: str) -> Participant: ...

    def log(self, text: str) -> None: ...

    def _require_encounter(self) -> Encounter: ...

    def _commit(self, new: Encounter, undo_text: str, log_text: str | None) -> None: ...

    # The records' own methods, called through `self`.
    def saved(self) -> tuple[Encounter, ...]: ...

    def _linked_characters(self) -> dict[str, Any]: ...

    def ccfolia_encounter(self, include_hidden: bool = False) -> list[dict[str, Any]]: ...


class EncounterRecords:
    def saved(self: _Tracker) -> tuple[Encounter, ...]:
        try:
            return battle.load_saved(self.campaign_model.session_value(SAVED_KEY))
        except (StoreError, ValidationError):
            return ()

    def save_encounter(self: _Tracker, name: str = "") -> None:
        """Keeps the participants as they are now, to start the same fight again later."""
        state = self._require_encounter()
        name = name.strip() or state.name
        template = replace(
            state,
            name=name,
            active=False,
            round=0,
            current=None,
            turns=(),
            events=(),
            phase=battle.Phase.SETUP,
        )
        kept = (*tuple(e for e in self.saved() if e.name != name), template)
        self.campaign_model.set_session_value(SAVED_KEY, battle.dump_saved(kept), self.tr("戦闘を保存"))
        self.log(self.tr("戦闘「{0}」を保存（{1}人）").format(name, len(template.participants)))

    def load_encounter(self: _Tracker, name: str) -> None:
        found = next((e for e in self.saved() if e.name == name), None)
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
        self._commit(replace(found, participants=fresh), text, text)

    def delete_saved(self: _Tracker, name: str) -> None:
        kept = tuple(e for e in self.saved() if e.name != name)
        self.campaign_model.set_session_value(
            SAVED_KEY, battle.dump_saved(kept), self.tr("保存した戦闘を削除")
        )

    def write_back(self: _Tracker) -> list[str]:
        """The fight's resources onto the campaign characters' sheets (HP, 疲労・負傷, wounds…), one
        undo step for all; returns the names written.  Values the sheet refuses are reported."""
        state = self._require_encounter()
        rules = self.rules()
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
        self.log(self.tr("戦闘の結果をシートに反映: {0}").format("、".join(names)))
        return names

    # ---- CCFolia -------------------------------------------------------------------------------
    def _linked_characters(self: _Tracker) -> dict[str, Any]:
        return {s.id: s.character for s in self.campaign_model.characters_of(self.system_id())}

    def ccfolia_encounter(self: _Tracker, include_hidden: bool = False) -> list[dict[str, Any]]:
        """The current encounter's participants as CCFolia characters; hidden ones only on request."""
        from gmtool.store.ccfolia import encounter_to_ccfolia

        return encounter_to_ccfolia(self.state(), include_hidden, self._linked_characters())

    def ccfolia_encounter_text(self: _Tracker, include_hidden: bool = False) -> tuple[str, int]:
        """The participants as one JSON list and how many; ValueError with the reason when nobody."""
        from gmtool.store.ccfolia import dumps

        documents = self.ccfolia_encounter(include_hidden)
        if not documents:
            raise ValueError(
                QCoreApplication.translate(
                    "ExportActions", "書き出す参加者がいません（非表示の参加者は含めていません）"
                )
            )
        return dumps(documents), len(documents)

    def ccfolia_participant_text(self: _Tracker, participant_id: str, include_hidden: bool = False) -> str:
        """One participant as CCFolia clipboard JSON; a hidden one only with `include_hidden`."""
        from gmtool.store.ccfolia import dumps, participant_to_ccfolia

        participant = self.participant(participant_id)
        if participant.hidden and not include_hidden:
            refusal = QCoreApplication.translate("ExportActions", "「{0}」は非表示の参加者です（GM の秘密）")
            raise ValueError(refusal.format(participant.name))
        character = self._linked_characters().get(participant.character_id or "")
        return dumps(participant_to_ccfolia(participant, self.system_id(), character=character))

    # ---- Udonarium -----------------------------------------------------------------------------
    def write_udonarium_encounter(self: _Tracker, path: str, include_hidden: bool = False) -> int:
        """Saves the participants as the ZIP an Udonarium room takes by drag and drop (hidden ones
        only on request); returns how many.  ValueError with the reason when nobody or unwritable."""
        from gmtool.store.udonarium import encounter_to_udonarium, write_udonarium

        characters = encounter_to_udonarium(self.state(), include_hidden, self._linked_characters())
        if not characters:
            raise ValueError(
                QCoreApplication.translate(
                    "ExportActions", "書き出す参加者がいません（非表示の参加者は含めていません）"
                )
            )
        try:
            write_udonarium(path, characters)
        except OSError as error:
            unwritable = QCoreApplication.translate("ExportActions", "書き込めません（{0}）")
            raise ValueError(unwritable.format(error.strerror or error)) from None
        return len(characters)
