"""The combat tracker's AW box, built with its model: the tracker hands over its `BattleModel`
(the `tracker_box` hook in hooks.py), and the AW actions the box shows are made over it here."""

from __future__ import annotations

from gmtool.models.aw.battle_actions import AWBattleActions
from gmtool.models.battle_model import BattleModel
from gmtool.views.aw.battle_actions_box import AWActionsBox
from gmtool.views.session_tab import Confirm


def tracker_box(battle: BattleModel, confirm: Confirm) -> AWActionsBox:
    return AWActionsBox(AWBattleActions(battle), confirm)  # the actions live as long as the tracker
