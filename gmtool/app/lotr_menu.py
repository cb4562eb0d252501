"""The 指輪物語RPG menu: creation wizard, experience and advancement, the rule tables, the next round."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QDialog, QMenu

from gmtool.models.lotr_advancement_model import LotRAdvancementModel
from gmtool.models.lotr_creation_model import LotRCreationModel
from gmtool.models.lotr_rules_model import LotRRulesModel
from gmtool.views.lotr_rules_dialog import LotRRulesDialog
from gmtool.views.sheet.lotr_advancement_dialog import LotRAdvancementDialog
from gmtool.views.widgets import show_refusal
from gmtool.views.wizard.lotr_wizard import LotRWizard

if TYPE_CHECKING:
    from gmtool.app.main_window import MainWindow

SYSTEM_ID = "lotr"


class LotRMenu(QObject):
    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.dialogs: list[QDialog] = []  # kept alive while open (they are not modal)

    def build(self, menu: QMenu) -> None:
        window = self.window
        menu.addAction(
            window.make_action(self.tr("キャラクター作成ウィザード…"), self.create_character, "Ctrl+Shift+L")
        )
        menu.addAction(window.make_action(self.tr("経験点と成長…"), self.advance_selected, "Ctrl+Shift+G"))
        menu.addAction(
            window.make_action(self.tr("次のラウンド（勇気の回数を戻す）"), self.next_round, "Ctrl+Shift+R")
        )
        menu.addSeparator()
        menu.addAction(window.make_action(self.tr("ルール表（ハウスルール）…"), self.edit_rules))

    def create_character(self) -> str | None:
        model = LotRCreationModel(self.window.campaign_model)
        wizard = LotRWizard(model, self.window)
        if not self.window.run_wizard(wizard):
            return None
        created = getattr(wizard, "created_id", None)
        if created:
            self.window.select_character(created)
        return created

    def advance_selected(self) -> None:
        window = self.window
        character_id = window.selected_or_refuse(self.tr("経験点を記録するキャラクターを選んでください"))
        if character_id is None:
            return
        if window.campaign_model.stored(character_id).system != SYSTEM_ID:
            show_refusal(window, self.tr("経験点と成長の手続きは指輪物語RPGのキャラクターだけのものです"))
            return
        dialog = LotRAdvancementDialog(LotRAdvancementModel(window.campaign_model, character_id), window)
        window.open_dialog(dialog)
        self.dialogs.append(dialog)

    def next_round(self) -> None:
        self.window.lotr_check_model.next_round()

    def edit_rules(self) -> None:
        dialog = LotRRulesDialog(LotRRulesModel(self.window.campaign_model), self.window)
        self.window.open_dialog(dialog)
        self.dialogs.append(dialog)
