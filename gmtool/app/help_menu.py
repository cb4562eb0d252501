"""ヘルプ → 使い方 (F1) and キーボードショートカット.

The manual is Markdown in ``resources/manual/<lang>/`` (`gmtool.models.manual_model`), in the UI's
language.  F1 in the window opens it at its start; F1 in a dialog opens the page about that dialog:
the generic dialogs' pages are listed below, each system's in its own `SystemHooks.manual`.  The
shortcut list is read from the window's actions each time it opens, so it cannot go stale.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence
from PySide6.QtWidgets import QApplication, QDialog, QMainWindow, QMenu, QWidget

from gmtool.app.services import MenuId

if TYPE_CHECKING:
    from gmtool.app.services import AppServices
    from gmtool.models.shortcut_list import ShortcutRow
    from gmtool.views.manual_view import ManualDialog

# The generic dialogs' pages (the systems' own are in their hooks): class name → page[#anchor key].
DIALOG_PAGES = {
    "BattleDialog": "07-combat.md",
    "QuickNpcDialog": "07-combat.md#npc",
    "PaletteDialog": "08-online-tables.md#palette",
    "QPrintPreviewDialog": "08-online-tables.md#pdf",
    "HouseRulesDialog": "09-house-rules.md",
    "DiceTablesDialog": "04-dice-box.md#dice-tables",
    "LogExportDialog": "06-log.md#share",
    "SettingsDialog": "01-campaign.md#settings",
    "ShortcutsDialog": "01-campaign.md#shortcuts",
    "StartPage": "00-start.md#start-page",
    "PlayerWindow": "10-player.md#player-window",
}


def _tr(text: str) -> str:
    return QCoreApplication.translate("HelpMenu", text)


def manual_language() -> str:
    """The manual's folder: that of the UI's language.  Translated as the rest of the UI is (the
    English catalog says "en"), so the manual follows the catalog actually installed."""
    return _tr("ja")


def page_for(dialog: QWidget) -> str:
    """The manual's page about *dialog*: by its class or the nearest base class named."""
    from gmtool.app.systems import manual_pages

    pages = {**DIALOG_PAGES, **manual_pages()}
    for kind in type(dialog).__mro__:
        if kind.__name__ in pages:
            return pages[kind.__name__]
    return ""


class ManualOpener:
    """The manual as one window beside *window*, and F1 in the window's dialogs opening it at the
    dialog's page.  *show* puts a new manual on screen (the window's own way of showing a tool)."""

    def __init__(self, window: QWidget, show: Callable[[QDialog], object]) -> None:
        self.window = window
        self._show = show
        self.manual: ManualDialog | None = None
        app = QApplication.instance()
        if app is not None:  # F1 in any of this window's dialogs, modal ones included
            app.installEventFilter(_DialogHelpKey(self, window))

    def open_manual(self, target: str, over: QDialog | None = None) -> ManualDialog:
        """The manual at *target* ("page.md[#anchor]"; "": its start).  Over a modal dialog it is
        that dialog's child, the only window a modal dialog lets the user reach."""
        from gmtool.models.manual_model import ManualModel, manual_folder
        from gmtool.views.manual_view import ManualDialog

        parent = over if over is not None and over.isModal() else self.window
        folder = manual_folder(manual_language())
        shown = self.manual
        if shown is None or shown.parentWidget() is not parent or shown.model.folder != folder:
            if shown is not None:  # over another window, or in another language
                shown.close()
            manual = ManualDialog(ManualModel(folder), parent)
            manual.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
            # the one closed above is deleted later: forget only the manual that is let go of
            manual.destroyed.connect(lambda _gone=None: self._forget(manual))
            manual.start_at(target)
            self.manual = manual
            self._show(manual)
            return manual
        shown.open_page(target)
        shown.show()
        shown.raise_()
        shown.activateWindow()
        return shown

    def _forget(self, manual: ManualDialog) -> None:
        if self.manual is manual:
            self.manual = None


class HelpActions(ManualOpener):
    """The two actions of the Help menu and F1 in the window's dialogs."""

    def __init__(self, services: AppServices) -> None:
        self.services = services
        # looked up at each opening: the window's way of showing a tool (a test records it)
        super().__init__(services.parent_widget, lambda manual: services.questions.open_dialog(manual))
        self.manual_action = services.make_action(_tr("使い方"), lambda: self.open_manual(""), "F1")
        self.shortcuts_action = services.make_action(_tr("キーボードショートカット"), self.open_shortcuts)
        menu = services.menu(MenuId.HELP)
        menu.addAction(self.manual_action)
        menu.addAction(self.shortcuts_action)
        menu.addSeparator()

    def open_shortcuts(self) -> QDialog:
        from gmtool.models.shortcut_list import ShortcutList
        from gmtool.views.shortcuts_view import ShortcutsDialog

        window = self.services.parent_widget
        dialog = ShortcutsDialog(ShortcutList(window_shortcuts(window)), window)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.services.questions.open_dialog(dialog)
        return dialog


class WindowHelp(ManualOpener):
    """F1 in a window with no Help menu — the start page, the player's window: the manual at that
    window's page (`DIALOG_PAGES`), and at theirs in the window's dialogs (the player's wizards).
    A dialog's own F1 is the key filter's; a main window's is an action of its own."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window, QDialog.show)
        if not isinstance(window, QDialog):
            action = QAction(_tr("使い方"), window)
            action.setShortcut(QKeySequence(Qt.Key.Key_F1))
            action.triggered.connect(lambda: self.open_manual(page_for(window)))
            window.addAction(action)


class _DialogHelpKey(QObject):
    """F1 pressed in one of the window's dialogs (the window's own F1 is its action's shortcut,
    which a dialog, being a window of its own, does not reach)."""

    def __init__(self, actions: ManualOpener, window: QWidget) -> None:
        super().__init__(window)  # gone with the window
        self.actions, self.window = actions, window

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # Every event of the application comes here: the cheap test first (event.type() makes a
        # Python enum each call, and was a fifth of the screen-fit walk's time).
        if not isinstance(event, QKeyEvent):
            return False
        kind = event.type()
        pressed = kind == QEvent.Type.KeyPress
        if not (pressed or kind == QEvent.Type.ShortcutOverride):
            return False
        if event.key() != Qt.Key.Key_F1 or event.modifiers() != Qt.KeyboardModifier.NoModifier:
            return False
        if not isinstance(watched, QWidget):
            return False
        dialog = _dialog_of(watched)
        if dialog is None or dialog is self.actions.manual or not self._ours(dialog):
            return False
        if not pressed:
            # A dialog docked in the window (gmtool.app.tool_dock): its F1 is its own page, not the
            # window's action (claimed here, so the key press comes).
            event.accept()
            return True
        self.actions.open_manual(page_for(dialog), over=dialog)
        return True

    def _ours(self, dialog: QWidget) -> bool:
        parent = dialog.parentWidget()
        while parent is not None:
            if parent is self.window:
                return True
            parent = parent.parentWidget()
        return dialog.parentWidget() is None and self.window.isVisible()


def _dialog_of(widget: QWidget) -> QDialog | None:
    """The dialog *widget* is in: its window, or a dialog docked in the main window."""
    shown: QWidget | None = widget
    while shown is not None:
        if isinstance(shown, QDialog):
            return shown
        if shown.isWindow():
            return None
        shown = shown.parentWidget()
    return None


def window_shortcuts(window: QWidget) -> list[ShortcutRow]:
    """Every action of the window that has a shortcut, as it is now: the menus' (with their path),
    then the window's other actions."""
    seen: set[int] = set()
    rows: list[ShortcutRow] = []
    if isinstance(window, QMainWindow):  # the menu bar's menus, in the order they were added
        for menu in window.menuBar().findChildren(QMenu, options=Qt.FindChildOption.FindDirectChildrenOnly):
            _walk(menu.menuAction(), (), rows, seen)
    for action in window.findChildren(QAction):
        _walk(action, (_tr("（メニューにない操作）"),), rows, seen)
    return rows


def _walk(action: QAction, path: tuple[str, ...], rows: list[ShortcutRow], seen: set[int]) -> None:
    from gmtool.models.shortcut_list import ShortcutRow, action_label

    if id(action) in seen or action.isSeparator() or not action.isVisible():
        return
    seen.add(id(action))
    submenu = action.menu()
    if isinstance(submenu, QMenu):
        for inner in submenu.actions():
            _walk(inner, (*path, action_label(action.text())), rows, seen)
        return
    keys = [key.toString(QKeySequence.SequenceFormat.NativeText) for key in action.shortcuts()]
    keys = [key for key in keys if key]
    if keys and action.text():
        rows.append(ShortcutRow(action_label(action.text()), " ▸ ".join(path), ", ".join(keys)))
