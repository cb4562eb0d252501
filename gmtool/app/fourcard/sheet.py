"""The フォーカード sheet as the window asks for it (`SystemHooks.sheet`): the window gives the
character's `CharacterModel`; the sheet takes the フォーカード sheet's model, which holds what the
sheet shows beyond the character's fields (総合LV, HP lines, 移動力, スキルLV) and its damage and
recovery actions."""

from __future__ import annotations

from gmtool.models.character_model import CharacterModel
from gmtool.models.fourcard.sheet_model import FourCardSheetModel
from gmtool.views.fourcard.sheet_view import FourCardSheetView


def fourcard_sheet(character_model: CharacterModel) -> FourCardSheetView:
    model = FourCardSheetModel(character_model)
    view = FourCardSheetView(model)
    model.setParent(view)  # the sheet's model lives as long as the sheet shown
    return view
