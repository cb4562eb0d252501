"""One character of the campaign, edited field by field with undo."""

from __future__ import annotations

from dataclasses import fields, is_dataclass, replace
from typing import Any

from pydantic import ValidationError
from PySide6.QtCore import QObject, Signal

from gmtool.models.campaign_model import CampaignModel, CharacterT
from gmtool.models.shown_text import shown_label
from gmtool.rules.systems import get_system
from gmtool.store.validation import format_validation_error as format_validation_error  # views: no store


def replace_path(obj: Any, path: str, value: Any) -> Any:
    """A copy of a nested frozen dataclass with ``a.b.c`` set to value."""
    head, _, rest = path.partition(".")
    if not is_dataclass(obj) or isinstance(obj, type) or head not in {f.name for f in fields(obj)}:
        raise KeyError(path)
    new_value = replace_path(getattr(obj, head), rest, value) if rest else value
    return replace(obj, **{head: new_value})


def read_path(obj: Any, path: str) -> Any:
    for part in path.split("."):
        obj = getattr(obj, part)
    return obj


class CharacterModel(QObject):
    changed = Signal()

    def __init__(
        self, campaign_model: CampaignModel, character_id: str, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.campaign_model = campaign_model
        self.character_id = character_id
        self.system = get_system(campaign_model.stored(character_id).system)
        campaign_model.character_changed.connect(self._on_character_changed)

    @property
    def character(self) -> Any:
        return self.campaign_model.character(self.character_id)

    def character_as(self, kind: type[CharacterT]) -> CharacterT:
        """`character` as its system's type (a view or model of one system asks for its own)."""
        return self.campaign_model.character_as(self.character_id, kind)

    @property
    def exists(self) -> bool:
        return self.campaign_model.has_character(self.character_id)

    def value(self, path: str) -> Any:
        return read_path(self.character, path)

    def set_value(self, path: str, value: Any, label: str) -> None:
        """Undoable edit of one field; `label` names it in the undo history (in the UI language: a
        Message or a QT_TRANSLATE_NOOP'd label is translated here, see `shown_label`)."""
        updated = replace_path(self.character, path, value)
        # Validate through the system's schema before anything is written.
        try:
            updated = self.system.load_character(self.system.dump_character(updated))
        except ValidationError as e:
            raise ValueError(format_validation_error(e)) from None
        self.campaign_model.update_character(
            self.character_id, updated, self.tr("{0}を変更").format(shown_label(label))
        )

    def _on_character_changed(self, character_id: str) -> None:
        if character_id == self.character_id and self.exists:
            self.changed.emit()
