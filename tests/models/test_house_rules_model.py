"""The campaign's house rules through the model: a flip is one undo step stored with the campaign,
the defaults are played until one is made, and an unreadable stored document plays the defaults
and says why instead of refusing the campaign."""

from __future__ import annotations

from gmtool.models.house_rules_model import HouseRulesModel, campaign_house_rules
from gmtool.rules.house_rules import HOUSE_RULES_KEY
from gmtool.rules.systems.aw.house_rules import WITHDRAW, WITHDRAW_EACH, WITHDRAW_SINGLE


def test_a_flip_is_one_undo_step_stored_with_the_campaign(empty_campaign_model):
    model = HouseRulesModel(empty_campaign_model)
    heard: list[None] = []
    model.changed.connect(lambda: heard.append(None))
    assert model.reading(WITHDRAW) == WITHDRAW_EACH  # the default: today's reading
    model.set_reading(WITHDRAW, WITHDRAW_SINGLE)
    stack = empty_campaign_model.undo_stack
    assert model.reading(WITHDRAW) == WITHDRAW_SINGLE and stack.count() == 1
    assert "封鎖されたエンゲージからの離脱" in stack.undoText()
    assert empty_campaign_model.session_value(HOUSE_RULES_KEY) == {WITHDRAW: WITHDRAW_SINGLE}
    model.set_reading(WITHDRAW, WITHDRAW_SINGLE)  # unchanged: no step
    assert stack.count() == 1
    stack.undo()
    assert model.reading(WITHDRAW) == WITHDRAW_EACH and len(heard) == 2
    assert empty_campaign_model.session_value(HOUSE_RULES_KEY) is None
    stack.redo()
    assert campaign_house_rules(empty_campaign_model).get(WITHDRAW) == WITHDRAW_SINGLE


def test_reset_puts_one_systems_switches_back_in_one_step(empty_campaign_model):
    model = HouseRulesModel(empty_campaign_model)
    model.set_reading(WITHDRAW, WITHDRAW_SINGLE)
    model.reset("aw")
    assert model.reading(WITHDRAW) == WITHDRAW_EACH
    empty_campaign_model.undo_stack.undo()
    assert model.reading(WITHDRAW) == WITHDRAW_SINGLE
    model.reset("lotr")  # nothing of LotR's was changed: no step
    assert empty_campaign_model.undo_stack.count() == 2


def test_an_unreadable_stored_document_plays_the_defaults_and_says_why(empty_campaign_model):
    empty_campaign_model.campaign.set_session(HOUSE_RULES_KEY, {WITHDRAW: "sometimes"})
    model = HouseRulesModel(empty_campaign_model)
    assert model.reading(WITHDRAW) == WITHDRAW_EACH
    assert "sometimes" in model.problem
    model.set_reading(WITHDRAW, WITHDRAW_SINGLE)  # a choice replaces the unreadable document
    assert model.problem == "" and model.reading(WITHDRAW) == WITHDRAW_SINGLE


def test_the_effect_shown_is_the_one_of_the_reading_played(empty_campaign_model):
    from gmtool.rules.house_rules import house_rule

    model = HouseRulesModel(empty_campaign_model)
    rule = house_rule(WITHDRAW)
    assert model.effect(WITHDRAW) == rule.reading(WITHDRAW_EACH).effect
    model.set_reading(WITHDRAW, WITHDRAW_SINGLE)
    single, each = rule.reading(WITHDRAW_SINGLE).effect, rule.reading(WITHDRAW_EACH).effect
    assert model.effect(WITHDRAW) == single != each
