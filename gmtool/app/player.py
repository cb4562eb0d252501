"""The player's window (the start page's プレイヤーとしてキャラクターを作る): a small window of its own,
no campaign to understand.  作る runs the chosen system's creation as キャラクター → 追加 does (its
menu's `create_character()` through the registry; a system without a wizard gets a new character's
sheet to fill in), then asks where to save the ``.gmchar.json`` for the GM.

The throwaway campaign behind it (`PlayerModel`) lives in a temporary folder removed when the
window closes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings, QSize
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QApplication, QDialog, QDialogButtonBox, QMainWindow, QVBoxLayout, QWidget

from gmtool.app.file_actions import CHARACTER_FILTER
from gmtool.app.help_menu import WindowHelp
from gmtool.app.rule_data_menu import RULES_FILTER
from gmtool.app.services import AppServices
from gmtool.app.systems import PanelModel, hooks_for
from gmtool.app.window_dialogs import WindowDialogs
from gmtool.models.character_model import CharacterModel
from gmtool.models.player_model import PlayerModel
from gmtool.store.errors import StoreError
from gmtool.version import with_version
from gmtool.views.player_view import PlayerView
from gmtool.views.screen_fit import fit_to_screen, scrolling
from gmtool.views.widgets import show_refusal

if TYPE_CHECKING:
    from gmtool.app.system_menu import SystemMenu
    from gmtool.models.campaign_model import CampaignModel


class PlayerWindow(WindowDialogs, QMainWindow):
    def __init__(self, settings: QSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("PlayerWindow")
        self.settings = settings
        self.model = PlayerModel(self)
        # What the systems' menus use to run their wizards: this window stands in for the GM's.
        self.services = AppServices(self, side=self, questions=self, settings=settings, gm=False)
        # One menu per system for the window's life: what a menu keeps between two wizards (the
        # フォーカード rolls of a cancelled wizard) stays until the player re-rolls.
        self._menus: dict[str, SystemMenu] = {}
        self._selected: str | None = None
        self._panels: dict[str, PanelModel] = {}
        self.view = PlayerView(self.model)
        self.view.rule_data_requested.connect(self.load_rule_data)
        self.view.create_requested.connect(self.create_character)
        self.view.save_requested.connect(self.save)
        self.setCentralWidget(self.view)
        self.setWindowTitle(with_version(self.tr("gmtool — プレイヤーのキャラクター作成")))
        self.help = WindowHelp(self)  # F1: the player's page; in a wizard, that wizard's
        fit_to_screen(self, QSize(620, 280))

    # ---- what the systems' menus ask of a window (`WindowSide`) -------------------------------
    @property
    def campaign_model(self) -> CampaignModel:
        return self.model.campaign_model

    def selected_character_id(self) -> str | None:
        return self._selected

    def select_character(self, character_id: str | None) -> None:
        self._selected = character_id

    def panel_model(self, system_id: str) -> PanelModel:
        if system_id not in self._panels:
            self._panels[system_id] = hooks_for(system_id).panel(self.services)[0]
        return self._panels[system_id]

    def _menu(self, system_id: str) -> SystemMenu:
        if system_id not in self._menus:
            self._menus[system_id] = hooks_for(system_id).menu(self.services)
        return self._menus[system_id]

    # ---- the player's steps ---------------------------------------------------------------------
    def load_rule_data(self) -> None:
        path = self.ask_open_path(self.tr("ルールデータを読み込む"), self.tr(RULES_FILTER))
        if not path:
            return
        try:
            self.model.load_rule_data(path)
        except StoreError as error:
            show_refusal(self, str(error))

    def create_character(self, system_id: str) -> str | None:
        """Makes a character of `system_id`, then asks where to save it; its id, or None."""
        if hooks_for(system_id).has_wizard:
            created = self._menu(system_id).create_character()
        else:
            created = self._fill_in_sheet(system_id)
        self.model.created(created)
        if created is not None:
            self.save()
        return created

    def _fill_in_sheet(self, system_id: str) -> str | None:
        """A system with no creation procedure: a new character's sheet, filled in by the player."""
        new_id = self.campaign_model.add_character(
            system_id, self.campaign_model.free_name(self.tr("新しいキャラクター"))
        )
        dialog = QDialog(self)
        dialog.setWindowTitle(self.tr("キャラクターシートに記入"))
        sheet = hooks_for(system_id).sheet(CharacterModel(self.campaign_model, new_id, dialog))
        self._menu(system_id).attach_sheet(sheet)
        layout = QVBoxLayout(dialog)
        layout.addWidget(scrolling(sheet), 1)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(self.tr("できた"))
        buttons.accepted.connect(dialog.accept)
        buttons.rejected.connect(dialog.reject)
        layout.addWidget(buttons)
        fit_to_screen(dialog, QSize(1000, 720))
        finished = self.run_wizard(dialog)
        self.campaign_model.flush()
        return new_id if finished else None

    def save(self) -> None:
        """Asks where, and saves the character made last as a ``.gmchar.json``."""
        path = self.ask_save_path(
            self.tr("GM に送るキャラクターファイル"),
            self.tr(CHARACTER_FILTER),
            self.model.suggested_file_name(),
        )
        if not path:
            return
        try:
            self.model.save(path)
        except StoreError as error:
            show_refusal(self, str(error))

    def closeEvent(self, event: QCloseEvent) -> None:
        self.model.close()  # nothing of the throwaway campaign is left on disk
        super().closeEvent(event)


def run_player(app: QApplication, settings: QSettings) -> int:
    """The player's window until it is closed."""
    from gmtool.views.wheel_guard import install_wheel_guard

    window = PlayerWindow(settings)
    window.show()
    install_wheel_guard(app)
    try:
        return app.exec()
    finally:
        window.close()
