"""One engine document kept in the campaign's session state, as a model reads and writes it.

Reading compares the stored text first (cheap) and parses only when it changed; a document that
cannot be read gives the empty state and a `problem` the views show (the next action replaces it).
Writing reads the document back before it is stored — the engine's dataclasses do not check the
field limits on construction, and a stored document the loader refuses would make the whole state
look lost in every view — and is one undo step.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

from pydantic import ValidationError
from PySide6.QtCore import QCoreApplication, QObject

from gmtool.models.campaign_model import CampaignModel
from gmtool.rules.message import Message
from gmtool.store.errors import StoreError
from gmtool.store.validation import format_validation_error


def _tr(text: str) -> str:
    return QCoreApplication.translate("SessionDocument", text)


StateT = TypeVar("StateT")  # the engine's state the document holds (an Encounter, an Army…)


class SessionDocument(QObject, Generic[StateT]):
    def __init__(
        self,
        campaign_model: CampaignModel,
        key: str,
        load: Callable[[Any], StateT],
        dump: Callable[[StateT], Any],
        what: str,
        refused: type[ValueError] = ValueError,
        parent: QObject | None = None,
        errors: tuple[type[Exception], ...] = (ValidationError,),
    ) -> None:
        """`load(None)` is the empty state; `what` names the document in messages (「戦闘の記録」);
        `refused` is the exception a write the loader rejects raises; `errors` are what the loader
        raises for a document it refuses (pydantic's, and a loader's own checks).  Its parent is the model it
        serves: deleted with it, it stops listening to the campaign."""
        super().__init__(parent)
        self.campaign_model = campaign_model
        self.key = key
        self._load, self._dump = load, dump
        self.what = what
        self.refused = refused
        self.errors = errors
        # (stored text, state, problem, stored document).  The text is None right after our own
        # write: the same document, known without encoding it a second time.
        self._cache: tuple[str | None, StateT, str | None, Any] | None = None
        self._writing = False
        campaign_model.session_changed.connect(self._forget_foreign)

    def read(self) -> tuple[StateT, str | None]:
        """(state, problem): the problem says why the stored document could not be read."""
        try:
            text = self.campaign_model.campaign.get_session_text(self.key)
            if self._cache is not None and self._cache[0] in (None, text):
                self._cache = (text, *self._cache[1:])
                return self._cache[1], self._cache[2]
            raw = self.campaign_model.session_value(self.key)
        except StoreError as e:
            self._cache = None
            return self._load(None), Message(_tr("{0}が読めません: {1}"), self.what, e)
        try:
            state, problem = self._load(raw), None
        except self.errors as e:
            state = self._load(None)
            problem = Message(_tr("{0}が正しくありません（{1}）"), self.what, self._detail(e))
        self._cache = (text or "", state, problem, raw)
        return state, problem

    def write(self, new: StateT, undo_text: str, checked: bool = True) -> None:
        """`checked=False` skips reading the document back: for a step the engine made from a state
        already read (a turn passing on), with nothing typed by the user in it."""
        document = self._dump(new)
        stored = self.check(new, document) if checked else new
        self.read()
        before = self._cache[3] if self._cache is not None else None
        self._cache = (None, stored, None, document)  # the views re-reading on the change find it
        self._writing = True
        try:
            self.campaign_model.set_session_value(self.key, document, undo_text, before=before)
        except BaseException:
            self._cache = None  # not written: the next read goes back to the file
            raise
        finally:
            self._writing = False

    def check(self, new: StateT, document: Any = None) -> StateT:
        """The state as it would be read back once stored; `refused` (nothing changes) when the
        loader would refuse its document — a caller opening an undo macro asks first."""
        try:
            return self._load(self._dump(new) if document is None else document)
        except self.errors as e:
            raise self.refused(Message(_tr("この内容は保存できません（{0}）"), self._detail(e))) from e

    def _detail(self, error: Exception) -> str:
        if isinstance(error, ValidationError):
            return format_validation_error(error, self.key)
        return str(error)

    def _forget_foreign(self, key: str) -> None:
        if key == self.key and not self._writing:  # undo, redo, another window: read it anew
            self._cache = None
