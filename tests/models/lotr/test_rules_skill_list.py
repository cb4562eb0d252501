"""The rule-table editor's skill list (`LotRRulesModel.skills`): a skill's values, adding and
removing skills, a hand-reordered list kept whole."""

from __future__ import annotations

import pytest

from gmtool.models.lotr.rules_model import (
    RULES_KEY,
    LotRRulesModel,
    campaign_lotr_rules,
)
from gmtool.rules.systems.lotr.overrides import rules_to_tables
from gmtool.rules.systems.lotr.rules_data import lotr_rules
from tests.models.lotr.rules_fixtures import stored_document


def test_skill_list_edits(empty_campaign_model):
    model = LotRRulesModel(empty_campaign_model)
    model.skills.set_value("Run", "attribute", "str")
    model.skills.set_value("Run", "untrained", True)
    model.skills.add("Cooking", "料理")
    model.skills.remove("Siegecraft")
    rules = campaign_lotr_rules(empty_campaign_model)
    assert rules.skill("Run").attribute == "str" and rules.skill("Run").untrained is True
    assert rules.skill("Cooking").name_ja == "料理" and rules.skill("Siegecraft") is None
    assert stored_document(empty_campaign_model)["skills"] == {
        "Siegecraft": None,
        "Run": {"attribute": "str", "untrained": True},
        "Cooking": {"name_ja": "料理", "attribute": "", "group": False},
    }
    assert model.edits.is_edited("skills", "Run", "attribute") and not model.edits.is_edited(
        "skills", "Run", "group"
    )
    with pytest.raises(ValueError, match="もう技能一覧にあります"):
        model.skills.add("Cooking")
    with pytest.raises(ValueError, match=r"skills\.Run\.attribute"):
        model.skills.set_value("Run", "attribute", "agi")
    model.skills.set_value("Run", "untrained", None)
    assert campaign_lotr_rules(empty_campaign_model).skill("Run").untrained is None


def test_a_reordered_skill_list_keeps_being_stored_whole(empty_campaign_model):
    rows = rules_to_tables(lotr_rules())["skills"]["skills"][::-1]  # a hand-edited file reordered them
    empty_campaign_model.campaign.set_session(RULES_KEY, {"skills": rows})
    model = LotRRulesModel(empty_campaign_model)
    model.skills.set_value("Run", "attribute", "vit")
    model.skills.add("Cooking")
    model.skills.remove("Acrobatics")
    rules = campaign_lotr_rules(empty_campaign_model)
    assert (rules.skills[0].name, rules.skills[-1].name) == ("Stonecraft", "Cooking")
    assert rules.skill("Run").attribute == "vit" and rules.skill("Acrobatics") is None
    assert isinstance(stored_document(empty_campaign_model)["skills"], list)
    assert model.edits.is_edited("skills", "Observe")  # the whole list is the GM's
