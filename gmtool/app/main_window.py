"""The main window: characters on the left, the sheet, the judgement panel and the log."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListView,
    QMainWindow,
    QPushButton,
    QScrollArea,
    QSplitter,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from gmtool.app.battle_menu import BattleMenu
from gmtool.app.file_actions import FileActions
from gmtool.app.system_menu import SystemMenu
from gmtool.app.systems import DEFAULT_SYSTEM, SYSTEM_HOOKS, PanelModel, hooks_for
from gmtool.app.table_tools import install_table_tools
from gmtool.app.window_dialogs import WindowDialogs
from gmtool.models.campaign_model import CampaignModel
from gmtool.models.character_list_model import CharacterListModel
from gmtool.models.character_model import CharacterModel
from gmtool.models.log_table_model import LogTableModel
from gmtool.rules.systems import SYSTEMS
from gmtool.views.log_view import LogView
from gmtool.views.widgets import show_refusal

if TYPE_CHECKING:
    from gmtool.app.export_menu import ExportActions
    from gmtool.app.pdf_menu import PdfActions
    from gmtool.models.dice_box_model import DiceBoxModel


class MainWindow(WindowDialogs, QMainWindow):
    # Added by the table tools once the menus are built (gmtool.app.table_tools).
    dice_box_model: DiceBoxModel | None = None
    export_actions: ExportActions | None = None
    pdf_actions: PdfActions | None = None

    def __init__(
        self, campaign_model: CampaignModel, settings: QSettings, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.settings = settings
        self.resize(1500, 950)
        self.files = FileActions(self)
        # One menu per system, from the registry (gmtool.app.systems), and the combat tracker's.
        self.menus: dict[str, SystemMenu] = {sid: hooks.menu(self) for sid, hooks in SYSTEM_HOOKS.items()}
        self.battle_menu = BattleMenu(self)
        self.panel_models: dict[str, PanelModel] = {}
        self.campaign_model = campaign_model
        self._build_menus()
        self.set_campaign_model(campaign_model)

    # ---- campaign ------------------------------------------------------------------
    def set_campaign_model(self, campaign_model: CampaignModel) -> None:
        """Shows another campaign; every view is rebuilt from its model."""
        old = self.centralWidget()
        if old is not None and self.campaign_model is not campaign_model:
            for menu in self.system_menus():
                menu.close_dialogs()  # they show the campaign being closed
            self.campaign_model.campaign.close()
        self.campaign_model = campaign_model
        if self.dice_box_model is not None:  # its recent rolls are the campaign's
            self.dice_box_model.set_campaign_model(campaign_model)
        self.character_list = CharacterListModel(campaign_model, self)
        for model in self.panel_models.values():  # they listened to the campaign being closed
            model.deleteLater()
        self.panel_models = {}
        self.log_model = LogTableModel(campaign_model, self)
        self.sheet_view: QWidget | None = None
        self._selection_before_reset: str | None = None
        self._bind_undo(campaign_model)

        self.list_view = QListView()
        self.list_view.setModel(self.character_list)
        self.list_view.selectionModel().currentRowChanged.connect(
            lambda cur, _: self._show_character(cur.row())
        )
        self.list_view.doubleClicked.connect(lambda _: self.rename_selected())
        buttons = QVBoxLayout()
        for text, slot in (
            (self.tr("追加"), self.add_character),
            (self.tr("名前の変更"), self.rename_selected),
            (self.tr("複製"), self.duplicate_selected),
            (self.tr("削除"), self.delete_selected),
        ):
            button = QPushButton(text)
            button.clicked.connect(slot)
            buttons.addWidget(button)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.addWidget(QLabel(self.tr("キャラクター")))
        left_layout.addWidget(self.list_view, 1)
        row = QHBoxLayout()
        row.addLayout(buttons)
        left_layout.addLayout(row)

        self.sheet_area = QScrollArea()
        self.sheet_area.setWidgetResizable(True)
        # One judgement panel per system; the selected character's system picks the one shown.
        self.check_stack = QStackedWidget()
        # Built when a character of the system is first shown: each panel with its plots costs
        # tens of milliseconds of start-up that a table playing one system never needs.
        # Built when a character of the system is first shown (start-up pays only for the panel on
        # screen); with no character to show, the default system's panel stands in.
        self.panel_views: dict[str, QWidget] = {}
        self.log_view = LogView(self.log_model)
        right = QSplitter(Qt.Orientation.Vertical)
        right.addWidget(self.check_stack)
        right.addWidget(self.log_view)
        right.setSizes([650, 250])

        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(left)
        splitter.addWidget(self.sheet_area)
        splitter.addWidget(right)
        splitter.setSizes([190, 620, 690])
        self.setCentralWidget(splitter)
        if old is not None:
            old.deleteLater()

        self.character_list.modelAboutToBeReset.connect(self._remember_selection)
        self.character_list.modelReset.connect(self._restore_selection)
        self.setWindowTitle(self.tr("gmtool — {0}").format(Path(campaign_model.campaign.path).name))
        self.files.remember(campaign_model.campaign.path)  # however it was opened: menu, argument, demo
        self.statusBar().showMessage(str(campaign_model.campaign.path))
        if self.character_list.rowCount():
            self.select_character(self.character_list.id_at(0))
        else:
            self._show_character(-1)

    def _bind_undo(self, campaign_model: CampaignModel) -> None:
        stack = campaign_model.undo_stack
        stack.canUndoChanged.connect(self.undo_action.setEnabled)
        stack.canRedoChanged.connect(self.redo_action.setEnabled)
        self.undo_action.setEnabled(stack.canUndo())
        self.redo_action.setEnabled(stack.canRedo())

    # ---- characters ------------------------------------------------------------------
    def selected_character_id(self) -> str | None:
        return self.character_list.id_at(self.list_view.currentIndex().row())

    def selected_or_refuse(self, refusal: str) -> str | None:
        """The selected character, or None after telling the user why nothing happened."""
        character_id = self.selected_character_id()
        if character_id is None:
            show_refusal(self, refusal)
        return character_id

    def select_character(self, character_id: str | None) -> None:
        row = self.character_list.row_of(character_id) if character_id else -1
        self.list_view.setCurrentIndex(self.character_list.index(row, 0))

    def add_character(self) -> None:
        """Asks which system; a system with a creation procedure goes through its wizard."""
        names = [system.name for system in SYSTEMS.values()]
        ids = list(SYSTEMS)
        current = self.selected_character_id()
        default = self.campaign_model.stored(current).system if current else DEFAULT_SYSTEM
        name, ok = self.ask_item(
            self.tr("キャラクターの追加"), self.tr("システム:"), names, ids.index(default)
        )
        if not ok or name not in names:
            return
        system_id = ids[names.index(name)]
        if hooks_for(system_id).has_wizard:
            self.menus[system_id].create_character()
            return
        new_id = self.campaign_model.add_character(system_id, self.tr("新しいキャラクター"))
        self.select_character(new_id)

    def system_menus(self) -> tuple[SystemMenu, ...]:
        return (*self.menus.values(), self.battle_menu)

    def current_panel_model(self) -> PanelModel:
        shown = self.check_stack.currentWidget()
        system_id = next(s for s, view in self.panel_views.items() if view is shown)
        return self.panel_models[system_id]

    def panel_view(self, system_id: str) -> QWidget:
        """The system's judgement panel, built with its model the first time it is asked for:
        each panel with its plots costs tens of milliseconds that a table playing one system never needs."""
        view = self.panel_views.get(system_id)
        if view is None:
            self.panel_models[system_id], view = hooks_for(system_id).panel(self)
            self.menus[system_id].attach_panel(view, self.panel_models[system_id])
            self.check_stack.addWidget(view)
            self.panel_views[system_id] = view
        return view

    def panel_model(self, system_id: str) -> PanelModel:
        self.panel_view(system_id)
        return self.panel_models[system_id]

    def show_panel(self, system_id: str) -> None:
        self.check_stack.setCurrentWidget(self.panel_view(system_id))

    def rename_selected(self) -> None:
        character_id = self.selected_or_refuse(self.tr("名前を変えるキャラクターを選んでください"))
        if character_id is None:
            return
        current = self.campaign_model.character(character_id).name
        name, ok = self.ask_text(self.tr("名前の変更"), self.tr("新しい名前:"), current)
        if ok and name.strip() and name.strip() != current:
            self.campaign_model.rename_character(character_id, name.strip())

    def duplicate_selected(self) -> None:
        character_id = self.selected_or_refuse(self.tr("複製するキャラクターを選んでください"))
        if character_id is None:
            return
        self.select_character(self.campaign_model.duplicate_character(character_id))

    def delete_selected(self) -> None:
        character_id = self.selected_or_refuse(self.tr("削除するキャラクターを選んでください"))
        if character_id is None:
            return
        name = self.campaign_model.character(character_id).name
        menu = self.menus[self.campaign_model.stored(character_id).system]
        self.campaign_model.delete_character(character_id)
        message = self.tr("「{0}」を削除しました（Ctrl+Z で元に戻せます）").format(name) + menu.deleted_note()
        self.statusBar().showMessage(message, 8000)

    def _show_character(self, row: int) -> None:
        character_id = self.character_list.id_at(row)
        if self.sheet_view is not None:
            self.sheet_view.deleteLater()
            self.sheet_view = None
        if character_id is None:
            self.sheet_area.setWidget(QLabel(self.tr("キャラクターを選ぶか、追加してください")))
            if not self.panel_views:
                self.show_panel(DEFAULT_SYSTEM)
            return
        system_id = self.campaign_model.stored(character_id).system
        hooks = hooks_for(system_id)
        character_model = CharacterModel(self.campaign_model, character_id, self.sheet_area)
        self.sheet_view = hooks.sheet(character_model)
        self.menus[system_id].attach_sheet(self.sheet_view)  # what the sheet asks of the window
        self.sheet_area.setWidget(self.sheet_view)
        self.show_panel(system_id)
        self.panel_models[system_id].set_character(hooks.first_side(), character_id)

    def _remember_selection(self) -> None:
        self._selection_before_reset = self.selected_character_id()

    def _restore_selection(self) -> None:
        """After characters were added or removed, keep the same one selected if it still exists."""
        remembered = self._selection_before_reset
        if remembered and self.campaign_model.has_character(remembered):
            self.select_character(remembered)
        elif self.character_list.rowCount():
            self.select_character(self.character_list.id_at(0))
        else:
            self._show_character(-1)

    # ---- menus -------------------------------------------------------------------
    def make_action(
        self, text: str, slot: object, shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None
    ) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(slot)
        return action

    def _build_menus(self) -> None:
        file_menu = self.menuBar().addMenu(self.tr("ファイル(&F)"))
        file_menu.addAction(
            self.make_action(
                self.tr("新しいキャンペーン…"), self.files.new_campaign, QKeySequence.StandardKey.New
            )
        )
        file_menu.addAction(
            self.make_action(self.tr("開く…"), self.files.open_campaign, QKeySequence.StandardKey.Open)
        )
        file_menu.addAction(
            self.make_action(
                self.tr("名前を付けて保存…"), self.files.save_campaign_as, QKeySequence.StandardKey.SaveAs
            )
        )
        self.recent_menu = file_menu.addMenu(self.tr("最近使ったファイル"))
        self.recent_menu.aboutToShow.connect(self.files.fill_recent_menu)
        file_menu.addSeparator()
        file_menu.addAction(
            self.make_action(self.tr("キャラクターをインポート…"), self.files.import_character, "Ctrl+I")
        )
        file_menu.addAction(
            self.make_action(self.tr("キャラクターをエクスポート…"), self.files.export_character, "Ctrl+E")
        )
        file_menu.addSeparator()
        file_menu.addAction(self.make_action(self.tr("終了"), self.close, QKeySequence.StandardKey.Quit))

        edit_menu = self.menuBar().addMenu(self.tr("編集(&E)"))
        self.undo_action = self.make_action(
            self.tr("元に戻す"), lambda: self.campaign_model.undo_stack.undo(), "Ctrl+Z"
        )
        self.redo_action = self.make_action(
            self.tr("やり直し"), lambda: self.campaign_model.undo_stack.redo()
        )
        self.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        edit_menu.addAction(self.undo_action)
        edit_menu.addAction(self.redo_action)

        character_menu = self.menuBar().addMenu(self.tr("キャラクター(&C)"))
        character_menu.addAction(self.make_action(self.tr("追加"), self.add_character, "Ctrl+Shift+N"))
        character_menu.addAction(self.make_action(self.tr("名前の変更…"), self.rename_selected, "F2"))
        character_menu.addAction(self.make_action(self.tr("複製"), self.duplicate_selected, "Ctrl+D"))
        character_menu.addAction(self.make_action(self.tr("削除"), self.delete_selected, "Ctrl+Delete"))

        check_menu = self.menuBar().addMenu(self.tr("判定(&J)"))
        check_menu.addAction(
            self.make_action(self.tr("ダイスを振る"), lambda: self.current_panel_model().roll(), "Ctrl+R")
        )
        for menu in self.system_menus():
            menu.build(self.menuBar().addMenu(menu.title()))
        install_table_tools(self)  # chat palettes, CCFolia, …: the table-side tools

    def closeEvent(self, event: QCloseEvent) -> None:
        for menu in self.system_menus():
            menu.window_closing()
        self.campaign_model.campaign.close()
        super().closeEvent(event)
