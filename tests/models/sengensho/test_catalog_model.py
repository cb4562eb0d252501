"""The 類型 catalog model: undoable saves, reset, export/import between campaigns, hostile files."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from gmtool.models.campaign_model import CampaignModel
from gmtool.models.sengensho.catalog_model import (
    MAX_FILE_BYTES,
    ArchetypeDraft,
    SengenshoCatalogModel,
    build_catalog,
)
from gmtool.models.sengensho.state import CATALOG_KEY, read_catalog
from gmtool.rules.systems.sengensho.catalog import (
    EXPORT_FORMAT,
    AbilityKind,
    Archetype,
    ArchetypeCatalog,
    CatalogFileError,
    FantasyAbility,
    shipped_catalog,
)
from gmtool.rules.systems.sengensho.character import SengenshoCharacter
from gmtool.store.campaign import Campaign
from tests.qt_fixtures import stored_session


@pytest.fixture
def model(empty_campaign_model) -> SengenshoCatalogModel:
    return SengenshoCatalogModel(empty_campaign_model)


@pytest.fixture
def other_model(tmp_path: Path, qtbot):
    """A second campaign, to import into."""
    campaign = Campaign.create(tmp_path / "other.gmcampaign")
    yield SengenshoCatalogModel(CampaignModel(campaign))
    campaign.close()


def stored(model: SengenshoCatalogModel):
    """The catalog document a second program opening the campaign file would read."""
    return stored_session(model.campaign_model.campaign.path, CATALOG_KEY)


def with_hunter_ability(catalog: ArchetypeCatalog, index: int, ability: FantasyAbility) -> ArchetypeCatalog:
    hunter = catalog.get("狩猟者")
    abilities = tuple(ability if i == index else a for i, a in enumerate(hunter.abilities))
    rows = tuple(
        replace(hunter, abilities=abilities) if a.name == "狩猟者" else a for a in catalog.archetypes
    )
    return ArchetypeCatalog(rows)


def refusal(call, argument, error: type[Exception] = ValueError) -> str:
    with pytest.raises(error) as caught:
        call(argument)
    return str(caught.value)


TRACKING = FantasyAbility("追跡", AbilityKind.INFORMATION, 3, "GMの入力")


def test_new_campaign_uses_the_shipped_catalog(model):
    assert model.catalog() == shipped_catalog()
    assert model.problem() is None
    assert model.is_shipped()


def test_save_is_one_undo_step_stored_in_the_campaign_file(model, qtbot):
    edited = with_hunter_ability(model.catalog(), 1, TRACKING)
    with qtbot.waitSignal(model.changed):
        assert model.save(edited)
    undo = model.campaign_model.undo_stack
    assert undo.count() == 1 and undo.undoText() == "類型カタログの編集"
    assert stored(model)["archetypes"][0]["abilities"][1] == {
        "name": "追跡",
        "kind": "information",
        "required": 3,
        "effect": "GMの入力",
    }
    assert read_catalog(model.campaign_model) == (edited, None)  # every 千幻抄 view reads the same

    with qtbot.waitSignal(model.changed):
        undo.undo()
    assert stored(model) is None and model.catalog() == shipped_catalog()
    undo.redo()
    assert model.catalog().get("狩猟者").abilities[1] == TRACKING


def test_saving_what_is_stored_adds_no_undo_step(model):
    assert not model.save(shipped_catalog())
    assert model.save(with_hunter_ability(model.catalog(), 0, TRACKING))
    assert not model.save(model.catalog())
    assert model.campaign_model.undo_stack.count() == 1


def test_save_refuses_what_would_not_read_back_and_stores_nothing(model):
    too_long = ArchetypeCatalog((Archetype("狩猟者", description="x" * 5001),))
    assert (
        refusal(model.save, too_long)
        == "類型「狩猟者」の解説: 文字列が長すぎます（最大 5000 文字、入力 5001 文字）"
    )
    negative = with_hunter_ability(model.catalog(), 2, FantasyAbility(required=-1))
    assert "類型「狩猟者」の幻想能力3の必要幻想値: 0 以上でなければなりません" in refusal(
        model.save, negative
    )
    assert stored(model) is None and model.campaign_model.undo_stack.count() == 0


def test_build_catalog_names_what_is_wrong():
    empty = [ArchetypeDraft("狩猟者"), ArchetypeDraft("  ")]
    assert refusal(build_catalog, empty) == "2 番目の類型の名前が空です"
    last_boss = [ArchetypeDraft("ラスボス")]
    assert refusal(build_catalog, last_boss) == "「ラスボス」は特殊な類型で、カタログには入れません"
    duplicate = [ArchetypeDraft("狩猟者"), ArchetypeDraft(" 狩猟者 ")]
    assert refusal(build_catalog, duplicate) == "類型名が重複しています: 狩猟者"
    assert build_catalog([ArchetypeDraft(" 語り部 ")]).names() == ["語り部"]


def test_reset_to_shipped_is_undoable(model):
    model.save(ArchetypeCatalog((Archetype("語り部"),)))
    assert model.reset_to_shipped()
    assert stored(model) is None and model.catalog() == shipped_catalog()
    assert model.campaign_model.undo_stack.undoText() == "類型カタログを出荷時に戻す"
    model.campaign_model.undo_stack.undo()
    assert model.catalog().names() == ["語り部"]
    model.campaign_model.undo_stack.redo()
    assert not model.reset_to_shipped()  # nothing stored: nothing to reset, no undo step
    assert model.campaign_model.undo_stack.count() == 2


def test_a_reset_names_the_archetypes_characters_would_lose(model):
    model.save(ArchetypeCatalog((Archetype("狩猟者"), Archetype("語り部"), Archetype("旅人"))))
    assert model.lost_on_reset() == []
    for name, archetypes in (("紅", ("語り部", "狩猟者")), ("蒼", ("語り部",))):
        model.campaign_model.insert_character(
            "sengensho", SengenshoCharacter(name=name, archetypes=archetypes), "x"
        )
    assert model.lost_on_reset() == [("語り部", ["紅", "蒼"])]  # 狩猟者 ships; nobody has 旅人


def test_in_use_lists_the_characters_with_that_archetype(model):
    campaign_model = model.campaign_model
    campaign_model.insert_character(
        "sengensho", SengenshoCharacter("白峰 朔", archetypes=("狩猟者",)), "追加"
    )
    campaign_model.insert_character(
        "sengensho", SengenshoCharacter("宵闇の主", is_pc=False, archetypes=("狩猟者", "芸術家")), "追加"
    )
    assert model.in_use("狩猟者") == ["白峰 朔", "宵闇の主"]
    assert model.in_use("芸術家") == ["宵闇の主"]
    assert model.in_use("語り部") == []


def test_export_then_import_into_another_campaign(model, other_model, tmp_path):
    ours = with_hunter_ability(shipped_catalog(), 0, TRACKING)
    model.save(ArchetypeCatalog((*ours.archetypes, Archetype("語り部", impression="親しみ"))))
    path = tmp_path / "類型.json"
    model.export_to(path)
    document = json.loads(path.read_text(encoding="utf-8"))
    assert document["format"] == EXPORT_FORMAT and "追跡" in path.read_text(encoding="utf-8")

    theirs = with_hunter_ability(shipped_catalog(), 0, FantasyAbility("待ち伏せ"))
    other_model.save(theirs)
    summary = other_model.import_from(path, replace_existing=False)
    assert (summary.added, summary.replaced, summary.kept) == (("語り部",), (), ("狩猟者", "芸術家"))
    assert other_model.catalog().names() == ["狩猟者", "芸術家", "語り部"]
    assert other_model.catalog().get("狩猟者").abilities[0].name == "待ち伏せ"  # ours kept
    undo = other_model.campaign_model.undo_stack
    assert undo.undoText() == "類型カタログのインポート" and undo.count() == 2

    undo.undo()
    assert other_model.catalog() == theirs
    summary = other_model.import_from(path, replace_existing=True)
    assert summary.replaced == ("狩猟者", "芸術家") and summary.kept == ()
    assert other_model.catalog() == model.catalog()
    assert stored(other_model) == stored(model)


def hostile_files(tmp_path: Path) -> dict[str, tuple[bytes, str]]:
    good = json.dumps({"format": EXPORT_FORMAT, "version": 1, "archetypes": [{"name": "語り部"}]}).encode()
    bad_required = {
        "format": EXPORT_FORMAT,
        "version": 1,
        "archetypes": [{"name": "語り部", "abilities": [{}, {"required": -2}, {}]}],
    }
    return {
        "latin1.json": (
            '{"name": "caf\xe9"}'.encode("latin-1"),
            "UTF-8 のテキストではありません（13 バイト目）",
        ),
        "truncated.json": (good[:40], "JSON として読めません（1 行 41 列"),
        "list.json": (b'[{"name": "\xe8\xaa\x9e"}]', "gmtool の類型カタログのファイルではありません"),
        "nan.json": (b'{"format": NaN}', "NaN は JSON の値として使えません"),
        "version.json": (good.replace(b'"version": 1', b'"version": 9'), "未対応の版です（9、対応: 1）"),
        "required.json": (
            json.dumps(bad_required).encode(),
            "類型カタログの内容が正しくありません: 類型「語り部」の幻想能力2の必要幻想値: 0 以上",
        ),
        "huge.json": (b" " * (MAX_FILE_BYTES + 1), "ファイルが大きすぎます（5.0 MB、上限 5 MB）"),
        "twice.json": (
            json.dumps({**bad_required, "archetypes": [{"name": "語り部"}, {"name": "語り部"}]}).encode(),
            "類型カタログの内容が正しくありません: 類型名が重複しています: 語り部",
        ),
        "boss.json": (
            json.dumps({**bad_required, "archetypes": [{"name": "ラスボス"}]}).encode(),
            "類型「ラスボス」: 「ラスボス」は特殊な類型で、カタログには入れません",
        ),
        "huge_text.json": (
            json.dumps(
                {**bad_required, "archetypes": [{"name": "語り部", "impression": "x" * 10**6}]}
            ).encode(),
            "類型「語り部」の印象効果: 文字列が長すぎます（最大 5000 文字、入力 1000000 文字）",
        ),
    }


def test_hostile_files_are_refused_and_change_nothing(other_model, tmp_path):
    theirs = with_hunter_ability(shipped_catalog(), 0, FantasyAbility("待ち伏せ"))
    other_model.save(theirs)
    before = stored(other_model)
    exported = tmp_path / "exported.json"
    other_model.export_to(exported)
    exported_bytes = exported.read_bytes()

    for name, (content, message) in hostile_files(tmp_path).items():
        path = tmp_path / name
        path.write_bytes(content)
        with pytest.raises(CatalogFileError) as caught:
            other_model.import_from(path, replace_existing=True)
        assert str(caught.value).startswith(f"「{name}」を読み込めません: "), name
        assert message in str(caught.value), name
        assert len(str(caught.value)) < 300
        assert path.read_bytes() == content  # the file is only read

    assert stored(other_model) == before
    assert other_model.campaign_model.undo_stack.count() == 1
    assert exported.read_bytes() == exported_bytes


def test_missing_file_and_directory_are_refused(model, tmp_path):
    missing = refusal(model.read_import, tmp_path / "nothing.json", error=CatalogFileError)
    assert missing == "「nothing.json」を読み込めません: ファイルが見つかりません"
    assert "通常のファイルではありません" in refusal(model.read_import, tmp_path, error=CatalogFileError)


def test_file_with_a_bom_is_read(model, tmp_path):
    path = tmp_path / "bom.json"
    body = {"format": EXPORT_FORMAT, "version": 1, "archetypes": [{"name": "語り部"}]}
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(body, ensure_ascii=False).encode("utf-8"))
    assert model.read_import(path).names() == ["語り部"]


def test_failed_export_leaves_the_target_as_it_was(model, tmp_path):
    target = tmp_path / "catalog.json"
    target.write_text("前の内容", encoding="utf-8")
    folder = tmp_path / "folder.json"
    folder.mkdir()
    assert refusal(model.export_to, folder, error=CatalogFileError).startswith(
        "「folder.json」に書き出せません: "
    )
    assert folder.is_dir() and list(folder.iterdir()) == []
    assert not [p.name for p in tmp_path.iterdir() if p.suffix == ".tmp"]  # no temp file left behind

    # A damaged stored catalog is reported, not exported as if it were the GM's.
    model.campaign_model.campaign.set_session(CATALOG_KEY, {"archetypes": [{"name": 3}]})
    assert "キャンペーンの類型カタログが正しくありません" in model.problem()
    assert model.catalog() == shipped_catalog()
    message = refusal(model.export_to, target, error=CatalogFileError)
    assert message.startswith(
        "「catalog.json」に書き出せません: キャンペーンの類型カタログが正しくありません"
    )
    assert target.read_text(encoding="utf-8") == "前の内容"


def test_saving_replaces_a_damaged_stored_catalog(model):
    model.campaign_model.campaign.set_session(CATALOG_KEY, {"archetypes": "壊れた"})
    assert not model.is_shipped() and model.problem()
    assert model.save(shipped_catalog())  # what is shown (the shipped stand-in) is what gets stored
    assert model.problem() is None and stored(model)["archetypes"][0]["name"] == "狩猟者"
