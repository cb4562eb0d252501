"""The 千幻抄 類型 catalog engine: the shipped catalog, validation, merging, the export file format."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from pydantic import ValidationError

from gmtool.rules.systems.sengensho.catalog import (
    ABILITIES_PER_ARCHETYPE,
    EXPORT_FORMAT,
    EXPORT_VERSION,
    MAX_ARCHETYPES,
    AbilityKind,
    Archetype,
    ArchetypeCatalog,
    CatalogFileError,
    FantasyAbility,
    catalog_from_document,
    catalog_to_document,
    export_document,
    import_document,
    shipped_catalog,
)


def hunter_filled() -> Archetype:
    """A 類型 as a GM would fill it in (the texts are the GM's, not the rules')."""
    abilities = (
        FantasyAbility("追跡", AbilityKind.INFORMATION, 2, "GMの入力した効果"),
        FantasyAbility("一撃", AbilityKind.BONUS, 4, ""),
        FantasyAbility(),
    )
    return Archetype("狩猟者", "解説の入力", "恐怖", "獲物", abilities)


def file_document(**archetype_fields) -> dict:
    """An export file's JSON with one 類型 named 語り部 plus `archetype_fields`."""
    return {
        "format": EXPORT_FORMAT,
        "version": EXPORT_VERSION,
        "archetypes": [{"name": "語り部", **archetype_fields}],
    }


# ---- the shipped catalog ------------------------------------------------------------------------
def test_shipped_catalog_has_only_the_two_names_the_text_mentions_with_every_field_empty():
    catalog = shipped_catalog()
    assert catalog.names() == ["狩猟者", "芸術家"]
    for archetype in catalog.archetypes:
        assert (archetype.description, archetype.impression, archetype.bond_guidance) == ("", "", "")
        assert len(archetype.abilities) == ABILITIES_PER_ARCHETYPE == 3
        for ability in archetype.abilities:
            assert ability == FantasyAbility("", AbilityKind.UNSET, None, "")
            assert ability.required is None  # 未設定: never an invented requirement


def test_unnamed_ability_is_labelled_unset_by_position():
    assert FantasyAbility().label(1) == "幻想能力2（名称未設定）"
    assert FantasyAbility("追跡").label(1) == "追跡"


def test_get_finds_by_name():
    catalog = ArchetypeCatalog((hunter_filled(),))
    assert catalog.get("狩猟者").abilities[0].required == 2
    assert catalog.get("芸術家") is None


# ---- validation -------------------------------------------------------------------------------
def test_last_boss_is_not_a_catalog_archetype():
    with pytest.raises(ValueError, match=r"「ラスボス」は特殊な類型で、カタログには入れません"):
        Archetype("ラスボス")


def test_name_with_surrounding_spaces_is_refused():
    with pytest.raises(ValueError, match=r"類型名「 狩猟者」の前後に空白があります"):
        Archetype(" 狩猟者")


def test_duplicate_names_are_refused_by_name():
    with pytest.raises(ValueError, match=r"類型名が重複しています: 狩猟者"):
        ArchetypeCatalog((Archetype("狩猟者"), Archetype("芸術家"), Archetype("狩猟者")))


@pytest.mark.parametrize(
    ("archetype", "where"),
    [
        ({"name": ""}, "name"),
        ({"name": "長" * 61}, "name"),
        ({"name": "語り部", "description": "x" * 5001}, "description"),
        ({"name": "語り部", "abilities": [{}, {}, {"required": -1}]}, "required"),
        ({"name": "語り部", "abilities": [{}, {}, {"required": "3"}]}, "required"),
        ({"name": "語り部", "abilities": [{}, {}, {"kind": "attack"}]}, "kind"),
        ({"name": "語り部", "abilities": [{}, {}]}, "abilities"),
        ({"name": "語り部", "secret": 1}, "secret"),
    ],
)
def test_stored_document_is_validated_field_by_field(archetype, where):
    with pytest.raises(ValidationError) as caught:
        catalog_from_document({"archetypes": [archetype]})
    assert where in str(caught.value.errors()[0]["loc"])


def test_document_round_trip_keeps_every_field():
    catalog = ArchetypeCatalog((hunter_filled(), Archetype("芸術家")))
    document = catalog_to_document(catalog)
    assert document["archetypes"][0]["abilities"][0] == {
        "name": "追跡",
        "kind": "information",
        "required": 2,
        "effect": "GMの入力した効果",
    }
    assert catalog_from_document(json.loads(json.dumps(document))) == catalog


def test_required_zero_is_a_value_not_unset():
    catalog = catalog_from_document(
        {"archetypes": [{"name": "語り部", "abilities": [{"required": 0}, {}, {}]}]}
    )
    assert [a.required for a in catalog.get("語り部").abilities] == [0, None, None]


# ---- merged -------------------------------------------------------------------------------------
def test_merged_adds_new_names_and_keeps_ours_unless_told_to_replace():
    ours = shipped_catalog()
    theirs = ArchetypeCatalog((hunter_filled(), Archetype("語り部", description="彼らの解説")))

    kept = ours.merged(theirs, replace_existing=False)
    assert kept.names() == ["狩猟者", "芸術家", "語り部"]
    assert kept.get("狩猟者") == ours.get("狩猟者")
    assert kept.get("語り部").description == "彼らの解説"

    replaced = ours.merged(theirs, replace_existing=True)
    assert replaced.names() == ["狩猟者", "芸術家", "語り部"]  # a replaced 類型 keeps its place
    assert replaced.get("狩猟者") == hunter_filled()
    assert ours == shipped_catalog()  # merging builds a new catalog


# ---- export files --------------------------------------------------------------------------------
def test_export_then_import_gives_the_same_catalog():
    catalog = ArchetypeCatalog((hunter_filled(), replace(Archetype("芸術家"), impression="憧れ")))
    document = export_document(catalog)
    assert (document["format"], document["version"]) == (EXPORT_FORMAT, EXPORT_VERSION)
    assert import_document(json.loads(json.dumps(document, ensure_ascii=False))) == catalog


def test_archetype_without_abilities_key_gets_three_unset_abilities():
    # The shipped data file writes only names; an export file may do the same.
    catalog = import_document(file_document())
    assert catalog.get("語り部").abilities == (FantasyAbility(),) * 3


@pytest.mark.parametrize(
    ("document", "message"),
    [
        ([{"name": "狩猟者"}], "gmtool の類型カタログのファイルではありません"),
        ("狩猟者", "gmtool の類型カタログのファイルではありません"),
        ({"archetypes": []}, "gmtool の類型カタログのファイルではありません"),
        ({"format": "gmtool/character", "version": 1}, "gmtool の類型カタログのファイルではありません"),
        ({"format": EXPORT_FORMAT, "version": 2, "archetypes": []}, "未対応の版です（2、対応: 1）"),
        ({"format": EXPORT_FORMAT, "archetypes": []}, "未対応の版です（null、対応: 1）"),
        ({"format": EXPORT_FORMAT, "version": "1", "archetypes": []}, '未対応の版です（"1"、対応: 1）'),
    ],
)
def test_import_refuses_what_is_not_a_catalog_file(document, message):
    with pytest.raises(CatalogFileError) as caught:
        import_document(document)
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("archetype_fields", "where"),
    [
        ({"abilities": [{}, {}]}, "archetypes.0.abilities"),
        ({"abilities": [{}, {}, {}, {}]}, "archetypes.0.abilities"),
        ({"abilities": None}, "archetypes.0.abilities"),
        ({"abilities": [{}, {"required": -1}, {}]}, "archetypes.0.abilities.1.required"),
        ({"abilities": [{}, {"required": True}, {}]}, "archetypes.0.abilities.1.required"),
        ({"abilities": [{}, {}, {"effect": "x" * 1_000_000}]}, "archetypes.0.abilities.2.effect"),
        ({"impression": ["恐怖"]}, "archetypes.0.impression"),
        ({"eval": "__import__('os')"}, "archetypes.0.eval"),
    ],
)
def test_import_refuses_a_bad_archetype_naming_the_field(archetype_fields, where):
    with pytest.raises(CatalogFileError) as caught:
        import_document(file_document(**archetype_fields))
    message = str(caught.value)
    assert message.startswith("類型カタログの内容が正しくありません: ")
    assert where in message
    assert len(message) < 300  # a huge value is never copied into the message


def test_import_refuses_a_huge_name_and_last_boss_and_duplicates():
    for archetypes, expected in (
        ([{"name": "名" * 100_000}], "archetypes.0.name"),
        ([{"name": "ラスボス"}], "「ラスボス」は特殊な類型"),
        ([{"name": "語り部"}, {"name": "語り部"}], "類型名が重複しています: 語り部"),
        ([{"name": f"類型{i}"} for i in range(MAX_ARCHETYPES + 1)], "archetypes"),
    ):
        document = {"format": EXPORT_FORMAT, "version": EXPORT_VERSION, "archetypes": archetypes}
        with pytest.raises(CatalogFileError) as caught:
            import_document(document)
        assert expected in str(caught.value)
        assert len(str(caught.value)) < 300


@pytest.mark.parametrize("version", [True, 1.0, "1", 2])
def test_an_export_file_of_another_version_is_refused_by_name(version):
    document = {"format": EXPORT_FORMAT, "version": version, "archetypes": []}
    with pytest.raises(CatalogFileError, match="未対応の版"):
        import_document(document)
