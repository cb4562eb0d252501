"""The AW actions box of the combat tracker is still a whole QWidget."""

from __future__ import annotations

from PySide6.QtGui import QAction

from gmtool.models.aw.battle_actions import AWBattleActions
from gmtool.models.battle_model import BattleModel
from gmtool.views.aw.battle_actions_box import AWActionsBox


def test_the_box_keeps_qwidget_actions(qtbot, campaign_model):
    # Its AW actions once lived in `self.actions`, hiding QWidget.actions(): asking the widget for
    # its QActions (as menus and shortcuts do) raised "object is not callable".
    box = AWActionsBox(AWBattleActions(BattleModel(campaign_model)), lambda *_: True)
    qtbot.addWidget(box)
    action = QAction("x", box)
    box.addAction(action)
    assert box.actions() == [action]
