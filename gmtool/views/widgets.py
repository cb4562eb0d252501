"""Small widgets and helpers shared by the views."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtGui import QFocusEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from gmtool.views.message_catalog import (
    shown_message as shown_message,  # views' problem labels use it
    translate_message,
)


class CommitPlainTextEdit(QPlainTextEdit):
    """A text box that commits when it loses focus, so one edit is one undo step."""

    committed = Signal(str)

    def focusOutEvent(self, event: QFocusEvent) -> None:
        self.committed.emit(self.toPlainText())
        super().focusOutEvent(event)

    def set_text_if_changed(self, text: str) -> None:
        if self.toPlainText() != text:
            self.setPlainText(text)


def show_refusal(parent: QWidget, message: str) -> None:
    """Every refused action is explained; never a silent no-op.  An engine or store message (a
    ``Message``, keyed by its template) is shown in the UI language, see gmtool.views.message_catalog."""
    QMessageBox.warning(
        parent, QCoreApplication.translate("refusal", "操作できません"), translate_message(message)
    )


def show_unwritable(parent: QWidget, error: OSError) -> None:
    """A file that could not be written (an export, a save), said with the OS's reason."""
    text = QCoreApplication.translate("ExportActions", "書き込めません（{0}）")
    show_refusal(parent, text.format(error.strerror or error))


def guarded(parent: QWidget, action: Callable[[], object], after: Callable[[], object] | None = None) -> bool:
    """Runs an action; a refusal is explained (nothing changed), then `after` shows the state."""
    try:
        action()
    except ValueError as refusal:
        show_refusal(parent, str(refusal))
        if after is not None:
            after()
        return False
    except Exception as failure:
        if not getattr(failure, "reported", False):  # a write the campaign refused has been said
            raise
        if after is not None:
            after()
        return False
    return True


def action_button(
    parent: QWidget, text: str, action: Callable[[], object], after: Callable[[], object] | None = None
) -> QPushButton:
    """A button whose action is guarded; it is never the dialog's default, so Enter in a text box
    does not press it."""
    button = QPushButton(text)
    button.setAutoDefault(False)
    button.clicked.connect(lambda _=False: guarded(parent, action, after))
    return button


def edit_new_row(view: QAbstractItemView, row: int, column: int = 0) -> None:
    """After 追加 made a row: its cell in edit mode with the keyboard's focus, so what the user types
    next goes into the new row (not into whatever text box had focus before the click)."""
    model = view.model()
    if not 0 <= row < model.rowCount():
        return  # nothing was added (a refusal has been said)
    index = model.index(row, column)
    view.setCurrentIndex(index)
    view.scrollTo(index)
    view.setFocus()
    view.edit(index)


def refill(combo: QComboBox, items: Iterable[tuple[str, object]]) -> None:
    """New items only when they changed; the chosen entry (by its data) stays chosen, and a change
    of choice is signalled as the user's would be."""
    items = list(items)
    if [(combo.itemText(i), combo.itemData(i)) for i in range(combo.count())] == items:
        return
    chosen = combo.currentData()
    was_blocked = combo.blockSignals(True)
    combo.clear()
    for label, data in items:
        combo.addItem(label, data)
    index = combo.findData(chosen)
    combo.setCurrentIndex(index if index >= 0 else (0 if items else -1))
    combo.blockSignals(was_blocked)
    if combo.currentData() != chosen and not was_blocked:
        combo.currentIndexChanged.emit(combo.currentIndex())


def show_cell(table: QTableWidget, row: int, column: int, text: str, tooltip: str = "") -> None:
    """A read-only cell's text and tooltip, its item made or changed only where they differ: each
    item set makes a table of columns sized to their contents measure them again (a LotR sheet's
    attribute step set all 77 of its skills' cells: 14 ms of the step's 30)."""
    item = table.item(row, column)
    if item is None:
        item = QTableWidgetItem(text)
        item.setToolTip(tooltip)
        table.setItem(row, column, item)
        return
    if item.text() != text:
        item.setText(text)
    if item.toolTip() != tooltip:
        item.setToolTip(tooltip)


def hbox(*widgets: QWidget) -> QHBoxLayout:
    """A row of widgets, packed to the left."""
    row = QHBoxLayout()
    for w in widgets:
        row.addWidget(w)
    row.addStretch(1)
    return row


def read_only_table(headers: tuple[str, ...], stretch: int = 0, context: str = "table") -> QTableWidget:
    """A table the user reads and selects rows of (edits go through the dialog's own fields)."""
    table = QTableWidget(0, len(headers))
    table.setHorizontalHeaderLabels([QCoreApplication.translate(context, h) for h in headers])
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    table.verticalHeader().setVisible(False)
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    header.setSectionResizeMode(stretch, QHeaderView.ResizeMode.Stretch)
    return table


def close_only_buttons(dialog: QDialog) -> QDialogButtonBox:
    """A tool window's single 閉じる: Esc closes, and Enter stays with the page's text boxes."""
    buttons = QDialogButtonBox()
    close = buttons.addButton(
        QCoreApplication.translate("widgets", "閉じる"), QDialogButtonBox.ButtonRole.RejectRole
    )
    close.setAutoDefault(False)
    buttons.rejected.connect(dialog.reject)
    return buttons
