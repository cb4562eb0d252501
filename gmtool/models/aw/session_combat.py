"""The battle tracker's running AW fight, as the session pages describe it (`AWSessionModel.combat`).

The round is the tracker's (ENCOUNTER_KEY): read here only — a 令呪 summon moves it to
クリンナッププロセス through `AWContracts.use_command_spell`.  The tracker's engine loads with the
first question about a fight, so the session dialog opens without it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pydantic import ValidationError
from PySide6.QtCore import QObject

from gmtool.models.battle_keys import ENCOUNTER_KEY
from gmtool.models.campaign_model import CampaignModel
from gmtool.store.errors import StoreError

if TYPE_CHECKING:
    from gmtool.rules.battle import Encounter


class AWSessionCombat(QObject):
    def __init__(self, campaign_model: CampaignModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.campaign_model = campaign_model

    def summary(self) -> str | None:
        """「戦闘中: 森の遭遇 ラウンド 2・ミナの手番」 while the battle tracker runs an AW fight, else
        None."""
        running = self.running_encounter()
        if running is None:
            return None
        encounter = running[0]
        from gmtool.rules.battle import Phase

        if encounter.phase is Phase.SETUP:
            step = self.tr("セットアップ")
        elif encounter.phase is Phase.CLEANUP:
            step = self.tr("クリンナップ")
        else:
            actor = encounter.participant(encounter.current)
            step = self.tr("{0}の手番").format(actor.name) if actor else self.tr("次の手番待ち")
        where = self.tr("ラウンド {0}・{1}").format(encounter.round, step)
        return self.tr("戦闘中: {0}").format(
            " ".join(part for part in (encounter.name.strip(), where) if part)
        )

    def round(self) -> int | None:
        """The round of the battle tracker's running AW fight, None without one."""
        running = self.running_encounter()
        return running[0].round if running else None

    def in_cleanup(self, round_number: int | None) -> bool:
        """Whether the running AW fight is in round `round_number`'s クリンナッププロセス (where a
        summon sent it)."""
        running = self.running_encounter()
        if running is None or round_number is None:
            return False
        from gmtool.rules.battle import Phase

        return running[0].round == round_number and running[0].phase is Phase.CLEANUP

    def running_encounter(self) -> tuple[Encounter, Any] | None:
        """The battle tracker's encounter and its stored document, when it is an AW fight that has
        started; a missing or unreadable one is no fight (the tracker reports the damage)."""
        try:
            from gmtool.rules import battle

            raw = self.campaign_model.session_value(ENCOUNTER_KEY)
            encounter = battle.load_encounter(raw)
        except (StoreError, ValidationError):
            return None
        if not encounter.active or encounter.system != "aw":
            return None
        return encounter, raw
