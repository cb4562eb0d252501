"""Windows that fit the screen they open on (a 1366×768 laptop at the table).

A dialog asks for the size it would like (``fit_to_screen(dialog, QSize(1300, 800))``); each time
it is shown it gets that size, or the screen's available area if that is smaller, and is moved so
that its whole frame, title bar included, is on that screen.  For that to work the dialog's own
minimum size must be smaller than the screen: what may be big goes in a scroll area
(``scrolling``), and the buttons stay outside it, always visible.

A tool window used beside the main window (``fit_to_screen(..., keep_menu_bar=True)``: the AW and
千幻抄 session windows, the MTG virtual library, the house rules, the LotR rule tables, the log
export) opens under the main window's menu bar, not over it: the GM goes on using the menus while it
is open.  ``keep_under_menu_bar(window)`` does it for a window that only sized itself (or asked
``fit_to_screen`` without it): the window keeps its size, bounded by the screen.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QPoint, QRect, QSize, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QFrame, QMainWindow, QScrollArea, QStyle, QWidget

# Under the menu bar only while that leaves the window this much height: else the screen's top.
LEAST_HEIGHT_UNDER_MENU_BAR = 400


def scrolling(widget: QWidget) -> QScrollArea:
    """*widget* in a frameless scroll area: its minimum size no longer sets the window's."""
    area = QScrollArea()
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setWidget(widget)
    return area


def available_area(window: QWidget) -> QRect:
    screen = window.screen() or QGuiApplication.primaryScreen()
    return screen.availableGeometry()


def menu_bar_bottom(window: QWidget) -> int | None:
    """The global y just under the menu bar of the main window *window* belongs to (None: no
    main window with a menu bar on screen)."""
    parent = window.parentWidget()
    main = parent.window() if parent is not None else None
    if not isinstance(main, QMainWindow) or not main.isVisible():
        return None
    bar = main.menuWidget()
    if bar is None or not bar.isVisible():
        return None
    return bar.mapToGlobal(QPoint(0, bar.height())).y()


def place_on_screen(window: QWidget, wanted: QSize, keep_menu_bar: bool = False) -> None:
    """*wanted* (frame excluded), bounded by the available area, and the frame moved inside it;
    with *keep_menu_bar*, inside the part of it under the main window's menu bar."""
    area = available_area(window)
    below = menu_bar_bottom(window) if keep_menu_bar else None
    if below is not None and area.bottom() - below >= LEAST_HEIGHT_UNDER_MENU_BAR:
        area.setTop(max(area.top(), below))
    frame = window.frameGeometry()
    extra = frame.size() - window.geometry().size()  # title bar and borders
    unframed = extra.isEmpty()
    if unframed:  # not known before the window manager has framed it: a title bar's worth
        title = window.style().pixelMetric(QStyle.PixelMetric.PM_TitleBarHeight)
        extra = QSize(8, title + 8)
    bounded = wanted.boundedTo(area.size() - extra).expandedTo(window.minimumSizeHint())
    window.resize(bounded.boundedTo(area.size() - extra))
    frame = window.frameGeometry()
    x = min(max(frame.x(), area.left()), area.right() + 1 - frame.width())
    y = min(max(frame.y(), area.top()), area.bottom() + 1 - frame.height())
    if unframed and below is not None:
        # Not framed yet, the move places the window's inside: the title bar comes above it, and
        # it was drawn over the menu bar it was kept from (seen under openbox).
        y = max(y, area.top() + extra.height() - extra.width() // 2)
    window.move(max(x, area.left()), max(y, area.top()))


Wanted = QSize | Callable[[], QSize] | None  # a size, or how to work it out when first shown


class _ScreenFitter(QObject):
    def __init__(self, window: QWidget, wanted: Wanted, keep_menu_bar: bool) -> None:
        super().__init__(window)
        self.wanted = wanted
        self.keep_menu_bar = keep_menu_bar
        self.placed = False

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # A dialog docked in the main window (gmtool.app.tool_dock) is a child: its dock lays it out.
        if (
            event.type() == QEvent.Type.Show
            and isinstance(watched, QWidget)
            and watched.isWindow()
            and not self.placed
        ):
            self.placed = True  # once: after that the size is the user's
            wanted = self.wanted() if callable(self.wanted) else self.wanted
            place_on_screen(watched, wanted or watched.sizeHint(), self.keep_menu_bar)
        return False


def fit_to_screen(window: QWidget, wanted: Wanted = None, keep_menu_bar: bool = False) -> None:
    """*window* opens at *wanted* (default: its size hint), never past its screen's available area;
    with *keep_menu_bar*, never over its main window's menu bar either."""
    if isinstance(wanted, QSize):
        window.resize(wanted)
    window.installEventFilter(_ScreenFitter(window, wanted, keep_menu_bar))


def keep_under_menu_bar(window: QWidget) -> None:
    """*window* (a tool shown beside its main window, gmtool.app.window_dialogs) opens under the
    main window's menu bar: its own `fit_to_screen` told to keep the bar, else one that keeps the
    size the window has when first shown."""
    fitter = window.findChild(_ScreenFitter, options=Qt.FindChildOption.FindDirectChildrenOnly)
    if fitter is not None:
        fitter.keep_menu_bar = True
    else:
        fit_to_screen(window, window.size, keep_menu_bar=True)
