"""The LotR sheet as the window asks for it (`SystemHooks.sheet`): the window gives the character's
`CharacterModel`; the sheet takes the LotR sheet's model, which holds what its boxes use."""

from __future__ import annotations

from gmtool.models.character_model import CharacterModel
from gmtool.models.lotr.sheet_model import LotRSheetModel
from gmtool.views.lotr.sheet_view import LotRSheetView


def lotr_sheet(character_model: CharacterModel) -> LotRSheetView:
    model = LotRSheetModel(character_model.campaign_model, character_model.character_id)
    view = LotRSheetView(model)
    model.setParent(view)  # the sheet's models live as long as the sheet shown
    return view
