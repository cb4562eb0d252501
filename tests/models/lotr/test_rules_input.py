"""What the GM types into the rule-table editor, read as the tables hold it."""

from __future__ import annotations

import pytest

from gmtool.models.lotr.rules_input import parse_cell, parse_int
from gmtool.rules.systems.lotr.reference_table_types import Column


def test_number_parsing():
    assert [parse_int(t) for t in ("−3", "－３", "+2", " 4 ", "")] == [-3, -3, 2, 4, None]
    with pytest.raises(ValueError, match="空欄にできません"):
        parse_int(" ", optional=False)
    with pytest.raises(ValueError, match="整数で入力してください"):
        parse_int("3.5")


def test_a_cell_is_read_as_its_column_holds_it():
    assert parse_cell(Column("tn", "TN"), " 12 ") == 12
    assert parse_cell(Column("tn", "TN"), "未設定") is None and parse_cell(Column("tn", "TN"), "") is None
    assert parse_cell(Column("big", "大型", "flag"), "はい") is True
    assert parse_cell(Column("big", "大型", "flag"), "no") is False
    with pytest.raises(ValueError, match="「はい」か「いいえ」"):
        parse_cell(Column("big", "大型", "flag"), "maybe")
    assert parse_cell(Column("damage", "ダメージ", "dice"), " 2d6+1 ") == "2d6+1"
