"""The LotR tables the summary only refers to (Table 9.17, P.230, Table 9.41, …), as editable data.

The summary names these tables without reproducing them, so gmtool ships their structure with the
values empty (未設定) and the GM fills them in under ルール表 → 参照表.  Only what the summary itself
states is shipped as a value (the horse speeds of Table 9.22, the head shot's +12, Local 5 / Area 10).
The shipped tables are declared in reference_catalog.py; the campaign keeps a whole edited table
under the house-rules document's "tables" key (overrides.py).

A cell is an int, a short text, a dice text (「2d6+1」), a decimal (「1.5」) or a yes/no flag;
None is 未設定 everywhere, and the engine never reads None as a number.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Any

from gmtool.rules.data import RuleDataError, short_input
from gmtool.rules.message import Message
from gmtool.rules.systems.lotr.reference_table_types import (
    MAX_ROWS,
    MAX_TEXT,
    NAME,
    WHERE,
    Cell,
    CellRef,
    Column,
    ColumnKind,
    ReferenceRow,
    ReferenceTable,
    UnsetCell,
)

# The value types live in reference_table_types (views may import them); they are re-exported here.
__all__ = [
    "MAX_ROWS",
    "MAX_TEXT",
    "NAME",
    "WHERE",
    "Cell",
    "CellRef",
    "Column",
    "ColumnKind",
    "ReferenceRow",
    "ReferenceTable",
    "UnsetCell",
    "apply_tables",
    "cell_from_json",
    "diff_tables",
    "parse_decimal",
    "row_to_json",
    "table_from_json",
    "table_to_json",
    "with_cell",
    "with_row",
    "without_row",
]

_DECIMAL = re.compile(r"\d{1,7}(?:\.\d{1,6})?|\d{1,7}/[1-9]\d{0,6}")


def parse_decimal(text: str) -> Fraction:
    """「1.5」「37.5」「75/2」 → the exact number; anything else (an exponent such as 「1e999999」,
    which Fraction would expand before any range check, a sign, a zero denominator) is refused."""
    cleaned = text.strip()
    if not _DECIMAL.fullmatch(cleaned):
        raise ValueError(Message("「1.5」のような数でなければなりません（{0}）", cleaned[:20]))
    return Fraction(cleaned)


def row_to_json(table: ReferenceTable, row: ReferenceRow) -> dict[str, Any]:
    return {NAME: row.name, **{c.id: row.get(c.id) for c in table.columns}}


def table_to_json(table: ReferenceTable) -> list[dict[str, Any]]:
    return [row_to_json(table, r) for r in table.rows]


def _fail(where: str, detail: str) -> RuleDataError:
    return RuleDataError(Message("{0} {1}: {2}", WHERE, where, detail))


def cell_from_json(column: Column, value: Any, where: str) -> Cell:
    """One stored cell, checked; a bad one raises RuleDataError naming the table, row and column."""
    if value is None:
        return None
    place = Message("{0} / {1}", where, column.label)
    if column.kind == "flag":
        if not isinstance(value, bool):
            raise _fail(place, Message("はい・いいえ（true / false）で書きます（{0}）", short_input(value)))
        return value
    if column.kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise _fail(place, Message("整数でなければなりません（{0}）", short_input(value)))
        if not column.low <= value <= column.high:
            raise _fail(
                place, Message("{0} は {1}〜{2} の範囲外です", short_input(value), column.low, column.high)
            )
        return value
    if not isinstance(value, str) or len(value) > MAX_TEXT:
        detail = Message("{0}文字までの文字列でなければなりません（{1}）", MAX_TEXT, short_input(value))
        raise _fail(place, detail)
    text = value.strip()
    if column.kind == "dice" and text:
        from gmtool.rules.systems.lotr.attack import parse_damage  # the one dice reader

        try:
            parse_damage(text)
        except ValueError as error:
            raise _fail(place, str(error)) from None
    if column.kind == "decimal" and text:
        try:
            number = parse_decimal(text)
        except ValueError as error:
            raise _fail(place, str(error)) from None
        if not column.low <= number <= column.high:
            raise _fail(place, Message("{0} は {1}〜{2} の範囲外です", text, column.low, column.high))
    return text or None


def table_from_json(shipped: ReferenceTable, rows: Any) -> ReferenceTable:
    """The shipped table with the GM's whole edited rows; RuleDataError naming what is wrong."""
    if not isinstance(rows, list) or len(rows) > MAX_ROWS:
        raise _fail(shipped.title, Message("{0}行までの表の並びでなければなりません", MAX_ROWS))
    known = {NAME, *(c.id for c in shipped.columns)}
    parsed: list[ReferenceRow] = []
    for index, row in enumerate(rows, start=1):
        where = Message("{0} {1}行目", shipped.title, index)
        if not isinstance(row, Mapping):
            raise _fail(where, Message("{{列: 値}} の表でなければなりません"))
        unknown = sorted(str(k) for k in row if k not in known)
        if unknown:
            raise _fail(where, Message("知らない列です: {0}", short_input(", ".join(unknown))))
        name = row.get(NAME, "")
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_TEXT:
            raise _fail(where, Message("名前は{0}文字までの空でない文字列です", MAX_TEXT))
        cells = tuple((c.id, cell_from_json(c, row.get(c.id), where)) for c in shipped.columns)
        parsed.append(ReferenceRow(name.strip(), cells))
    names = [r.name for r in parsed]
    if len(set(names)) != len(names):
        raise _fail(shipped.title, Message("同じ名前の行が二つあります"))
    if shipped.fixed_rows and names != [r.name for r in shipped.rows]:
        raise _fail(shipped.title, Message("この表の行は本文のものです。値だけを変えられます"))
    return replace(shipped, rows=tuple(parsed))


def apply_tables(shipped: Sequence[ReferenceTable], document: Any) -> tuple[ReferenceTable, ...]:
    """The shipped tables with the document's edited ones in their place."""
    if document is None:
        return tuple(shipped)
    if not isinstance(document, Mapping):
        raise RuleDataError(Message("{0}: {{表: 行の並び}} でなければなりません", WHERE))
    by_id = {t.id: t for t in shipped}
    unknown = sorted(str(k) for k in document if k not in by_id)
    if unknown:
        raise RuleDataError(Message("{0}: 知らない表です: {1}", WHERE, short_input(", ".join(unknown))))
    return tuple(table_from_json(t, document[t.id]) if t.id in document else t for t in shipped)


def diff_tables(shipped: Sequence[ReferenceTable], edited: Sequence[ReferenceTable]) -> dict[str, Any]:
    """The edited tables, each whole, that differ from the shipped ones."""
    base = {t.id: t for t in shipped}
    return {t.id: table_to_json(t) for t in edited if t.id in base and t.rows != base[t.id].rows}


def with_cell(table: ReferenceTable, row_index: int, column: str, value: Cell) -> list[dict[str, Any]]:
    """The table's rows as stored, with one cell (or the row's name, column NAME) changed."""
    rows = table_to_json(table)
    rows[row_index][column] = value
    return rows


def with_row(table: ReferenceTable, name: str) -> list[dict[str, Any]]:
    return [*table_to_json(table), {NAME: name, **{c.id: None for c in table.columns}}]


def without_row(table: ReferenceTable, row_index: int) -> list[dict[str, Any]]:
    rows = table_to_json(table)
    del rows[row_index]
    return rows
