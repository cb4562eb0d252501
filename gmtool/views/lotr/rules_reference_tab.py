"""ルール表 → 参照表: the tables the LotR summary only refers to (Table 9.17, P.230, …).

The GM picks a table on the left and fills it in on the right.  An empty cell is 未設定: the
features that need it say so and wait, they never read it as 0.  Each edit is one undo step.
"""

from __future__ import annotations

from functools import partial

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.lotr.rules_input import UNSET_CELL
from gmtool.models.lotr.rules_model import LotRRulesModel
from gmtool.rules.systems.lotr.reference_table_types import NAME, Cell, CellRef, Column, ReferenceTable
from gmtool.views.appearance import tone_colour
from gmtool.views.edit_table import type_through
from gmtool.views.lotr.rules_fields import RulesTab, note_label, tr
from gmtool.views.widgets import shown_message

LIST_MAX_WIDTH = 420


def shown_cell(column: Column, value: Cell) -> str:
    if value is None:
        return tr(UNSET_CELL)
    if column.kind == "flag":
        return tr("はい") if value else tr("いいえ")
    return str(value)


class ReferenceTablesView(RulesTab):
    """The list of referred tables and the chosen one as an editable grid."""

    def __init__(self, model: LotRRulesModel, parent: QWidget | None = None) -> None:
        super().__init__(model, parent)
        self._filling = False
        self.table_list = QListWidget()
        self.table_list.currentRowChanged.connect(lambda _row: self.reload())
        self.title_label = QLabel()
        self.title_label.setWordWrap(True)
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.grid = QTableWidget()
        type_through(self.grid)
        self.grid.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.grid.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.grid.itemChanged.connect(self._on_item_changed)
        self.new_row = QLineEdit()
        self.new_row.returnPressed.connect(self._add_row)
        self.add_button = QPushButton(tr("行を追加"))
        self.add_button.clicked.connect(self._add_row)
        self.remove_button = QPushButton(tr("選んだ行を削除"))
        self.remove_button.clicked.connect(self._remove_row)
        QShortcut(QKeySequence.StandardKey.Delete, self.grid, self._remove_row)
        self.reset_table_button = QPushButton(tr("この表を既定に戻す"))
        self.reset_table_button.clicked.connect(self._reset_table)
        row_bar = QHBoxLayout()
        row_bar.addWidget(self.new_row, 1)
        row_bar.addWidget(self.add_button)
        row_bar.addWidget(self.remove_button)
        row_bar.addWidget(self.reset_table_button)  # the field takes the room left: its hint reads whole

        right = QVBoxLayout()
        right.addWidget(self.title_label)
        right.addWidget(self.note)
        right.addWidget(self.grid, 1)
        right.addLayout(row_bar)
        left = QVBoxLayout()
        left.addWidget(
            note_label(
                tr(
                    "ルール要約が名前だけを挙げている表です。要約にない値は「未設定」のまま同梱しています。"
                    "ルールブックの値を入れてください。未設定の値を使う機能は、入力されるまで使えません。"
                )
            )
        )
        left.addWidget(self.table_list, 1)
        # a splitter: the GM may widen the list, whose longest English titles do not fit a fixed width
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        for part, stretch in ((left, 0), (right, 1)):
            holder = QWidget()
            holder.setLayout(part)
            part.setContentsMargins(0, 0, 0, 0)
            self.splitter.addWidget(holder)
            self.splitter.setStretchFactor(self.splitter.count() - 1, stretch)
        layout = QHBoxLayout(self)
        layout.addWidget(self.splitter)
        for table in model.rules.reference:
            item = QListWidgetItem()
            item.setData(Qt.ItemDataRole.UserRole, table.id)
            self.table_list.addItem(item)
        self.table_list.setCurrentRow(0)
        # the list as wide as its longest title (with 未設定), up to a third of a laptop screen
        list_width = min(self.table_list.sizeHintForColumn(0) + 28, LIST_MAX_WIDTH)
        self.splitter.setSizes([list_width, 1000])

    # ---- what is shown -------------------------------------------------------------------------
    @property
    def table_id(self) -> str:
        item = self.table_list.currentItem()
        return str(item.data(Qt.ItemDataRole.UserRole)) if item else self.model.rules.reference[0].id

    def table(self) -> ReferenceTable:
        return self.model.reference.table(self.table_id)

    def reload(self) -> None:
        for index in range(self.table_list.count()):
            item = self.table_list.item(index)
            table = self.model.reference.table(str(item.data(Qt.ItemDataRole.UserRole)))
            text = tr("{0} — {1}").format(shown_message(table.title), table.source)
            item.setText(text + (tr("（未設定）") if table.is_empty else ""))
            item.setToolTip(tr("1行 = {0}").format(shown_message(table.row_label)))
            font = item.font()
            font.setBold(self.model.edits.is_edited("tables", table.id))
            item.setFont(font)
        table = self.table()
        self.title_label.setText(
            f"<b>{shown_message(table.title)}</b>　{table.source}<br>"
            + tr("1行 = {0}").format(shown_message(table.row_label))
        )
        self.note.setText(shown_message(table.note))
        self._fill(table)
        hint = tr("新しい行: {0}").format(shown_message(table.row_label))
        self.new_row.setPlaceholderText(hint)
        # never narrower than its hint (English 「New row: The physician's test」 was cut)
        self.new_row.setMinimumWidth(self.new_row.fontMetrics().horizontalAdvance(hint + "MM"))
        self.new_row.setEnabled(not table.fixed_rows)
        self.add_button.setEnabled(not table.fixed_rows)
        self.remove_button.setEnabled(not table.fixed_rows and bool(table.rows))
        self.reset_table_button.setEnabled(self.model.edits.is_edited("tables", table.id))

    def _fill(self, table: ReferenceTable) -> None:
        self._filling = True
        try:
            self.grid.clear()
            self.grid.setColumnCount(len(table.columns) + 1)
            self.grid.setHorizontalHeaderLabels(
                [shown_message(table.row_label), *(shown_message(c.label) for c in table.columns)]
            )
            self.grid.setRowCount(len(table.rows))
            muted = tone_colour("muted")
            for r, row in enumerate(table.rows):
                name = QTableWidgetItem(row.name)
                if table.fixed_rows:  # the text's rows: named in the UI language, not renamed
                    name.setText(shown_message(row.name))
                    name.setFlags(name.flags() & ~Qt.ItemFlag.ItemIsEditable)
                self.grid.setItem(r, 0, name)
                for c, column in enumerate(table.columns, start=1):
                    value = row.get(column.id)
                    item = QTableWidgetItem(shown_cell(column, value))
                    if value is None:
                        item.setForeground(muted)
                        item.setToolTip(tr("未設定: ルールブックの値を入れてください"))
                    self.grid.setItem(r, c, item)
            self.grid.resizeColumnsToContents()
        finally:
            self._filling = False

    def show_cell(self, cell: CellRef) -> None:
        """The table of `cell` with that cell current and its editor open (a step waits for it); a
        row the table lacks is offered as the new row's name."""
        for index in range(self.table_list.count()):
            if self.table_list.item(index).data(Qt.ItemDataRole.UserRole) == cell.table:
                self.table_list.setCurrentRow(index)
                break
        else:
            return
        table = self.table()
        row = next((r for r, shown in enumerate(table.rows) if shown.name == cell.row), None)
        if row is None:
            if not table.fixed_rows:
                self.new_row.setText(cell.row)
                self.new_row.selectAll()
                self.new_row.setFocus()
            return
        ids = [c.id for c in table.columns]
        column = ids.index(cell.column) + 1 if cell.column in ids else 0
        self.grid.setCurrentCell(row, column)
        item = self.grid.item(row, column)
        self.grid.setFocus()
        if item is not None:  # `_fill` makes every cell
            self.grid.scrollToItem(item)
            self.grid.editItem(item)

    # ---- edits ------------------------------------------------------------------------------------
    def _on_item_changed(self, item: QTableWidgetItem) -> None:
        if self._filling:
            return
        table = self.table()
        row, col = item.row(), item.column()
        if col == 0:
            self.attempt(partial(self.model.reference.set_cell, table.id, row, NAME, item.text().strip()))
            return
        column = table.columns[col - 1]
        self.attempt(partial(self.model.reference.set_cell_text, table.id, row, column.id, item.text()))

    def _add_row(self) -> None:
        name = self.new_row.text().strip()
        if self.attempt(partial(self.model.reference.add_row, self.table_id, name)):
            self.new_row.clear()
            columns = self.table().columns  # the new row's values are what the GM types next
            if columns:
                self.show_cell(CellRef(self.table_id, name, columns[0].id))

    def _remove_row(self) -> None:
        rows = sorted({i.row() for i in self.grid.selectedIndexes()})
        if len(rows) == 1:
            self.attempt(partial(self.model.reference.remove_row, self.table_id, rows[0]))
        else:
            self.refuse(tr("削除する行を一つ選んでください"))

    def _reset_table(self) -> None:
        self.attempt(partial(self.model.reference.reset, self.table_id))
