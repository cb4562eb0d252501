"""Which sheet shows a character: one view class per system."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QWidget

from gmtool.models.character_model import CharacterModel
from gmtool.views.sheet.aw_sheet_view import AWSheetView
from gmtool.views.sheet.fourcard_sheet_view import FourCardSheetView
from gmtool.views.sheet.lotr_sheet_view import LotRSheetView


def _sengensho_sheet(model: CharacterModel, parent: QWidget | None = None) -> QWidget:
    # Imported on first use: a table that never plays 千幻抄 does not pay for it at start-up.
    from gmtool.views.sheet.sengensho_sheet_view import SengenshoSheetView

    return SengenshoSheetView(model, parent=parent)


def _mtg_sheet(model: CharacterModel, parent: QWidget | None = None) -> QWidget:
    from gmtool.views.sheet.mtg_sheet_view import MTGSheetView  # imported on first use, as above

    return MTGSheetView(model, parent=parent)


# A view class, or a function that imports its view on first use.
SHEET_VIEWS: dict[str, Callable[..., QWidget]] = {
    "aw": AWSheetView,
    "fourcard": FourCardSheetView,
    "lotr": LotRSheetView,
    "sengensho": _sengensho_sheet,
    "mtg": _mtg_sheet,
}


def sheet_view_for(model: CharacterModel, parent: QWidget | None = None) -> QWidget:
    return SHEET_VIEWS[model.system.id](model, parent=parent)
