"""アナザーワールド at the table, from the main window: the menu opens the session, AF and supply tools
(one of each), ends a session with undo, and Ctrl+R refuses a 令呪 +20 roll when none is left."""

from __future__ import annotations

import pytest

from gmtool.app.main_window import MainWindow
from gmtool.models.aw.session_model import AWSessionModel
from gmtool.rules.systems.aw.session import SpellEffect
from gmtool.views.aw.focus_dialog import AWFocusDialog
from gmtool.views.aw.session_dialog import AWSessionDialog
from gmtool.views.aw.supply_dialog import AWSupplyDialog

pytestmark = pytest.mark.window(record_dialogs=True, confirm=True)


def ids(window: MainWindow) -> dict[str, str]:
    return {s.character.name: s.id for s in window.campaign_model.characters()}


def menu_actions(window: MainWindow, title: str) -> dict[str, object]:
    menu = next(a.menu() for a in window.menuBar().actions() if a.text() == title)
    return {a.text(): a for a in menu.actions() if a.text()}


def test_the_aw_menu_opens_each_tool_once(window):
    actions = menu_actions(window, "アナザーワールド(&A)")
    shortcuts = {text: action.shortcut().toString() for text, action in actions.items()}
    assert shortcuts["セッション管理（契約・令呪・イベントキー）…"] == "Ctrl+Shift+M"
    assert shortcuts["アナザーフォーカス判定（AF）…"] == "Ctrl+Shift+F"
    assert shortcuts["供給・生命力の増減…"] == "Ctrl+Shift+H"
    for text in (
        "セッション管理（契約・令呪・イベントキー）…",
        "アナザーフォーカス判定（AF）…",
        "供給・生命力の増減…",
    ):
        actions[text].trigger()
        actions[text].trigger()  # the open one is raised, not a second copy
    assert [type(d) for d in window.opened] == [AWSessionDialog, AWFocusDialog, AWSupplyDialog]


def test_ending_the_session_from_the_menu_restores_command_spells_and_undoes(window):
    names = ids(window)
    master, servant = names["ミナ・クローデル"], names["朝霧 透"]
    session = AWSessionModel(window.campaign_model, window)
    session.contracts.form_contract(master, servant)
    session.contracts.use_command_spell(master, servant, SpellEffect.ORDER, "逃げるな")
    assert session.contracts.spells_left(master) == 2

    menu_actions(window, "アナザーワールド(&A)")["セッション終了（令呪を回復）"].trigger()
    assert "セッション 1 を終了しますか" in window.confirmations[-1]
    assert session.contracts.spells_left(master) == 3 and session.state().session_number == 2
    assert "セッション 1 を終了" in window.campaign_model.log_entries()[-1].payload["summary"]["inputs"]

    window.undo_action.trigger()
    assert session.contracts.spells_left(master) == 2 and session.state().session_number == 1


def test_ctrl_r_with_a_command_spell_boost_and_none_left_is_refused(window, refusals):
    names = ids(window)
    master, servant = names["ミナ・クローデル"], names["朝霧 透"]
    session = AWSessionModel(window.campaign_model, window)
    session.contracts.form_contract(master, servant)
    window.select_character(servant)
    model = window.panel_model("aw")
    view = window.panel_view("aw")
    view.boost_check.setChecked(True)
    assert model.boost
    for _ in range(3):
        session.contracts.use_command_spell(master, servant, SpellEffect.ORDER)
    logged = len(window.campaign_model.log_entries())

    next(a for a in window.findChildren(type(window.undo_action)) if a.text() == "ダイスを振る").trigger()

    assert "令呪は残っていません" in refusals[-1]
    assert len(window.campaign_model.log_entries()) == logged  # no roll was made


def test_opening_another_campaign_closes_the_aw_tools(window, tmp_path):
    window.menus["aw"].show_session()
    window.menus["aw"].show_focus()
    assert len(window.services.dialogs.held()) == 2
    other = tmp_path / "other.gmcampaign"
    window.ask_save_path = lambda *_args: str(other)
    window.files.new_campaign()
    assert window.services.dialogs.held() == []
    assert window.campaign_model.campaign.path == other


def test_ending_the_session_says_a_running_af_stays(window):
    window.campaign_model.set_session_value("aw.focus", {"status": "running"}, "テスト")
    menu_actions(window, "アナザーワールド(&A)")["セッション終了（令呪を回復）"].trigger()
    assert "進行中のAF判定はそのまま残ります" in window.confirmations[-1]


def test_deleting_an_aw_character_says_its_contracts_stay(window):
    window.select_character(ids(window)["影の使徒"])
    window.delete_selected()
    assert "契約とイベントキーの記録は残ります" in window.statusBar().currentMessage()
