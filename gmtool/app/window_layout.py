"""Where the main window's parts sit on the screen, and how that is kept between runs.

The sheet and the judgement panel share the centre (a splitter); the character list, the session
log and the dice box are dock widgets the GM can close, move, float and bring back from 表示.
The first start takes the screen's available size; after that the geometry, the docks and the
splitter come back as the GM left them (QSettings).  Nothing in the window may make it grow by
itself: the judgement panels sit in a scroll area, so a long refusal or an English label widens
the panel's contents, not the window.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QSettings, Qt
from PySide6.QtGui import QGuiApplication, QKeySequence
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMenu, QSplitter, QWidget

if TYPE_CHECKING:
    from collections.abc import Sequence

# Bumped when the docks change, so an old saved layout is not forced onto new docks.
# 2: the bottom docks as tall as the log's eight lines ask, the dice box wider (issue 34).
LAYOUT_VERSION = 2
GEOMETRY_KEY = "window/geometry"
STATE_KEY = "window/state"
SPLITTER_KEY = "window/splitter"

# The first start's share of the centre for the sheet; the judgement panel takes the rest.
SHEET_SHARE = 0.46
CHARACTER_DOCK_WIDTH = 170  # px: the list of names, and its buttons
# px: the dice box's command line, its plot and recent results; the log the rest (its result column
# still in view beside its time, character, input and dice).
FIRST_BOTTOM_DOCK_WIDTH = 560


def make_dock(window: QMainWindow, title: str, name: str, widget: QWidget) -> QDockWidget:
    dock = QDockWidget(title, window)
    dock.setObjectName(name)  # saveState/restoreState find docks by name
    dock.setWidget(widget)
    return dock


def first_start_geometry(window: QMainWindow) -> None:
    """The screen's available area (what the taskbar and panels leave), maximised."""
    screen = window.screen() or QGuiApplication.primaryScreen()
    available = screen.availableGeometry()
    window.resize(available.size())
    window.move(available.topLeft())
    window.setWindowState(window.windowState() | Qt.WindowState.WindowMaximized)


def default_dock_layout(window: QMainWindow, left: QDockWidget, bottom: Sequence[QDockWidget]) -> None:
    """Characters on the left; the dice box and the log side by side along the bottom, as tall as
    the tallest of them asks (the log: its header and eight lines), the centre the rest: at 1366×768
    that leaves the judgement panels the 500 px they need (tests/views/test_fits_small_screen.py)."""
    window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, left)
    for dock in bottom:
        window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, dock)
        dock.show()
    left.show()
    for first, second in itertools.pairwise(bottom):
        window.splitDockWidget(first, second, Qt.Orientation.Horizontal)
    window.resizeDocks([left], [CHARACTER_DOCK_WIDTH], Qt.Orientation.Horizontal)
    if bottom:
        height = max(dock.sizeHint().height() for dock in bottom)
        window.resizeDocks([bottom[0]], [height], Qt.Orientation.Vertical)
    if len(bottom) > 1:  # every dock of the row given a width, or Qt shares the change out
        rest = max(FIRST_BOTTOM_DOCK_WIDTH, window.width() - FIRST_BOTTOM_DOCK_WIDTH) // (len(bottom) - 1)
        widths = [FIRST_BOTTOM_DOCK_WIDTH] + [rest] * (len(bottom) - 1)
        window.resizeDocks(list(bottom), widths, Qt.Orientation.Horizontal)


def default_splitter_sizes(splitter: QSplitter, width: int) -> None:
    sheet = int(width * SHEET_SHARE)
    splitter.setSizes([sheet, width - sheet])


def restore_window(window: QMainWindow, settings: QSettings) -> bool:
    """The geometry and docks saved at the last close; False (nothing changed) when none are."""
    if settings.value("window/version") != str(LAYOUT_VERSION):
        return False
    geometry, state = settings.value(GEOMETRY_KEY), settings.value(STATE_KEY)
    if not isinstance(geometry, QByteArray) or not isinstance(state, QByteArray):
        return False
    # restoreGeometry moves a window saved on a screen that is gone back onto this one
    return window.restoreGeometry(geometry) and window.restoreState(state, LAYOUT_VERSION)


def restore_splitter(splitter: QSplitter, settings: QSettings) -> bool:
    state = settings.value(SPLITTER_KEY)
    return isinstance(state, QByteArray) and splitter.restoreState(state)


def save_window(window: QMainWindow, splitter: QSplitter, settings: QSettings) -> None:
    settings.setValue("window/version", str(LAYOUT_VERSION))
    settings.setValue(GEOMETRY_KEY, window.saveGeometry())
    settings.setValue(STATE_KEY, window.saveState(LAYOUT_VERSION))
    settings.setValue(SPLITTER_KEY, splitter.saveState())
    settings.sync()


def add_dock_toggles(menu: QMenu, docks: Sequence[tuple[QDockWidget, str]]) -> None:
    """One checkable entry per dock (closing a dock unticks it), each with its shortcut."""
    for dock, shortcut in docks:
        action = dock.toggleViewAction()
        action.setShortcut(QKeySequence(shortcut))
        menu.addAction(action)
