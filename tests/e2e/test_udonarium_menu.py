"""Udonarium ZIPs from the main window: the キャラクター menu saves the selected character or every
character, the battle tracker saves its participants (hidden ones only with 非公開も含める), and
every refusal or failure is said in a message box."""

from __future__ import annotations

import zipfile

import pytest

from gmtool.app.export_menu import install_export_actions
from gmtool.app.main_window import MainWindow
from gmtool.store.udonarium_read import read_udonarium
from gmtool.views import file_dialogs
from gmtool.views.battle.battle_dialog import BattleDialog


@pytest.fixture
def window(window):
    install_export_actions(window.services)
    return window


def ids(window: MainWindow) -> dict[str, str]:
    return {s.character.name: s.id for s in window.campaign_model.characters()}


def trigger(window: MainWindow, text: str) -> None:
    menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "キャラクター(&C)")
    next(a for a in menu.actions() if a.text() == text).trigger()


def test_the_selected_character_is_saved_as_udonariums_zip(window, tmp_path):
    window.select_character(ids(window)["ミナ・クローデル"])
    asked = []
    window.ask_save_path = lambda title, file_filter, suggested="": (
        asked.append(suggested) or str(tmp_path / "mina")
    )
    trigger(window, "Udonarium 形式で保存…")
    assert asked[0].startswith("ミナ・クローデル_") and asked[0].endswith(".zip")  # Udonarium's naming
    assert zipfile.ZipFile(tmp_path / "mina.zip").namelist() == ["data.xml"]
    [mina] = read_udonarium(tmp_path / "mina.zip")
    assert mina.name == "ミナ・クローデル" and mina.dicebot == "SRS"
    assert "Udonarium" in window.statusBar().currentMessage()


def test_every_character_goes_into_one_zip(window, tmp_path):
    window.ask_save_path = lambda *_: str(tmp_path / "all.zip")
    trigger(window, "全キャラクターを Udonarium 形式で保存…")
    names = [c.name for c in read_udonarium(tmp_path / "all.zip")]
    assert names == [s.character.name for s in window.campaign_model.characters()]
    assert window.statusBar().currentMessage().startswith(f"{len(names)} 人を")


def test_nothing_selected_or_an_unwritable_place_is_said(window, tmp_path, refusals):
    window.list_view.setCurrentIndex(window.character_list.index(-1, 0))
    trigger(window, "Udonarium 形式で保存…")
    assert len(refusals) == 1 and "選んでください" in refusals[0]
    window.ask_save_path = lambda *_: str(tmp_path / "no such folder" / "all.zip")
    trigger(window, "全キャラクターを Udonarium 形式で保存…")
    assert len(refusals) == 2 and "書き込めません" in refusals[1]
    window.ask_save_path = lambda *_: ""  # cancelled: nothing said, nothing written
    trigger(window, "全キャラクターを Udonarium 形式で保存…")
    assert len(refusals) == 2


def test_the_tracker_saves_its_participants_and_hidden_ones_only_when_ticked(
    window, tmp_path, monkeypatch, refusals, qtbot
):
    window.battle_menu.show_tracker()  # as 戦闘 → 戦闘トラッカー… opens it
    dialog = window.services.dialogs.find(BattleDialog)
    model = dialog.model
    qtbot.addWidget(dialog)
    model.new_encounter("aw", "遭遇")
    model.roster.add_character(ids(window)["朝霧 透"])
    boss = model.roster.add_character(ids(window)["影の使徒"])
    model.edit.set_hidden(boss, True)
    target = tmp_path / "fight"
    monkeypatch.setattr(file_dialogs, "save_file_name", lambda *_: str(target))
    dialog.udonarium_button.click()
    assert [c.name for c in read_udonarium(tmp_path / "fight.zip")] == ["朝霧 透"]
    assert window.statusBar().currentMessage().startswith("1 人を")
    dialog.include_hidden_check.setChecked(True)
    dialog.udonarium_button.click()
    assert [c.name for c in read_udonarium(tmp_path / "fight.zip")] == ["朝霧 透", "影の使徒"]
    dialog.include_hidden_check.setChecked(False)
    model.edit.set_hidden(next(p.id for p in model.state().participants if p.name == "朝霧 透"), True)
    dialog.udonarium_button.click()
    assert refusals and "書き出す参加者がいません" in refusals[-1]
