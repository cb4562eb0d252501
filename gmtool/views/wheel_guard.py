"""No change by accident: the mouse wheel never changes a spin box, combo box or slider.

Scrolling a sheet with the wheel once stepped the field under the pointer, and a focused field
took every notch (MP 0 → −9 while the user only meant to scroll).  One application-wide event
filter keeps every such field of every window and dialog out of the wheel, so none needs to
remember it:

- when a field is polished, a wheel-focus policy becomes ``Qt.StrongFocus``: the wheel no longer
  gives it focus (Qt would give focus before any filter sees the wheel event);
- a wheel event over a field, focused or not, is not delivered to it and is left unaccepted, so
  Qt hands it to the parents: the form's scroll area scrolls, the character stays as it was.

The keyboard still steps a focused field (↑ ↓, Page Up / Page Down), and a combo box's open list
still scrolls with the wheel (the list is not the field).  Scroll bars are sliders too and always
take the wheel.

``install_wheel_guard(app)`` is called where the QApplication is made (``gmtool.app.gui``) and by
the tests' ``qapp`` fixture (``tests/conftest.py``).
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt
from PySide6.QtWidgets import QAbstractSlider, QAbstractSpinBox, QApplication, QComboBox, QScrollBar, QWidget

FIELDS = (QAbstractSpinBox, QComboBox, QAbstractSlider)
GUARD_NAME = "gmtool_wheel_guard"


def guarded_field(widget: QObject) -> bool:
    """A field whose value the wheel would change (a scroll bar only scrolls)."""
    return isinstance(widget, FIELDS) and not isinstance(widget, QScrollBar)


class WheelGuard(QObject):
    """The filter; one per application (see ``install_wheel_guard``)."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.Wheel:
            if guarded_field(watched):
                event.ignore()  # unaccepted: Qt offers it to the parents (the scroll area)
                return True  # never to the field itself, with focus or without
        elif kind == QEvent.Type.Polish and guarded_field(watched) and isinstance(watched, QWidget):
            if watched.focusPolicy() == Qt.FocusPolicy.WheelFocus:
                watched.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        return False


def install_wheel_guard(app: QCoreApplication) -> WheelGuard:
    """Installs the guard once (a second call returns the one already installed).  Fields made
    before it are given StrongFocus here, so it may be installed once the window is up: a Python
    filter sees every event, and start-up makes several thousand."""
    existing = app.findChild(WheelGuard, GUARD_NAME)
    if existing is not None:
        return existing
    guard = WheelGuard(app)
    guard.setObjectName(GUARD_NAME)
    app.installEventFilter(guard)
    for widget in QApplication.allWidgets():
        if guarded_field(widget) and widget.focusPolicy() == Qt.FocusPolicy.WheelFocus:
            widget.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
    return guard
