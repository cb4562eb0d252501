"""The GM's edits of the LotR tables as one document (`LotRRulesModel.edits`): only differences
stored, a reset of everything in one undo step, a damaged stored value falling back visibly."""

from __future__ import annotations

import sqlite3

from gmtool.models.lotr.rules_model import (
    RULES_KEY,
    LotRRulesModel,
    campaign_lotr_rules,
    campaign_rules_problem,
)
from gmtool.rules.systems.lotr.rules_data import lotr_rules
from tests.models.lotr.rules_fixtures import stored_document


def test_reset_all_goes_back_to_the_shipped_tables_in_one_undo_step(empty_campaign_model):
    model = LotRRulesModel(empty_campaign_model)
    model.set_penalty("weariness", "winded", -1)
    model.set_degree_margin("superior_success", 5)
    model.edits.reset_all()
    assert campaign_lotr_rules(empty_campaign_model) == lotr_rules()
    assert not model.edits.is_edited_any()
    empty_campaign_model.undo_stack.undo()
    rules = campaign_lotr_rules(empty_campaign_model)
    assert rules.weariness_levels[1].penalty == -1 and rules.band("superior_success").min_margin == 5


def test_corrupt_stored_document_falls_back_with_a_visible_problem(empty_campaign_model):
    empty_campaign_model.campaign.set_session(RULES_KEY, {"wound_penalties": {"wounded": 5}})
    model = LotRRulesModel(empty_campaign_model)
    assert campaign_lotr_rules(empty_campaign_model) == lotr_rules()
    problem = campaign_rules_problem(empty_campaign_model)
    assert "同梱の表を使っています" in problem and "wound_penalties.wounded" in problem
    assert model.problem == problem

    model.set_penalty("wound", "wounded", -2)  # an edit replaces the bad document
    assert campaign_rules_problem(empty_campaign_model) is None
    assert stored_document(empty_campaign_model) == {"schema": 1, "wound_penalties": {"wounded": -2}}
    empty_campaign_model.undo_stack.undo()  # and undo brings the bad one back, still not crashing
    assert campaign_rules_problem(empty_campaign_model) is not None


def test_unreadable_stored_value_falls_back_with_a_visible_problem(empty_campaign_model):
    path = empty_campaign_model.campaign.path
    empty_campaign_model.campaign.set_session(RULES_KEY, {})
    with sqlite3.connect(path) as raw:  # damaged by hand: not JSON at all
        raw.execute("UPDATE session SET value = ? WHERE key = ?", ("{not json", RULES_KEY))
    assert campaign_lotr_rules(empty_campaign_model) == lotr_rules()
    assert "lotr.rules" in campaign_rules_problem(empty_campaign_model)


def test_the_stored_document_holds_only_differences(empty_campaign_model):
    model = LotRRulesModel(empty_campaign_model)
    model.set_penalty("wound", "dazed", None)  # the shipped value (未設定): nothing to store
    assert stored_document(empty_campaign_model) is None
    assert empty_campaign_model.undo_stack.count() == 0
    model.set_penalty("wound", "dazed", -1)  # the GM enters a value the summary does not give
    assert stored_document(empty_campaign_model) == {"schema": 1, "wound_penalties": {"dazed": -1}}
    assert campaign_lotr_rules(empty_campaign_model).wound_levels[1].penalty == -1
    model.set_penalty("wound", "dazed", None)  # cleared again: back to the shipped table
    assert stored_document(empty_campaign_model) is None
