"""Each system's app package builds the views the window and the tracker ask for with their models:
the sheet over the character the window hands over (the `sheet` hook), the AW tracker box over the
tracker's BattleModel (the `tracker_box` hook).  (LotR's: test_lotr_builders.py.)"""

from __future__ import annotations

import pytest

from gmtool.app.aw.tracker import tracker_box
from gmtool.app.fourcard.sheet import fourcard_sheet
from gmtool.app.mtg.sheet import mtg_sheet
from gmtool.app.sengensho.sheet import sengensho_sheet
from gmtool.models.aw.battle_actions import AWBattleActions
from gmtool.models.battle_model import BattleModel
from gmtool.models.character_model import CharacterModel
from gmtool.views.aw.battle_actions_box import AWActionsBox


@pytest.mark.parametrize(
    ("system_id", "build", "model_of"),
    [
        ("fourcard", fourcard_sheet, lambda view: view.sheet_model),
        ("sengensho", sengensho_sheet, lambda view: view.sheet_model),
        ("mtg", mtg_sheet, lambda view: view.deck_model),
    ],
)
def test_the_sheet_is_built_with_its_model(qtbot, campaign_model, system_id, build, model_of):
    character = CharacterModel(campaign_model, campaign_model.add_character(system_id, "組み立て"))
    view = build(character)
    qtbot.addWidget(view)
    model = model_of(view)
    assert model.character_model is character and view.model is character
    assert model.parent() is view  # the sheet's model goes (and stops listening) with the sheet


def test_the_aw_tracker_box_is_built_with_its_model(qtbot, campaign_model):
    battle = BattleModel(campaign_model, seed_source=lambda: 1)
    box = tracker_box(battle, lambda *_: True)
    qtbot.addWidget(box)
    assert isinstance(box, AWActionsBox) and isinstance(box.battle_actions, AWBattleActions)
    assert box.model is box.battle_actions and box.battle_actions.model is battle
