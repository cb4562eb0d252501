"""The combat tracker's LotR box, built with its model: the tracker hands over its `BattleModel`
(the `tracker_box` hook in hooks.py), and the LotR models the box shows are made over it here."""

from __future__ import annotations

from gmtool.models.battle_model import BattleModel
from gmtool.models.lotr.tracker_model import LotRTrackerModel
from gmtool.views.lotr.attack_box import LotRTrackerBox
from gmtool.views.session_tab import Confirm


def tracker_box(battle: BattleModel, confirm: Confirm) -> LotRTrackerBox:
    return LotRTrackerBox(LotRTrackerModel(battle), confirm)
