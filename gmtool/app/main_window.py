"""The main window: the sheet and the judgement panel, with the characters, log and dice box docked.

Where each part sits, and how it is kept between runs, is gmtool.app.window_layout.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QModelIndex, QSettings, QSortFilterProxyModel, Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QKeySequence, QPaintEvent, QShowEvent
from PySide6.QtWidgets import (
    QGridLayout,
    QLineEdit,
    QListView,
    QMainWindow,
    QPushButton,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from gmtool.app.battle_menu import BattleMenu
from gmtool.app.dice_box_dock import DiceBoxDock
from gmtool.app.file_actions import FileActions
from gmtool.app.file_state import FileBanner, FileStateBinding, install_reported_error_hook
from gmtool.app.help_menu import HelpActions
from gmtool.app.rule_data_menu import rule_data_action
from gmtool.app.services import AppServices, MenuId
from gmtool.app.system_menu import SystemMenu
from gmtool.app.systems import DEFAULT_SYSTEM, SYSTEM_HOOKS, PanelModel, hooks_for
from gmtool.app.table_tools import TableTools, connect_dice_box, install_table_tools
from gmtool.app.udonarium_import_menu import install_udonarium_import
from gmtool.app.window_dialogs import WindowDialogs
from gmtool.app.window_layout import (
    add_dock_toggles,
    default_dock_layout,
    default_splitter_sizes,
    first_start_geometry,
    make_dock,
    restore_splitter,
    restore_window,
    save_window,
)
from gmtool.models.campaign_model import CampaignModel
from gmtool.models.character_list_model import CharacterListModel
from gmtool.models.character_model import CharacterModel
from gmtool.models.log_table_model import LogTableModel
from gmtool.models.system_names import system_choices
from gmtool.version import with_version
from gmtool.views.empty_sheet import EmptySheet
from gmtool.views.log_panel import SEARCH_SHORTCUT, LogPanel
from gmtool.views.page_stack import CurrentPageStack
from gmtool.views.screen_fit import scrolling

if TYPE_CHECKING:
    from PySide6.QtWidgets import QDockWidget

    from gmtool.app.pdf_menu import PdfActions
    from gmtool.models.dice_box_model import DiceBoxModel
    from gmtool.views.dice_box import DiceBoxView


class MainWindow(WindowDialogs, QMainWindow):
    # The window is complete: what `build_later` left for after the first paint is built.
    built = Signal()

    def __init__(
        self,
        campaign_model: CampaignModel,
        settings: QSettings,
        parent: QWidget | None = None,
        *,
        build_later: bool = False,
    ) -> None:
        """With `build_later` (the user's start), the window shows the character's sheet first and
        builds the judgement panel and the dice box (their plots, pyqtgraph) once it has painted;
        `finish_building()` builds them at once.  Without, the window is complete on return."""
        super().__init__(parent)
        self.settings = settings
        # What the menus, the table tools and the systems' hooks use of the window.
        self.services = AppServices(self, side=self, questions=self, settings=settings)
        self.undo_action, self.redo_action = self.services.undo.undo_action, self.services.undo.redo_action
        # Built by finish_building(): at once at the end of __init__, or after the first paint.
        self._later = [self._build_dice_box]
        if build_later:
            self._later.insert(0, self._build_shown_panel)
        self._build_scheduled = False
        self._built = False
        self.files = FileActions(self.services, self.set_campaign_model)
        # Made once; each campaign puts its own list and log in them (set_campaign_model).
        self.characters_dock = make_dock(self, self.tr("キャラクター"), "characters_dock", QWidget())
        self.log_dock = make_dock(self, self.tr("セッションログ"), "log_dock", QWidget())
        # The centre: the sheet and the judgement panel. Made once, so the divider stays where the
        # GM put it when another campaign's sheet and panels replace the two sides.
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setChildrenCollapsible(False)
        self.setCentralWidget(self.splitter)
        # Across the top while the campaign cannot be written (read-only, or its file gone).
        self.file_banner = FileBanner(self, self.files)
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, self.file_banner)
        install_reported_error_hook()
        # One menu per system, from the registry (gmtool.app.systems), and the combat tracker's.
        self.menus: dict[str, SystemMenu] = {
            sid: hooks.menu(self.services) for sid, hooks in SYSTEM_HOOKS.items()
        }
        self.battle_menu = BattleMenu(self.services)
        self.panel_models: dict[str, PanelModel] = {}
        self.campaign_model = campaign_model
        self._build_menus()
        self.set_campaign_model(campaign_model)
        self.reset_layout()
        self._default_layout_pending = not restore_window(self, settings)
        if self._default_layout_pending:
            first_start_geometry(self)
        if not restore_splitter(self.central_splitter, settings):
            default_splitter_sizes(self.central_splitter, self.width() - self.characters_dock.width())
        if not build_later:
            self.finish_building()

    # ---- what a start that shows the sheet first builds after the first paint ----------
    def finish_building(self) -> None:
        """Builds at once whatever is still to be built (nothing when the window is complete)."""
        while self._later:
            self._later.pop(0)()
        if not self._built:
            self._built = True
            self.built.emit()

    def is_built(self) -> bool:
        return self._built

    def _build_next(self) -> None:
        """One part per turn of the event loop, so the window answers between them."""
        if self._later:
            self._later.pop(0)()
        if self._later:
            QTimer.singleShot(0, self._build_next)
        else:
            self.finish_building()

    def _build_shown_panel(self) -> None:
        self._show_panel_of(self.selected_character_id())

    def _build_dice_box(self) -> None:
        connect_dice_box(self.services, self.dice_box.fill())

    @property
    def central_splitter(self) -> QSplitter:
        return self.splitter

    # The dice box's dock, model and view (the last two once the window is built).
    @property
    def dice_box_dock(self) -> QDockWidget:
        return self.dice_box.dock

    @property
    def dice_box_model(self) -> DiceBoxModel | None:
        return self.dice_box.model

    @property
    def dice_box_view(self) -> DiceBoxView | None:
        return self.dice_box.view

    @property
    def pdf_actions(self) -> PdfActions:
        return self.table_tools.pdf_actions

    def reset_layout(self) -> None:
        """The docks where a first start puts them (表示 → レイアウトを元に戻す)."""
        default_dock_layout(self, self.characters_dock, [self.dice_box_dock, self.log_dock])
        default_splitter_sizes(self.splitter, self.splitter.width() or self.width())

    # ---- campaign ------------------------------------------------------------------
    def set_campaign_model(self, campaign_model: CampaignModel) -> None:
        """Shows another campaign; every view is rebuilt from its model."""
        old = [w for i in range(self.splitter.count()) if (w := self.splitter.widget(i)) is not None]
        if old and self.campaign_model is not campaign_model:
            self.finish_building()
            self.services.dialogs.close_all()  # they show the campaign being closed
            self.campaign_model.flush()
            self.campaign_model.campaign.close()
            # Its steps belong to the file just closed, and each step holds the model that holds
            # the stack: deleted now, while the model lives, instead of by Python's cycle collector
            # in whatever order it frees them (which can crash with a log table over the model).
            self.campaign_model.undo_stack.clear()
        self.campaign_model = campaign_model
        for system_menu in self.menus.values():  # what the campaign's models ask of the window
            system_menu.campaign_opened()
        self._file_state = FileStateBinding(self.services, self.file_banner, campaign_model)
        QTimer.singleShot(0, self._file_state.say_notices)  # once the window is up
        if self.dice_box_model is not None:  # its recent rolls are the campaign's
            self.dice_box_model.set_campaign_model(campaign_model)
        self.character_list = CharacterListModel(campaign_model, self)
        for model in self.panel_models.values():  # they listened to the campaign being closed
            model.deleteLater()
        self.panel_models = {}
        self.log_model = LogTableModel(campaign_model, self, count_later=True)  # counted in the background
        self.sheet_view: QWidget | None = None
        self._selection_before_reset: str | None = None

        self.list_filter = QSortFilterProxyModel(self)
        self.list_filter.setSourceModel(self.character_list)
        self.list_filter.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.list_view = QListView()
        self.list_view.setModel(self.list_filter)
        self.list_view.selectionModel().currentRowChanged.connect(
            lambda current, _: self._show_character(self._source_row(current))
        )
        self.list_view.doubleClicked.connect(lambda _: self.rename_selected())
        self.characters_dock.setWidget(self._character_list_panel())
        self.log_panel = LogPanel(self.log_model)  # the log under its filter bar
        self.log_view = self.log_panel.view
        self._replace_dock_widget(self.log_dock, self.log_panel)

        self.sheet_area = QScrollArea()
        self.sheet_area.setWidgetResizable(True)
        # One judgement panel per system; the selected character's system picks the one shown.
        # Built when a character of the system is first shown (start-up pays only for the panel on
        # screen); with no character to show, the default system's panel stands in.  In a scroll
        # area, so a wide panel (English, 対決) never widens the window; as large as the panel shown
        # (a taller one shown before made a shorter one scroll).
        self.check_stack = CurrentPageStack()
        self.panel_views: dict[str, QWidget] = {}
        # Kept here too: PySide does not give the splitter ownership through replaceWidget.
        self.panel_area = scrolling(self.check_stack)
        for side, widget in enumerate((self.sheet_area, self.panel_area)):
            if side < len(old):
                self.splitter.replaceWidget(side, widget)  # keeps the divider
                old[side].deleteLater()
            else:
                self.splitter.addWidget(widget)
        # Enabled and named after the step (元に戻す: HPを変更); Ctrl+Z also from a sheet's fields.
        self.services.undo.bind(campaign_model.undo_stack, self.sheet_area.isAncestorOf)

        self.character_list.modelAboutToBeReset.connect(self._remember_selection)
        self.character_list.modelReset.connect(self._restore_selection)
        # A packaged build says its version too (gmtool 0.1.0 — table.gmcampaign): a bug report names it.
        self.setWindowTitle(
            with_version(self.tr("gmtool — {0}").format(Path(campaign_model.campaign.path).name))
        )
        self.files.remember(campaign_model.campaign.path)  # however it was opened: menu, argument, demo
        self.statusBar().showMessage(str(campaign_model.campaign.path))
        if self.character_list.rowCount():
            self.select_character(self.character_list.id_at(0))
        else:
            self._show_character(-1)

    def _character_list_panel(self) -> QWidget:
        """The filter, the names and the four buttons (two by two: the dock stays narrow)."""
        self.filter_edit = QLineEdit()
        self.filter_edit.setPlaceholderText(self.tr("名前で絞り込み"))
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.textChanged.connect(self.list_filter.setFilterFixedString)
        buttons = QGridLayout()
        for i, (text, slot) in enumerate(
            (
                (self.tr("追加"), self.add_character),
                (self.tr("名前の変更"), self.rename_selected),
                (self.tr("複製"), self.duplicate_selected),
                (self.tr("削除"), self.delete_selected),
            )
        ):
            button = QPushButton(text)
            button.clicked.connect(slot)
            buttons.addWidget(button, i // 2, i % 2)
        panel = QWidget()
        layout = QVBoxLayout(panel)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.filter_edit)
        layout.addWidget(self.list_view, 1)
        layout.addLayout(buttons)
        return panel

    @staticmethod
    def _replace_dock_widget(dock: QDockWidget, widget: QWidget) -> None:
        old = dock.widget()
        dock.setWidget(widget)
        if old is not None:
            old.deleteLater()

    def _source_row(self, index: QModelIndex) -> int:
        return self.list_filter.mapToSource(index).row() if index.isValid() else -1

    # ---- characters ------------------------------------------------------------------
    def selected_character_id(self) -> str | None:
        return self.character_list.id_at(self._source_row(self.list_view.currentIndex()))

    def select_character(self, character_id: str | None) -> None:
        row = self.character_list.row_of(character_id) if character_id else -1
        index = self.list_filter.mapFromSource(self.character_list.index(row, 0))
        if row >= 0 and not index.isValid():  # hidden by the filter: show everyone again
            self.filter_edit.clear()
            index = self.list_filter.mapFromSource(self.character_list.index(row, 0))
        self.list_view.setCurrentIndex(index)

    def add_character(self) -> None:
        """Asks which system; a system with a creation procedure goes through its wizard."""
        choices = system_choices()
        names, ids = [name for _, name in choices], [system_id for system_id, _ in choices]
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
        new_id = self.campaign_model.add_character(
            system_id, self.campaign_model.free_name(self.tr("新しいキャラクター"))
        )
        self.select_character(new_id)

    def system_menus(self) -> tuple[SystemMenu, ...]:
        return (*self.menus.values(), self.battle_menu)

    def current_panel_model(self) -> PanelModel:
        self.finish_building()
        shown = self.check_stack.currentWidget()
        system_id = next(s for s, view in self.panel_views.items() if view is shown)
        return self.panel_models[system_id]

    def panel_view(self, system_id: str) -> QWidget:
        """The system's judgement panel, built with its model the first time it is asked for:
        each panel with its plots costs tens of milliseconds that a table playing one system never needs."""
        view = self.panel_views.get(system_id)
        if view is None:
            self.panel_models[system_id], view = hooks_for(system_id).panel(self.services)
            self.menus[system_id].attach_panel(view, self.panel_models[system_id])
            self.check_stack.addWidget(view)
            self.panel_views[system_id] = view
        return view

    def panel_model(self, system_id: str) -> PanelModel:
        self.panel_view(system_id)
        return self.panel_models[system_id]

    def show_panel(self, system_id: str) -> None:
        view = self.panel_view(system_id)
        if view is not self.check_stack.currentWidget():
            # Another system's panel opens at its top: the scroll area is shared, and the offset of
            # a panel scrolled down to its plots left the next one's first fields out of view.
            self.panel_area.verticalScrollBar().setValue(0)
        self.check_stack.setCurrentWidget(view)

    def rename_selected(self) -> None:
        character_id = self.services.selected_or_refuse(self.tr("名前を変えるキャラクターを選んでください"))
        if character_id is None:
            return
        current = self.campaign_model.character(character_id).name
        name, ok = self.ask_text(self.tr("名前の変更"), self.tr("新しい名前:"), current)
        if ok and name.strip() and name.strip() != current:
            self.campaign_model.rename_character(character_id, name.strip())

    def duplicate_selected(self) -> None:
        character_id = self.services.selected_or_refuse(self.tr("複製するキャラクターを選んでください"))
        if character_id is None:
            return
        self.select_character(self.campaign_model.duplicate_character(character_id))

    def delete_selected(self) -> None:
        character_id = self.services.selected_or_refuse(self.tr("削除するキャラクターを選んでください"))
        if character_id is None:
            return
        name = self.campaign_model.character(character_id).name
        menu = self.menus[self.campaign_model.stored(character_id).system]
        question = self.tr("「{0}」を削除しますか？\n（削除したあとも Ctrl+Z で元に戻せます）").format(name)
        if not self.ask_confirm(self.tr("キャラクターの削除"), question):
            return
        self.campaign_model.delete_character(character_id)
        message = self.tr("「{0}」を削除しました（Ctrl+Z で元に戻せます）").format(name) + menu.deleted_note()
        self.statusBar().showMessage(message, 8000)

    def _show_character(self, row: int) -> None:
        character_id = self.character_list.id_at(row)
        if self.sheet_view is not None:
            self.sheet_view.deleteLater()
            self.sheet_view = None
        if character_id is None:  # a new campaign's says what to do next
            empty = EmptySheet(self.character_list.rowCount() > 0)
            empty.add_requested.connect(self.add_character)
            self.sheet_area.setWidget(empty)
        else:
            system_id = self.campaign_model.stored(character_id).system
            character_model = CharacterModel(self.campaign_model, character_id)
            self.sheet_view = hooks_for(system_id).sheet(character_model)
            # Gone with its sheet: kept by the sheet area, every character shown left a model
            # behind that answered each later edit (after 90 switches an edit took 12 ms, not 4).
            character_model.setParent(self.sheet_view)
            self.menus[system_id].attach_sheet(self.sheet_view)  # what the sheet asks of the window
            self.sheet_area.setWidget(self.sheet_view)
        if self._build_shown_panel not in self._later:  # else built once the window has painted
            self._show_panel_of(character_id)
        if self.dice_box_model is not None:
            self.dice_box_model.character_changed()

    def _show_panel_of(self, character_id: str | None) -> None:
        """The character's system's panel, given the character; with none, any panel (the default
        system's when none was built yet)."""
        if character_id is None:
            if not self.panel_views:
                self.show_panel(DEFAULT_SYSTEM)
            return
        system_id = self.campaign_model.stored(character_id).system
        self.show_panel(system_id)
        self.panel_models[system_id].set_character(hooks_for(system_id).first_side(), character_id)

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
    def _build_menus(self) -> None:
        services = self.services
        action = services.make_action
        file_menu = services.add_menu(MenuId.FILE, self.tr("ファイル(&F)"))
        file_menu.addAction(
            action(self.tr("新しいキャンペーン…"), self.files.new_campaign, QKeySequence.StandardKey.New)
        )
        file_menu.addAction(action(self.tr("開く…"), self.files.open_campaign, QKeySequence.StandardKey.Open))
        # Every step is written as it is made: 保存 says so (and commits the step being made).
        save = action(self.tr("保存"), self.files.save_now, QKeySequence.StandardKey.Save)
        save.setStatusTip(self.tr("変更はその都度ファイルに保存されています（保存し忘れることはありません）"))
        file_menu.addAction(save)
        file_menu.addAction(
            action(self.tr("名前を付けて保存…"), self.files.save_campaign_as, QKeySequence.StandardKey.SaveAs)
        )
        self.recent_menu = file_menu.addMenu(self.tr("最近使ったファイル"))
        self.files.follow_recent(self.recent_menu)
        file_menu.addAction(action(self.tr("デモキャンペーンを開く"), self.files.open_demo))
        file_menu.addAction(
            action(self.tr("プレイヤーとしてキャラクターを作る…"), self.files.open_player_window)
        )
        file_menu.addSeparator()
        file_menu.addAction(
            action(self.tr("キャラクターをインポート…"), self.files.import_character, "Ctrl+I")
        )
        file_menu.addAction(
            action(self.tr("キャラクターをエクスポート…"), self.files.export_character, "Ctrl+E")
        )
        file_menu.addAction(install_udonarium_import(services))  # its saves' characters, into the campaign
        file_menu.addAction(rule_data_action(services))  # for the players' creation wizards
        from gmtool.app.log_export_menu import LogExportActions  # its dialog loads when used

        self.log_export = LogExportActions(services)
        file_menu.addAction(self.log_export.action)
        file_menu.addSeparator()
        file_menu.addAction(action(self.tr("終了"), self.close, QKeySequence.StandardKey.Quit))

        edit_menu = services.add_menu(MenuId.EDIT, self.tr("編集(&E)"))
        edit_menu.addAction(self.undo_action)
        edit_menu.addAction(self.redo_action)

        character_menu = services.add_menu(MenuId.CHARACTER, self.tr("キャラクター(&C)"))
        character_menu.addAction(action(self.tr("追加"), self.add_character, "Ctrl+Shift+N"))
        character_menu.addAction(action(self.tr("名前の変更…"), self.rename_selected, "F2"))
        character_menu.addAction(action(self.tr("複製"), self.duplicate_selected, "Ctrl+D"))
        character_menu.addAction(action(self.tr("削除"), self.delete_selected, "Ctrl+Delete"))

        self.view_menu = services.add_menu(MenuId.VIEW, self.tr("表示(&V)"))
        check_menu = services.add_menu(MenuId.CHECK, self.tr("判定(&J)"))
        check_menu.addAction(
            action(self.tr("ダイスを振る"), lambda: self.current_panel_model().roll(), "Ctrl+R")
        )
        for menu in self.menus.values():
            menu.build(self.menuBar().addMenu(menu.title()))
        self.battle_menu.build(services.add_menu(MenuId.BATTLE, self.battle_menu.title()))
        services.add_menu(MenuId.HELP, self.tr("ヘルプ(&H)"))
        self.help = HelpActions(services)  # 使い方 (F1), キーボードショートカット; About comes after
        # Chat palettes, CCFolia, PDF, settings, …: the table-side tools; and the dice box's dock,
        # empty until the window is built.
        self.table_tools: TableTools = install_table_tools(services, self.menus)
        self.dice_box = DiceBoxDock(self, lambda: self.campaign_model)
        self._build_view_menu()

    def _build_view_menu(self) -> None:
        docks = [(self.characters_dock, "Ctrl+1"), (self.log_dock, "Ctrl+2"), (self.dice_box_dock, "Ctrl+3")]
        add_dock_toggles(self.view_menu, docks)
        action = self.services.make_action
        self.view_menu.addSeparator()
        self.view_menu.addAction(action(self.tr("ダイスボックスに入力"), self.focus_dice_box, "Ctrl+L"))
        self.view_menu.addAction(action(self.tr("キャラクターを絞り込む"), self.focus_filter, "Ctrl+F"))
        self.view_menu.addAction(
            action(self.tr("セッションログを検索"), self.focus_log_search, SEARCH_SHORTCUT)
        )
        self.view_menu.addSeparator()
        self.view_menu.addAction(action(self.tr("レイアウトを元に戻す"), self.reset_layout))

    def focus_dice_box(self) -> None:
        """Shows the dice box if it was closed and puts the cursor in its command line."""
        self.finish_building()
        if self.dice_box_view is None:
            return
        self.dice_box_dock.show()
        self.dice_box_dock.raise_()
        self.dice_box_view.line.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.dice_box_view.line.selectAll()

    def focus_log_search(self) -> None:
        """Shows the session log if it was closed and puts the cursor in its search field."""
        self.log_dock.show()
        self.log_dock.raise_()
        self.log_panel.focus_search()

    def focus_filter(self) -> None:
        self.characters_dock.show()
        self.filter_edit.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.filter_edit.selectAll()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._later:  # should no paint come (a minimised start), build the rest all the same
            QTimer.singleShot(300, self._build_unpainted)
        if self._default_layout_pending:  # dock sizes only hold once the window is laid out
            self._default_layout_pending = False
            QTimer.singleShot(0, self.reset_layout)

    def _build_unpainted(self) -> None:
        if not self._build_scheduled:
            self.finish_building()

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if self._later and not self._build_scheduled:  # the sheet is on screen: the rest, in turns
            self._build_scheduled = True
            QTimer.singleShot(0, self._build_next)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.files.close_player_windows()
        for menu in self.system_menus():
            menu.window_closing()
        save_window(self, self.splitter, self.settings)
        self.campaign_model.flush()  # the last step (a refusal is said before the window goes)
        self.campaign_model.campaign.close()
        super().closeEvent(event)
