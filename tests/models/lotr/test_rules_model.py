"""The campaign's LotR rule tables: GM edits stored with the campaign, undoable, bad ones refused;
the general tables (penalties, degrees, the attribute modifier table)."""

from __future__ import annotations

import pytest

from gmtool.models.lotr.rules_model import (
    LotRRulesModel,
    campaign_lotr_rules,
)
from gmtool.rules.systems.lotr.derived import condition_penalty
from gmtool.rules.systems.lotr.rules_data import lotr_rules
from tests.models.lotr.rules_fixtures import stored_document, wounded_character


def test_wounded_penalty_edit_changes_the_condition_penalty_and_undo_restores(empty_campaign_model):
    model = LotRRulesModel(empty_campaign_model)
    character = wounded_character()
    assert condition_penalty(character, campaign_lotr_rules(empty_campaign_model)) == 0

    model.set_penalty("wound", "wounded", -3)
    assert condition_penalty(character, campaign_lotr_rules(empty_campaign_model)) == -3
    assert stored_document(empty_campaign_model) == {"schema": 1, "wound_penalties": {"wounded": -3}}
    assert model.edits.is_edited("wound_penalties", "wounded") and not model.edits.is_edited(
        "wound_penalties", "dazed"
    )
    assert empty_campaign_model.undo_stack.undoText() == "ルール表: Wounded（重傷） のペナルティ"

    empty_campaign_model.undo_stack.undo()
    assert condition_penalty(character, campaign_lotr_rules(empty_campaign_model)) == 0
    assert stored_document(empty_campaign_model) is None
    assert not model.edits.is_edited("wound_penalties", "wounded")
    empty_campaign_model.undo_stack.redo()
    assert condition_penalty(character, campaign_lotr_rules(empty_campaign_model)) == -3


def test_every_change_and_undo_is_announced(qtbot, empty_campaign_model):
    model = LotRRulesModel(empty_campaign_model)
    with qtbot.waitSignal(model.changed):
        model.set_pick_cost("attribute", 3)
    with qtbot.waitSignal(model.changed):
        empty_campaign_model.undo_stack.undo()
    assert lotr_rules().picks.get("attribute") is None


def test_positive_penalty_is_refused_naming_the_key_and_nothing_is_stored(empty_campaign_model):
    model = LotRRulesModel(empty_campaign_model)
    with pytest.raises(ValueError, match=r"wound_penalties\.wounded: ペナルティは 0 以下"):
        model.set_penalty("wound", "wounded", 2)
    with pytest.raises(ValueError, match=r"picks\.edge"):
        model.set_pick_cost("edge", "2")
    with pytest.raises(ValueError, match="min_margin は昇順"):
        model.set_degree_margin("complete_success", 7)
    assert stored_document(empty_campaign_model) is None
    assert empty_campaign_model.undo_stack.count() == 0


def test_modifier_rows_stay_contiguous_when_an_upper_end_moves(empty_campaign_model):
    model = LotRRulesModel(empty_campaign_model)
    model.set_modifier_row(3, high=8)  # 4–7 → 4–8: the +1 row now starts at 9
    rules = campaign_lotr_rules(empty_campaign_model)
    assert rules.modifier_rows[3:5] == ((4, 8, 0), (9, 9, 1))
    assert (rules.modifier(8), rules.modifier(9)) == (0, 1)
    with pytest.raises(ValueError, match="rows は切れ目なく"):
        model.set_modifier_row(3, high=10)  # would leave the 9–9 row empty
    with pytest.raises(ValueError, match="修正が昇順"):
        model.set_modifier_row(4, modifier=0)

    model.add_modifier_row()
    rules = campaign_lotr_rules(empty_campaign_model)
    assert rules.modifier_rows[-1] == (18, 18, 6) and rules.beyond_from == 19
    model.set_beyond_step(3)
    rules = campaign_lotr_rules(empty_campaign_model)
    assert [rules.modifier(v) for v in (18, 19, 21, 22)] == [6, 7, 7, 8]
    for _ in range(len(rules.modifier_rows) - 1):  # down to the first row
        model.remove_modifier_row()
    with pytest.raises(ValueError, match="最後の 1 行"):
        model.remove_modifier_row()
