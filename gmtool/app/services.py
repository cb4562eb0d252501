"""What the pieces the window installs may use of it: `AppServices`, made once with the window.

The menus (`SystemMenu`, each system's, the 戦闘 menu), the table tools (exports, the PDF sheet,
dice tables, house rules, settings), the file actions and the systems' hooks are given this object,
never the main window.  Each member is typed, and what a piece keeps (its dialogs, its actions) is
an attribute of the piece or of this object, never one hung on the window.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum, auto
from typing import TYPE_CHECKING, Protocol

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu, QStatusBar, QWidget

from gmtool.app.open_dialogs import OpenDialogs
from gmtool.app.undo_keys import UndoActions
from gmtool.views.widgets import show_refusal

if TYPE_CHECKING:
    from PySide6.QtCore import QSettings

    from gmtool.app.system_hooks import PanelModel
    from gmtool.app.window_dialogs import WindowDialogs
    from gmtool.models.campaign_model import CampaignModel

Shortcut = QKeySequence | QKeySequence.StandardKey | str


class MenuId(Enum):
    """The window's own menus.  A piece finds one by its id, never by its (translated) title; each
    system's menu, between 判定 and 戦闘, is given to its `SystemMenu.build`."""

    FILE = auto()
    EDIT = auto()
    CHARACTER = auto()
    VIEW = auto()
    CHECK = auto()
    BATTLE = auto()
    HELP = auto()


class WindowSide(Protocol):
    """What the services read from the window that made them, at each call: the campaign it shows
    and the character selected in its list change (and a test may answer for them)."""

    @property
    def campaign_model(self) -> CampaignModel: ...

    def selected_character_id(self) -> str | None: ...

    def select_character(self, character_id: str | None) -> None: ...

    def panel_model(self, system_id: str) -> PanelModel: ...


class AppServices:
    def __init__(
        self,
        window: QMainWindow,
        side: WindowSide,
        questions: WindowDialogs,
        settings: QSettings,
        gm: bool = True,
    ) -> None:
        """The main window gives itself as `window`, `side` and `questions`."""
        self._window, self._side = window, side
        # False in the player's window: a wizard there offers no GM tool (the skill catalog's
        # editor); the player reads the GM's catalogs from the rule data file instead.
        self.gm = gm
        # The dialogs' and message boxes' parent.
        self.parent_widget: QWidget = window
        # The questions the window asks the user (a file, yes or no, a wizard run to its end), each
        # one method so a test can answer it instead; `open_dialog` shows a tool beside the window.
        self.questions = questions
        self.settings = settings
        # 編集 → 元に戻す / やり直し, bound to each campaign's undo stack as it is shown.
        self.undo = UndoActions(window)
        self.dialogs = OpenDialogs(questions, (self.undo.undo_action, self.undo.redo_action))
        self._menus: dict[MenuId, QMenu] = {}

    # ---- the campaign and the selection ----------------------------------------------------
    @property
    def campaign_model(self) -> CampaignModel:
        """The open campaign's model: another one when another file opens, so read it each time."""
        return self._side.campaign_model

    def selected_character_id(self) -> str | None:
        return self._side.selected_character_id()

    def select_character(self, character_id: str | None) -> None:
        self._side.select_character(character_id)

    def selected_or_refuse(self, refusal: str) -> str | None:
        """The selected character, or None after telling the user why nothing happened."""
        character_id = self.selected_character_id()
        if character_id is None:
            show_refusal(self.parent_widget, refusal)
        return character_id

    def panel_model(self, system_id: str) -> PanelModel:
        """The system's judgement-panel model (built the first time it is asked for)."""
        return self._side.panel_model(system_id)

    # ---- the window's status line, actions and menus ----------------------------------------
    @property
    def main_window(self) -> QMainWindow:
        """The window whose docks a fight's tools join (gmtool.app.tool_dock)."""
        return self._window

    @property
    def status_bar(self) -> QStatusBar:
        return self._window.statusBar()

    def make_action(self, text: str, slot: Callable[[], object], shortcut: Shortcut | None = None) -> QAction:
        action = QAction(text, self._window)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(slot)
        return action

    def add_menu(self, menu_id: MenuId, title: str) -> QMenu:
        """Adds a menu at the end of the menu bar (the window adds them in their order)."""
        menu = self._window.menuBar().addMenu(title)
        self._menus[menu_id] = menu
        return menu

    def menu(self, menu_id: MenuId) -> QMenu:
        return self._menus[menu_id]
