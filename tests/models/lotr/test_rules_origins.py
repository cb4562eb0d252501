"""The rule-table editor's races and orders (`LotRRulesModel.origins`): race values and bonuses,
an order's package."""

from __future__ import annotations

import pytest

from gmtool.models.lotr.rules_model import (
    LotRRulesModel,
    campaign_lotr_rules,
)
from gmtool.rules.systems.lotr.creation import PACKAGE, CreationDraft, problems
from tests.models.lotr.rules_fixtures import NO_PACKAGE, stored_document


def test_harfoot_bonuses_become_known_and_reset_makes_them_unset(empty_campaign_model):
    model = LotRRulesModel(empty_campaign_model)
    model.origins.set_bonus("hobbit", "harfoot", "nim", None)  # an empty cell left empty: nothing to store
    assert empty_campaign_model.undo_stack.count() == 0

    model.origins.set_bonus("hobbit", "harfoot", "nim", 2)
    model.origins.set_bonus("hobbit", "harfoot", "str", -1)
    rules = campaign_lotr_rules(empty_campaign_model)
    assert rules.race_bonuses("hobbit", "harfoot") == ({"nim": 2, "str": -1}, True)
    assert model.edits.is_edited(*model.origins.bonus_path("hobbit", "harfoot"))
    model.origins.set_bonus("hobbit", "harfoot", "str", None)  # cleared once known: 0
    assert campaign_lotr_rules(empty_campaign_model).race_bonuses("hobbit", "harfoot") == ({"nim": 2}, True)

    model.origins.reset_bonuses("hobbit", "harfoot")
    assert campaign_lotr_rules(empty_campaign_model).race_bonuses("hobbit", "harfoot") == ({}, False)
    assert stored_document(empty_campaign_model) is None
    assert (
        empty_campaign_model.undo_stack.undoText()
        == "ルール表を既定に戻す: Harfoot（ハーフット） の能力値ボーナス"
    )


def test_race_values_and_a_race_with_subraces_refusing_race_bonuses(empty_campaign_model):
    model = LotRRulesModel(empty_campaign_model)
    model.origins.set_race_value("dwarf", "courage", 1)
    model.origins.set_race_value("dwarf", "size", "medium")
    dwarf = campaign_lotr_rules(empty_campaign_model).race("dwarf")
    assert (dwarf.courage, dwarf.size) == (1, "medium")
    with pytest.raises(ValueError, match=r"races\.elf\.bonuses"):
        model.origins.set_bonus("elf", "", "brg", 1)
    with pytest.raises(ValueError, match=r"races\.dwarf\.wound_levels"):
        model.origins.set_race_value("dwarf", "wound_levels", 0)


def test_order_package_makes_package_mode_acceptable(empty_campaign_model):
    model = LotRRulesModel(empty_campaign_model)
    draft = CreationDraft(race="dwarf", order="warrior", skill_mode=PACKAGE)
    assert any(NO_PACKAGE in p.message for p in problems(draft, campaign_lotr_rules(empty_campaign_model)))
    model.origins.set_order_value("warrior", "package", {"Armed Combat": 3, "Observe": 2})
    model.origins.set_order_value("warrior", "skills", ["Armed Combat", "Observe"])
    rules = campaign_lotr_rules(empty_campaign_model)
    assert not any(NO_PACKAGE in p.message for p in problems(draft, rules))
    assert rules.order("warrior").skills == ("Armed Combat", "Observe")
    with pytest.raises(ValueError, match=r"orders\.warrior\.package\.Observe"):
        model.origins.set_order_value("warrior", "package", {"Observe": -2})
