"""The MTGでTRPG sheet as the window asks for it (`SystemHooks.sheet`): the window gives the
character's `CharacterModel`; the sheet takes the deck's model, which edits the cards, the
クリティカル・カード and the limit, each edit one named undo step."""

from __future__ import annotations

from gmtool.models.character_model import CharacterModel
from gmtool.models.mtg.deck_model import MTGDeckModel
from gmtool.views.mtg.sheet_view import MTGSheetView


def mtg_sheet(character_model: CharacterModel) -> MTGSheetView:
    model = MTGDeckModel(character_model)
    view = MTGSheetView(model)
    model.setParent(view)  # the deck's model lives as long as the sheet shown
    return view
