"""The character's 類型 on the 千幻抄 sheet: up to three, chosen from the campaign's catalog, fixed while
a session runs.

「キャラクターは3つの類型を持つ」「類型はセッション開始時に決定できる」: while the session document
says a session is running, a change is refused with the reason.  A name the catalog no longer has
stays on the character (the sheet marks it), never silently dropped.  Removing a 類型 removes its
preset 縁故 in the same undo step: the character document requires every preset 縁故 to name one of
its 類型 (the sheet asks the GM first, saying how many).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from PySide6.QtCore import QObject

from gmtool.models.character_model import CharacterModel
from gmtool.models.sengensho.session_record import SessionRecord
from gmtool.models.sengensho.sheet_lists import store_character
from gmtool.rules.systems.sengensho.character import MAX_ARCHETYPES
from gmtool.rules.systems.sengensho.session import archetype_lock_reason


@dataclass(frozen=True)
class ChosenArchetype:
    name: str
    in_catalog: bool  # False: the catalog no longer has it (its 幻想能力 cannot be shown)


class SheetArchetypes(QObject):
    def __init__(
        self, character_model: CharacterModel, record: SessionRecord, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.character_model = character_model
        self._record = record

    # ---- reading ---------------------------------------------------------------------------
    def chosen(self) -> list[ChosenArchetype]:
        known = set(self._record.catalog().names())
        return [ChosenArchetype(name, name in known) for name in self.character_model.character.archetypes]

    def offered(self) -> list[str]:
        """The catalog's 類型 the character does not have yet."""
        chosen = self.character_model.character.archetypes
        return [n for n in self._record.catalog().names() if n not in chosen]

    def catalog_problem(self) -> str | None:
        """Why the campaign's catalog cannot be read (the shipped one is offered meanwhile), or None."""
        return self._record.catalog_problem()

    def lock_reason(self) -> str | None:
        """Why the 類型 cannot change now (a session is running), or None."""
        return archetype_lock_reason(self._record.state())

    def presets_of(self, name: str) -> int:
        """How many preset 縁故 removing the 類型 would remove with it."""
        return sum(b.archetype == name for b in self.character_model.character.preset_bonds)

    # ---- changing (each one undo step) -----------------------------------------------------
    def require_unlocked(self) -> None:
        reason = self.lock_reason()
        if reason is not None:
            raise ValueError(reason)

    def add(self, name: str | None) -> None:
        self.require_unlocked()
        character = self.character_model.character
        chosen = character.archetypes
        if len(chosen) >= MAX_ARCHETYPES:
            raise ValueError(
                self.tr(
                    "類型は{0}つまでです（「キャラクターは3つの類型を持つ」）。先に1つ外してください"
                ).format(MAX_ARCHETYPES)
            )
        if not name:
            raise ValueError(
                self.tr(
                    "追加する類型を選んでください（選べる類型がないときは、類型カタログで追加してください）"
                )
            )
        if name in chosen:
            raise ValueError(self.tr("類型「{0}」はもう持っています").format(name))
        updated = replace(character, archetypes=(*chosen, name))
        store_character(self.character_model, updated, self.tr("類型「{0}」の追加").format(name))

    def remove(self, name: str) -> None:
        """Removes the 類型 and its preset 縁故 together."""
        self.require_unlocked()
        character = self.character_model.character
        presets = self.presets_of(name)
        undo_text = (
            self.tr("類型「{0}」を外す（事前設定の縁故{1}個も削除）").format(name, presets)
            if presets
            else self.tr("類型「{0}」を外す").format(name)
        )
        updated = replace(
            character,
            archetypes=tuple(a for a in character.archetypes if a != name),
            preset_bonds=tuple(b for b in character.preset_bonds if b.archetype != name),
        )
        store_character(self.character_model, updated, undo_text)
