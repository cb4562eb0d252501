"""The campaign's undo stack, which knows the session-log lines each step wrote.

A step's lines are those appended while its macro is open, or after it was pushed and before
control went back to the event loop (the models push an edit and log it in one call: a 令呪, an
AF roll, シートに反映, an XP award, damage).  Undoing the step marks its lines undone and redoing
unmarks them, in the same SQLite transaction as the step's own writes, so the log shows a
taken-back step struck through instead of standing as if it happened, and a redo adds no second
line.  The marks are session state (`UNDONE_KEY`, the ids of the undone lines), not log rows: the
log itself stays append-only.

Each step is one transaction (`gmtool.models.write_turn`): a push or the outermost macro begins it
(after committing the step before), an undo or redo is begun and committed at once, and a step
whose write fails is taken back whole (`put_back`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QTimer
from PySide6.QtGui import QUndoCommand, QUndoStack

from gmtool.store.errors import CampaignError

if TYPE_CHECKING:
    from gmtool.models.campaign_model import CampaignModel

UNDONE_KEY = "log.undone"


def undone_ids(stored: Any) -> frozenset[int]:
    """The undone line ids from the stored value (a damaged one marks nothing)."""
    if not isinstance(stored, list):
        return frozenset()
    return frozenset(i for i in stored if isinstance(i, int) and not isinstance(i, bool))


class LoggedUndoStack(QUndoStack):
    def __init__(self, model: CampaignModel) -> None:
        super().__init__(model)
        self._model = model
        self._lines: dict[int, list[int]] = {}  # index of a step on the stack → its log lines
        self._depth = 0  # open macros
        self._macro_lines: list[int] = []  # logged while the outermost macro is open
        self._open: int | None = None  # the step just done, until the event loop runs again
        self._closer = QTimer(self)
        self._closer.setSingleShot(True)
        self._closer.setInterval(0)
        self._closer.timeout.connect(self._close_step)

    @property
    def depth(self) -> int:
        """Macros open now (0: none)."""
        return self._depth

    # ---- building steps ------------------------------------------------------------------
    def push(self, cmd: Any) -> None:
        """Do and keep a step.  Refused (the file cannot be written): nothing is kept, the views
        show the stored values again, the model's `write_failed` has said why, and CampaignError
        (marked ``reported``) stops the caller."""
        if self._depth == 0:
            try:
                self._model.turns.start()
            except CampaignError:
                getattr(cmd, "notify", lambda: None)()
                raise
            self._forget_from(self.index())
        super().push(cmd)
        if self._depth == 0:
            self._model.turns.settle()
            self._open_step()

    def beginMacro(self, text: str) -> None:
        """CampaignError (already said to the user) when the file cannot be written now."""
        if self._depth == 0:
            self._close_step()
            self._model.turns.start()
            self._forget_from(self.index())
            self._macro_lines = []
        self._depth += 1
        super().beginMacro(text)

    def endMacro(self) -> None:
        """Ends the outermost macro's step; CampaignError (``reported``) if it was refused."""
        super().endMacro()
        self._depth = max(0, self._depth - 1)
        if self._depth == 0:
            lines, self._macro_lines = self._macro_lines, []
            self._model.turns.settle()
            self._open_step()
            if self._open is not None and lines:
                self._lines.setdefault(self._open, []).extend(lines)

    def clear(self) -> None:
        super().clear()
        self._lines.clear()
        self._macro_lines = []
        self._open = None

    def log_appended(self, entry_id: int) -> None:
        """A line was logged: it belongs to the macro being built or to the step just done."""
        if self._depth:
            self._macro_lines.append(entry_id)
        elif self._open is not None:
            self._lines.setdefault(self._open, []).append(entry_id)

    def lines_of(self, index: int) -> tuple[int, ...]:
        """The log lines the step at `index` wrote."""
        return tuple(self._lines.get(index, ()))

    # ---- undo and redo -------------------------------------------------------------------
    def undo(self) -> None:
        self._close_step()
        index = self.index()
        if self._depth or index == 0:
            super().undo()  # inside a macro: Qt refuses it; at 0: nothing to undo
            return
        self._step(index - 1, lambda: QUndoStack.undo(self), undone=True)

    def redo(self) -> None:
        self._close_step()
        index = self.index()
        if self._depth or index >= self.count():
            super().redo()
            return
        self._step(index, lambda: QUndoStack.redo(self), undone=False)

    def _step(self, index: int, run: Callable[[], None], undone: bool) -> None:
        turns = self._model.turns
        try:
            turns.start(moves=True)
        except CampaignError:
            return
        lines = self.lines_of(index)
        run()  # the step's own writes and its marks: one transaction, committed now
        if lines and turns.failure is None:
            campaign = self._model.campaign
            try:
                marks = undone_ids(campaign.get_session(UNDONE_KEY))
                marks = marks | set(lines) if undone else marks - set(lines)
                campaign.set_session(UNDONE_KEY, sorted(marks))
            except CampaignError as exc:
                turns.failed(exc)
                return
        if turns.flush() and lines:
            self._model.log_marks_changed.emit(list(lines))

    def put_back(self, index: int, drop_tail: bool) -> None:
        """Return to `index` after a refused step (the commands write nothing meanwhile); with
        `drop_tail`, the steps after it are gone (the refused one, and the redo it replaced)."""
        QUndoStack.setIndex(self, index)
        if drop_tail and self.count() > index:
            nothing = QUndoCommand()
            nothing.setObsolete(True)  # an obsolete push only cuts the redo tail
            QUndoStack.push(self, nothing)
        self._forget_from(index)
        self._close_step()

    # ---- internals -----------------------------------------------------------------------
    def _open_step(self) -> None:
        self._open = self.index() - 1 if self.index() > 0 else None
        self._closer.start()

    def _close_step(self) -> None:
        self._open = None
        self._closer.stop()

    def _forget_from(self, index: int) -> None:
        """A new step replaces the steps undone from `index` on: their lines stay undone."""
        for stale in [i for i in self._lines if i >= index]:
            del self._lines[stale]
