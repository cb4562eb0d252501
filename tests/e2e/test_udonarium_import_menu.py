"""ファイル → Udonarium から読み込む…: Udonarium's own save of its sample characters goes into the
campaign as one undo step, with a summary of what was read; gmtool's own ZIP of every demo character
comes back onto each system's sheet; what does not fit a sheet is refused with the reason while the
rest goes in; a hostile or broken file is refused with the reason and nothing changes on disk."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest

from gmtool.app.main_window import MainWindow
from gmtool.app.udonarium_import_menu import UdonariumImportActions
from tests.data.udonarium import make_samples
from tests.qt_fixtures import _second_reader

SAMPLES = Path(make_samples.__file__).parent
ROOM = SAMPLES / "ルームデータ_2025-04-23_2119.zip"
SAMPLE_NAMES = make_samples.SAMPLE_NAMES


def read_from(window: MainWindow, path: Path | None) -> UdonariumImportActions:
    """ファイル → Udonarium から読み込む… with `path` picked in the file dialog (None: cancelled)."""
    window.ask_open_path = lambda *_: str(path) if path is not None else ""
    menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "ファイル(&F)")
    next(a for a in menu.actions() if a.text() == "Udonarium から読み込む…").trigger()
    actions = window.findChild(UdonariumImportActions)
    assert actions is not None
    return actions


def names(window: MainWindow) -> list[str]:
    return [s.character.name for s in window.campaign_model.characters()]


def test_udonariums_sample_characters_go_in_as_one_undo_step(window, qtbot):
    before = names(window)
    actions = read_from(window, ROOM)
    dialog = actions.dialog
    assert dialog is not None and dialog.isVisible()
    assert [dialog.table.item(r, 0).text() for r in range(dialog.table.rowCount())] == SAMPLE_NAMES
    # Not one names its system: the GM's choice applies, here 千幻抄.
    assert dialog.system_combo.isEnabled()
    dialog.system_combo.setCurrentIndex(dialog.system_combo.findData("sengensho"))
    assert dialog.table.item(0, 1).text() == "千幻抄（選んだシステム）"
    assert dialog.import_button.text() == "6 人を読み込む"
    # Enter reads them in: the focus is on 読み込む, and キャンセル never takes Enter.
    assert dialog.focusWidget() is dialog.import_button and dialog.import_button.isDefault()
    dialog.import_button.click()
    assert names(window) == before + SAMPLE_NAMES
    added = window.campaign_model.characters()[-6:]
    assert {s.system for s in added} == {"sengensho"}
    assert "器用度 24" in added[0].character.notes  # no place on 千幻抄's sheet: kept in the notes
    assert window.services.selected_character_id() == added[0].id
    summary = actions.summary_box
    assert summary is not None and "6 人を読み込みました" in summary.text()
    assert "ルームデータ_2025-04-23_2119.zip" in summary.text()
    # On disk, together; and one Ctrl+Z takes the whole import back.
    assert [s.character.name for s in _second_reader(window.campaign_model.campaign.path).list_characters()][
        -6:
    ] == SAMPLE_NAMES
    assert window.campaign_model.undo_stack.undoText() == "Udonarium から読み込む（6 人）"
    window.campaign_model.undo_stack.undo()
    assert names(window) == before


def test_gmtools_own_zip_of_every_demo_character_returns_to_each_systems_sheet(window, tmp_path):
    from gmtool.store.udonarium import character_to_udonarium, write_udonarium

    stored = window.campaign_model.characters()
    write_udonarium(tmp_path / "all.zip", [character_to_udonarium(s.system, s.character) for s in stored])
    dialog = read_from(window, tmp_path / "all.zip").dialog
    assert not dialog.system_combo.isEnabled()  # every one names its system
    assert dialog.table.item(0, 0).text() == f"{stored[0].character.name} (2)"  # the name is taken
    dialog.import_button.click()
    back = window.campaign_model.characters()[len(stored) :]
    assert [(s.system, s.character.name) for s in back] == [
        (s.system, f"{s.character.name} (2)") for s in stored
    ]
    toru, toru_again = stored[0].character, back[0].character
    assert (toru_again.hp, toru_again.attributes, toru_again.critical) == (
        toru.hp,
        toru.attributes,
        toru.critical,
    )


def test_what_does_not_fit_a_sheet_is_refused_with_the_reason_and_the_rest_goes_in(window, tmp_path):
    xml = zipfile.ZipFile(ROOM).read("data.xml").decode()
    broken = xml.replace('<data name="器用度">24</data>', '<data name="反射">とても速い</data>', 1)
    path = tmp_path / "ルームデータ.zip"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("data.xml", broken)
    before = names(window)
    actions = read_from(window, path)
    dialog = actions.dialog
    dialog.system_combo.setCurrentIndex(dialog.system_combo.findData("aw"))
    assert dialog.table.item(0, 2).text() == "読み込まない: 「反射」の値「とても速い」は整数ではありません"
    assert "1 人はシートに合わない" in dialog.count_label.text()
    dialog.import_button.click()
    assert names(window) == before + SAMPLE_NAMES[1:]
    summary = actions.summary_box.text()
    assert (
        "5 人を読み込みました" in summary
        and "・モンスターA: 「反射」の値「とても速い」は整数ではありません" in summary
    )


def zip_with(name: str, data: bytes) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(name, data)
    return buffer.getvalue()


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (b"PK\x03\x04 not really a zip", "ZIP ファイルが壊れています"),
        (
            zip_with("data.xml", b'<!DOCTYPE x [<!ENTITY a "aaaa">]><character>&a;</character>'),
            "安全のため読みません",
        ),
        (zip_with("data.xml", b"<character><data name='character'>"), "XML として正しくありません"),
        (zip_with("picture.png", b"\x89PNG"), "XML ファイルがありません"),
        (zip_with("data.xml", b"<room></room>"), "キャラクター（<character> 要素）がありません"),
    ],
)
def test_a_hostile_or_broken_file_is_refused_with_the_reason_and_nothing_changes(
    window, tmp_path, refusals, data, reason
):
    path = tmp_path / "xml_bad_2025-04-23_2119.zip"
    path.write_bytes(data)
    campaign = window.campaign_model.campaign.path
    before = (names(window), campaign.read_bytes())
    actions = read_from(window, path)
    assert actions.dialog is None
    assert len(refusals) == 1 and reason in refusals[0] and path.name in refusals[0]
    assert (names(window), campaign.read_bytes()) == before
    assert window.campaign_model.undo_stack.count() == 0
    assert path.read_bytes() == data


def test_cancelling_the_dialog_or_the_file_dialog_changes_nothing(window):
    before = names(window)
    read_from(window, ROOM).dialog.reject()
    assert names(window) == before and window.campaign_model.undo_stack.count() == 0
    assert read_from(window, None).dialog is None  # the file dialog cancelled: nothing read
    assert names(window) == before


def test_the_characters_may_go_in_as_npcs_whose_notes_stay_the_gms(window):
    dialog = read_from(window, ROOM).dialog
    dialog.system_combo.setCurrentIndex(dialog.system_combo.findData("aw"))
    dialog.npc_check.setChecked(True)
    dialog.import_button.click()
    added = window.campaign_model.characters()[-6:]
    assert [s.character.is_pc for s in added] == [False] * 6
    # An NPC's notes stay with the GM: exported again, the monster carries none of them.
    from gmtool.store.udonarium import character_to_udonarium

    memo = character_to_udonarium("aw", added[0].character).notes[0][1]
    assert "器用度" not in memo and "ここに説明を書く" not in memo


def test_narl_saved_and_read_back_plays_as_narl(window, tmp_path):
    """The reviewer's walk: ナール saved as Udonarium's ZIP and read back had every attribute 7, no
    skills and Acrobatics at 2.78 %; the preview counted 5 of its 37 values."""
    from gmtool.rules.systems import get_system
    from gmtool.store.udonarium import character_to_udonarium, write_udonarium

    narl = next(s.character for s in window.campaign_model.characters() if s.character.name == "ナール")
    path = write_udonarium(tmp_path / "narl.zip", [character_to_udonarium("lotr", narl)])
    dialog = read_from(window, path).dialog
    row = dialog.table.item(0, 2).text()
    assert (
        row == "読み込む（gmtool のシートごと。ファイルの値はシートへ 5 個、計算どおり 32 個、メモへ 0 個）"
    )
    dialog.import_button.click()
    again = window.campaign_model.characters()[-1].character
    assert again.name == "ナール (2)"
    assert (again.race, again.order, again.attributes, again.skills) == (
        narl.race,
        narl.order,
        narl.attributes,
        narl.skills,
    )
    lotr = get_system("lotr")
    for kind in lotr.checks(narl):
        spec = lotr.default_spec
        assert lotr.distribution(spec(again, kind)) == lotr.distribution(spec(narl, kind)), kind.label


def test_a_text_file_named_zip_is_said_not_to_be_a_zip(window, tmp_path, refusals):
    path = tmp_path / "ja_udo.zip"
    path.write_text("これはテキストです", encoding="utf-8")
    assert read_from(window, path).dialog is None
    assert len(refusals) == 1 and "ZIP ファイルではありません" in refusals[0]
    assert "XML" not in refusals[0]


def test_one_character_is_one_character_in_english(window, tmp_path):
    from gmtool.models.udonarium_import_model import UdonariumImportModel
    from gmtool.store.udonarium import character_to_udonarium
    from gmtool.views.udonarium_import_dialog import UdonariumImportDialog
    from tests.qt_fixtures import english_ui

    stored = window.campaign_model.characters()
    exported = [character_to_udonarium(s.system, s.character) for s in stored[:2]]
    with english_ui(tmp_path):
        for count, button, label in (
            (1, "Read 1 character", "1 of 1 character will be read."),
            (2, "Read 2 characters", "2 of 2 characters will be read."),
        ):
            model = UdonariumImportModel(window.campaign_model, exported[:count], "x.zip", "aw")
            dialog = UdonariumImportDialog(model, window)
            assert (dialog.import_button.text(), dialog.count_label.text()) == (button, label)
            dialog.import_button.click()
            assert model.summary().startswith(f"Read {button[5:]} from “x.zip”.")
            dialog.deleteLater()


def test_a_computed_value_edited_in_the_room_is_named_in_the_preview_and_the_summary(window):
    from dataclasses import replace

    from gmtool.models.udonarium_import_model import UdonariumImportModel
    from gmtool.store.udonarium import character_to_udonarium
    from gmtool.views.udonarium_import_dialog import UdonariumImportDialog

    narl = next(s.character for s in window.campaign_model.characters() if s.character.name == "ナール")
    exported = character_to_udonarium("lotr", narl)
    edited = replace(exported, params=tuple((k, "9" if k == "Strength" else v) for k, v in exported.params))
    model = UdonariumImportModel(window.campaign_model, [edited], "narl.zip", "aw")
    dialog = UdonariumImportDialog(model, window)
    said = "シートから計算する値なので読まない値: Strength（ファイル 9、シート 4）"
    assert dialog.table.item(0, 2).text().endswith(said)
    dialog.import_button.click()
    assert f"・ナール (2): {said}" in model.summary()
    assert window.campaign_model.characters()[-1].character.attributes == narl.attributes
    dialog.deleteLater()
