"""The main window as a user drives it: characters, menus, undo, files."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtGui import QKeySequence

from gmtool.store.exchange import export_character
from tests.qt_fixtures import DEMO_NAMES, installed_translation, reopen_characters

# 追加 asks which system; these tests add AW characters unless they say otherwise.
# 削除 asks first (tests/e2e/test_main_window_layout.py): yes.
pytestmark = pytest.mark.window(add_system="aw", confirm=True)


def list_names(window) -> list[str]:
    model = window.character_list
    return [model.index(row, 0).data() for row in range(model.rowCount())]


def menu_action(window, text):
    for menu_action in window.menuBar().actions():
        for action in menu_action.menu().actions():
            if action.text() == text:
                return action
    raise LookupError(text)


def test_opening_another_campaign_lets_go_of_the_closed_ones_undo_steps(window, tmp_path):
    """The closed campaign's steps cannot be undone any more; they go with it (not left to the
    cycle collector, which could free a step after the model that holds it)."""
    from gmtool.models.campaign_model import CampaignModel
    from gmtool.store.campaign import Campaign

    first = window.campaign_model
    first.rename_character(window.character_list.id_at(0), "改名")
    assert first.undo_stack.count() == 1
    window.set_campaign_model(CampaignModel(Campaign.create(tmp_path / "other.gmcampaign")))
    assert first.undo_stack.count() == 0
    assert window.services.undo.undo_action.isEnabled() is False


def test_lists_the_campaign_and_shows_the_first_sheet(window):
    assert list_names(window) == DEMO_NAMES
    assert window.sheet_view.name_edit.text() == "朝霧 透"
    assert window.windowTitle().endswith("table.gmcampaign")
    assert window.files.recent() == [str(window.campaign_model.campaign.path)]  # opened → remembered


def test_selecting_a_character_shows_its_sheet_and_makes_it_the_roller(window):
    window.select_character(window.character_list.id_at(1))
    assert window.sheet_view.name_edit.text() == "ミナ・クローデル"
    assert window.panel_model("aw").action.character_id == window.character_list.id_at(1)


def test_add_rename_duplicate_delete_with_undo_shortcuts(window, campaign_path, monkeypatch):
    window.add_character()
    assert list_names(window)[-1] == "新しいキャラクター"
    assert window.sheet_view.name_edit.text() == "新しいキャラクター"
    monkeypatch.setattr(window, "ask_text", lambda *_: ("ルカ", True))
    window.rename_selected()
    window.duplicate_selected()
    assert list_names(window)[-2:] == ["ルカ", "ルカのコピー"]
    window.delete_selected()
    assert list_names(window)[-1] == "ルカ"
    assert set(reopen_characters(campaign_path)) == {*DEMO_NAMES, "ルカ"}

    undo = menu_action(window, "元に戻す: キャラクターの削除")  # named after the step
    redo = menu_action(window, "やり直し")
    assert undo.shortcut() == QKeySequence("Ctrl+Z")
    assert QKeySequence("Ctrl+Shift+Z") in redo.shortcuts()
    undo.trigger()  # the delete
    assert list_names(window)[-1] == "ルカのコピー"
    for _ in range(3):
        undo.trigger()
    assert list_names(window) == DEMO_NAMES
    redo.trigger()
    assert list_names(window)[-1] == "新しいキャラクター"


def test_actions_without_a_selection_are_refused_with_a_reason(window, refusals):
    for character_id in [window.character_list.id_at(r) for r in range(len(DEMO_NAMES))]:
        window.campaign_model.delete_character(character_id)
    assert window.sheet_view is None
    window.rename_selected()
    window.files.export_character()
    assert refusals == [
        "名前を変えるキャラクターを選んでください",
        "エクスポートするキャラクターを選んでください",
    ]


def test_roll_from_the_menu_appends_to_the_log_panel(window):
    menu_action(window, "ダイスを振る").trigger()
    assert window.log_model.rowCount() == 1
    assert window.log_model.row_texts(0)[1] == "朝霧 透"


def test_export_then_import_a_character_file(window, tmp_path, monkeypatch):
    out = tmp_path / "toru.gmchar.json"
    monkeypatch.setattr(window, "ask_save_path", lambda *_: str(out))
    window.files.export_character()
    assert out.exists()
    monkeypatch.setattr(window, "ask_open_path", lambda *_: str(out))
    monkeypatch.setattr(window, "ask_choice", lambda _title, _text, _choices: 1)  # keep both
    window.files.import_character()
    assert list_names(window) == [*DEMO_NAMES, "朝霧 透 (2)"]
    window.campaign_model.undo_stack.undo()
    assert len(list_names(window)) == len(DEMO_NAMES)


@pytest.fixture
def exported_toru(window, tmp_path, monkeypatch):
    """朝霧 透 written to a character file, and 開く answering with it: importing it meets his twin."""
    out = tmp_path / "toru.gmchar.json"
    export_character(out, "aw", window.campaign_model.characters()[0].character)
    monkeypatch.setattr(window, "ask_open_path", lambda *_: str(out))
    return out


def answer(window, monkeypatch, choice: int, names: list[str] | None = None) -> list[tuple[str, str]]:
    """The import's question answered with `choice` (and the rename's with `names` in turn); the
    questions' texts are returned as they are asked."""
    asked: list[tuple[str, str]] = []
    typed = iter(names or [])

    def choose(_title, text, choices):
        asked.append((text, " / ".join(choices)))
        return choice

    def type_name(_title, label, suggested):
        asked.append((label, suggested))
        name = next(typed, None)
        return (name, True) if name is not None else ("", False)

    monkeypatch.setattr(window, "ask_choice", choose)
    monkeypatch.setattr(window, "ask_text", type_name)
    return asked


def test_importing_a_name_that_exists_asks_and_keeps_both_as_name_2(window, exported_toru, monkeypatch):
    asked = answer(window, monkeypatch, 1)
    window.files.import_character()
    assert asked == [
        (
            "「朝霧 透」はこのキャンペーンにもういます。インポートするキャラクターの名前をどうしますか？",
            "名前を変える… / 「朝霧 透 (2)」として両方残す",
        )
    ]
    assert list_names(window) == [*DEMO_NAMES, "朝霧 透 (2)"]
    assert window.sheet_view.name_edit.text() == "朝霧 透 (2)"  # the new one is shown
    window.files.import_character()  # again: the first free number
    assert list_names(window)[-1] == "朝霧 透 (3)"
    stack = window.campaign_model.undo_stack
    assert stack.undoText() == "キャラクターのインポート"
    stack.undo()
    stack.undo()  # one step each
    assert list_names(window) == DEMO_NAMES


def test_importing_a_name_that_exists_may_rename_it(window, exported_toru, monkeypatch, campaign_path):
    asked = answer(window, monkeypatch, 0, ["ミナ・クローデル", "透の影"])
    window.files.import_character()
    assert asked[1:] == [
        ("インポートするキャラクターの名前:", "朝霧 透 (2)"),
        (  # a name taken too is asked again, never given to a second character
            "「ミナ・クローデル」もこのキャンペーンにいます。別の名前を入力してください:",
            "ミナ・クローデル (2)",
        ),
    ]
    assert list_names(window) == [*DEMO_NAMES, "透の影"]
    assert set(reopen_characters(campaign_path)) == {*DEMO_NAMES, "透の影"}


def test_cancelling_the_question_imports_nothing(window, exported_toru, monkeypatch, campaign_path):
    steps = window.campaign_model.undo_stack.count()
    answer(window, monkeypatch, -1)
    window.files.import_character()
    answer(window, monkeypatch, 0)  # 名前を変える…, then キャンセル
    window.files.import_character()
    assert list_names(window) == DEMO_NAMES
    assert window.campaign_model.undo_stack.count() == steps
    assert set(reopen_characters(campaign_path)) == set(DEMO_NAMES)


def test_a_bad_character_file_is_refused_and_the_campaign_file_is_untouched(
    window, tmp_path, monkeypatch, refusals, campaign_path
):
    bad = tmp_path / "bad.gmchar.json"
    export_character(bad, "aw", window.campaign_model.characters()[0].character)
    bad.write_text(bad.read_text(encoding="utf-8").replace('"hp": 28', '"hp": "28"'), encoding="utf-8")
    window.campaign_model.campaign.close()  # so the bytes on disk are final
    before = campaign_path.read_bytes()
    window.campaign_model.campaign = type(window.campaign_model.campaign).open(campaign_path)
    monkeypatch.setattr(window, "ask_open_path", lambda *_: str(bad))
    window.files.import_character()
    assert refusals and "data.hp" in refusals[0]
    assert len(list_names(window)) == len(DEMO_NAMES)
    window.campaign_model.campaign.close()
    assert campaign_path.read_bytes() == before


def test_opening_a_file_that_is_not_a_campaign_keeps_the_current_one(window, tmp_path, refusals):
    junk = tmp_path / "notes.gmcampaign"
    junk.write_text("これはキャンペーンではない", encoding="utf-8")
    window.files.open_campaign(str(junk))
    assert refusals and "SQLite" in refusals[0]
    assert junk.read_text(encoding="utf-8") == "これはキャンペーンではない"
    assert list_names(window) == DEMO_NAMES


def test_new_save_as_open_and_recent(window, tmp_path, monkeypatch, campaign_path):
    copy = tmp_path / "copy"
    monkeypatch.setattr(window, "ask_save_path", lambda *_: str(copy))
    window.files.save_campaign_as()
    assert window.campaign_model.campaign.path == Path(str(copy) + ".gmcampaign")
    assert list_names(window) == DEMO_NAMES
    window.add_character()  # edits now go to the copy
    assert "新しいキャラクター" not in reopen_characters(campaign_path)

    fresh = tmp_path / "fresh.gmcampaign"
    monkeypatch.setattr(window, "ask_save_path", lambda *_: str(fresh))
    window.files.new_campaign()
    assert list_names(window) == [] and window.sheet_view is None
    window.files.open_campaign(str(campaign_path))
    assert len(list_names(window)) == len(DEMO_NAMES)
    assert window.files.recent()[:3] == [str(campaign_path), str(fresh), str(copy) + ".gmcampaign"]
    window.files.fill_recent_menu()
    assert next(a.text() for a in window.recent_menu.actions()) == str(campaign_path)


def test_a_recent_campaign_opens_from_its_menu_entry(window, tmp_path, campaign_path):
    window.ask_save_path = lambda *_: str(tmp_path / "fresh")
    window.files.new_campaign()
    window.files.open_campaign(str(campaign_path))  # both are recent now
    window.files.fill_recent_menu()
    fresh = str(tmp_path / "fresh.gmcampaign")
    next(a for a in window.recent_menu.actions() if a.text() == fresh).trigger()
    assert str(window.campaign_model.campaign.path) == fresh  # the entry's path, not `checked`


def test_recent_campaigns_read_only_a_list_or_a_lone_path(window):
    for stored, listed in (("one.gmcampaign", ["one.gmcampaign"]), (None, []), (7, [])):
        window.settings.setValue("recent_campaigns", stored)
        assert window.files.recent() == listed


def test_qt_own_buttons_speak_japanese(qapp, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QWizard

    monkeypatch.delenv("GMTOOL_LANGUAGE", raising=False)
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    with installed_translation(settings) as language:
        assert language == "ja"  # the default, as gmtool starts
        assert "次へ" in QWizard().buttonText(QWizard.WizardButton.NextButton)


def test_ctrl_shift_i_opens_the_closed_log_and_puts_the_cursor_in_its_search(window, qtbot):
    from PySide6.QtCore import Qt

    window.log_dock.close()
    window.activateWindow()
    qtbot.keyClick(
        window, Qt.Key.Key_I, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    )
    qtbot.waitUntil(window.log_panel.search.hasFocus, timeout=2000)
    assert window.log_dock.isVisible()


def test_no_two_actions_of_the_window_share_a_shortcut(window):
    from PySide6.QtGui import QAction

    taken: dict[str, str] = {}
    for action in window.findChildren(QAction):
        for key in action.shortcuts():
            text = key.toString()
            assert text not in taken, f"{text}: {taken.get(text)} / {action.text()}"
            taken[text] = action.text()
    assert taken.get("Ctrl+Shift+P") == "ハウスルール（ルールの読み方）…"


def test_the_house_rules_page_opens_from_the_edit_menu_on_the_selected_system(window, qtbot):
    from gmtool.app.house_rules_menu import open_house_rules
    from gmtool.views.house_rules_dialog import HouseRulesDialog

    window.ask_item = lambda _title, _label, items, _current: (items[0], True)
    dialog = open_house_rules(window.services)
    qtbot.addWidget(dialog)
    assert dialog.tabs.count() == 5 and dialog.isVisible()
    assert window.services.dialogs.find(HouseRulesDialog) is dialog
