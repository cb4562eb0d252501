"""The editing machinery every system's sheet shares ("recalculate everything, then re-sync").

Widgets registered with `_editor` have their signals blocked while `_sync` runs the
syncers, so writing the model's values back never commits them again; an edit goes
through `_commit` → `CharacterModel.set_value`, and a refused edit is explained and
the widgets snap back to what is stored.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QGroupBox, QSpinBox, QVBoxLayout, QWidget

from gmtool.models.character_model import CharacterModel
from gmtool.views.widgets import CommitPlainTextEdit, show_refusal

EditorT = TypeVar("EditorT", bound=QWidget)

if TYPE_CHECKING:
    _SheetBase = QWidget  # a mixin of each system's sheet widget: `self` parents the refusal box
else:
    _SheetBase = object


class SheetEditing(_SheetBase):
    model: CharacterModel

    def _init_editing(self) -> None:
        self._syncers: list[Callable[[], None]] = []
        self._editors: list[QWidget] = []

    def _editor(self, widget: EditorT) -> EditorT:
        self._editors.append(widget)
        return widget

    def _spin(self, path: str, low: int, high: int, label: str) -> QSpinBox:
        spin = self._editor(QSpinBox())
        spin.setRange(low, high)
        spin.setKeyboardTracking(False)  # one undo step per committed value, not per keystroke
        spin.setAccessibleName(label)
        spin.valueChanged.connect(lambda v: self._commit(path, v, label))
        self._syncers.append(lambda: spin.setValue(self.model.value(path)))
        return spin

    def _notes_box(self) -> QGroupBox:
        """The character's 「メモ」, committed when the box loses focus (one undo step)."""
        title = QCoreApplication.translate("SheetEditing", "メモ")
        box = QGroupBox(title)
        self.notes_edit = self._editor(CommitPlainTextEdit())
        self.notes_edit.setAccessibleName(title)
        self.notes_edit.committed.connect(lambda text: self._commit("notes", text, title))
        self._syncers.append(lambda: self.notes_edit.set_text_if_changed(self.model.value("notes")))
        QVBoxLayout(box).addWidget(self.notes_edit)
        return box

    def _commit(self, path: str, value: object, label: str) -> None:
        if not self.model.exists or self.model.value(path) == value:
            return
        self._guard(lambda: self.model.set_value(path, value, label))

    def _guard(self, action: Callable[[], object]) -> None:
        """Runs an edit; a refused edit is explained and the widgets snap back."""
        try:
            action()
        except ValueError as refusal:
            self._refuse(str(refusal))
        except Exception as failure:
            if not getattr(failure, "reported", False):
                raise
            self._sync()  # a write the campaign refused: said already; show the stored value

    def _refuse(self, message: str) -> None:
        show_refusal(self, message)
        self._sync()

    def _sync(self) -> None:
        if not self.model.exists:
            return
        for editor in self._editors:
            editor.blockSignals(True)
        try:
            for syncer in self._syncers:
                syncer()
        finally:
            for editor in self._editors:
                editor.blockSignals(False)
        self._sync_parts()

    def _sync_parts(self) -> None:
        """Parts of the sheet that re-read the model themselves."""
