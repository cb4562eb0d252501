"""The fight for other places: the turn order for the players' chat, and the participants as
CCFolia or Udonarium characters for an online table.  Hidden participants (the GM's secret) are left
out unless the GM asks for them.

A part of the combat tracker (`BattleModel.exports`); nothing here changes the campaign.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, QObject

from gmtool.models.battle_encounter import TrackedEncounter
from gmtool.models.battle_labels import STATUS_LABELS
from gmtool.models.ccfolia_queue import CCFoliaQueueModel, QueuedCharacter


class EncounterExports(QObject):
    def __init__(self, encounter: TrackedEncounter, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.encounter = encounter
        self.campaign_model = encounter.campaign_model

    def public_order_text(self) -> str:
        """The turn order for the players (a chat window): hidden NPCs are left out."""
        state = self.encounter.state().public()
        lines = [self.tr("ラウンド {0}").format(state.round)] if state.active else []
        for p in state.participants:
            mark = "▶ " if p.id == state.current else ("✓ " if p.acted else self.tr("・"))
            status = self.tr(STATUS_LABELS[p.status])
            name = (
                self.tr("{0}（{1}）").format(p.name, status) if status else p.name
            )  # the UI language's brackets
            lines.append(f"{mark}{name}")
        return "\n".join(lines)

    # ---- CCFolia -------------------------------------------------------------------------------
    def _linked_characters(self) -> dict[str, Any]:
        return {s.id: s.character for s in self.campaign_model.characters_of(self.encounter.state().system)}

    def ccfolia_encounter(self, include_hidden: bool = False) -> list[dict[str, Any]]:
        """The current encounter's participants as CCFolia characters; hidden ones only on request."""
        from gmtool.store.ccfolia import encounter_to_ccfolia

        return encounter_to_ccfolia(self.encounter.state(), include_hidden, self._linked_characters())

    def ccfolia_encounter_text(self, include_hidden: bool = False) -> tuple[str, int]:
        """The participants as one JSON list and how many (for a file or a tool that reads many:
        CCFolia's clipboard takes one character per paste, `ccfolia_queue`); ValueError with the
        reason when nobody."""
        from gmtool.store.ccfolia import dumps

        documents = self.ccfolia_encounter(include_hidden)
        if not documents:
            raise _nobody()
        return dumps(documents), len(documents)

    def ccfolia_queue(self, include_hidden: bool = False) -> CCFoliaQueueModel:
        """The participants to copy into CCFolia one by one (its clipboard takes one character per
        paste); hidden ones only on request, marked secret.  ValueError with the reason when nobody."""
        from gmtool.store.ccfolia import dumps

        documents = self.ccfolia_encounter(include_hidden)
        if not documents:
            raise _nobody()
        queued = [
            QueuedCharacter(d["data"]["name"], dumps(d), d["data"].get("secret", False)) for d in documents
        ]
        return CCFoliaQueueModel(queued)  # the dialog that shows it owns it

    def ccfolia_participant_text(self, participant_id: str, include_hidden: bool = False) -> str:
        """One participant as CCFolia clipboard JSON; a hidden one only with `include_hidden`."""
        from gmtool.store.ccfolia import dumps, participant_to_ccfolia

        participant = self.encounter.participant(participant_id)
        if participant.hidden and not include_hidden:
            refusal = QCoreApplication.translate("ExportActions", "「{0}」は非表示の参加者です（GM の秘密）")
            raise ValueError(refusal.format(participant.name))
        character = self._linked_characters().get(participant.character_id or "")
        system_id = self.encounter.state().system
        return dumps(participant_to_ccfolia(participant, system_id, character=character))

    # ---- Udonarium -----------------------------------------------------------------------------
    def write_udonarium(self, path: str, include_hidden: bool = False) -> int:
        """Saves the participants as the ZIP an Udonarium room takes by drag and drop (hidden ones
        only on request); returns how many.  ValueError with the reason when nobody or unwritable."""
        from gmtool.store.udonarium import encounter_to_udonarium, write_udonarium

        characters = encounter_to_udonarium(self.encounter.state(), include_hidden, self._linked_characters())
        if not characters:
            raise _nobody()
        try:
            write_udonarium(path, characters)
        except OSError as error:
            unwritable = QCoreApplication.translate("ExportActions", "書き込めません（{0}）")
            raise ValueError(unwritable.format(error.strerror or error)) from None
        return len(characters)


def _nobody() -> ValueError:
    return ValueError(
        QCoreApplication.translate(
            "ExportActions", "書き出す参加者がいません（非表示の参加者は含めていません）"
        )
    )
