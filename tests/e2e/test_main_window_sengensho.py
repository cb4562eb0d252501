"""千幻抄 at the table, from the main window: selecting a 千幻抄 character shows its sheet and the 3D6
panel, Ctrl+R rolls on it, the menu opens the session, the stepper and the 類型 catalog (one each),
the panel's and the sheet's buttons open them too, and the session ends from the menu with undo."""

from __future__ import annotations

import pytest

from gmtool.app.main_window import MainWindow
from gmtool.models.sengensho.catalog_model import SengenshoCatalogModel
from gmtool.models.sengensho.opposed_setup import Role
from gmtool.models.sengensho.session_model import SengenshoSessionModel
from gmtool.rules.systems.sengensho.bonds import BondRequest
from gmtool.rules.systems.sengensho.catalog import AbilityKind, Archetype, ArchetypeCatalog, FantasyAbility
from gmtool.rules.systems.sengensho.character import BondKind
from gmtool.rules.systems.sengensho.fantasy import AbilityState
from gmtool.views.sengensho.catalog_dialog import SengenshoCatalogDialog
from gmtool.views.sengensho.check_view import SengenshoCheckView
from gmtool.views.sengensho.opposed_dialog import SengenshoOpposedDialog
from gmtool.views.sengensho.session_dialog import SengenshoSessionDialog
from gmtool.views.sengensho.sheet_view import SengenshoSheetView

MENU = "千幻抄(&S)"


pytestmark = pytest.mark.window(record_dialogs=True, confirm=True)


def ids(window: MainWindow) -> dict[str, str]:
    return {s.character.name: s.id for s in window.campaign_model.characters()}


def menu_actions(window: MainWindow, title: str) -> dict[str, object]:
    menu = next(a.menu() for a in window.menuBar().actions() if a.text() == title)
    return {a.text(): a for a in menu.actions() if a.text()}


def test_a_sengensho_character_gets_its_sheet_and_panel_and_ctrl_r_rolls_3d6(window):
    window.select_character(ids(window)["白峰 朔"])
    assert isinstance(window.sheet_view, SengenshoSheetView)
    panel = window.check_stack.currentWidget()
    assert isinstance(panel, SengenshoCheckView)
    before = len(window.campaign_model.log_entries())

    roll = next(a for a in menu_actions(window, "判定(&J)").values() if a.shortcut().toString() == "Ctrl+R")
    roll.trigger()

    entries = window.campaign_model.log_entries()
    assert len(entries) == before + 1
    summary = entries[-1].payload["summary"]
    assert summary["who"] == "白峰 朔" and summary["dice"].startswith("3D6 [")
    assert "白峰 朔" not in window.statusBar().currentMessage()  # no refusal


def test_the_menu_opens_each_tool_once(window):
    actions = menu_actions(window, MENU)
    shortcuts = {text: action.shortcut().toString() for text, action in actions.items()}
    assert shortcuts["セッション管理（縁故・幻想能力・ラスボス）…"] == "Ctrl+Shift+K"
    assert shortcuts["対抗判定（7ステップ）…"] == "Ctrl+Shift+O"
    for text in ("セッション管理（縁故・幻想能力・ラスボス）…", "対抗判定（7ステップ）…", "類型カタログ…"):
        actions[text].trigger()
        actions[text].trigger()  # the open one is raised, not a second copy
    assert [type(d) for d in window.opened] == [
        SengenshoSessionDialog,
        SengenshoOpposedDialog,
        SengenshoCatalogDialog,
    ]
    for dialog in window.opened:  # Ctrl+Z works while the tool is the active window
        assert window.undo_action in dialog.actions() and window.redo_action in dialog.actions()


def test_the_panels_stepper_button_and_the_sheets_session_button_open_their_tools(window):
    window.select_character(ids(window)["綾瀬 詩織"])
    window.check_stack.currentWidget().opposed_button.click()
    window.sheet_view.session_requested.emit()
    assert [type(d) for d in window.opened] == [SengenshoOpposedDialog, SengenshoSessionDialog]


def test_the_tools_open_on_the_selected_character(window):
    """The session and the stepper opened on another character than the one selected."""
    name = "綾瀬 詩織"
    window.select_character(ids(window)[name])
    window.check_stack.currentWidget().opposed_button.click()
    window.sheet_view.session_requested.emit()
    stepper, session = window.opened
    assert session.bonds_tab.holder_combo.currentText().startswith(name)
    assert session.history_page.holder_combo.currentText().startswith(name)
    assert stepper.model.setup.character(Role.DEFENDER).name == name  # a PC defends: the text's hint


def test_ending_the_session_from_the_menu_resets_abilities_and_archives_bonds_with_undo(window, refusals):
    names = ids(window)
    saku, shiori = names["白峰 朔"], names["綾瀬 詩織"]
    set_campaign_catalog(window, required=1)
    session = SengenshoSessionModel(window.campaign_model, window)
    end = menu_actions(window, MENU)["セッション終了（幻想能力の使用回数を戻す）…"]
    end.trigger()
    assert refusals[-1] == "千幻抄のセッションは始まっていません"

    session.course.start()
    session.course.add_scene("出会い")
    session.bonds.form(BondRequest(saku, "狩猟者", BondKind.CHARACTER, target_id=shiori))
    session.fantasy.use_ability(saku, "狩猟者", 0)
    assert ability_state(session, saku) is AbilityState.USED

    end.trigger()
    assert "千幻抄のセッション 1 を終了しますか" in window.confirmations[-1]
    state = session.state()
    assert not state.running and state.session_number == 2 and state.bonds == ()
    assert len(state.history) == 1 and len(state.history[0].bonds) == 1
    # The 縁故 went to the history, so 幻想値 is 0 again: the ability is locked, not used.
    assert ability_state(session, saku) is AbilityState.LOCKED

    window.undo_action.trigger()
    state = session.state()
    assert state.running and state.session_number == 1 and len(state.bonds) == 1
    assert ability_state(session, saku) is AbilityState.USED


def set_campaign_catalog(window: MainWindow, required: int) -> None:
    """The GM's catalog: 狩猟者's first 幻想能力 needs `required` 幻想値 (the shipped one has none set)."""
    ability = FantasyAbility("狩人の眼", AbilityKind.INFORMATION, required, "GMが入力した効果")
    hunter = Archetype("狩猟者", abilities=(ability, FantasyAbility(), FantasyAbility()))
    SengenshoCatalogModel(window.campaign_model).save(ArchetypeCatalog((hunter, Archetype("芸術家"))))


def ability_state(session: SengenshoSessionModel, holder: str) -> AbilityState:
    return next(s.state for s in session.fantasy.statuses(holder) if (s.archetype, s.index) == ("狩猟者", 0))


def test_the_udonarium_export_carries_the_sessions_bonds_values_and_abilities(window, tmp_path):
    """Exported to Udonarium, a 千幻抄 character lost its 縁故, 幻想値 and 幻想能力 (they live in the
    session, not on the sheet): now they travel as values and memo lines."""
    from gmtool.app.export_menu import install_export_actions
    from gmtool.store.udonarium_read import read_udonarium

    install_export_actions(window.services)
    names = ids(window)
    saku, shiori = names["白峰 朔"], names["綾瀬 詩織"]
    set_campaign_catalog(window, required=1)
    session = SengenshoSessionModel(window.campaign_model, window)
    session.course.start()
    session.course.add_scene("出会い")
    session.bonds.form(BondRequest(saku, "狩猟者", BondKind.CHARACTER, target_id=shiori))
    window.select_character(saku)
    window.ask_save_path = lambda *_: str(tmp_path / "saku.zip")
    menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "キャラクター(&C)")
    next(a for a in menu.actions() if a.text() == "Udonarium 形式で保存…").trigger()
    [exported] = read_udonarium(tmp_path / "saku.zip")
    assert ("幻想値:狩猟者", "1") in exported.params
    memo = "\n".join(text for _, text in exported.notes)
    assert "縁故: 綾瀬 詩織（狩猟者・Lv1）" in memo
    assert "幻想能力: 狩人の眼（狩猟者・必要幻想値 1・使用可）" in memo
