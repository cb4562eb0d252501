"""The GM's house rules for the LotR tables: applied where the engine reads them, refused when bad."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gmtool.rules.data import RuleDataError
from gmtool.rules.systems.lotr.advancement import pick_cost
from gmtool.rules.systems.lotr.checks import LotRRoller, RollSpec
from gmtool.rules.systems.lotr.creation import PACKAGE, CreationDraft, build_character, problems
from gmtool.rules.systems.lotr.derived import condition_penalty, modifiers, skill_attribute, wound_track
from gmtool.rules.systems.lotr.overrides import apply_overrides, overrides_problem, rules_to_tables
from gmtool.rules.systems.lotr.overrides_document import diff_document, with_value, without_value
from gmtool.rules.systems.lotr.rules_data import Degree, lotr_rules, rules_from_tables

SHIPPED = lotr_rules()


def hobbit(**changes: object) -> CreationDraft:
    """A Harfoot Warrior by the random method, everything but the skills filled in."""
    draft = CreationDraft(
        name="サム",
        race="hobbit",
        subrace="harfoot",
        order="warrior",
        method="random",
        rolls=(9, 8, 8, 7, 7, 6, 5, 4, 3),
        assigned={"nim": 9, "per": 8, "wit": 8, "brg": 7, "vit": 7, "str": 6},
        favoured_attributes=("nim", "vit"),
        favoured_reaction="stamina",
        order_ability="Swordmaster",
    )
    return replace(draft, **changes)


def at_level(index: int, rules):
    """A built hobbit whose damage puts them at wound level `index` (0 = Healthy)."""
    character = build_character(hobbit(skill_mode="custom", order_ranks={"Stealth": 3}), False, rules)
    return replace(character, damage=character.health * index)


def test_no_document_or_an_empty_one_is_the_shipped_tables():
    assert apply_overrides(SHIPPED, None) is SHIPPED
    assert apply_overrides(SHIPPED, {}) is SHIPPED
    # The round trip through the loader's raw tables gives back exactly what was loaded.
    assert apply_overrides(SHIPPED, {"schema": 1}) == SHIPPED
    assert rules_from_tables(rules_to_tables(SHIPPED), {n: n for n in rules_to_tables(SHIPPED)}) == SHIPPED


def test_wounded_penalty_set_by_the_gm_reaches_the_condition_penalty():
    wounded = at_level(3, SHIPPED)
    track = wound_track(wounded, SHIPPED)
    assert track.level.id == "wounded" and track.penalty_unset
    # The summary gives no value, and no lighter level has one either: counted 0
    assert condition_penalty(wounded, SHIPPED) == 0

    house = apply_overrides(SHIPPED, {"wound_penalties": {"wounded": -3, "dazed": -1}})
    assert condition_penalty(wounded, house) == -3
    assert not wound_track(wounded, house).penalty_unset
    assert condition_penalty(at_level(1, house), house) == -1  # the GM's Dazed −1
    assert condition_penalty(at_level(2, house), house) == -1  # Injured, empty: Dazed's (lighter)


def test_clearing_a_known_penalty_makes_it_unset_again():
    house = apply_overrides(
        SHIPPED, {"weariness_penalties": {"exhausted": None}, "wound_penalties": {"dazed": None}}
    )
    assert house.weariness_levels[-1].penalty is None
    assert wound_track(at_level(1, house), house).penalty_unset


def test_harfoot_bonuses_set_by_the_gm_are_used():
    assert SHIPPED.race_bonuses("hobbit", "harfoot") == ({}, False)
    house = apply_overrides(
        SHIPPED,
        {"races": {"hobbit": {"subraces": {"harfoot": {"bonuses": {"nim": 2, "str": -1, "wit": 0}}}}}},
    )
    assert house.race_bonuses("hobbit", "harfoot") == ({"nim": 2, "str": -1}, True)
    assert house.race_bonuses("hobbit", "stoor") == ({}, False)
    character = build_character(hobbit(order_ranks={"Stealth": 3}), False, house)
    assert character.attributes.nim == 11 and character.attributes.str == 5


def test_order_package_set_by_the_gm_makes_package_mode_possible():
    draft = hobbit(skill_mode=PACKAGE)
    complaint = "この職業のパッケージの中身はルールデータにありません"
    assert any(complaint in p.message for p in problems(draft, SHIPPED))
    house = apply_overrides(
        SHIPPED,
        {
            "orders": {
                "warrior": {
                    "skills": ["Armed Combat", "Observe"],
                    "package": {"Armed Combat": 3},
                    "courage": 1,
                }
            }
        },
    )
    assert not any(complaint in p.message for p in problems(draft, house))
    assert house.order("warrior").skills == ("Armed Combat", "Observe")
    assert house.order("warrior").courage == 1 and SHIPPED.order("warrior").courage is None


def test_modifier_table_degrees_skills_and_picks_reach_the_engine():
    house = apply_overrides(
        SHIPPED,
        {
            "modifier_rows": [{"low": 0, "high": 5, "modifier": -1}, {"low": 6, "high": 11, "modifier": 0}],
            "beyond_step": 3,
            "degrees": {"superior_success": 5, "extraordinary_success": 9},
            "skills": {
                "Run": {"attribute": "str", "untrained": True},
                "Cooking": {"name_ja": "料理"},
                "Siegecraft": None,
            },
            "picks": {"attribute": 3, "skill_rank": 2},
        },
    )
    assert [house.modifier(v) for v in (5, 6, 11, 12, 14, 15)] == [-1, 0, 0, 1, 1, 2]
    assert house.beyond_from == 12
    character = at_level(0, house)
    assert modifiers(character, house)["nim"] == 0  # NIM 9 is in the GM's 6–11 row
    # A margin of 5 is now Superior, 9 Extraordinary.
    spec = RollSpec(LotRRoller(rank=0), tn=10, bands=house.degree_bands())
    assert spec.judge(15) == Degree.SUPERIOR_SUCCESS and spec.judge(19) == Degree.EXTRAORDINARY_SUCCESS
    assert house.skill("Run").attribute == "str" and house.skill("Run").untrained is True
    assert house.skill("Cooking").name_ja == "料理" and house.skill("Siegecraft") is None
    assert skill_attribute(character.skills[0], house) == "wit"  # Stealth: untouched
    assert pick_cost(character, "attribute", "str", house) == 3
    assert "skill_rank" not in house.inferred_picks and "skill_rank" in SHIPPED.inferred_picks


@pytest.mark.parametrize(
    ("document", "named"),
    [
        ({"wound_penalties": {"wounded": 3}}, "wound_penalties.wounded"),
        ({"weariness_penalties": {"tired": "-2"}}, "weariness_penalties.tired"),
        ({"wound_penalties": {"bleeding": -1}}, "wound_penalties.bleeding"),
        ({"races": {"orc": {"courage": 1}}}, "races.orc"),
        ({"races": {"hobbit": {"subraces": {"kender": {"bonuses": {}}}}}}, "races.hobbit.subraces.kender"),
        (
            {"races": {"hobbit": {"subraces": {"harfoot": {"bonuses": {"nim": "2"}}}}}},
            "races.hobbit.subraces.harfoot.bonuses.nim",
        ),
        ({"races": {"hobbit": {"subraces": {"harfoot": {"bonuses": {"dex": 1}}}}}}, "dex"),
        ({"races": {"hobbit": {"bonuses": {"nim": 1}}}}, "races.hobbit.bonuses"),
        ({"races": {"dwarf": {"wound_levels": 7}}}, "races.dwarf.wound_levels"),
        ({"races": {"dwarf": {"size": "tiny"}}}, "races.dwarf.size"),
        ({"degrees": {"superior_success": 0}}, "min_margin は昇順"),
        ({"degrees": {"complete_success": "1"}}, "degrees.complete_success"),
        ({"degrees": {"disastrous_failure": -20}}, "degrees.disastrous_failure"),
        ({"degrees": {"marginal_success": -1, "failure": -6}}, "Marginal Success"),
        ({"picks": {"attribute": "3"}}, "picks.attribute"),
        ({"picks": {"attribute": True}}, "picks.attribute"),
        ({"picks": {"mana": 1}}, "picks.mana"),
        ({"picks": {"edge": -1}}, "picks.edge"),
        ({"orders": {"warrior": {"package": {"Armed Combat": -1}}}}, "orders.warrior.package.Armed Combat"),
        ({"orders": {"warrior": {"skills": "Armed Combat"}}}, "orders.warrior.skills"),
        ({"orders": {"bard": {}}}, "orders.bard"),
        ({"skills": {"Run": {"attribute": "agi"}}}, "skills.Run.attribute"),
        ({"skills": {"Run": {"untrained": "yes"}}}, "skills.Run.untrained"),
        ({"skills": {"Flying": None}}, "skills.Flying"),
        ({"skills": []}, "skills"),
        (
            {"modifier_rows": [{"low": 0, "high": 3, "modifier": -1}, {"low": 5, "high": 9, "modifier": 0}]},
            "rows",
        ),
        (
            {"modifier_rows": [{"low": 0, "high": 3, "modifier": 1}, {"low": 4, "high": 9, "modifier": 0}]},
            "rows",
        ),
        ({"beyond_step": 0}, "beyond_step"),
        ({"wound_penalty": {"wounded": -3}}, "wound_penalty"),
        ({"schema": 2}, "schema"),
        ({"races": ["hobbit"]}, "races"),
    ],
)
def test_bad_documents_are_refused_naming_the_key(document, named):
    with pytest.raises(RuleDataError) as refusal:
        apply_overrides(SHIPPED, document)
    assert named in str(refusal.value)
    assert str(refusal.value).startswith("ハウスルール")
    assert overrides_problem(SHIPPED, document) == str(refusal.value)


def test_a_document_that_is_not_a_table_is_refused():
    assert "表でなければ" in overrides_problem(SHIPPED, ["wound_penalties"])
    assert overrides_problem(SHIPPED, {"wound_penalties": {"wounded": -3}}) is None


def test_diff_keeps_only_the_changes_and_applies_back():
    document = {
        "wound_penalties": {"wounded": -3, "dazed": None},  # Dazed empty is the shipped value: dropped
        "races": {
            "dwarf": {"courage": 1, "bonuses": {"str": 2, "vit": 2}},
            "hobbit": {"subraces": {"stoor": {"bonuses": {"vit": 1}}}},
        },
        "skills": {"Run": {"attribute": "str"}, "Cooking": {"name_ja": "料理"}, "Stonecraft": None},
        "picks": {"new_order": 5, "edge": 2},
    }
    edited = apply_overrides(SHIPPED, document)
    diff = diff_document(SHIPPED, edited)
    assert diff == {
        "schema": 1,
        "wound_penalties": {"wounded": -3},
        "races": {
            "dwarf": {"courage": 1},  # the same bonuses as shipped are not stored
            "hobbit": {"subraces": {"stoor": {"bonuses": {"vit": 1}, "bonuses_known": True}}},
        },
        "skills": {
            "Stonecraft": None,
            "Run": {"attribute": "str"},
            "Cooking": {"name_ja": "料理", "attribute": "", "group": False},
        },
        "picks": {"edge": 2},
    }
    assert apply_overrides(SHIPPED, diff) == edited
    assert diff_document(SHIPPED, SHIPPED) == {}


def test_a_reordered_skill_list_is_stored_whole():
    rows = rules_to_tables(SHIPPED)["skills"]["skills"][::-1]
    edited = apply_overrides(SHIPPED, {"skills": rows})
    assert edited.skills[0].name == "Stonecraft"
    diff = diff_document(SHIPPED, edited)
    assert isinstance(diff["skills"], list)
    assert apply_overrides(SHIPPED, diff) == edited


def test_editing_helpers_set_and_drop_nested_values():
    document = with_value({}, ("races", "hobbit", "subraces", "harfoot", "bonuses"), {"nim": 1})
    assert document == {"races": {"hobbit": {"subraces": {"harfoot": {"bonuses": {"nim": 1}}}}}}
    document = with_value(document, ("picks", "edge"), 2)
    assert without_value(document, ("races", "hobbit", "subraces", "harfoot", "bonuses")) == {
        "picks": {"edge": 2}
    }
    assert without_value(document, ("orders", "warrior", "skills")) == document  # nothing there: unchanged
    assert document["picks"] == {"edge": 2}  # the helpers copy: the input is untouched
