"""The GM's rule data file (``*.gmrules.json``): written atomically, read back the same, and any
bad file refused with the reason naming what is wrong — nothing read, nothing written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gmtool.rules.house_rules import house_rules_of
from gmtool.rules.systems import all_declarations
from gmtool.rules.systems.fourcard.catalog import (
    SkillCatalog,
    SkillDef,
    SpecialisationDef,
    catalog_to_document,
)
from gmtool.store.errors import RulesFileError
from gmtool.store.rule_data import (
    FORMAT,
    MAX_RULES_FILE_BYTES,
    VERSION,
    export_rule_data,
    import_rule_data,
    rule_data_kinds,
)

GM_CATALOG = catalog_to_document(
    SkillCatalog((SkillDef("接近戦", "dx", 2, specialisations=(SpecialisationDef("剣", 3),)),))
)


def some_house_rule() -> tuple[str, str]:
    """A switch of some system and a reading that is not its default."""
    for system_id in all_declarations():
        for rule in house_rules_of(system_id):
            other = [r.id for r in rule.readings if r.id != rule.default]
            if other:
                return rule.id, other[0]
    raise AssertionError("no house rule with two readings")


def write(path: Path, document: object) -> Path:
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    return path


def test_every_system_declares_its_parts_under_its_own_session_keys():
    kinds = rule_data_kinds()
    assert "house_rules" in kinds and "fourcard.skill_catalog" in kinds and "lotr.rules" in kinds
    for system_id, declared in all_declarations().items():
        for part in declared.rule_data:
            assert part.key in declared.session_keys, (system_id, part.key)


def test_round_trip_keeps_every_document(tmp_path):
    rule_id, reading = some_house_rule()
    values = {"fourcard.skill_catalog": GM_CATALOG, "house_rules": {rule_id: reading}, "lotr.rules": {}}
    path = tmp_path / "table.gmrules.json"
    export_rule_data(path, values)
    written = json.loads(path.read_text(encoding="utf-8"))
    assert (written["format"], written["version"]) == (FORMAT, VERSION)
    assert import_rule_data(path) == values
    assert [p.name for p in tmp_path.iterdir()] == ["table.gmrules.json"]  # no temporary file left


def test_export_refuses_a_bad_document_and_writes_nothing(tmp_path):
    path = tmp_path / "table.gmrules.json"
    path.write_text("before", encoding="utf-8")
    with pytest.raises(RulesFileError) as refused:
        export_rule_data(path, {"fourcard.skill_catalog": {"skills": "none"}})
    assert "フォーカードのスキルカタログ" in str(refused.value)
    assert path.read_text(encoding="utf-8") == "before"
    assert [p.name for p in tmp_path.iterdir()] == ["table.gmrules.json"]


def envelope(data: object, **changes: object) -> dict[str, object]:
    return {"format": FORMAT, "version": VERSION, "data": data, **changes}


@pytest.mark.parametrize(
    ("content", "said"),
    [
        ("{not json", "JSON として読めません"),
        ('{"format": "gmtool/rules", "version": 1, "data": {"house_rules": NaN}}', "JSON として読めません"),
        ("[" * 100_000 + "]" * 100_000, "JSON として読めません"),
        (
            envelope({}, format="gmtool/character"),
            'ルールデータファイルではありません（format: "gmtool/character"）',
        ),
        (["a list"], "ルールデータファイルではありません"),
        (envelope({}, version=2), "version 1 です（ファイルは 2）"),
        (envelope({}, version=True), "version が整数ではありません"),
        (envelope([]), "data:"),
        (envelope({"aw.session": {}}), '知らないルールデータです（"aw.session"）'),
        (
            envelope({"fourcard.skill_catalog": {"skills": 5}}),
            "フォーカードのスキルカタログ: fourcard.skill_catalog.skills",
        ),
        (envelope({"house_rules": ["x"]}), "ハウスルール: "),
        (envelope({"lotr.rules": {"nonsense": 1}}), "指輪物語のルール表: "),
        (envelope({"sengensho.archetypes": {"archetypes": [{"name": 3}]}}), "千幻抄の類型カタログ: "),
    ],
)
def test_bad_files_are_refused_naming_what_is_wrong(tmp_path, content, said):
    path = tmp_path / "bad.gmrules.json"
    if isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    else:
        write(path, content)
    before = path.read_bytes()
    with pytest.raises(RulesFileError) as refused:
        import_rule_data(path)
    assert "bad.gmrules.json" in str(refused.value)
    assert said in str(refused.value)
    assert path.read_bytes() == before


def test_a_file_too_big_is_refused_before_it_is_read(tmp_path):
    path = tmp_path / "big.gmrules.json"
    with path.open("wb") as handle:
        handle.truncate(MAX_RULES_FILE_BYTES + 1)
    with pytest.raises(RulesFileError, match="ファイルが大きすぎます"):
        import_rule_data(path)


def test_a_missing_file_is_said(tmp_path):
    with pytest.raises(RulesFileError, match="ファイルが見つかりません"):
        import_rule_data(tmp_path / "gone.gmrules.json")
