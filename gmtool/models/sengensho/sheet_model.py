"""What the 千幻抄 sheet edits and shows beyond the character's own fields: its skills, 類型 and preset
縁故 (each change one named undo step), and the session as it concerns this character (`session`:
縁故, 幻想値 and 幻想能力, read-only on the sheet).

The 類型 and preset 縁故 are fixed while a session runs; the session model re-reads on every change
of the session, the catalog, the house rules and any 千幻抄 character, so the sheet follows them.
"""

from __future__ import annotations

from PySide6.QtCore import QObject

from gmtool.models.character_model import CharacterModel
from gmtool.models.sengensho.preset_bonds import PresetList
from gmtool.models.sengensho.session_model import SengenshoSessionModel
from gmtool.models.sengensho.sheet_archetypes import SheetArchetypes
from gmtool.models.sengensho.sheet_lists import SkillList


class SengenshoSheetModel(QObject):
    def __init__(self, character_model: CharacterModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.character_model = character_model
        self.session = SengenshoSessionModel(character_model.campaign_model, self)
        self.skills = SkillList(character_model, self)
        self.archetypes = SheetArchetypes(character_model, self.session.record, self)
        self.presets = PresetList(character_model, self.session.record, self)

    @property
    def character_id(self) -> str:
        return self.character_model.character_id
