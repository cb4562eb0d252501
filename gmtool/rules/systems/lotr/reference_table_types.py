"""The tables the LotR summary only refers to, as values: a column, a row, a table, a cell.

A value module (views may import it: it declares types and constants, no function).
`reference_tables` reads, checks and edits the tables with them and re-exports every name here.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

from gmtool.rules.message import Message

ColumnKind = Literal["int", "text", "dice", "decimal", "flag"]
Cell = int | str | bool | None
MAX_ROWS = 200  # a GM's table, not a database: bounded so a hostile document stays cheap
MAX_TEXT = 60
NAME = "name"  # every row's first cell: what the row is (a weapon, a distance, a level)
WHERE = Message("ルール表（参照表）")


@dataclass(frozen=True)
class Column:
    id: str
    label: str
    kind: ColumnKind = "int"
    low: int = -999
    high: int = 9999


@dataclass(frozen=True)
class ReferenceRow:
    name: str
    cells: tuple[tuple[str, Cell], ...] = ()  # (column id, value); a missing column = None

    def get(self, column: str) -> Cell:
        return next((v for k, v in self.cells if k == column), None)

    def number(self, column: str) -> Fraction | None:
        """A decimal or int cell as an exact number (None: 未設定)."""
        value = self.get(column)
        if value is None or isinstance(value, bool):
            return None
        return Fraction(value) if isinstance(value, int) else Fraction(str(value))


@dataclass(frozen=True)
class ReferenceTable:
    """fixed_rows: the rows are the text's own (levels, the five horse speeds): only their values
    are edited.  Otherwise the GM adds and removes rows (weapons, poisons, distances).
    source: the table's number and page as the summary cites them (no number it does not give)."""

    id: str
    title: str
    source: str  # where in the rulebook the real table is, as the summary cites it
    note: str
    columns: tuple[Column, ...]
    rows: tuple[ReferenceRow, ...] = ()
    fixed_rows: bool = False
    row_label: str = Message("名前")  # what one row stands for (a weapon, a wound level): the first column

    def row(self, name: str) -> ReferenceRow | None:
        return next((r for r in self.rows if r.name == name), None)

    def value(self, row_name: str, column: str) -> Cell:
        row = self.row(row_name)
        return None if row is None else row.get(column)

    def column(self, column_id: str) -> Column:
        return next(c for c in self.columns if c.id == column_id)

    @property
    def is_empty(self) -> bool:
        """No value set anywhere: the GM has not filled it in."""
        return all(v is None for r in self.rows for _, v in r.cells)


@dataclass(frozen=True)
class CellRef:
    """Where a value still 未設定 is filled in: a table's id, the row's name and the column's id.
    row "": the table has no row for it yet (the GM adds one); column "": the row as a whole."""

    table: str
    row: str = ""
    column: str = ""


class UnsetCell(Message):
    """A refusal because a referred table's cell is 未設定: the message, and where to fill it in as
    data (`cell`), so a view can offer to open the table there.  Composed into other messages it
    stays one of their values (`Message("{0}: {1}", where, refusal)` keeps it)."""

    cell: CellRef

    def __new__(cls, cell: CellRef, message: Message, /) -> UnsetCell:
        self = super().__new__(cls, "{0}", message)
        self.cell = cell
        return self

    def __getnewargs_ex__(self) -> tuple[tuple[Any, ...], dict[str, Any]]:
        return (self.cell, self.args[0]), {}
