"""The 千幻抄 character against the rule text: at most three 類型 (「キャラクターは3つの類型を持つ」),
ラスボス never among them (「他の類型に加えて（数の制限に含めずに）」), an NPC's preset 縁故 from its own
類型, and the stored JSON document, including hostile ones."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from gmtool.rules.systems import get_system
from gmtool.rules.systems.sengensho.character import (
    LAST_BOSS,
    Attributes,
    BondKind,
    PresetBond,
    SengenshoCharacter,
    Skill,
)

SYSTEM = get_system("sengensho")


def lord() -> SengenshoCharacter:
    """An NPC with every field filled: three 類型, skills, preset 縁故, 原作キャラクター."""
    return SengenshoCharacter(
        name="宵闇の主",
        is_pc=False,
        attributes=Attributes(body=4, endurance=3, intellect=5, sense=2, will=6),
        skills=(Skill("交渉", 2), Skill("幻想知識", 3)),
        archetypes=("狩猟者", "芸術家", "語り部"),
        preset_bonds=(
            PresetBond("狩猟者", "里の人間たち", BondKind.CHARACTER, 3),
            PresetBond("狩猟者", "満月の夜", BondKind.MEMORY, 2),
            PresetBond("芸術家", "最高の舞台", BondKind.PURPOSE, 5),
        ),
        unlimited_abilities=True,
        notes="クライマックスの相手",
    )


def document(**changes: object) -> dict:
    data = SYSTEM.dump_character(lord())
    data.update(changes)
    return data


# ---- the round trip ------------------------------------------------------------------------


def test_a_character_survives_the_json_round_trip():
    text = json.dumps(SYSTEM.dump_character(lord()), ensure_ascii=False)
    assert SYSTEM.load_character(json.loads(text)) == lord()


def test_the_document_names_the_fields_as_stored():
    data = SYSTEM.dump_character(lord())
    assert data["archetypes"] == ["狩猟者", "芸術家", "語り部"]
    assert data["preset_bonds"][1] == {
        "archetype": "狩猟者",
        "target": "満月の夜",
        "kind": "memory",
        "level": 2,
    }
    assert data["attributes"] == {"body": 4, "endurance": 3, "intellect": 5, "sense": 2, "will": 6}
    assert data["unlimited_abilities"] is True


def test_a_new_character_is_an_empty_pc():
    character = SYSTEM.new_character("白峰 朔")
    assert character.is_pc and character.archetypes == () and character.preset_bonds == ()
    assert SYSTEM.load_character(SYSTEM.dump_character(character)) == character


def test_attribute_and_skill_lookups():
    character = lord()
    assert character.attribute("intellect") == 5
    assert character.skill("交渉") == Skill("交渉", 2)
    assert character.skill("射撃") is None


# ---- the 類型 -------------------------------------------------------------------------------


def test_three_archetypes_are_allowed_a_fourth_is_not():
    assert len(lord().archetypes) == 3
    with pytest.raises(ValidationError, match="archetypes"):
        SYSTEM.load_character(document(archetypes=["狩猟者", "芸術家", "語り部", "守護者"]))


def test_a_fourth_archetype_is_refused_in_code_too():
    with pytest.raises(ValueError, match="類型は3つまでです（4つあります）"):
        SengenshoCharacter(archetypes=("狩猟者", "芸術家", "語り部", "守護者"))


def test_the_same_archetype_twice_is_refused():
    with pytest.raises(ValueError, match="同じ類型が2つ以上あります"):
        SengenshoCharacter(archetypes=("狩猟者", "狩猟者"))
    with pytest.raises(ValidationError, match="同じ類型が2つ以上あります"):
        SYSTEM.load_character(document(archetypes=["芸術家", "芸術家"], preset_bonds=[]))


def test_last_boss_is_not_one_of_the_three():
    with pytest.raises(ValueError, match=f"類型「{LAST_BOSS}」はセッションで決めるもの"):
        SengenshoCharacter(archetypes=("狩猟者", LAST_BOSS))
    with pytest.raises(ValidationError, match=LAST_BOSS):
        SYSTEM.load_character(document(archetypes=[LAST_BOSS], preset_bonds=[]))


def test_an_empty_archetype_name_is_refused():
    with pytest.raises(ValidationError, match=r"archetypes\.1"):
        SYSTEM.load_character(document(archetypes=["狩猟者", ""], preset_bonds=[]))


def test_a_preset_bond_must_come_from_one_of_the_characters_archetypes():
    with pytest.raises(ValueError, match="事前設定の縁故の類型がキャラクターの類型にありません: 守護者"):
        SengenshoCharacter(
            is_pc=False,
            archetypes=("狩猟者",),
            preset_bonds=(PresetBond("狩猟者", "里"), PresetBond("守護者", "神社")),
        )
    with pytest.raises(ValidationError, match="事前設定の縁故の類型"):
        SYSTEM.load_character(document(archetypes=["狩猟者"]))  # the 芸術家 preset is left over


def test_duplicate_skill_names_are_refused():
    with pytest.raises(ValueError, match="スキル名が重複しています: 交渉"):
        SengenshoCharacter(skills=(Skill("交渉", 1), Skill("射撃", 2), Skill("交渉", 3)))


# ---- hostile documents ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "changes",
    [
        {"is_pc": "yes"},
        {"is_pc": 1},
        {"name": 7},
        {"name": "名" * 201},
        {"notes": "x" * 100_001},
        {"attributes": {"body": "4", "endurance": 3, "intellect": 5, "sense": 2, "will": 6}},
        {"attributes": {"body": 4.0}},
        {"attributes": {"body": 1000}},
        {"attributes": {"body": 4, "luck": 3}},
        {"skills": [{"name": "交渉", "level": 2, "cost": 1}]},
        {"skills": [{"name": "", "level": 2}]},
        {"skills": "交渉"},
        {"skills": [{"name": f"技{i}", "level": 1} for i in range(501)]},
        {"archetypes": "狩猟者"},
        {"archetypes": [1, 2]},
        {"preset_bonds": [{"archetype": "狩猟者", "target": "里", "kind": "friend", "level": 1}]},
        {"preset_bonds": [{"archetype": "狩猟者", "target": "里", "kind": "memory", "level": 0}]},
        {"preset_bonds": [{"archetype": "狩猟者", "target": "里", "level": 1, "scene": 3}]},
        {"preset_bonds": [{"archetype": "狩猟者", "target": "里"}] * 501},
        {"unlimited_abilities": "true"},
        {"bonds": []},
    ],
    ids=lambda changes: next(iter(changes)),
)
def test_a_hostile_document_is_refused_with_a_validation_error(changes):
    with pytest.raises(ValidationError):
        SYSTEM.load_character(document(**changes))


@pytest.mark.parametrize("data", [None, [], "宵闇の主", 3])
def test_a_document_that_is_not_an_object_is_refused(data):
    with pytest.raises(ValidationError):
        SYSTEM.load_character(data)


def test_the_list_bounds_are_generous_for_real_sheets():
    many = [{"name": f"技{i}", "level": 1} for i in range(500)]
    assert len(SYSTEM.load_character(document(skills=many)).skills) == 500
