"""The main window: characters on the left, the sheet, the judgement panel and the log."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QSettings, Qt
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

from gmtool.app.aw_menu import AWMenu
from gmtool.app.battle_menu import BattleMenu
from gmtool.app.file_actions import FileActions
from gmtool.app.fourcard_menu import FourCardMenu
from gmtool.app.lotr_menu import LotRMenu
from gmtool.app.mtg_menu import MTGMenu
from gmtool.app.sengensho_menu import SengenshoMenu
from gmtool.app.system_menu import SystemMenu
from gmtool.app.table_tools import install_table_tools
from gmtool.app.window_dialogs import WindowDialogs
from gmtool.models.campaign_model import CampaignModel
from gmtool.models.character_list_model import CharacterListModel
from gmtool.models.character_model import CharacterModel
from gmtool.models.check_model import CheckModel
from gmtool.models.fourcard_check_model import FourCardCheckModel
from gmtool.models.log_table_model import LogTableModel
from gmtool.models.lotr_check_model import LotRCheckModel
from gmtool.rules.checks import Side
from gmtool.rules.systems import SYSTEMS
from gmtool.rules.systems.fourcard.checks import Contestant
from gmtool.rules.systems.lotr.checks import Contestant as LotRContestant
from gmtool.views.check.check_view import CheckView
from gmtool.views.check.fourcard_check_view import FourCardCheckView
from gmtool.views.check.lotr_check_view import LotRCheckView
from gmtool.views.log_view import LogView
from gmtool.views.sheet.registry import sheet_view_for
from gmtool.views.widgets import show_refusal

DEFAULT_SYSTEM = "aw"
# The side of each system's judgement panel that the selected character takes.
FIRST_SIDE = {
    "aw": Side.ACTION,
    "fourcard": Contestant.A,
    "lotr": LotRContestant.A,
    "sengensho": Side.ACTION,
    "mtg": Side.ACTION,
}
CHECK_VIEWS: dict[str, type[QWidget]] = {
    "aw": CheckView,
    "fourcard": FourCardCheckView,
    "lotr": LotRCheckView,
}


def _sengensho_panel(window: MainWindow) -> tuple[QObject, QWidget]:
    """The 千幻抄 judgement panel and its model, imported when a 千幻抄 character is first shown."""
    from gmtool.models.sengensho_check_model import SengenshoCheckModel
    from gmtool.views.check.sengensho_check_view import SengenshoCheckView

    model = SengenshoCheckModel(window.campaign_model, parent=window)
    view = SengenshoCheckView(model)
    view.opposed_requested.connect(window.sengensho_menu.show_opposed)
    return model, view


def _mtg_panel(window: MainWindow) -> tuple[QObject, QWidget]:
    """The MTGでTRPG judgement panel and its model, imported when a deck is first shown."""
    from gmtool.models.mtg_check_model import MTGCheckModel
    from gmtool.views.check.mtg_check_view import MTGCheckView

    model = MTGCheckModel(window.campaign_model, parent=window)
    view = MTGCheckView(model)
    view.library_requested.connect(lambda: window.mtg_menu.show_library(model.character_id))
    return model, view


# Panels built with their model on first use: start-up never pays for a system the table may not play.
LAZY_PANELS = {"sengensho": _sengensho_panel, "mtg": _mtg_panel}


class MainWindow(WindowDialogs, QMainWindow):
    def __init__(
        self, campaign_model: CampaignModel, settings: QSettings, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.settings = settings
        self.resize(1500, 950)
        self.files = FileActions(self)
        self.aw_menu = AWMenu(self)
        self.fourcard_menu = FourCardMenu(self)
        self.lotr_menu = LotRMenu(self)
        self.sengensho_menu = SengenshoMenu(self)
        self.mtg_menu = MTGMenu(self)
        self.battle_menu = BattleMenu(self)
        # Systems whose characters are made through a creation wizard.
        self.wizards = {
            "fourcard": self.fourcard_menu.create_character,
            "lotr": self.lotr_menu.create_character,
            "mtg": self.mtg_menu.create_deck,  # 「PCはデッキ」: a decklist, or an empty deck
        }
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
        if getattr(self, "dice_box_model", None) is not None:  # its recent rolls are the campaign's
            self.dice_box_model.set_campaign_model(campaign_model)
        self.character_list = CharacterListModel(campaign_model, self)
        self.check_model = CheckModel(campaign_model, parent=self)
        self.fourcard_check_model = FourCardCheckModel(campaign_model, parent=self)
        self.lotr_check_model = LotRCheckModel(campaign_model, parent=self)
        self.check_models: dict[str, Any] = {
            "aw": self.check_model,
            "fourcard": self.fourcard_check_model,
            "lotr": self.lotr_check_model,
        }
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
        self.check_views: dict[str, QWidget] = {}
        self.show_check_view(DEFAULT_SYSTEM)
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
        if system_id in self.wizards:
            self.wizards[system_id]()
            return
        new_id = self.campaign_model.add_character(system_id, self.tr("新しいキャラクター"))
        self.select_character(new_id)

    def system_menus(self) -> tuple[SystemMenu, ...]:
        systems = (self.aw_menu, self.fourcard_menu, self.lotr_menu, self.sengensho_menu, self.mtg_menu)
        return (*systems, self.battle_menu)

    def current_check_model(self) -> Any:
        shown = self.check_stack.currentWidget()
        system_id = next(s for s, view in self.check_views.items() if view is shown)
        return self.check_models[system_id]

    def check_view_for(self, system_id: str) -> QWidget:
        """The system's judgement panel, built the first time it is asked for."""
        view = self.check_views.get(system_id)
        if view is None and system_id in LAZY_PANELS:
            self.check_models[system_id], view = LAZY_PANELS[system_id](self)
            self.check_stack.addWidget(view)
            self.check_views[system_id] = view
        elif view is None:
            view = CHECK_VIEWS[system_id](self.check_models[system_id])  # type: ignore[arg-type]
            self.check_stack.addWidget(view)
            self.check_views[system_id] = view
        return view

    def show_check_view(self, system_id: str) -> None:
        self.check_stack.setCurrentWidget(self.check_view_for(system_id))

    @property
    def check_view(self) -> CheckView:
        return self.check_view_for("aw")  # type: ignore[return-value]

    @property
    def fourcard_check_view(self) -> FourCardCheckView:
        return self.check_view_for("fourcard")  # type: ignore[return-value]

    @property
    def lotr_check_view(self) -> LotRCheckView:
        return self.check_view_for("lotr")  # type: ignore[return-value]

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
        is_aw = self.campaign_model.stored(character_id).system == "aw"
        self.campaign_model.delete_character(character_id)
        message = self.tr("「{0}」を削除しました（Ctrl+Z で元に戻せます）").format(name)
        if is_aw:
            message += self.tr("。契約とイベントキーの記録は残ります（セッション管理で破棄・削除できます）")
        self.statusBar().showMessage(message, 8000)

    def _show_character(self, row: int) -> None:
        character_id = self.character_list.id_at(row)
        if self.sheet_view is not None:
            self.sheet_view.deleteLater()
            self.sheet_view = None
        if character_id is None:
            self.sheet_area.setWidget(QLabel(self.tr("キャラクターを選ぶか、追加してください")))
            return
        self.sheet_view = sheet_view_for(CharacterModel(self.campaign_model, character_id, self.sheet_area))
        session_requested = getattr(self.sheet_view, "session_requested", None)
        if session_requested is not None:  # the 千幻抄 sheet's 「セッション管理…」
            session_requested.connect(self.sengensho_menu.show_session)
        self.mtg_menu.attach_sheet(self.sheet_view)  # a deck sheet: the card database and decklists
        self.sheet_area.setWidget(self.sheet_view)
        system_id = self.campaign_model.stored(character_id).system
        self.show_check_view(system_id)
        self.check_models[system_id].set_character(FIRST_SIDE[system_id], character_id)  # type: ignore[arg-type]

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
    def make_action(self, text: str, slot: object, shortcut: QKeySequence | str | None = None) -> QAction:
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
            self.make_action(self.tr("ダイスを振る"), lambda: self.current_check_model().roll(), "Ctrl+R")
        )
        self.aw_menu.build(self.menuBar().addMenu(self.tr("アナザーワールド(&A)")))
        self.fourcard_menu.build(self.menuBar().addMenu(self.tr("フォーカード(&4)")))
        self.lotr_menu.build(self.menuBar().addMenu(self.tr("指輪物語(&L)")))
        self.sengensho_menu.build(self.menuBar().addMenu(self.tr("千幻抄(&S)")))
        self.mtg_menu.build(self.menuBar().addMenu(self.tr("MTGでTRPG(&M)")))
        self.battle_menu.build(self.menuBar().addMenu(self.tr("戦闘(&B)")))
        install_table_tools(self)  # chat palettes, CCFolia, …: the table-side tools

    def closeEvent(self, event: QCloseEvent) -> None:
        self.mtg_menu.close_card_database()
        self.campaign_model.campaign.close()
        super().closeEvent(event)
