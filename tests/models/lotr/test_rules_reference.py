"""ルール表 → 参照表 in the model (`LotRRulesModel.reference`): a cell and a row's name, rows added
and removed where the table allows it, a table back to the shipped one — each one undo step."""

from __future__ import annotations

import pytest

from gmtool.models.lotr.rules_model import LotRRulesModel
from gmtool.rules.systems.lotr.reference_catalog import COURAGE_TRAITS


def test_a_cell_is_set_and_unset_in_one_undo_step_each(empty_campaign_model):
    model = LotRRulesModel(empty_campaign_model).reference
    model.set_cell(COURAGE_TRAITS, 0, "per_point", 3)
    assert model.table(COURAGE_TRAITS).rows[0].get("per_point") == 3
    model.set_cell(COURAGE_TRAITS, 0, "per_point", None)
    assert model.table(COURAGE_TRAITS).rows[0].get("per_point") is None
    empty_campaign_model.undo_stack.undo()
    assert model.table(COURAGE_TRAITS).rows[0].get("per_point") == 3
    with pytest.raises(ValueError, match="その行はもうありません"):
        model.set_cell(COURAGE_TRAITS, 9, "per_point", 1)


def test_rows_are_added_and_removed_only_where_the_table_allows_it(empty_campaign_model):
    rules_model = LotRRulesModel(empty_campaign_model)
    model = rules_model.reference
    model.add_row(COURAGE_TRAITS, " Stout ")
    assert [r.name for r in model.table(COURAGE_TRAITS).rows][-1] == "Stout"
    with pytest.raises(ValueError, match="「Stout」はもうあります"):
        model.add_row(COURAGE_TRAITS, "Stout")
    with pytest.raises(ValueError, match="行の名前を入れてください"):
        model.add_row(COURAGE_TRAITS, " ")
    fixed = next(t.id for t in rules_model.rules.reference if t.fixed_rows)
    with pytest.raises(ValueError, match="この表の行は本文のものです"):
        model.add_row(fixed, "x")
    model.remove_row(COURAGE_TRAITS, len(model.table(COURAGE_TRAITS).rows) - 1)
    assert "Stout" not in [r.name for r in model.table(COURAGE_TRAITS).rows]


def test_a_table_goes_back_to_the_shipped_one(empty_campaign_model):
    rules_model = LotRRulesModel(empty_campaign_model)
    rules_model.reference.set_cell(COURAGE_TRAITS, 0, "per_point", 5)
    assert rules_model.edits.is_edited("tables", COURAGE_TRAITS)
    rules_model.reference.reset(COURAGE_TRAITS)
    assert not rules_model.edits.is_edited("tables", COURAGE_TRAITS)
    assert rules_model.reference.table(COURAGE_TRAITS) == rules_model.shipped.reference_table(COURAGE_TRAITS)


def test_a_cell_typed_is_read_as_its_column_holds_it(empty_campaign_model):
    model = LotRRulesModel(empty_campaign_model).reference
    model.set_cell_text(COURAGE_TRAITS, 0, "per_point", " ４ ")
    assert model.table(COURAGE_TRAITS).rows[0].get("per_point") == 4
    model.set_cell_text(COURAGE_TRAITS, 0, "per_point", "未設定")
    assert model.table(COURAGE_TRAITS).rows[0].get("per_point") is None
    with pytest.raises(ValueError, match="整数で入力してください"):
        model.set_cell_text(COURAGE_TRAITS, 0, "per_point", "two")
