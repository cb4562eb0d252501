"""The fight's tools beside the window (issue 40): on a 1366×768 screen the tracker (1300×740) and
the army tracker (1200×720) covered the menu bar and the judgement panel, so the GM closed the
fight to fill a table, use a 令呪 or roll an AW hit.  Now they are docked at the bottom of the main
window, across its width: the menu bar and the panel's roll stay in view and the window's
shortcuts work while the tracker has the focus."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QPoint, QRect, Qt
from PySide6.QtWidgets import QApplication, QDockWidget, QPushButton, QWidget

from gmtool.app.main_window import MainWindow
from gmtool.app.tool_dock import ToolDock
from gmtool.views.battle.battle_dialog import BattleDialog
from gmtool.views.lotr.army.army_dialog import ArmyDialog


def at_laptop_size(window: MainWindow, qtbot, system_id: str) -> MainWindow:
    """The demo's window at a 1366×768 laptop's size, a character of `system_id` selected, shown."""
    window.select_character(next(s.id for s in window.campaign_model.characters() if s.system == system_id))
    window.show()
    window.showNormal()
    window.resize(1366, 740)  # once shown: before, the window was kept to the offscreen screen's size
    qtbot.waitExposed(window)
    QApplication.processEvents()
    assert window.size().width() == 1366
    window.activateWindow()
    return window


@pytest.fixture
def laptop(window: MainWindow, qtbot) -> MainWindow:
    return at_laptop_size(window, qtbot, "aw")


def battle_action(window: MainWindow, text: str):
    menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "戦闘(&B)")
    return next(a for a in menu.actions() if a.text() == text)


def global_rect(widget: QWidget) -> QRect:
    return QRect(widget.mapToGlobal(QPoint(0, 0)), widget.size())


def open_tracker(window: MainWindow) -> tuple[BattleDialog, ToolDock]:
    battle_action(window, "戦闘トラッカー…").trigger()
    QApplication.processEvents()
    dialog = window.services.dialogs.find(BattleDialog)
    assert dialog is not None
    dock = dialog.parentWidget()
    assert isinstance(dock, ToolDock)
    return dialog, dock


def test_the_tracker_is_docked_below_the_menu_bar_and_the_panels_roll(laptop):
    dialog, dock = open_tracker(laptop)
    assert dialog.window() is laptop  # part of the window, not a window over it
    assert laptop.dockWidgetArea(dock) == Qt.DockWidgetArea.BottomDockWidgetArea
    assert dock.width() >= laptop.width() - 20  # the whole width: its table and side pane side by side
    tracker = global_rect(dock)
    assert not tracker.intersects(global_rect(laptop.menuBar()))
    # The AW hit is rolled in the judgement panel: its roll button is in view, above the tracker.
    panel = laptop.check_stack.currentWidget()
    roll = next(b for b in panel.findChildren(QPushButton) if b.text() == "ダイスを振る")
    assert not roll.visibleRegion().isEmpty() and not global_rect(roll).intersects(tracker)
    # Its table shows five rows (the log is a tab of the side pane) and its buttons are in view.
    rows = dialog.table.verticalHeader().defaultSectionSize()
    assert dialog.table.viewport().height() >= 5 * rows
    for button in (dialog.start_button, dialog.next_button, dialog.add_npc_button):
        assert not button.visibleRegion().isEmpty(), button.text()
    assert dialog.side_tabs.tabText(dialog.log_tab) == "戦闘ログ"


def test_the_windows_shortcuts_work_while_the_tracker_has_the_focus(laptop, qtbot):
    dialog, _dock = open_tracker(laptop)
    dialog.table.setFocus()
    assert dialog.isAncestorOf(QApplication.focusWidget())
    qtbot.keyClick(
        dialog.table, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    )
    army = laptop.services.dialogs.find(ArmyDialog)  # 戦闘 → 軍勢・攻城戦 (Ctrl+Shift+A)
    assert army is not None and isinstance(army.parentWidget(), ToolDock)
    # Ctrl+B brings the tracker back in front of the army's tab, still one tracker.
    qtbot.keyClick(army.tabs, Qt.Key.Key_B, Qt.KeyboardModifier.ControlModifier)
    QApplication.processEvents()
    assert [d for d in laptop.services.dialogs.held() if isinstance(d, BattleDialog)] == [dialog]
    assert not dialog.visibleRegion().isEmpty()


def test_closing_the_tracker_takes_its_dock_away(laptop):
    dialog, dock = open_tracker(laptop)
    assert dock in laptop.findChildren(QDockWidget)
    dialog.reject()  # 閉じる
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert not laptop.findChildren(ToolDock)
    assert laptop.services.dialogs.find(BattleDialog) is None
    reopened, dock = open_tracker(laptop)  # and it opens again
    assert reopened is not dialog
    dock.close()  # the dock's ×: the tracker closes as by 閉じる
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert not laptop.findChildren(ToolDock) and laptop.services.dialogs.find(BattleDialog) is None


def test_closing_the_last_tool_puts_the_log_and_the_dice_box_back(laptop):
    """Closed, the tracker left the log tabbed with the dice box at the tracker's 55 % of the
    height, and the panel above it scrolling."""
    log, dice = laptop.log_dock, laptop.dice_box_dock
    panel_height = laptop.panel_area.viewport().height()
    heights = (log.height(), dice.height())
    assert not laptop.tabifiedDockWidgets(log)
    dialog, _dock = open_tracker(laptop)
    army_action = battle_action(laptop, "軍勢・攻城戦（指輪物語）…")
    army_action.trigger()
    army = laptop.services.dialogs.find(ArmyDialog)
    assert army is not None
    dialog.reject()  # one tool still open: the layout stays the tools'
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert laptop.tabifiedDockWidgets(log)
    army.reject()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    QApplication.processEvents()
    assert not laptop.tabifiedDockWidgets(log) and log.isVisible() and dice.isVisible()
    assert (log.height(), dice.height()) == heights
    assert laptop.panel_area.viewport().height() == panel_height


def test_another_systems_panel_opens_at_its_top(laptop):
    """The panels share one scroll area: the AW panel scrolled down to its plots (the tracker
    docked below) left the LotR panel, shown next, scrolled past its first fields."""
    open_tracker(laptop)
    bar = laptop.panel_area.verticalScrollBar()
    assert bar.maximum() > 0
    bar.setValue(bar.maximum())
    lotr = next(s.id for s in laptop.campaign_model.characters() if s.system == "lotr")
    laptop.select_character(lotr)
    QApplication.processEvents()
    assert bar.value() == 0


def test_a_tie_note_moves_no_button_and_hides_none(language, laptop):
    """Two NPCs on the same 行動値: the turn's note 「同値: Goblin B も同じ順位です…」 appeared above the
    round's buttons, pushed them down and half hid the export row behind the pane's scroll bar."""
    from gmtool.app.battle_menu import show_tracker

    show_tracker(laptop.services)
    QApplication.processEvents()
    dialog = laptop.services.dialogs.find(BattleDialog)
    assert dialog is not None
    dialog.ask_confirm = lambda *_: True
    dialog.system_combo.setCurrentIndex(dialog.system_combo.findData("aw"))
    dialog.new_button.click()
    dialog.model.roster.add_quick("Goblin", {"initiative": 5, "hp": 10}, 2, False)
    dialog.start_button.click()
    buttons = (
        dialog.next_button,
        dialog.end_button,
        dialog.add_npc_button,
        dialog.write_back_button,
        dialog.copy_button,
        dialog.ccfolia_button,
        dialog.ccfolia_all_button,
        dialog.udonarium_button,
        dialog.include_hidden_check,
    )
    QApplication.processEvents()
    before = {button: global_rect(button) for button in buttons}
    dialog.next_button.click()
    QApplication.processEvents()
    note = dialog.tie_label
    assert "Goblin B" in note.text() and note.isVisible()
    wrapped = note.fontMetrics().boundingRect(
        QRect(0, 0, note.width(), 1000), Qt.TextFlag.TextWordWrap, note.text()
    )
    assert wrapped.height() <= note.height()  # the whole note is read, in either language
    for button in buttons:
        assert global_rect(button) == before[button], button.text()  # nothing moved
        assert button.visibleRegion().boundingRect() == button.rect(), button.text()  # nothing cut
