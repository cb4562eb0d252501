"""What the GM types into the LotR rule-table editor, read as the tables hold it: a whole number
(「−3」「－３」「+2」), 未設定, a yes/no flag, a text.  A value that cannot be read is refused with a
sentence saying what to type.  (The texts keep the editor's translation context.)"""

from __future__ import annotations

import unicodedata

from PySide6.QtCore import QCoreApplication

from gmtool.rules.systems.lotr.reference_table_types import Cell, Column

UNSET_CELL = "未設定"  # what an empty reference-table cell shows, and may be typed back


def _tr(text: str) -> str:
    return QCoreApplication.translate("LotRRulesDialog", text)


def parse_int(text: str, optional: bool = True) -> int | None:
    """「−3」「－３」「+2」 → the integer; empty → None (未設定) where that is allowed."""
    cleaned = unicodedata.normalize("NFKC", text).replace("\u2212", "-").replace(" ", "")
    if not cleaned:
        if optional:
            return None
        raise ValueError(_tr("値を入れてください（この項目は空欄にできません）"))
    try:
        return int(cleaned)
    except ValueError:
        raise ValueError(_tr("整数で入力してください（入力: {0}）").format(text[:20])) from None


def parse_cell(column: Column, text: str) -> Cell:
    """What the GM typed in a reference table's cell, as the column holds it; empty or 「未設定」
    → None.  Dice and decimals are checked when the table is stored (reference_tables)."""
    cleaned = text.strip()
    if cleaned in ("", _tr(UNSET_CELL), UNSET_CELL):
        return None
    if column.kind == "int":
        return parse_int(cleaned)
    if column.kind == "flag":
        if cleaned in (_tr("はい"), "はい", "yes", "true", "1"):
            return True
        if cleaned in (_tr("いいえ"), "いいえ", "no", "false", "0"):
            return False
        raise ValueError(_tr("「はい」か「いいえ」で入力してください（入力: {0}）").format(cleaned[:20]))
    return cleaned
