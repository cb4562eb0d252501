"""The LotR sheet's model: the values the sheet shows beside the stored ones, its own edits (the
favoured attributes, the skill table) as one undo step each, and the models its boxes use."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gmtool.models.lotr.rules_model import LotRRulesModel
from gmtool.models.lotr.sheet_model import NEAR, REACHED, LotRSheetModel, split_list
from gmtool.rules.systems.lotr.character import Attributes
from tests.qt_fixtures import sample_lotr_character


def make_model(campaign_model, **changes) -> LotRSheetModel:
    character = replace(sample_lotr_character("ピピン"), **changes)
    character_id = campaign_model.insert_character("lotr", character, "x")
    campaign_model.undo_stack.clear()
    return LotRSheetModel(campaign_model, character_id)


def test_the_values_beside_the_stored_ones(empty_campaign_model):
    model = make_model(
        empty_campaign_model, attributes=Attributes(str=14, vit=8, nim=10, per=6, brg=7, wit=8)
    )
    values = model.values()
    assert (values.modifiers["str"], values.modifiers["nim"]) == (4, 2)
    assert values.caps["str"] == 12 and values.over_cap == ("str",)  # the Fallohide's bonuses: none set
    assert values.creation_reactions["stamina"] == 4  # max(STR, VIT modifiers)
    assert (values.creation_health, values.defence, values.damage_bonus) == (12, 12, 4)
    assert values.encumbrance == (140, 280, 420)


def test_skill_rows_add_the_key_attributes_modifier(empty_campaign_model):
    model = make_model(empty_campaign_model)
    stealth = next(row for row in model.skill_rows() if row.name == "Stealth")  # the list's Wits: 8
    assert (stealth.attribute, stealth.listed, stealth.ranks, stealth.modifier) == ("wit", True, 6, 1)
    assert (stealth.total, stealth.specialised_total) == (7, 9)
    lore = next(row for row in model.skill_rows() if row.name == "Lore: Realm (Shire)")
    assert (lore.attribute, lore.listed) == ("wit", False)  # the skill's own


def test_a_third_favoured_attribute_is_refused(empty_campaign_model):
    model = make_model(empty_campaign_model)
    with pytest.raises(ValueError, match="得意能力値は 2 つまでです"):
        model.set_favoured("str", True)
    model.set_favoured("nim", False)
    model.set_favoured("str", True)
    assert model.character.favoured_attributes == ("per", "str")
    assert empty_campaign_model.undo_stack.undoText() == "得意能力値を変更"


def test_the_skill_table_is_edited_one_undo_step_at_a_time(empty_campaign_model):
    model = make_model(empty_campaign_model)
    model.add_skill(" Ride ", "nim", 2, "Ponies、Horses", False)
    assert model.character.skill("Ride").specialisations == ("Ponies", "Horses")
    assert empty_campaign_model.undo_stack.undoText() == "技能 Ride の追加"
    with pytest.raises(ValueError, match="Ride はもう技能表にあります"):
        model.add_skill("Ride", "", 1, "", False)
    with pytest.raises(ValueError, match="特化が重複しています"):
        model.add_skill("Swim", "", 1, "A, A", False)
    row = [s.name for s in model.character.skills].index("Ride")
    model.update_skill(row, "Ride", "", 3, "", True)
    assert model.character.skill("Ride").ranks == 3 and empty_campaign_model.undo_stack.undoText() == (
        "技能 Ride の変更"
    )
    with pytest.raises(ValueError, match="技能を表で選んでください"):
        model.remove_skill(-1)
    model.remove_skill(row)
    assert model.character.skill("Ride") is None
    empty_campaign_model.undo_stack.undo()
    assert model.character.skill("Ride").ranks == 3


def test_corruption_against_bearing(empty_campaign_model):
    model = make_model(empty_campaign_model, corruption=5)  # Bearing 7
    assert model.corruption_standing == ""
    model.actions.set_corruption(6)
    assert model.corruption_standing == NEAR
    model.actions.set_corruption(7)
    assert model.corruption_standing == REACHED


def test_courage_spent_on_a_skill_counts_its_traits(empty_campaign_model):
    model = make_model(empty_campaign_model, edges=("Bold",), courage=5)
    LotRRulesModel(empty_campaign_model).reference.set_cell("courage_traits", 0, "per_point", None)
    with pytest.raises(ValueError, match="Bold の値が未設定"):
        model.spend_courage(1, "Ride")
    assert "（1点" not in model.spend_courage(1, "Stealth")  # Bold is for Ride only: +3
    LotRRulesModel(empty_campaign_model).reference.set_cell("courage_traits", 0, "per_point", 2)
    assert "+3 + Bold 2 = +5" in model.spend_courage(1, "Ride")
    assert model.character.courage_spent == 2


def test_a_rule_table_edit_is_told_as_a_change_and_the_renown_test_is_one(empty_campaign_model):
    model = make_model(empty_campaign_model)
    changes: list[bool] = []
    model.changed.connect(lambda: changes.append(True))
    LotRRulesModel(empty_campaign_model).set_degree_margin("complete_failure", -9)
    assert changes
    assert model.renown is model.renown and model.renown.character_id == model.character_id


def test_specialisations_are_split_at_either_comma():
    assert split_list(" Hide、Sneak ,Shadow，") == ("Hide", "Sneak", "Shadow")
