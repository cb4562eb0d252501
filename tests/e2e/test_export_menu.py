"""Online-play exports from the main window: the キャラクター menu copies a chat palette and a
CCFolia character to the clipboard, saves the CCFolia file, and refuses with nothing selected;
the battle tracker's copy leaves hidden participants out unless asked."""

from __future__ import annotations

import json

import pytest
from PySide6.QtGui import QGuiApplication

from gmtool.app.export_menu import (
    copy_encounter_to_ccfolia,
    copy_participant_to_ccfolia,
    install_export_actions,
)
from gmtool.app.main_window import MainWindow
from gmtool.models.battle_model import BattleModel
from gmtool.rules.palette import palette_text
from gmtool.store.ccfolia import validate_ccfolia
from gmtool.views.palette_dialog import PaletteDialog

pytestmark = pytest.mark.window(record_dialogs=True)


@pytest.fixture
def window(window):
    services = window.services
    assert install_export_actions(services) is install_export_actions(services)  # installed once
    return window


def ids(window: MainWindow) -> dict[str, str]:
    return {s.character.name: s.id for s in window.campaign_model.characters()}


def character_actions(window: MainWindow) -> dict[str, object]:
    menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "キャラクター(&C)")
    return {a.text(): a for a in menu.actions() if a.text()}


def clipboard() -> str:
    return QGuiApplication.clipboard().text()


def test_the_menu_has_the_actions_with_free_shortcuts(window):
    actions = character_actions(window)
    assert actions["チャットパレットをコピー"].shortcut().toString() == "Ctrl+Shift+C"
    assert actions["CCFolia 形式でコピー"].shortcut().toString() == "Ctrl+Shift+X"
    assert "CCFolia 形式で保存…" in actions and "チャットパレットを表示…" in actions
    every = [
        a.shortcut().toString()
        for menu_action in window.menuBar().actions()
        if menu_action.menu() is not None
        for a in menu_action.menu().actions()
        if not a.shortcut().isEmpty()
    ]
    assert len(every) == len(set(every)), "a shortcut is used twice"


def test_copying_the_palette_of_the_selected_character(window):
    window.select_character(ids(window)["ミナ・クローデル"])
    character_actions(window)["チャットパレットをコピー"].trigger()
    text = clipboard()
    stored = window.campaign_model.stored(ids(window)["ミナ・クローデル"])
    assert text == palette_text("aw", stored.character)
    assert "//反射=3" in text.splitlines()
    assert "//難易度=10" in text.splitlines()
    assert "2D6+{反射}>={難易度}[11] 【反射判定】" in text.splitlines()


def test_the_palette_dialog_shows_the_palette_and_copies_it(window, qtbot):
    window.select_character(ids(window)["白峰 朔"])
    character_actions(window)["チャットパレットを表示…"].trigger()
    [dialog] = window.opened
    assert isinstance(dialog, PaletteDialog)
    qtbot.addWidget(dialog)
    assert "SGS+{身体} 【身体】" in dialog.text().splitlines()
    assert dialog.text_edit.isReadOnly()
    QGuiApplication.clipboard().setText("")
    dialog.copy_button.click()
    assert clipboard() == dialog.text()


def test_copying_a_ccfolia_character(window):
    window.select_character(ids(window)["ナール"])
    character_actions(window)["CCFolia 形式でコピー"].trigger()
    document = json.loads(clipboard())
    validate_ccfolia(document)
    assert document["data"]["name"] == "ナール"
    assert [row["label"] for row in document["data"]["status"]] == ["ダメージ", "疲労段階", "勇気"]


def test_saving_a_ccfolia_file_that_parses(window, tmp_path):
    window.select_character(ids(window)["朝霧 透"])
    asked = []
    window.ask_save_path = lambda title, file_filter, suggested="": (
        asked.append(suggested) or str(tmp_path / "toru")
    )
    character_actions(window)["CCFolia 形式で保存…"].trigger()
    assert asked == ["朝霧 透.ccfolia.json"]
    document = json.loads((tmp_path / "toru.ccfolia.json").read_text(encoding="utf-8"))
    validate_ccfolia(document)
    assert document["data"]["initiative"] == 9  # 行動値


def test_nothing_selected_is_refused(window, refusals):
    window.list_view.setCurrentIndex(window.character_list.index(-1, 0))
    assert window.selected_character_id() is None
    QGuiApplication.clipboard().setText("まえ")
    for text in ("チャットパレットをコピー", "CCFolia 形式でコピー", "CCFolia 形式で保存…"):
        character_actions(window)[text].trigger()
    assert len(refusals) == 3 and all("選んでください" in r for r in refusals)
    assert clipboard() == "まえ"


def test_an_mtg_deck_has_no_palette_but_exports_to_ccfolia(window, refusals):
    window.select_character(ids(window)["リーフ・ウォーカー"])
    character_actions(window)["チャットパレットをコピー"].trigger()
    assert len(refusals) == 1 and "ダイスを振らない" in refusals[0]
    character_actions(window)["CCFolia 形式でコピー"].trigger()
    validate_ccfolia(json.loads(clipboard()))


def test_the_encounter_copy_leaves_hidden_participants_out(window):
    model = BattleModel(window.campaign_model, window)
    model.new_encounter("aw", "遭遇")
    model.roster.add_character(ids(window)["朝霧 透"])
    boss = model.roster.add_character(ids(window)["影の使徒"])
    model.edit.set_hidden(boss, True)
    assert copy_encounter_to_ccfolia(model, include_hidden=False) == 1
    documents = json.loads(clipboard())
    assert [d["data"]["name"] for d in documents] == ["朝霧 透"]
    assert copy_encounter_to_ccfolia(model, include_hidden=True) == 2
    assert [d["data"]["name"] for d in json.loads(clipboard())] == ["朝霧 透", "影の使徒"]
    with pytest.raises(ValueError, match="非表示"):
        copy_participant_to_ccfolia(model, boss)
    one = json.loads(copy_participant_to_ccfolia(model, boss, include_hidden=True))
    validate_ccfolia(one)
    assert one["data"]["secret"] is True
