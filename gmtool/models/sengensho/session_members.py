"""Who takes part in the 千幻抄 session, as the session's dialogs and log name them: the campaign's
千幻抄 characters, PC or NPC, their 類型 in force, and the targets of 縁故 and impressions by their
current names (a renamed or deleted character included)."""

from __future__ import annotations

from PySide6.QtCore import QObject

from gmtool.models.sengensho import labels as labels
from gmtool.models.sengensho.session_record import SessionRecord
from gmtool.models.sengensho.state import SYSTEM_ID
from gmtool.rules.systems.sengensho.character import BondKind
from gmtool.rules.systems.sengensho.session import Bond, Impression, archetypes_in_force, display_name


class SessionMembers(QObject):
    def __init__(self, record: SessionRecord, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._record = record

    def characters(self) -> list[tuple[str, str]]:
        """(id, name) of the campaign's 千幻抄 characters, in list order."""
        return [(s.id, s.character.name) for s in self._record.campaign_model.characters_of(SYSTEM_ID)]

    def pcs(self) -> list[tuple[str, str]]:
        return [(i, m.name) for i, m in self._record.cast().items() if m.is_pc]

    def name(self, character_id: str | None) -> str:
        if character_id is None:
            return ""
        found = self._record.cast().get(character_id)
        return found.name if found else self.tr("（削除されたキャラクター）")

    def is_pc(self, character_id: str) -> bool:
        found = self._record.cast().get(character_id)
        return bool(found and found.is_pc)

    def archetypes(self, holder: str) -> tuple[str, ...]:
        """The holder's 類型 in force (ラスボス added for the session's ラスボス); () if unknown."""
        cast = self._record.cast()
        if holder not in cast:
            return ()
        return archetypes_in_force(self._record.state(), cast, holder)

    def pcs_without_archetypes(self) -> list[str]:
        """The names of the PCs with no 類型 of their own (they cannot form a 縁故 this session)."""
        return [m.name for m in self._record.cast().values() if m.is_pc and not m.archetypes]

    def target_name(self, bond: Bond) -> str:
        """The 縁故's target as it is called now (a renamed or deleted character included)."""
        return labels.target_name(self._record.cast(), bond)

    def impression_target(self, impression: Impression) -> str:
        if impression.target_id is None:
            return impression.target
        return display_name(self._record.cast(), impression.target_id)

    def held_archetype(self, holder: str, target_id: str) -> str | None:
        """The 類型 of the holder's 縁故 to a campaign character, or None: a session 縁故, or an NPC's
        preset 縁故 (which names its target in text, so it is matched by the current name)."""
        cast = self._record.cast()
        bonds = self._record.state().bonds_of(holder)
        found = next((b.archetype for b in bonds if b.target_id == target_id), None)
        if found is not None or holder not in cast or target_id not in cast:
            return found
        name = cast[target_id].name.strip().casefold()
        return next(
            (
                p.archetype
                for p in cast[holder].presets
                if p.kind is BondKind.CHARACTER and p.target.strip().casefold() == name
            ),
            None,
        )
