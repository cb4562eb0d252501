"""The 千幻抄 sheet as the window asks for it (`SystemHooks.sheet`): the window gives the character's
`CharacterModel`; the sheet takes the 千幻抄 sheet's model, which holds its skills, 類型 and preset
縁故 and the session as it concerns the character."""

from __future__ import annotations

from gmtool.models.character_model import CharacterModel
from gmtool.models.sengensho.sheet_model import SengenshoSheetModel
from gmtool.views.sengensho.sheet_view import SengenshoSheetView


def sengensho_sheet(character_model: CharacterModel) -> SengenshoSheetView:
    model = SengenshoSheetModel(character_model)
    view = SengenshoSheetView(model)
    model.setParent(view)  # the sheet's models live as long as the sheet shown
    return view
