"""The combat tracker's current encounter: read from the campaign's session state, and changed one
undo step at a time, each step with its line in the encounter's own log and in the session log.

Every part of the tracker (`BattleModel` and the collaborators it holds: the roster, the round,
the participants' edits, the saved encounters, the exports) reads and writes the fight through
this one object, so there is one place where a step is stored and logged.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject

from gmtool.models.battle_keys import ENCOUNTER_KEY
from gmtool.models.campaign_model import CampaignModel
from gmtool.models.log_payload import summary_payload
from gmtool.models.session_document import SessionDocument
from gmtool.rules import battle
from gmtool.rules.battle_rules import CombatRules, combat_rules
from gmtool.rules.battle_types import BattleRefused, Encounter, Participant
from gmtool.store.errors import StoreError

LOG_KIND = "battle"


class TrackedEncounter(QObject):
    def __init__(self, campaign_model: CampaignModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.campaign_model = campaign_model
        self.document = SessionDocument(
            campaign_model,
            ENCOUNTER_KEY,
            battle.load_encounter,
            battle.dump_encounter,
            self.tr("戦闘の記録"),
            BattleRefused,
            parent=self,
        )

    # ---- reading ------------------------------------------------------------------------
    def state(self) -> Encounter:
        return self.document.read()[0]

    def problem(self) -> str | None:
        """Why the stored encounter could not be read (shown; the next action replaces it)."""
        return self.document.read()[1]

    def rules(self) -> CombatRules:
        """The system's round as this campaign plays it (the GM's tables, its house rules)."""
        rules = combat_rules(self.state().system)
        try:
            return rules.in_campaign(self.campaign_model.parsed_session)
        except StoreError:  # a stored document that is not even JSON: the shipped tables
            return rules

    def participant(self, participant_id: str) -> Participant:
        return self.state().get(participant_id)

    def require(self) -> Encounter:
        """The encounter, refused while none has been started for a system."""
        state = self.state()
        if not state.system:
            raise BattleRefused(self.tr("まず「新しい戦闘」でシステムを選んでください"))
        return state

    def round_end_label(self) -> str:
        """What the end of a round is called: クリンナップ in an SRS round (AW), else ラウンド終了."""
        return self.tr("クリンナップ") if self.rules().cleanup_process else self.tr("ラウンド終了")

    # ---- writing ------------------------------------------------------------------------
    def commit(
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
        """A line in the campaign's session log (the encounter's own log is written by `commit`)."""
        system = self.state().system or "battle"
        self.campaign_model.append_log(LOG_KIND, summary_payload(system, text, who, dice, result, **extra))
