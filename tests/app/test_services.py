"""The window's services (gmtool.app.services) and the tool dialogs it holds (gmtool.app.open_dialogs):
what the menus, the table tools and the systems' hooks are given instead of the main window."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog

from gmtool.app.open_dialogs import OpenDialogs
from gmtool.app.services import MenuId
from gmtool.app.systems import SYSTEM_HOOKS
from gmtool.models.campaign_model import CampaignModel
from gmtool.store.campaign import Campaign

pytestmark = pytest.mark.window(record_dialogs=True, shown=False)


class Asked:
    """Stands in for the window's questions: records the dialogs it is asked to show."""

    def __init__(self) -> None:
        self.opened: list[QDialog] = []

    def open_dialog(self, dialog: QDialog) -> None:
        self.opened.append(dialog)


class ToolDialog(QDialog):
    pass


class OtherDialog(QDialog):
    pass


def test_each_menu_is_found_by_its_id_in_the_menu_bars_order(window):
    bar = [action.menu() for action in window.menuBar().actions()]
    ours = [window.services.menu(menu_id) for menu_id in MenuId]
    assert bar[:5] == ours[:5]  # ファイル 編集 キャラクター 表示 判定
    assert bar[-2:] == ours[-2:]  # 戦闘 ヘルプ
    # each system's menu between 判定 and 戦闘, in the registry's order
    assert [menu.title() for menu in bar[5:-2]] == [window.menus[key].title() for key in SYSTEM_HOOKS]
    assert [m.title() for m in ours] == [
        "ファイル(&F)",
        "編集(&E)",
        "キャラクター(&C)",
        "表示(&V)",
        "判定(&J)",
        "戦闘(&B)",
        "ヘルプ(&H)",
    ]


def test_the_campaign_and_the_selection_are_the_windows_at_each_call(window, tmp_path):
    services = window.services
    first = window.character_list.id_at(1)
    services.select_character(first)
    assert window.selected_character_id() == services.selected_character_id() == first
    other = CampaignModel(Campaign.create(tmp_path / "other.gmcampaign"))
    window.set_campaign_model(other)
    assert services.campaign_model is other
    assert services.selected_character_id() is None  # the new campaign has no one


def test_nothing_selected_is_refused_with_the_callers_words(window, refusals, monkeypatch):
    monkeypatch.setattr(window, "selected_character_id", lambda: None)  # as a test answers for the window
    assert window.services.selected_or_refuse("選んでください") is None
    assert refusals == ["選んでください"]


def test_an_action_is_the_windows_with_its_shortcut_and_slot(window):
    called: list[bool] = []
    action = window.services.make_action("テスト", lambda: called.append(True), "Ctrl+Alt+T")
    assert action.parent() is window and action.shortcut() == QKeySequence("Ctrl+Alt+T")
    action.trigger()
    assert called == [True]


def test_a_tool_dialog_is_opened_once_with_the_undo_keys_and_let_go_when_closed(qtbot):
    asked, undo = Asked(), QAction("元に戻す")
    dialogs = OpenDialogs(asked, [undo])  # `Asked` stands in for the questions
    made: list[ToolDialog] = []

    def make() -> ToolDialog:
        made.append(ToolDialog())
        return made[-1]

    first = dialogs.show_single(ToolDialog, make)
    assert dialogs.show_single(ToolDialog, make) is first and len(made) == 1  # raised, not made again
    assert asked.opened == [first] and undo in first.actions()
    assert dialogs.find(ToolDialog) is first and dialogs.find(OtherDialog) is None
    first.show()
    first.close()  # 閉じる, Esc or ×
    assert dialogs.held() == []
    assert dialogs.show_single(ToolDialog, make) is not first  # a new one opens as before


def test_a_kept_dialog_stays_when_closed_until_another_campaign(qtbot):
    dialogs = OpenDialogs(Asked(), [])  # `Asked` stands in for the questions
    kept = dialogs.keep(OtherDialog())
    tool = dialogs.show(ToolDialog())
    kept.show()
    kept.close()
    assert dialogs.find(OtherDialog) is kept  # hidden, shown again as it was
    closed: list[int] = []
    kept.finished.connect(closed.append)
    dialogs.close_all()
    assert dialogs.held() == [] and closed == [0]
    assert not tool.isVisible()


def test_opening_another_campaign_closes_every_held_dialog(window, tmp_path):
    from gmtool.app.dice_tables_menu import open_dice_tables
    from gmtool.views.dice_tables_dialog import DiceTablesDialog

    window.menus["aw"].show_focus()
    tables = open_dice_tables(window.services)
    assert window.services.dialogs.find(DiceTablesDialog) is tables
    assert open_dice_tables(window.services) is tables  # the same one, raised
    window.set_campaign_model(CampaignModel(Campaign.create(tmp_path / "other.gmcampaign")))
    assert window.services.dialogs.held() == []
    opened = open_dice_tables(window.services)
    assert opened is not tables and opened.model.campaign_model is window.campaign_model
