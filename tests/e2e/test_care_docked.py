"""LotR's 回復・手当て… and 危険… beside the window (issue 40): as windows of their own they covered the
menu bar of a 1366×768 screen and opened twice when clicked twice.  Docked at the bottom of the
main window like the trackers, opened once, they leave the menu bar in view and clickable, and
the window's shortcuts work while they have the focus."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, Qt
from PySide6.QtWidgets import QApplication, QDialog

from gmtool.app.main_window import MainWindow
from gmtool.app.tool_dock import ToolDock
from gmtool.views.battle.battle_dialog import BattleDialog
from gmtool.views.lotr.care_dialog import LotRCareDialog
from gmtool.views.lotr.hazard_dialog import LotRHazardDialog
from tests.e2e.test_tracker_docked import at_laptop_size, global_rect


@pytest.fixture
def laptop(window: MainWindow, qtbot) -> MainWindow:
    """The demo's window at 1366×768, the LotR character's sheet shown."""
    return at_laptop_size(window, qtbot, "lotr")


def held(window: MainWindow, kind: type[QDialog]) -> list[QDialog]:
    return [d for d in window.services.dialogs.held() if isinstance(d, kind)]


@pytest.mark.parametrize(
    ("button", "kind"), [("care_button", LotRCareDialog), ("hazard_button", LotRHazardDialog)]
)
def test_the_sheets_dialogs_dock_below_the_menu_bar_once(laptop, qtbot, button, kind):
    box = laptop.sheet_view.condition_box
    getattr(box, button).click()
    getattr(box, button).click()
    QApplication.processEvents()
    dialogs = held(laptop, kind)
    assert len(dialogs) == 1  # the second click brought the open one forward
    dialog = dialogs[0]
    dock = dialog.parentWidget()
    assert isinstance(dock, ToolDock) and dialog.window() is laptop
    assert laptop.dockWidgetArea(dock) == Qt.DockWidgetArea.BottomDockWidgetArea
    assert len([d for d in laptop.findChildren(ToolDock) if d.tool is dialog]) == 1
    assert not dialog.visibleRegion().isEmpty()
    bar = laptop.menuBar()
    assert bar.isVisible() and not global_rect(dock).intersects(global_rect(bar))
    # The menu bar takes a click: its first menu opens under the pointer.
    first = bar.actions()[0]
    assert laptop.childAt(laptop.mapFromGlobal(bar.mapToGlobal(bar.actionGeometry(first).center()))) is bar
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.actionGeometry(first).center())
    menu = first.menu()
    assert menu is not None and menu.isVisible()
    menu.close()


def test_the_windows_shortcuts_work_while_the_care_dialog_has_the_focus(laptop, qtbot):
    box = laptop.sheet_view.condition_box
    box.care_button.click()
    (care,) = held(laptop, LotRCareDialog)
    care.days_spin.setFocus()
    qtbot.keyClick(care.days_spin, Qt.Key.Key_B, Qt.KeyboardModifier.ControlModifier)  # 戦闘トラッカー…
    QApplication.processEvents()
    tracker = laptop.services.dialogs.find(BattleDialog)
    assert tracker is not None and isinstance(tracker.parentWidget(), ToolDock)
    # Ctrl+Z reaches the campaign from the docked dialog too: a rest taken back.
    character_id = box.character_actions.character_id
    laptop.campaign_model.update_character(character_id, _damaged(laptop, character_id, 4), "ダメージ")
    care.days_spin.setValue(1)
    care.rest_button.click()
    assert laptop.campaign_model.character(character_id).damage == 3
    care.rest_button.setFocus()  # a field would take Ctrl+Z for its own text
    qtbot.keyClick(care.rest_button, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert laptop.campaign_model.character(character_id).damage == 4


def _damaged(window: MainWindow, character_id: str, damage: int):
    from dataclasses import replace

    return replace(window.campaign_model.character(character_id), damage=damage)


def test_the_care_dialog_closes_with_its_sheet_and_opens_for_the_next(laptop):
    box = laptop.sheet_view.condition_box
    box.care_button.click()
    (care,) = held(laptop, LotRCareDialog)
    aw = next(s.id for s in laptop.campaign_model.characters() if s.system == "aw")
    laptop.select_character(aw)  # its sheet (whose models the dialog shows) goes
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert not held(laptop, LotRCareDialog) and not laptop.findChildren(ToolDock)
    lotr = next(s.id for s in laptop.campaign_model.characters() if s.system == "lotr")
    laptop.select_character(lotr)
    laptop.sheet_view.condition_box.care_button.click()
    (again,) = held(laptop, LotRCareDialog)
    assert again is not care and isinstance(again.parentWidget(), ToolDock)
