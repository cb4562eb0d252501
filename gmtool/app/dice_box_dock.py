"""The dice box docked at the bottom of the main window.

The dock is made with the window's menus (`make_dice_box_dock`: 表示 toggles it and the saved
layout places it), its contents when the window is complete (`fill_dice_box`: the view's plot
imports pyqtgraph, which a start that shows the sheet first does after the first paint).
`install_dice_box` does both at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QWidget

from gmtool.app.window_layout import make_dock

if TYPE_CHECKING:
    from gmtool.models.dice_box_model import DiceBoxModel


def install_dice_box(window: Any) -> DiceBoxModel:
    """Builds the model over `window.campaign_model` and docks its view; returns the model.

    Sets `window.dice_box_model`, `window.dice_box_view` and `window.dice_box_dock`.  The model
    re-reads `window.campaign_model` before each roll, so opening another campaign needs no call;
    `window.dice_box_model.set_campaign_model(m)` refreshes the recent list at once.
    """
    from gmtool.views.dice_box import COMPACT_HEIGHT

    dock = make_dice_box_dock(window)
    model = fill_dice_box(window)
    window.resizeDocks([dock], [COMPACT_HEIGHT], Qt.Orientation.Vertical)
    return model


def make_dice_box_dock(window: Any) -> Any:
    """The empty dock at the bottom (`window.dice_box_dock`); `fill_dice_box` gives it its contents."""
    title = QCoreApplication.translate("DiceBox", "ダイスボックス")
    dock = make_dock(window, title, "dice_box_dock", QWidget())
    window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, dock)
    window.dice_box_dock = dock
    return dock


def fill_dice_box(window: Any) -> DiceBoxModel:
    """The model and the view in the dock `make_dice_box_dock` made; returns the model."""
    from gmtool.models.dice_box_model import DiceBoxModel
    from gmtool.views.dice_box import DiceBoxView
    from gmtool.views.screen_fit import scrolling

    model = DiceBoxModel(window.campaign_model, parent=window, campaign_source=lambda: window.campaign_model)
    view = DiceBoxView(model)
    # In a scroll area: a three-line error with its caret must not make the window taller.
    old = window.dice_box_dock.widget()
    window.dice_box_dock.setWidget(scrolling(view))
    if old is not None:
        old.deleteLater()
    window.dice_box_model, window.dice_box_view = model, view
    return model
