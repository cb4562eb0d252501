"""編集 → 元に戻す / やり直し as the GM sees them: named after the step (「元に戻す: HPを変更」), and
reached by Ctrl+Z / Ctrl+Shift+Z (Ctrl+Y) from a sheet's fields too.

A spin box or line edit takes those keys for its own text undo, so on a sheet they did nothing to
the campaign.  The rule now: while the field holds typing not yet committed (edited since it was last
filled, and Qt has something to undo in it), Ctrl+Z takes back that typing, as in any text field;
otherwise — the value is committed, or the field was only clicked into — it undoes the campaign's last
step, as everywhere else in the window.  So a first Ctrl+Z while typing 12 over 10 brings back 10, a
second one undoes the previous edit; Ctrl+Z after Enter undoes the edit just made.
"""

from __future__ import annotations

from collections.abc import Callable

import shiboken6
from PySide6.QtCore import QCoreApplication, QEvent, QObject, Slot
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence, QUndoStack
from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QLineEdit, QWidget

STEP_CHARS = 40  # of a step's name in the menu
_KEYS = (QKeySequence.StandardKey.Undo, QKeySequence.StandardKey.Redo)
_EXTRA = (QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y"))  # the window's redo shortcuts


def _tr(text: str) -> str:
    return QCoreApplication.translate("UndoKeys", text)


class UndoActions(QObject):
    """The window's 元に戻す and やり直し, made once with it and bound to the undo stack of each
    campaign it shows; the first binding also routes Ctrl+Z from a sheet's fields to them."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self._window = window
        self._stack: QUndoStack | None = None
        self.binding: _UndoBinding | None = None
        self._keys: SheetUndoKeys | None = None
        self.undo_action = QAction(_tr("元に戻す"), window)
        self.undo_action.setShortcut(QKeySequence("Ctrl+Z"))
        self.undo_action.triggered.connect(self._undo)
        self.redo_action = QAction(_tr("やり直し"), window)
        self.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        self.redo_action.triggered.connect(self._redo)

    def _undo(self) -> None:
        if self._stack is not None:
            self._stack.undo()

    def _redo(self) -> None:
        if self._stack is not None:
            self._stack.redo()

    def bind(self, stack: QUndoStack, on_sheet: Callable[[QWidget], bool]) -> None:
        """Called each time the window shows a campaign; `on_sheet` tells a field of its sheet."""
        previous, self.binding = self.binding, None
        if previous is not None:
            previous.deleteLater()
        self._stack = stack
        self.binding = _UndoBinding(self, stack)
        self.binding.sync()  # now that it is the binding
        if self._keys is None:
            self._keys = SheetUndoKeys(self._window, on_sheet)
        else:
            self._keys.on_sheet = on_sheet


class _UndoBinding(QObject):
    """Keeps the two actions in step with one campaign's undo stack."""

    def __init__(self, owner: UndoActions, stack: QUndoStack) -> None:
        super().__init__(stack)  # deleted with the stack
        self.owner, self.stack = owner, stack
        for signal in (stack.indexChanged, stack.undoTextChanged, stack.redoTextChanged, stack.cleanChanged):
            signal.connect(self.sync)

    @Slot()
    def sync(self) -> None:
        # While the stack is torn down it clears itself (and the Python side may be gone already).
        owner, stack = getattr(self, "owner", None), getattr(self, "stack", None)
        if owner is None or stack is None or not (shiboken6.isValid(stack) and shiboken6.isValid(owner)):
            return
        if owner.binding is not self:  # another campaign is open now
            return
        for action, can, text, verb, named in (
            (owner.undo_action, stack.canUndo(), stack.undoText(), _tr("元に戻す"), _tr("元に戻す: {0}")),
            (owner.redo_action, stack.canRedo(), stack.redoText(), _tr("やり直し"), _tr("やり直し: {0}")),
        ):
            action.setEnabled(can)
            # A long step (a 令呪 with its note) is cut in the menu and said whole in the tip.
            short = text if len(text) <= STEP_CHARS else text[: STEP_CHARS - 1] + "…"
            action.setText(named.format(short) if can and text else verb)
            action.setStatusTip(named.format(text) if can and text else "")


def _matches(event: QKeyEvent) -> bool:
    if any(event.matches(key) for key in _KEYS):
        return True
    pressed = QKeySequence(event.keyCombination())
    return any(pressed.matches(key) == QKeySequence.SequenceMatch.ExactMatch for key in _EXTRA)


def _edit_of(field: QWidget) -> QLineEdit | None:
    """The line edit that holds the field's text (a spin box's own)."""
    edit = field if isinstance(field, QLineEdit) else field.findChild(QLineEdit)
    return edit if isinstance(edit, QLineEdit) else None


def typing_pending(field: QWidget) -> bool:
    """The field holds typing of its own, not yet committed, to take back first."""
    edit = _edit_of(field)
    return edit is not None and edit.isModified() and edit.isUndoAvailable()


class SheetUndoKeys(QObject):
    """Lets Ctrl+Z / Ctrl+Shift+Z through to the window's actions from a sheet's spin boxes and line
    edits (not while they hold uncommitted typing).  It watches only the field that has the focus,
    installed as focus moves (QApplication.focusChanged), so no other event pays for it."""

    def __init__(self, window: QWidget, on_sheet: Callable[[QWidget], bool]) -> None:
        super().__init__(window)
        self.on_sheet = on_sheet  # a field of the sheet shown (the window's sheet area holds it)
        self._watched: QLineEdit | QAbstractSpinBox | None = None
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._focus_changed)

    def _focus_changed(self, _old: QWidget | None, new: QWidget | None) -> None:
        watched, self._watched = self._watched, None
        # A field being deleted (its sheet replaced while it had the focus) hands the focus on from
        # its destructor, before `destroyed` tells `_forget`: nothing is left to take back then.
        if watched is not None and shiboken6.isValid(watched):
            watched.removeEventFilter(self)
            watched.destroyed.disconnect(self._forget)
            watched.editingFinished.disconnect(self._committed)
        if new is None or not isinstance(new, QLineEdit | QAbstractSpinBox) or not self.on_sheet(new):
            return
        new.installEventFilter(self)
        new.destroyed.connect(self._forget)
        new.editingFinished.connect(self._committed)
        self._watched = new
        self._committed()  # what it shows now is committed; typing after this is not

    def _committed(self) -> None:
        edit = _edit_of(self._watched) if self._watched is not None else None
        if edit is not None:
            edit.setModified(False)

    def _forget(self, *_args: object) -> None:
        self._watched = None

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and isinstance(watched, QWidget)
            and _matches(event)
            and not typing_pending(watched)
        ):
            event.ignore()  # not the field's: the window's 元に戻す / やり直し shortcut takes it
            return True
        return False
