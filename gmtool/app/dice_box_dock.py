"""The dice box docked at the bottom of the main window.

The dock is made with the window's menus (表示 toggles it and the saved layout places it), its
contents when the window is complete (`DiceBoxDock.fill`: the view's plot imports pyqtgraph, which
a start that shows the sheet first does after the first paint).  `install_dice_box` does both at
once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QMainWindow, QWidget

from gmtool.app.window_layout import make_dock

if TYPE_CHECKING:
    from gmtool.models.campaign_model import CampaignModel
    from gmtool.models.dice_box_model import DiceBoxModel
    from gmtool.views.dice_box import DiceBoxView


class DiceBoxDock:
    """The dock at the bottom of `window`, empty until `fill`; then its model and its view.

    The model re-reads `campaign_source()` before each roll, so opening another campaign needs no
    call; `model.set_campaign_model(m)` refreshes the recent list at once."""

    def __init__(self, window: QMainWindow, campaign_source: Callable[[], CampaignModel]) -> None:
        self._window = window
        self._campaign_source = campaign_source
        title = QCoreApplication.translate("DiceBox", "ダイスボックス")
        self.dock = make_dock(window, title, "dice_box_dock", QWidget())
        window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.dock)
        self.model: DiceBoxModel | None = None
        self.view: DiceBoxView | None = None

    def fill(self) -> DiceBoxModel:
        """The model and the view in the dock; returns the model."""
        from gmtool.models.dice_box_model import DiceBoxModel
        from gmtool.views.dice_box import DiceBoxView
        from gmtool.views.screen_fit import scrolling

        source = self._campaign_source
        model = DiceBoxModel(source(), parent=self._window, campaign_source=source)
        view = DiceBoxView(model)
        # In a scroll area: a three-line error with its caret must not make the window taller.
        old = self.dock.widget()
        self.dock.setWidget(scrolling(view))
        if old is not None:
            old.deleteLater()
        self.model, self.view = model, view
        return model


def install_dice_box(window: QMainWindow, campaign_source: Callable[[], CampaignModel]) -> DiceBoxDock:
    """Docks the dice box over `campaign_source()` at the bottom of `window`, filled at once."""
    from gmtool.views.dice_box import COMPACT_HEIGHT

    box = DiceBoxDock(window, campaign_source)
    box.fill()
    window.resizeDocks([box.dock], [COMPACT_HEIGHT], Qt.Orientation.Vertical)
    return box
