"""ヘルプ → 使い方 (F1) and キーボードショートカット, through the real window."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence

pytestmark = pytest.mark.window(record_dialogs=True)


def _press_f1(qtbot: Any, window: Any) -> None:
    window.activateWindow()
    qtbot.keyClick(window, Qt.Key.Key_F1)


def _manual(window: Any) -> Any:
    from gmtool.views.manual_view import ManualDialog

    shown = [d for d in window.opened if isinstance(d, ManualDialog)]
    assert shown, "F1 opened no manual"
    return shown[-1]


def _activate(qtbot: Any, dialog: Any) -> None:
    """Shown and active, as a dialog the user presses F1 in is (the window's own F1 is then out of reach)."""
    dialog.show()
    qtbot.addWidget(dialog)
    dialog.activateWindow()
    qtbot.waitUntil(lambda: dialog.isActiveWindow())


def _page_text(manual: Any) -> str:
    return manual.browser.toPlainText()


def test_f1_opens_the_manual_in_japanese_at_its_start(qtbot: Any, window: Any) -> None:
    _press_f1(qtbot, window)
    manual = _manual(window)
    assert manual.shown_page() == "00-start.md"
    assert Path(manual.model.folder).name == "ja"
    assert "gmtool" in _page_text(manual) and "キャンペーン" in _page_text(manual)
    assert manual.page_list.count() >= 15  # the table's workflow and one page per system


def test_f1_in_the_english_ui_opens_the_english_manual(qtbot: Any, window: Any, tmp_path: Path) -> None:
    from tests.qt_fixtures import english_ui

    with english_ui(tmp_path):
        _press_f1(qtbot, window)
        manual = _manual(window)
        assert Path(manual.model.folder).name == "en"
        assert "campaign" in _page_text(manual)
        assert not any("\u3040" <= ch <= "\u30ff" for ch in manual.windowTitle())
        manual.close()


def test_f1_in_the_combat_tracker_opens_the_combat_page(qtbot: Any, window: Any) -> None:
    from gmtool.views.battle.battle_dialog import BattleDialog

    window.battle_menu.show_tracker()
    tracker = next(d for d in window.opened if isinstance(d, BattleDialog))
    _activate(qtbot, tracker)
    qtbot.keyClick(tracker, Qt.Key.Key_F1)
    manual = _manual(window)
    assert manual.shown_page() == "07-combat.md"
    assert manual.parentWidget() is window  # a tool beside the window, not inside the tracker


def test_f1_in_a_systems_dialog_opens_that_systems_page_at_the_dialog(qtbot: Any, window: Any) -> None:
    """The AW session dialog's page is the AW page, scrolled to its セッション管理 heading."""
    from gmtool.views.aw.session_dialog import AWSessionDialog

    window.menus["aw"].show_session()
    dialog = next(d for d in window.opened if isinstance(d, AWSessionDialog))
    _activate(qtbot, dialog)
    qtbot.keyClick(dialog, Qt.Key.Key_F1)
    manual = _manual(window)
    assert manual.shown_page() == "aw.md"
    manual.show()
    qtbot.waitUntil(lambda: manual.browser.verticalScrollBar().value() > 0)


def test_f1_in_a_modal_wizard_opens_the_manual_over_it(qtbot: Any, window: Any) -> None:
    """A creation wizard runs modal: the manual is its child, the only window the user can reach,
    and it opens at the system's page."""
    from PySide6.QtWidgets import QWizard

    wizards: list[QWizard] = []
    window.run_wizard = lambda wizard: wizards.append(wizard) or False
    window.menus["fourcard"].create_character()
    wizard = wizards[0]
    wizard.setWindowModality(Qt.WindowModality.ApplicationModal)
    wizard.show()
    qtbot.addWidget(wizard)
    qtbot.keyClick(wizard.currentPage(), Qt.Key.Key_F1)
    manual = _manual(window)
    assert manual.shown_page() == "fourcard.md"
    assert manual.parentWidget() is wizard


def test_f1_on_the_start_page_opens_the_manual_at_its_start(qtbot: Any, settings: Any) -> None:
    """Before any campaign: the start page's F1 opens the page about its four ways in, over it."""
    from gmtool.app.start_page import StartFlow
    from gmtool.views.start_page import StartChoice

    flow = StartFlow(settings)
    _activate(qtbot, flow.page)
    qtbot.keyClick(flow.page.buttons[StartChoice.DEMO], Qt.Key.Key_F1)
    manual = flow.help.manual
    assert manual is not None and manual.isVisible()
    assert manual.shown_page() == "00-start.md"
    assert "デモを見る" in _page_text(manual) and "プレイヤーとしてキャラクターを作る" in _page_text(manual)
    assert manual.parentWidget() is flow.page
    manual.close()


def test_f1_in_the_players_window_and_its_wizard_opens_their_pages(qtbot: Any, settings: Any) -> None:
    """The player's window has no Help menu: F1 opens the player's page, and in its フォーカード
    wizard the system's page (the wizard's own page, as in the GM's window)."""
    from PySide6.QtWidgets import QWizard

    from gmtool.app.player import PlayerWindow

    player = PlayerWindow(settings)
    _activate(qtbot, player)
    qtbot.keyClick(player, Qt.Key.Key_F1)
    manual = player.help.manual
    assert manual is not None and manual.shown_page() == "10-player.md"
    assert "ルールデータを読み込む" in _page_text(manual)
    wizards: list[QWizard] = []
    player.run_wizard = lambda wizard: wizards.append(wizard) or False
    player.create_character("fourcard")
    wizard = wizards[0]
    wizard.setWindowModality(Qt.WindowModality.ApplicationModal)
    wizard.show()
    qtbot.addWidget(wizard)
    qtbot.keyClick(wizard.currentPage(), Qt.Key.Key_F1)
    over = player.help.manual
    assert over is not None and over.shown_page() == "fourcard.md" and over.parentWidget() is wizard
    wizard.close()
    player.close()


def test_every_declared_dialog_page_and_anchor_exists_in_both_languages() -> None:
    from gmtool.app.help_menu import DIALOG_PAGES
    from gmtool.app.systems import manual_pages
    from gmtool.models.manual_model import ManualModel, manual_folder

    declared = {**DIALOG_PAGES, **manual_pages()}
    assert {"AWSessionDialog", "LotRWizard", "SengenshoSessionDialog", "MTGLibraryDialog"} <= set(declared)
    for lang in ("ja", "en"):
        model = ManualModel(manual_folder(lang))
        for dialog, target in declared.items():
            page, _, anchor = target.partition("#")
            assert model.has_page(page), f"{lang}: {dialog} → {page} is missing"
            assert not anchor or model.has_anchor(page, anchor), f"{lang}: {dialog} → {target}: no heading"


def test_the_shortcut_list_holds_the_windows_shortcuts(qtbot: Any, window: Any) -> None:
    window.help.shortcuts_action.trigger()
    from gmtool.views.shortcuts_view import ShortcutsDialog

    dialog = next(d for d in window.opened if isinstance(d, ShortcutsDialog))
    rows = dialog.shown_rows()
    native = QKeySequence.SequenceFormat.NativeText

    def keys_of(action_text: str) -> list[str]:
        return [keys for action, _menu, keys in rows if action == action_text]

    assert QKeySequence("Ctrl+R").toString(native) in keys_of("ダイスを振る")
    assert [menu for action, menu, _keys in rows if action == "ダイスを振る"] == ["判定"]
    assert QKeySequence("Ctrl+3").toString(native) in {keys for _a, _m, keys in rows}
    assert QKeySequence("F1").toString(native) in keys_of("使い方")
    assert not any("&" in action for action, _m, _k in rows)
    dialog.filter.setText("ダイス")
    assert dialog.shown_rows() and all("ダイス" in "".join(row) for row in dialog.shown_rows())


def test_an_action_added_after_the_window_was_built_is_listed(qtbot: Any, window: Any) -> None:
    from gmtool.app.services import MenuId

    later = QAction("後から足した操作(&Z)", window)
    later.setShortcut(QKeySequence("Ctrl+Alt+Shift+9"))
    window.services.menu(MenuId.VIEW).addAction(later)
    window.help.shortcuts_action.trigger()
    dialog = window.opened[-1]
    expected = QKeySequence("Ctrl+Alt+Shift+9").toString(QKeySequence.SequenceFormat.NativeText)
    assert ("後から足した操作", "表示", expected) in dialog.shown_rows()


def test_the_manual_searches_across_its_pages(qtbot: Any, window: Any) -> None:
    window.help.manual_action.trigger()
    manual = _manual(window)
    manual.search.setText("Udonarium")
    shown = [
        manual.page_list.item(row).data(Qt.ItemDataRole.UserRole)
        for row in range(manual.page_list.count())
        if not manual.page_list.item(row).isHidden()
    ]
    assert "08-online-tables.md" in shown and "aw.md" not in shown
    assert manual.shown_page() == shown[0]  # the start page lacks it: the first page that has it
    assert manual.browser.textCursor().selectedText() == "Udonarium"
    manual.open_page("08-online-tables.md")
    manual.find_next()
    assert manual.browser.textCursor().selectedText() == "Udonarium"


def test_links_between_pages_and_back(qtbot: Any, window: Any) -> None:
    window.help.manual_action.trigger()
    manual = _manual(window)
    manual.open_page("lotr.md")
    manual.open_page("07-combat.md")
    assert manual.back_button.isEnabled()
    manual.back_button.click()
    assert manual.shown_page() == "lotr.md"
    manual.forward_button.click()
    assert manual.shown_page() == "07-combat.md"
    manual.home_button.click()
    assert manual.shown_page() == "00-start.md"


def test_a_screenshot_is_never_wider_than_the_page(qtbot: Any, window: Any) -> None:
    """The screenshots are 1366 px wide; shown in a 1100 px window they are scaled to the page
    (found under Xvfb: the start page scrolled sideways)."""
    from PySide6.QtGui import QTextImageFormat

    window.help.manual_action.trigger()
    manual = _manual(window)
    manual.show()
    qtbot.addWidget(manual)

    def widths() -> list[float]:
        found = []
        block = manual.browser.document().begin()
        while block.isValid():
            for_each = block.begin()
            while not for_each.atEnd():
                fragment = for_each.fragment()
                if fragment.charFormat().isImageFormat():
                    image: QTextImageFormat = fragment.charFormat().toImageFormat()
                    found.append(image.width())
                for_each += 1
            block = block.next()
        return found

    room = manual.browser.viewport().width()
    qtbot.waitUntil(lambda: widths() and all(0 < width <= room for width in widths()))
    assert manual.browser.horizontalScrollBar().maximum() == 0


def test_the_manual_reopened_elsewhere_stays_one_manual(qtbot: Any, window: Any) -> None:
    """Opened beside the window, then over a modal dialog: the first one is closed and let go of,
    and its deletion does not make the window forget the second (F1 again raises it, no third)."""
    from PySide6.QtCore import QCoreApplication, QEvent
    from PySide6.QtWidgets import QDialog

    first = window.help.open_manual("")
    modal = QDialog(window)
    modal.setWindowModality(Qt.WindowModality.ApplicationModal)
    qtbot.addWidget(modal)
    second = window.help.open_manual("07-combat.md", over=modal)
    assert second is not first and second.parentWidget() is modal
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert window.help.manual is second
    assert window.help.open_manual("aw.md", over=modal) is second
    assert second.shown_page() == "aw.md"


def test_the_dialogs_f1_filter_passes_other_events_on_without_reading_their_type(window):
    """The F1 filter sees every event of the application: one that is not a key's is let through
    before its type is read (making the type's Python enum, twice, was a fifth of the screen-fit
    walk's time), and a key's is still read."""
    from PySide6.QtCore import QEvent, QObject
    from PySide6.QtGui import QKeyEvent

    from gmtool.app.help_menu import _DialogHelpKey

    read: list[QEvent.Type] = []

    class Watched(QEvent):
        def type(self) -> QEvent.Type:
            read.append(super().type())
            return read[-1]

    class WatchedKey(QKeyEvent):
        def type(self) -> QEvent.Type:
            read.append(super().type())
            return read[-1]

    key_filter = next(f for f in window.findChildren(QObject) if isinstance(f, _DialogHelpKey))
    assert key_filter.eventFilter(window, Watched(QEvent.Type.Paint)) is False
    assert read == []
    escape = WatchedKey(QEvent.Type.KeyPress, Qt.Key.Key_Escape, Qt.KeyboardModifier.NoModifier)
    assert key_filter.eventFilter(window, escape) is False  # not F1: the window's own keys
    assert read[:1] == [QEvent.Type.KeyPress]
