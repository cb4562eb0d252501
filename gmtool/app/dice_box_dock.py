"""The dice box docked at the bottom of the main window (the window calls `install_dice_box`)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, Qt

from gmtool.app.window_layout import make_dock
from gmtool.models.dice_box_model import DiceBoxModel
from gmtool.views.dice_box import COMPACT_HEIGHT, DiceBoxView
from gmtool.views.screen_fit import scrolling


def install_dice_box(window: Any) -> DiceBoxModel:
    """Builds the model over `window.campaign_model` and docks its view; returns the model.

    Sets `window.dice_box_model`, `window.dice_box_view` and `window.dice_box_dock`.  The model
    re-reads `window.campaign_model` before each roll, so opening another campaign needs no call;
    `window.dice_box_model.set_campaign_model(m)` refreshes the recent list at once.
    """
    model = DiceBoxModel(window.campaign_model, parent=window, campaign_source=lambda: window.campaign_model)
    view = DiceBoxView(model)
    # In a scroll area: a three-line error with its caret must not make the window taller.
    title = QCoreApplication.translate("DiceBox", "ダイスボックス")
    dock = make_dock(window, title, "dice_box_dock", scrolling(view))
    window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, dock)
    window.resizeDocks([dock], [COMPACT_HEIGHT], Qt.Orientation.Vertical)
    window.dice_box_model, window.dice_box_view, window.dice_box_dock = model, view, dock
    return model
