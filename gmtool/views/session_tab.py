"""What the pages of the session dialogs and the tracker's boxes share: the guarded action, combos that
keep the GM's choice across re-syncs, read-only tables and checkbox lists of characters."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Generic, TypeVar

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QComboBox,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from gmtool.views.widgets import action_button, guarded, read_only_table, refill

Confirm = Callable[[str, str], bool]
ID_ROLE = Qt.ItemDataRole.UserRole
# The model a page shows (a session model, the tracker's BattleModel): `self.model` of SessionTab[M].
ModelT = TypeVar("ModelT")


class SessionTab(QWidget, Generic[ModelT]):
    """One page of the dialog; `sync()` re-reads everything it shows from the model."""

    def __init__(self, model: ModelT, confirm: Confirm, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.confirm = confirm

    def sync(self) -> None:
        raise NotImplementedError

    def guard(self, action: Callable[[], object]) -> bool:
        """Runs an action; a refusal is explained (nothing changed) and the page shows the state."""
        return guarded(self, action, self.sync)

    def button(self, text: str, action: Callable[[], object]) -> QPushButton:
        return action_button(self, text, action, self.sync)

    @staticmethod
    def refill(combo: QComboBox, items: Iterable[tuple[str, object]]) -> None:
        refill(combo, items)

    def table(self, headers: tuple[str, ...], stretch: int = 0) -> QTableWidget:
        return read_only_table(headers, stretch, "SessionTab")

    @staticmethod
    def fill(
        table: QTableWidget,
        rows: Sequence[Sequence[str]],
        ids: Sequence[str] | Sequence[int] | None = None,
        color: QColor | None = None,
    ) -> None:
        """Rows of text; `ids` are kept on the first column so a selection names its item.  The
        selected row (by id) stays selected across re-syncs.  Ids are names (`selected_id`) or
        numbers (`selected_number`)."""
        selected = SessionTab._selected_data(table)
        table.setRowCount(len(rows))
        for r, row in enumerate(rows):
            for c, text in enumerate(row):
                item = QTableWidgetItem(text)
                if ids is not None and c == 0:
                    item.setData(ID_ROLE, ids[r])
                if color is not None:
                    item.setForeground(color)
                table.setItem(r, c, item)
        if ids is not None and selected in ids:
            table.selectRow(ids.index(selected))
        else:
            table.clearSelection()

    @staticmethod
    def selected_id(table: QTableWidget) -> str | None:
        data = SessionTab._selected_data(table)
        return data if isinstance(data, str) else None

    @staticmethod
    def selected_number(table: QTableWidget) -> int | None:
        """`selected_id` of a table filled with numbers as its ids."""
        data = SessionTab._selected_data(table)
        return data if isinstance(data, int) else None

    @staticmethod
    def _selected_data(table: QTableWidget) -> object:  # the id `fill` kept: a str or an int
        rows = table.selectionModel().selectedRows()
        if not rows:
            return None
        item = table.item(rows[0].row(), 0)
        return None if item is None else item.data(ID_ROLE)

    @staticmethod
    def fill_checks(checks: QListWidget, items: list[tuple[str, str]], ticked: set[str]) -> None:
        """A checkbox per character (id in the item's data); emits nothing while filling."""
        checks.blockSignals(True)
        checks.clear()
        for character_id, name in items:
            item = QListWidgetItem(name)
            item.setData(ID_ROLE, character_id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if character_id in ticked else Qt.CheckState.Unchecked)
            checks.addItem(item)
        checks.blockSignals(False)

    @staticmethod
    def ticked(checks: QListWidget) -> list[str]:
        items = (checks.item(i) for i in range(checks.count()))
        return [it.data(ID_ROLE) for it in items if it.checkState() == Qt.CheckState.Checked]
