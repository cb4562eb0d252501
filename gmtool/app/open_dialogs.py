"""The tool dialogs the window holds open beside it for the campaign it shows.

They are not modal: the table goes on while they are open.  Each is held (kept alive) while it is
open; a tool the table needs once (a session's state) is raised when asked for again instead of
opened twice; all are closed when another campaign opens, since they show the one being closed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TypeVar

from PySide6.QtWidgets import QDialog, QMainWindow

if TYPE_CHECKING:
    from PySide6.QtGui import QAction

    from gmtool.app.window_dialogs import WindowDialogs

D = TypeVar("D", bound=QDialog)


class OpenDialogs:
    """One per window (`AppServices.dialogs`), each kind of dialog found by its class."""

    def __init__(self, questions: WindowDialogs, undo_actions: Sequence[QAction]) -> None:
        self._questions = questions
        self._undo_actions = list(undo_actions)
        self._tools: list[QDialog] = []  # let go when closed
        self._kept: list[QDialog] = []  # hidden when closed, shown again as they were

    def show(self, dialog: D) -> D:
        """Opens a tool dialog beside the window, where Ctrl+Z / Ctrl+Shift+Z reach the campaign."""
        # Closed (閉じる, Esc, the title bar's ×: all end in `finished`), the dialog is let go and
        # deleted: a session opens many of them, and each kept its model listening to the campaign.
        dialog.finished.connect(lambda _result, d=dialog: self._forget(d))
        # Ctrl+Z / Ctrl+Shift+Z while the tool is the active window, as its questions promise.
        dialog.addActions(self._undo_actions)
        self._questions.open_dialog(dialog)
        self._tools.append(dialog)
        return dialog

    def show_single(self, kind: type[D], make: Callable[[], D]) -> D:
        """A tool the table needs once (a session's state): raise the open one, else open it."""
        dialog = self.find(kind)
        if dialog is not None:
            dialog.raise_()
            dialog.activateWindow()
            return dialog
        return self.show(make())

    def show_docked(self, kind: type[D], make: Callable[[], D], window: QMainWindow, name: str) -> D:
        """`show_single`, the tool docked at the bottom of `window` (gmtool.app.tool_dock)."""
        from gmtool.app.tool_dock import bring_forward, dock_tool

        dialog = self.find(kind)
        if dialog is not None:
            bring_forward(dialog)
            return dialog
        dialog = make()
        dock_tool(window, dialog, name)
        return self.show(dialog)

    def keep(self, dialog: D) -> D:
        """Holds a dialog that the caller shows and that stays, hidden, once closed (its typing kept)
        until `close(kind)` or another campaign."""
        self._kept.append(dialog)
        return dialog

    def find(self, kind: type[D]) -> D | None:
        """The held dialog of that class, if any."""
        return next((dialog for dialog in self.held() if isinstance(dialog, kind)), None)

    def held(self) -> list[QDialog]:
        """Every dialog held, in the order they were opened (the tools first)."""
        return [*self._tools, *self._kept]

    def close(self, kind: type[QDialog]) -> None:
        """Closes and lets go of the kept dialogs of that class."""
        for dialog in [d for d in self._kept if isinstance(d, kind)]:
            self._kept.remove(dialog)
            dialog.done(0)
            dialog.deleteLater()

    def close_all(self) -> None:
        """Another campaign is opening: the dialogs belong to the old one."""
        for dialog in list(self._tools):
            dialog.close()
            self._forget(dialog)
        self.close(QDialog)

    def _forget(self, dialog: QDialog) -> None:
        if dialog in self._tools:
            self._tools.remove(dialog)
            dialog.deleteLater()
