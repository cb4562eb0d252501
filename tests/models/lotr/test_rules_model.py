"""The campaign's LotR rule tables: GM edits stored with the campaign, undoable, bad ones refused."""

from __future__ import annotations

import sqlite3
from dataclasses import replace

import pytest

from gmtool.models.lotr.rules_model import (
    RULES_KEY,
    LotRRulesModel,
    campaign_lotr_rules,
    campaign_rules_problem,
)
from gmtool.rules.systems.lotr.creation import PACKAGE, CreationDraft, problems
from gmtool.rules.systems.lotr.derived import condition_penalty
from gmtool.rules.systems.lotr.overrides import rules_to_tables
from gmtool.rules.systems.lotr.rules_data import lotr_rules
from tests.qt_fixtures import sample_lotr_character, stored_session

NO_PACKAGE = "この職業のパッケージの中身はルールデータにありません"


def stored_document(campaign_model):
    """What a second program opening the campaign file reads."""
    return stored_session(campaign_model.campaign.path, RULES_KEY)


def wounded_character():
    """The sample hobbit with damage at the Wounded level (Healthy, Dazed, Injured, Wounded…)."""
    character = sample_lotr_character()
    return replace(character, damage=character.health * 3)


def test_wounded_penalty_edit_changes_the_condition_penalty_and_undo_restores(empty_campaign_model):
    model = LotRRulesModel(empty_campaign_model)
    character = wounded_character()
    assert condition_penalty(character, campaign_lotr_rules(empty_campaign_model)) == 0

    model.set_penalty("wound", "wounded", -3)
    assert condition_penalty(character, campaign_lotr_rules(empty_campaign_model)) == -3
    assert stored_document(empty_campaign_model) == {"schema": 1, "wound_penalties": {"wounded": -3}}
    assert model.is_edited("wound_penalties", "wounded") and not model.is_edited("wound_penalties", "dazed")
    assert empty_campaign_model.undo_stack.undoText() == "ルール表: Wounded（重傷） のペナルティ"

    empty_campaign_model.undo_stack.undo()
    assert condition_penalty(character, campaign_lotr_rules(empty_campaign_model)) == 0
    assert stored_document(empty_campaign_model) is None
    assert not model.is_edited("wound_penalties", "wounded")
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


def test_harfoot_bonuses_become_known_and_reset_makes_them_unset(empty_campaign_model):
    model = LotRRulesModel(empty_campaign_model)
    model.set_bonus("hobbit", "harfoot", "nim", None)  # an empty cell left empty: nothing to store
    assert empty_campaign_model.undo_stack.count() == 0

    model.set_bonus("hobbit", "harfoot", "nim", 2)
    model.set_bonus("hobbit", "harfoot", "str", -1)
    rules = campaign_lotr_rules(empty_campaign_model)
    assert rules.race_bonuses("hobbit", "harfoot") == ({"nim": 2, "str": -1}, True)
    assert model.is_edited(*model.bonus_path("hobbit", "harfoot"))
    model.set_bonus("hobbit", "harfoot", "str", None)  # cleared once known: 0
    assert campaign_lotr_rules(empty_campaign_model).race_bonuses("hobbit", "harfoot") == ({"nim": 2}, True)

    model.reset_bonuses("hobbit", "harfoot")
    assert campaign_lotr_rules(empty_campaign_model).race_bonuses("hobbit", "harfoot") == ({}, False)
    assert stored_document(empty_campaign_model) is None
    assert (
        empty_campaign_model.undo_stack.undoText()
        == "ルール表を既定に戻す: Harfoot（ハーフット） の能力値ボーナス"
    )


def test_race_values_and_a_race_with_subraces_refusing_race_bonuses(empty_campaign_model):
    model = LotRRulesModel(empty_campaign_model)
    model.set_race_value("dwarf", "courage", 1)
    model.set_race_value("dwarf", "size", "medium")
    dwarf = campaign_lotr_rules(empty_campaign_model).race("dwarf")
    assert (dwarf.courage, dwarf.size) == (1, "medium")
    with pytest.raises(ValueError, match=r"races\.elf\.bonuses"):
        model.set_bonus("elf", "", "brg", 1)
    with pytest.raises(ValueError, match=r"races\.dwarf\.wound_levels"):
        model.set_race_value("dwarf", "wound_levels", 0)


def test_order_package_makes_package_mode_acceptable(empty_campaign_model):
    model = LotRRulesModel(empty_campaign_model)
    draft = CreationDraft(race="dwarf", order="warrior", skill_mode=PACKAGE)
    assert any(NO_PACKAGE in p.message for p in problems(draft, campaign_lotr_rules(empty_campaign_model)))
    model.set_order_value("warrior", "package", {"Armed Combat": 3, "Observe": 2})
    model.set_order_value("warrior", "skills", ["Armed Combat", "Observe"])
    rules = campaign_lotr_rules(empty_campaign_model)
    assert not any(NO_PACKAGE in p.message for p in problems(draft, rules))
    assert rules.order("warrior").skills == ("Armed Combat", "Observe")
    with pytest.raises(ValueError, match=r"orders\.warrior\.package\.Observe"):
        model.set_order_value("warrior", "package", {"Observe": -2})


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


def test_skill_list_edits(empty_campaign_model):
    model = LotRRulesModel(empty_campaign_model)
    model.set_skill_value("Run", "attribute", "str")
    model.set_skill_value("Run", "untrained", True)
    model.add_skill("Cooking", "料理")
    model.remove_skill("Siegecraft")
    rules = campaign_lotr_rules(empty_campaign_model)
    assert rules.skill("Run").attribute == "str" and rules.skill("Run").untrained is True
    assert rules.skill("Cooking").name_ja == "料理" and rules.skill("Siegecraft") is None
    assert stored_document(empty_campaign_model)["skills"] == {
        "Siegecraft": None,
        "Run": {"attribute": "str", "untrained": True},
        "Cooking": {"name_ja": "料理", "attribute": "", "group": False},
    }
    assert model.is_edited("skills", "Run", "attribute") and not model.is_edited("skills", "Run", "group")
    with pytest.raises(ValueError, match="もう技能一覧にあります"):
        model.add_skill("Cooking")
    with pytest.raises(ValueError, match=r"skills\.Run\.attribute"):
        model.set_skill_value("Run", "attribute", "agi")
    model.set_skill_value("Run", "untrained", None)
    assert campaign_lotr_rules(empty_campaign_model).skill("Run").untrained is None


def test_reset_all_goes_back_to_the_shipped_tables_in_one_undo_step(empty_campaign_model):
    model = LotRRulesModel(empty_campaign_model)
    model.set_penalty("weariness", "winded", -1)
    model.set_degree_margin("superior_success", 5)
    model.reset_all()
    assert campaign_lotr_rules(empty_campaign_model) == lotr_rules()
    assert not model.is_edited_any()
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
    model.set_penalty("wound", "dazed", -1)  # the shipped value: nothing to store
    assert stored_document(empty_campaign_model) is None
    assert empty_campaign_model.undo_stack.count() == 0
    model.set_penalty("wound", "dazed", None)  # the GM clears a known value: stored as null
    assert stored_document(empty_campaign_model) == {"schema": 1, "wound_penalties": {"dazed": None}}
    assert campaign_lotr_rules(empty_campaign_model).wound_levels[1].penalty is None


def test_a_reordered_skill_list_keeps_being_stored_whole(empty_campaign_model):
    rows = rules_to_tables(lotr_rules())["skills"]["skills"][::-1]  # a hand-edited file reordered them
    empty_campaign_model.campaign.set_session(RULES_KEY, {"skills": rows})
    model = LotRRulesModel(empty_campaign_model)
    model.set_skill_value("Run", "attribute", "vit")
    model.add_skill("Cooking")
    model.remove_skill("Acrobatics")
    rules = campaign_lotr_rules(empty_campaign_model)
    assert (rules.skills[0].name, rules.skills[-1].name) == ("Stonecraft", "Cooking")
    assert rules.skill("Run").attribute == "vit" and rules.skill("Acrobatics") is None
    assert isinstance(stored_document(empty_campaign_model)["skills"], list)
    assert model.is_edited("skills", "Observe")  # the whole list is the GM's
