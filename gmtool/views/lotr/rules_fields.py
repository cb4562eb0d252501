"""Fields shared by the LotR rule-table editor's tabs: number boxes with 「未設定」, edit marks."""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal, overload

from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QLabel, QLineEdit, QPushButton, QTableWidgetItem, QWidget

from gmtool.models.lotr.rules_input import parse_int
from gmtool.models.lotr.rules_model import LotRRulesModel
from gmtool.views.appearance import tone_colour
from gmtool.views.widgets import show_refusal, shown_message

# The house-rule mark: a value the GM changed from the shipped table (appearance.set_tone's @mark).
EDITED_STYLE = '*[edited="true"] { background-color: @mark; font-weight: bold; }'
UNSET = "未設定（GM が設定）"
UNSET_NOTE = (
    "空欄（「未設定」）はルール要約に値がない項目です。GM が値を入れるまで、その値は 0 として扱われ、"
    "シートと判定画面に未設定と表示されます。"
)


def tr(text: str) -> str:
    return QCoreApplication.translate("LotRRulesDialog", text)


def shown(value: int | None) -> str:
    return "" if value is None else str(value)


def mark(widget: QWidget, edited: bool, shipped: str = "") -> None:
    """Marks a value the GM changed; the tooltip says what the shipped table has."""
    if bool(widget.property("edited")) != edited:
        widget.setProperty("edited", edited)
        widget.style().unpolish(widget)
        widget.style().polish(widget)
    if edited:
        widget.setToolTip(tr("ハウスルール（同梱の表: {0}）").format(shipped or tr("未設定")))
    else:
        widget.setToolTip("")


def mark_item(item: QTableWidgetItem, edited: bool, shipped: str = "") -> None:
    item.setBackground(tone_colour("mark") if edited else QColor(0, 0, 0, 0))
    font = item.font()
    font.setBold(edited)
    item.setFont(font)
    item.setToolTip(tr("ハウスルール（同梱の表: {0}）").format(shipped or tr("未設定")) if edited else "")


class IntField(QLineEdit):
    """A whole number; empty shows 「未設定」 where the table may leave the value unset.

    `committed` carries the new value when editing finishes with a change; text that is
    not a number is refused on the spot and the field shows the stored value again.
    """

    committed = Signal(object)  # int | None
    refused = Signal(object)  # a Message stays one (a str signal would copy it to a plain str)

    def __init__(self, optional: bool = True, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.optional = optional
        self._value: int | None = None
        if optional:
            self.setPlaceholderText(tr(UNSET))
            self.setMinimumWidth(self.fontMetrics().horizontalAdvance(self.placeholderText()) + 16)
        self.setMaximumWidth(160)
        self.editingFinished.connect(self._finish)

    def value(self) -> int | None:
        return self._value

    def set_value(self, value: int | None) -> None:
        self._value = value
        if self.text() != shown(value):
            self.setText(shown(value))

    def _finish(self) -> None:
        try:
            value = parse_int(self.text(), self.optional)
        except ValueError as refusal:
            self.setText(shown(self._value))
            self.refused.emit(str(refusal))
            return
        if value != self._value:
            self.committed.emit(value)


class RulesTab(QWidget):
    """One tab of the editor: `reload()` shows the model's tables; edits go through `attempt`."""

    def __init__(self, model: LotRRulesModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model

    def reload(self) -> None:
        raise NotImplementedError

    def attempt(self, action: Callable[[], object]) -> bool:
        """Runs one edit; a refusal is shown and the tab shows the stored tables again."""
        try:
            action()
        except ValueError as refusal:
            self.refuse(str(refusal))
            return False
        self.reload()  # an edit that changed nothing stored sends no signal: show the stored value
        return True

    def refuse(self, message: str) -> None:
        show_refusal(self, tr("ルール表を変更できません: {0}").format(shown_message(message)))
        self.reload()

    @overload
    def int_field(
        self, on_commit: Callable[[int | None], object], optional: Literal[True] = True
    ) -> IntField: ...
    @overload
    def int_field(self, on_commit: Callable[[int], object], optional: Literal[False]) -> IntField: ...
    def int_field(self, on_commit: Callable[[int], object], optional: bool = True) -> IntField:
        """A number box; `on_commit` gets None (未設定) only from an optional one."""
        field = IntField(optional)
        field.committed.connect(lambda value: self.attempt(lambda: on_commit(value)))
        field.refused.connect(self.refuse)
        return field

    def reset_button(self, on_click: Callable[[], object]) -> QPushButton:
        button = QPushButton(tr("既定に戻す"))
        button.setToolTip(tr("同梱の表の値に戻します（元に戻すで取り消せます）"))
        button.clicked.connect(lambda: self.attempt(on_click))
        return button


def note_label(text: str) -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    return label
