"""Which sheet shows a character: one view class per system."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from gmtool.models.character_model import CharacterModel
from gmtool.views.sheet.aw_sheet_view import AWSheetView
from gmtool.views.sheet.fourcard_sheet_view import FourCardSheetView
from gmtool.views.sheet.lotr_sheet_view import LotRSheetView

SHEET_VIEWS: dict[str, type[QWidget]] = {
    "aw": AWSheetView,
    "fourcard": FourCardSheetView,
    "lotr": LotRSheetView,
}


def sheet_view_for(model: CharacterModel, parent: QWidget | None = None) -> QWidget:
    return SHEET_VIEWS[model.system.id](model, parent=parent)
