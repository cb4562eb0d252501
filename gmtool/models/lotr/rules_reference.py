"""ルール表 → 参照表: the tables the LotR summary only refers to (reference_tables.py), filled in
by the GM — a cell (None = 未設定), a row's name, a row added or removed, a table reset."""

from __future__ import annotations

from PySide6.QtCore import QObject

from gmtool.models.lotr.rules_edits import RuleEdits
from gmtool.models.lotr.rules_input import UNSET_CELL, parse_cell
from gmtool.models.shown_text import shown
from gmtool.rules.systems.lotr.reference_tables import (
    NAME,
    Cell,
    ReferenceTable,
    with_cell,
    with_row,
    without_row,
)


class LotRReferenceTables(QObject):
    def __init__(self, edits: RuleEdits, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._edits = edits

    def table(self, table_id: str) -> ReferenceTable:
        return self._edits.rules.reference_table(table_id)

    def set_cell(self, table_id: str, row_index: int, column: str, value: Cell) -> None:
        """One cell (or, column NAME, a row's name); None = 未設定.  One undo step."""
        table = self.table(table_id)
        if not 0 <= row_index < len(table.rows):
            raise ValueError(self.tr("その行はもうありません"))
        rows = with_cell(table, row_index, column, value)
        self._edits.set_value(("tables", table_id), rows, self._cell_named(table, row_index, column, value))

    def _cell_named(self, table: ReferenceTable, row_index: int, column: str, value: Cell) -> str:
        """The undo step names the cell and its new value: 「スタン: 棍棒 の ペナルティ −2」."""
        title, row = shown(table.title), shown(table.rows[row_index].name)  # a fixed row: the text's name
        if column == NAME:
            return self.tr("{0}: {1} の名前を「{2}」に").format(title, row, value)
        return self.tr("{0}: {1} の {2} {3}").format(
            title, row, shown(table.column(column).label), self._shown_value(value)
        )

    def _shown_value(self, value: Cell) -> str:
        if value is None:
            return self.tr(UNSET_CELL)
        if isinstance(value, bool):
            return self.tr("はい") if value else self.tr("いいえ")
        if isinstance(value, int) and value < 0:
            return f"−{-value}"  # the minus sign the rulebook prints
        return str(value)

    def set_cell_text(self, table_id: str, row_index: int, column: str, text: str) -> None:
        """A cell as the GM typed it (「未設定」 or empty: None), read as its column holds it."""
        self.set_cell(table_id, row_index, column, parse_cell(self.table(table_id).column(column), text))

    def add_row(self, table_id: str, name: str) -> None:
        table = self.table(table_id)
        if table.fixed_rows:
            raise ValueError(self.tr("この表の行は本文のものです。値だけを変えられます"))
        name = name.strip()
        if not name:
            raise ValueError(self.tr("行の名前を入れてください"))
        if table.row(name) is not None:
            raise ValueError(self.tr("「{0}」はもうあります").format(name))
        what = self.tr("{0} に「{1}」を追加").format(shown(table.title), name)
        self._edits.set_value(("tables", table_id), with_row(table, name), what)

    def remove_row(self, table_id: str, row_index: int) -> None:
        table = self.table(table_id)
        if table.fixed_rows:
            raise ValueError(self.tr("この表の行は本文のものです。値だけを変えられます"))
        if not 0 <= row_index < len(table.rows):
            raise ValueError(self.tr("削除する行を選んでください"))
        name = table.rows[row_index].name
        what = self.tr("{0} から「{1}」を削除").format(shown(table.title), name)
        self._edits.set_value(("tables", table_id), without_row(table, row_index), what)

    def reset(self, table_id: str) -> None:
        table = self.table(table_id)
        self._edits.reset_value(("tables", table_id), shown(table.title))
