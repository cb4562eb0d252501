"""The fight's tools (the combat tracker, the army tracker) docked in the main window.

As windows of their own (1300×740, 1200×720) they covered the menu bar and the judgement panel of a
1366×768 screen: to fill a table or use a 令呪 mid-fight, or roll an AW hit in the panel, the GM
closed the fight.  Docked at the bottom of the window, a tab in one group with the log and the dice
box, each has
the window's whole width while the menu bar and the top of the panel stay in view, and the
window's shortcuts work while it has the focus (it is part of the window).  The GM may drag the
divider, or float the dock (its title bar's button) like any other.

The tool is still the QDialog it was: put in the dock it is a child widget, its 閉じる row hidden
(the dock's title bar has the ×).  The dock's × closes the tool (which the window's `OpenDialogs`
then lets go), and the tool's `finished` takes the dock away.  When the last tool goes, the
window's docks are put back as they were before the first came (the log and the dice box side by
side, at their height): else the log kept the tool's share of the height and its tab, and the
panel above it stayed small.
"""

from __future__ import annotations

from PySide6.QtCore import QByteArray, Qt
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QDockWidget, QMainWindow

# The dock's share of the window's height when it opens: the tracker's turn buttons, about six rows
# of its table and the side pane's first fields; above it, the panel's check and its roll button.
TOOL_SHARE = 0.58
# The window's dock layout before its first tool docked (a property of the window).
LAYOUT_BEFORE_TOOLS = "gmtool_layout_before_tools"


class ToolDock(QDockWidget):
    def __init__(self, dialog: QDialog, window: QMainWindow, name: str) -> None:
        super().__init__(dialog.windowTitle(), window)
        self.setObjectName(name)  # the window's saved state places it by name
        self.tool = dialog
        self.gone = False  # its tool closed (the dock is deleted later)
        self.setWidget(dialog)  # a child now: laid out by the dock
        # Its 閉じる row would take the height of a table row: the dock's title bar closes it.
        for buttons in dialog.findChildren(
            QDialogButtonBox, options=Qt.FindChildOption.FindDirectChildrenOnly
        ):
            buttons.hide()
        dialog.finished.connect(lambda _result: self._tool_closed())

    def _tool_closed(self) -> None:
        self.gone = True
        window = self.parentWidget()
        if isinstance(window, QMainWindow):
            window.removeDockWidget(self)
            if not [d for d in window.findChildren(ToolDock) if not d.gone]:
                before = window.property(LAYOUT_BEFORE_TOOLS)
                if isinstance(before, QByteArray):
                    window.restoreState(before)
                window.setProperty(LAYOUT_BEFORE_TOOLS, None)
        self.deleteLater()  # the tool with it (the window's OpenDialogs has let it go)

    def closeEvent(self, event: QCloseEvent) -> None:
        # The dock's ×: the tool closes as its own 閉じる would (its `finished` ends the dock).
        event.ignore()
        self.tool.reject()


def dock_tool(window: QMainWindow, dialog: QDialog, name: str) -> ToolDock:
    """Docks `dialog` at the bottom of `window`, a tab beside the docks already there, in front."""
    if window.property(LAYOUT_BEFORE_TOOLS) is None:  # the first tool: the layout to go back to
        window.setProperty(LAYOUT_BEFORE_TOOLS, window.saveState())
    dock = ToolDock(dialog, window, name)
    below = [
        d
        for d in window.findChildren(QDockWidget)
        if d is not dock
        and d.isVisible()
        and not d.isFloating()
        and window.dockWidgetArea(d) == Qt.DockWidgetArea.BottomDockWidgetArea
    ]
    window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, dock)
    # One row of tabs across the whole width (the dice box and the log beside each other would
    # leave the tracker half of it): the bottom docks become tabs of one group, the tool in front.
    if below:
        window.tabifyDockWidget(below[0], dock)
    for other in below[1:]:
        window.tabifyDockWidget(dock, other)
    dock.show()
    dock.raise_()
    window.resizeDocks([dock], [int(window.height() * TOOL_SHARE)], Qt.Orientation.Vertical)
    return dock


def bring_forward(dialog: QDialog) -> None:
    """The dock that holds `dialog` shown and in front of its tabs (a second 戦闘トラッカー…)."""
    dock = dialog.parentWidget()
    if isinstance(dock, ToolDock):
        dock.show()
        dock.raise_()
    dialog.setFocus()
