"""How an XP entry or an advancement is written (1.6): through the stored schema first (nothing is
written that a reopened file could not hold), then one undo step of the campaign and one
``lotr-advancement`` line in the session log."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import ValidationError
from PySide6.QtCore import QObject

from gmtool.models.campaign_model import CampaignModel
from gmtool.rules.systems.lotr import SYSTEM
from gmtool.rules.systems.lotr.character import LotRCharacter
from gmtool.store.validation import format_validation_error

LOG_KIND = "lotr-advancement"
NO_DICE = "—"  # nothing here is rolled; the log table still has a 「ダイス」 column


class AdvancementRecord(QObject):
    """Writes the characters of one advancement dialog; `date` is written on every log line."""

    def __init__(self, campaign_model: CampaignModel, date: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.campaign_model = campaign_model
        self.date = date

    @staticmethod
    def validated(after: LotRCharacter) -> LotRCharacter:
        """The character as the stored schema takes it; ValueError naming the field otherwise."""
        # The engine builds the new character with dataclasses.replace, which skips the
        # schema's ranges (a rank of 13); check them before anything reaches the file.
        try:
            return SYSTEM.load_character(SYSTEM.dump_character(after))
        except ValidationError as e:
            raise ValueError(format_validation_error(e)) from None

    def write(
        self,
        character_id: str,
        after: LotRCharacter,
        label: str,
        details: dict[str, Any],
        inputs: str,
        result: str,
    ) -> None:
        """One undo step named `label`, and its log line (`details` and the short texts)."""
        after = self.validated(after)
        self.campaign_model.update_character(character_id, after, label)
        payload = {
            "system": SYSTEM.id,
            "time": datetime.now().astimezone().isoformat(timespec="seconds"),
            "character_id": character_id,
            "character": after.name,
            "date": self.date,
            **details,
            "xp_total": after.xp_total,
            "advancements": len(after.advancements),
            "summary": {"who": after.name, "inputs": inputs, "dice": NO_DICE, "result": result},
        }
        self.campaign_model.append_log(LOG_KIND, payload)
