"""LotR's app package builds its windows with their models: the tracker's box over the tracker's
BattleModel (the `tracker_box` hook), and the 軍勢・攻城戦 window over the campaign (the 戦闘 menu)."""

from __future__ import annotations

from gmtool.app.lotr.army import army_dialog
from gmtool.app.lotr.tracker import tracker_box
from gmtool.models.battle_model import BattleModel
from gmtool.models.lotr.army_tracker import LotRArmyTrackerModel
from gmtool.models.lotr.tracker_model import LotRTrackerModel
from gmtool.views.lotr.army.army_dialog import ArmyDialog
from gmtool.views.lotr.attack_box import LotRTrackerBox


def test_the_tracker_box_is_built_with_its_models(qtbot, campaign_model):
    battle = BattleModel(campaign_model, seed_source=lambda: 1)
    box = tracker_box(battle, lambda *_: True)
    qtbot.addWidget(box)
    assert isinstance(box, LotRTrackerBox) and isinstance(box.tracker, LotRTrackerModel)
    assert box.tracker.battle is battle
    assert box.attack_box.attack is box.tracker.attack and box.fear_box.model is box.tracker.fear


def test_the_army_window_owns_its_models(qtbot, campaign_model):
    dialog = army_dialog(campaign_model)
    qtbot.addWidget(dialog)
    assert isinstance(dialog, ArmyDialog) and isinstance(dialog.model, LotRArmyTrackerModel)
    assert dialog.model.parent() is dialog  # the models go (and stop listening) with the window
    assert dialog.units_tab.model is dialog.model.army and dialog.travel_tab.model is dialog.model.travel
