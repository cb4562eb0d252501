"""One user step, one transaction: the writes of a step land whole, or the step is taken back whole.

A *turn* is the SQLite transaction of one step.  It begins when the step begins — a push, the
outermost macro, an undo or a redo, or a log line written outside any step — and is committed when
control returns to the event loop (a zero-time timer), when the next step begins, or on `flush`.
So the log lines a model writes right after pushing its edit (a 令呪, a roll's damage, an XP award)
are in the same transaction as the edit, and a crash can never leave half a step in the file.

An undo or redo is committed at once.  Everything is read back through the same connection, so the
window sees its own uncommitted step; nothing else writes the campaign (one writer per campaign).

When a write fails (the file locked by another program, the disk full, the file read-only or gone),
the turn is *taken back*: the transaction is rolled back, the characters in memory return to the
snapshot taken when it began, the undo stack returns to where it was (quietly: the commands do
nothing while it moves), the views are told to show the stored values again, and the model's
`write_failed` says why.  The exception raised to the caller carries ``reported = True``, so the
window's exception hook does not say it twice.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEventLoop, QObject, Qt, QTimer
from PySide6.QtGui import QGuiApplication, QUndoCommand

from gmtool.rules.message import Message
from gmtool.store.campaign import StoredCharacter
from gmtool.store.errors import CampaignError

if TYPE_CHECKING:
    from gmtool.models.campaign_model import CampaignModel


@dataclass
class _Turn:
    snapshot: dict[str, StoredCharacter]  # the characters when it began
    start_index: int  # of the undo stack
    start_count: int
    moves: bool  # an undo or redo: taken back by returning to start_index
    characters: set[str] = field(default_factory=set)  # touched, to refresh their views
    session_keys: set[str] = field(default_factory=set)
    logged: bool = False
    failure: CampaignError | None = None


class WriteTurns(QObject):
    def __init__(self, model: CampaignModel) -> None:
        super().__init__(model)
        self._model = model
        self._turn: _Turn | None = None
        self.quiet = False  # the undo stack is being put back: commands write nothing
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.flush)

    @property
    def open(self) -> bool:
        return self._turn is not None

    # ---- beginning ------------------------------------------------------------------------
    def start(self, moves: bool = False) -> None:
        """A step begins: the one before is committed, then a transaction is begun.
        CampaignError (already said to the user) if it cannot be."""
        self.flush()
        self._begin(moves)

    def join(self) -> None:
        """A write outside a step (a log line): it joins the step being made, or begins a turn."""
        if self._turn is None:
            self._begin(False)
        elif self._turn.failure is not None:
            raise self._turn.failure

    def _begin(self, moves: bool) -> None:
        model = self._model
        waited = False

        def waiting() -> None:
            nonlocal waited
            waited = True
            QGuiApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
            model.write_waiting.emit(Message("ほかのプログラムがキャンペーンを使っています。待っています…"))
            QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.ExcludeUserInputEvents)

        try:
            model.campaign.begin(on_wait=waiting)
        except CampaignError as exc:
            self._report(exc)
            raise
        finally:
            if waited:
                QGuiApplication.restoreOverrideCursor()
                model.write_waiting.emit("")
        stack = model.undo_stack
        self._turn = _Turn(model.character_snapshot(), stack.index(), stack.count(), moves)
        self._timer.start()

    # ---- during ---------------------------------------------------------------------------
    def run(self, command: QUndoCommand, write: Callable[[], None]) -> None:
        """A command's redo or undo.  A failure is recorded (the command made obsolete, so a push
        does not keep it) and the turn is taken back once the stack is out of Qt's hands."""
        if self.quiet:
            return
        turn = self._turn
        if turn is not None and turn.failure is not None:
            command.setObsolete(True)
            return
        try:
            write()
        except CampaignError as exc:
            command.setObsolete(True)
            if turn is None:  # moved by something other than the campaign's stack
                self._report(exc)
            else:
                turn.failure = exc

    def touched_character(self, character_id: str, emit: bool = True) -> None:
        if self._turn is not None:
            self._turn.characters.add(character_id)
        elif emit:
            self._refresh({character_id}, set(), False)

    def touched_session(self, key: str, emit: bool = True) -> None:
        if self._turn is not None:
            self._turn.session_keys.add(key)
        elif emit:
            self._refresh(set(), {key}, False)

    def logged(self) -> None:
        if self._turn is not None:
            self._turn.logged = True

    def failed(self, exc: CampaignError) -> None:
        """A write outside the commands failed (a log line): the step is taken back now, or when
        its macro ends."""
        turn = self._turn
        if turn is None:
            self._report(exc)
            return
        turn.failure = exc
        if self._model.undo_stack.depth == 0:
            self._take_back(turn)

    @property
    def failure(self) -> CampaignError | None:
        return None if self._turn is None else self._turn.failure

    # ---- ending ---------------------------------------------------------------------------
    def settle(self) -> None:
        """After a push or the outermost macro: a failed step is taken back now (the commit waits
        for the event loop), and its CampaignError raised to stop the caller."""
        turn = self._turn
        if turn is not None and turn.failure is not None:
            self._take_back(turn)
            raise turn.failure

    def flush(self) -> bool:
        """Commit the open turn; False when it was refused and taken back."""
        turn = self._turn
        self._timer.stop()
        if turn is None:
            return True
        if turn.failure is None:
            try:
                self._model.campaign.commit()
            except CampaignError as exc:
                turn.failure = exc
        if turn.failure is not None:
            self._take_back(turn)
            return False
        self._turn = None
        return True

    def _take_back(self, turn: _Turn) -> None:
        self._turn = None
        self._timer.stop()
        model = self._model
        model.campaign.rollback()
        model.restore_characters(turn.snapshot)
        stack = model.undo_stack
        if stack.index() != turn.start_index or stack.count() != turn.start_count:
            self.quiet = True
            try:
                stack.put_back(turn.start_index, drop_tail=not turn.moves)
            finally:
                self.quiet = False
        self._refresh(turn.characters, turn.session_keys, turn.logged or turn.moves)
        assert turn.failure is not None
        self._report(turn.failure)

    def _refresh(self, characters: set[str], keys: set[str], log: bool) -> None:
        model = self._model
        model.characters_changed.emit()
        for character_id in sorted(characters):
            if model.has_character(character_id):
                model.character_changed.emit(character_id)
        for key in sorted(keys):
            model.session_changed.emit(key)
        if log:
            model.log_reset.emit()

    def _report(self, exc: CampaignError) -> None:
        exc.reported = True  # type: ignore[attr-defined]  # the exception hook stays quiet
        if self._model.read_only is not None:
            self._model.file_state_changed.emit()
        self._model.write_failed.emit(exc.args[0])  # the Message (str(exc) would lose its template)
