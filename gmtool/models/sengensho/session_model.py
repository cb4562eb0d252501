"""The 千幻抄 session as Qt sees it: scenes, 縁故, 幻想値, 幻想能力, 前借り and the ラスボス.

The state is one JSON document in the campaign's session state (SESSION_KEY), read and written
only through `record` (`SessionRecord`); the engine (`rules/systems/sengensho/{session,bonds,
fantasy}.py`) decides what is allowed and raises `SessionRefused` with the reason.  The model holds
one collaborator per part of the session, each action one undo step and one log line:

- `members` (`SessionMembers`): who takes part, PC or NPC, their 類型, the targets' names;
- `notes` (`ArchetypeNotes`): what the 類型 catalog says of a 類型's 印象効果 and 縁故の指針;
- `course` (`SessionCourse`): starting and ending the session, its scenes, the impressions in force;
- `bonds` (`SessionBonds`): forming, re-tying, raising and discarding 縁故, and their limits;
- `fantasy` (`SessionFantasy`): 幻想値, 幻想能力 and 前借り;
- `boss` (`LastBoss`): the ラスボス and the GM's cap on a PC's 縁故 to it;
- `history` (`SessionHistory`): each character's 縁故, 前借り and 幻想能力 of the ended sessions.

Any number of these models may look at one campaign (the session dialog, the sheet, the menu): they
all re-read on `session_changed`, so they never disagree.  A stored document that cannot be read is
reported by `problem()`; the next action replaces it.  The campaign's house rules (`readings()`)
are read on every computation, and a flipped switch (or the GM's ラスボス cap) re-syncs every view
through `changed`.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from gmtool.models.campaign_model import CampaignModel
from gmtool.models.house_rules_model import campaign_house_rules
from gmtool.models.sengensho.archetype_notes import ArchetypeNotes
from gmtool.models.sengensho.last_boss import LastBoss
from gmtool.models.sengensho.session_bonds import SessionBonds
from gmtool.models.sengensho.session_course import SessionCourse
from gmtool.models.sengensho.session_fantasy import SessionFantasy
from gmtool.models.sengensho.session_history import SessionHistory
from gmtool.models.sengensho.session_members import SessionMembers
from gmtool.models.sengensho.session_record import SessionRecord
from gmtool.models.sengensho.state import BOSS_CAP_KEY, CATALOG_KEY, SESSION_KEY, SYSTEM_ID
from gmtool.rules.house_rules import HOUSE_RULES_KEY
from gmtool.rules.systems.sengensho.catalog import ArchetypeCatalog
from gmtool.rules.systems.sengensho.house_rules import ABILITY_PERIOD, PER_SCENARIO, SengenshoReadings
from gmtool.rules.systems.sengensho.session import Cast, SengenshoSession


class SengenshoSessionModel(QObject):
    changed = Signal()

    def __init__(self, campaign_model: CampaignModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.campaign_model = campaign_model
        self.record = SessionRecord(campaign_model, self)
        self.members = SessionMembers(self.record, self)
        self.notes = ArchetypeNotes(self.record, self)
        self.course = SessionCourse(self.record, self.members, self)
        self.bonds = SessionBonds(self.record, self.members, self.notes, self)
        self.fantasy = SessionFantasy(self.record, self.members, self)
        self.boss = LastBoss(self.record, self.members, self.notes, self)
        self.history = SessionHistory(self.record, self.members, self)
        campaign_model.session_changed.connect(self._on_session_changed)
        campaign_model.characters_changed.connect(self.changed)
        # A bound method, not a lambda: Qt drops it when this model is deleted with its view.
        campaign_model.character_changed.connect(self._on_character_changed)

    # ---- reading ------------------------------------------------------------------------
    def state(self) -> SengenshoSession:
        return self.record.state()

    def problem(self) -> str | None:
        """Why the stored state could not be read (it is shown, and the next action replaces it)."""
        return self.record.problem()

    def catalog(self) -> ArchetypeCatalog:
        return self.record.catalog()

    def catalog_problem(self) -> str | None:
        return self.record.catalog_problem()

    def cast(self) -> Cast:
        return self.record.cast()

    def readings(self) -> SengenshoReadings:
        """The campaign's house rules as the engine plays them (read anew: a switch may have flipped)."""
        return self.record.readings()

    def per_scenario(self) -> bool:
        """True when 幻想能力 are once per scenario (the ABILITY_PERIOD switch), not per session."""
        return campaign_house_rules(self.campaign_model).get(ABILITY_PERIOD) == PER_SCENARIO

    # ---- following the campaign -------------------------------------------------------------
    def _on_character_changed(self, character_id: str) -> None:
        if not self.campaign_model.of_another_system(character_id, SYSTEM_ID):
            self.changed.emit()

    def _on_session_changed(self, key: str) -> None:
        if key in (SESSION_KEY, CATALOG_KEY, HOUSE_RULES_KEY, BOSS_CAP_KEY):
            self.changed.emit()
