"""The AW system behind the registry: contract, checks, character documents."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pydantic
import pytest

from gmtool.rules.checks import CheckKind
from gmtool.rules.systems import SYSTEMS, get_system
from gmtool.rules.systems.aw import AnotherWorld
from gmtool.rules.systems.aw.character import (
    SCHEMA_VERSION,
    Attributes,
    AWCharacter,
    CombatValues,
    Feat,
)
from gmtool.rules.systems.aw.checks import AWRoller
from gmtool.rules.systems.base import GameSystem

AW = SYSTEMS["aw"]


def _sample() -> AWCharacter:
    return AWCharacter(
        name="アリス",
        attributes=Attributes(body=3, reflex=4, perception=5, intellect=6, will=7, luck=8),
        combat=CombatValues(physical_hit=9, spirit_hit=10, evasion=11, attack=12, initiative=13),
        hp=20,
        hp_max=25,
        mp=10,
        mp_max=15,
        critical=11,
        fumble=3,
        classes=("剣士", "魔術師"),
        feats=(
            Feat(
                name="強打",
                timing="メジャー",
                check="物理命中値",
                target="単体",
                range="至近",
                cost="MP3",
                effect="攻撃力+5",
            ),
        ),
        lifepath="辺境の村で育った。",
        notes="メモ",
        is_pc=False,
    )


# --- registry and contract -----------------------------------------------------------------------


def test_registry_contains_aw() -> None:
    assert "aw" in SYSTEMS
    assert get_system("aw") is SYSTEMS["aw"]
    assert isinstance(AW, AnotherWorld)


def test_aw_satisfies_the_game_system_protocol() -> None:
    assert isinstance(AW, GameSystem)
    assert AW.id == "aw"
    assert AW.name == "アナザーワールドSRS 3rd"
    assert AW.schema_version == SCHEMA_VERSION


def test_every_registered_system_is_keyed_by_its_id() -> None:
    for system_id, system in SYSTEMS.items():
        assert isinstance(system, GameSystem)
        assert system.id == system_id


def test_unknown_system_is_a_key_error_naming_the_known_ones() -> None:
    with pytest.raises(KeyError, match="aw"):
        get_system("no-such-system")


# --- checks --------------------------------------------------------------------------------------


def test_checks_list_the_six_attributes_and_five_combat_values() -> None:
    kinds = AW.checks(_sample())
    assert all(isinstance(k, CheckKind) for k in kinds)
    assert [(k.label, k.value, k.group) for k in kinds] == [
        ("体力", 3, "能力値"),
        ("反射", 4, "能力値"),
        ("知覚", 5, "能力値"),
        ("理知", 6, "能力値"),
        ("意志", 7, "能力値"),
        ("幸運", 8, "能力値"),
        ("物理命中値", 9, "戦闘値"),
        ("霊力命中値", 10, "戦闘値"),
        ("回避値", 11, "戦闘値"),
        ("攻撃力", 12, "戦闘値"),
        ("行動値", 13, "戦闘値"),
    ]
    assert len({k.id for k in kinds}) == 11


def test_checks_follow_edits() -> None:
    character = dataclasses.replace(_sample(), attributes=Attributes(body=-2))
    kinds = {k.label: k.value for k in AW.checks(character)}
    assert kinds["体力"] == -2
    assert kinds["反射"] == 0


def test_roller_uses_the_character_critical_and_fumble() -> None:
    roller = AW.roller(_sample(), 5, -1)
    assert roller == AWRoller(5, -1, 11, 3)


def test_derive_is_empty_because_the_texts_give_no_formulas() -> None:
    assert dict(AW.derive(_sample())) == {}


# --- new character -------------------------------------------------------------------------------


def test_new_character_defaults() -> None:
    character = AW.new_character("ボブ")
    assert isinstance(character, AWCharacter)
    assert character.name == "ボブ"
    assert character.critical == 12
    assert character.fumble == 2
    assert character.classes == () and character.feats == ()
    assert all(k.value == 0 for k in AW.checks(character))


def test_new_character_has_no_name_by_default() -> None:
    assert AW.new_character().name == ""


def test_replace_returns_a_new_character() -> None:
    before = AW.new_character()
    after = dataclasses.replace(before, hp=7)
    assert (before.hp, after.hp) == (0, 7)
    with pytest.raises(dataclasses.FrozenInstanceError):
        before.hp = 3  # type: ignore[misc]


# --- documents -----------------------------------------------------------------------------------


def test_dump_load_round_trip() -> None:
    character = _sample()
    document = AW.dump_character(character)
    assert json.loads(json.dumps(document, ensure_ascii=False)) == document  # plain JSON
    assert AW.load_character(document) == character
    # Through a real JSON text as well.
    assert AW.load_character(json.loads(json.dumps(document))) == character


def test_dump_of_a_new_character_round_trips() -> None:
    character = AW.new_character("x")
    assert AW.load_character(AW.dump_character(character)) == character


def test_dump_names_the_values() -> None:
    document = AW.dump_character(_sample())
    assert document["attributes"]["luck"] == 8
    assert document["combat"]["initiative"] == 13
    assert document["critical"] == 11
    assert document["classes"] == ["剣士", "魔術師"]
    assert document["feats"][0]["name"] == "強打"


def test_load_fills_defaults_for_missing_fields() -> None:
    character = AW.load_character({"name": "最小"})
    assert (character.critical, character.fumble) == (12, 2)


def _locs(error: pydantic.ValidationError) -> list[tuple[Any, ...]]:
    return [tuple(e["loc"]) for e in error.errors()]


@pytest.mark.parametrize(
    ("document", "loc"),
    [
        pytest.param({"hp": "12"}, ("hp",), id="string for an int"),
        pytest.param({"attributes": {"body": "12"}}, ("attributes", "body"), id="nested string for an int"),
        pytest.param({"critical": True}, ("critical",), id="True for an int"),
        pytest.param({"combat": {"evasion": False}}, ("combat", "evasion"), id="nested False for an int"),
        pytest.param({"hp": 1.5}, ("hp",), id="float for an int"),
        pytest.param({"strength": 3}, ("strength",), id="unknown key"),
        pytest.param({"attributes": {"strength": 3}}, ("attributes", "strength"), id="nested unknown key"),
        pytest.param({"feats": [{"name": "x", "level": 1}]}, ("feats", 0, "level"), id="unknown feat key"),
        pytest.param({"name": 5}, ("name",), id="int for a string"),
        pytest.param({"is_pc": "yes"}, ("is_pc",), id="string for a bool"),
        pytest.param({"critical": 14}, ("critical",), id="critical out of range"),
        pytest.param({"fumble": 0}, ("fumble",), id="fumble out of range"),
        pytest.param({"classes": ["a", "b", "c", "d"]}, ("classes",), id="four classes"),
    ],
)
def test_load_rejects_bad_documents(document: dict[str, Any], loc: tuple[Any, ...]) -> None:
    with pytest.raises(pydantic.ValidationError) as excinfo:
        AW.load_character(document)
    assert loc in _locs(excinfo.value), _locs(excinfo.value)


@pytest.mark.parametrize(("critical", "fumble"), [(10, 10), (8, 9), (2, 12)])
def test_load_rejects_fumble_not_below_critical(critical: int, fumble: int) -> None:
    with pytest.raises(pydantic.ValidationError, match="ファンブル値"):
        AW.load_character({"critical": critical, "fumble": fumble})


def test_load_accepts_extreme_but_consistent_values() -> None:
    character = AW.load_character({"critical": 13, "fumble": 12, "attributes": {"body": -99}})
    assert (character.critical, character.fumble, character.attributes.body) == (13, 12, -99)


def test_load_rejects_a_non_mapping() -> None:
    with pytest.raises(pydantic.ValidationError):
        AW.load_character([1, 2, 3])  # type: ignore[arg-type]
