"""The フォーカード menu: creation wizard, growth between scenarios, the skill catalog."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QDialog, QMenu

from gmtool.models.fourcard_creation_model import FourCardCreationModel
from gmtool.models.fourcard_growth_model import FourCardGrowthModel
from gmtool.models.skill_catalog import CatalogProblem, campaign_catalog
from gmtool.views.fourcard_catalog_dialog import SkillCatalogDialog
from gmtool.views.sheet.fourcard_growth_dialog import FourCardGrowthDialog
from gmtool.views.widgets import show_refusal
from gmtool.views.wizard.fourcard_wizard import FourCardWizard

if TYPE_CHECKING:
    from gmtool.app.main_window import MainWindow

SYSTEM_ID = "fourcard"


class FourCardMenu(QObject):
    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.dialogs: list[QDialog] = []  # kept alive while open (they are not modal)

    def build(self, menu: QMenu) -> None:
        window = self.window
        menu.addAction(
            window.make_action(self.tr("キャラクター作成ウィザード…"), self.create_character, "Ctrl+Shift+W")
        )
        menu.addAction(window.make_action(self.tr("成長（シナリオの幕間）…"), self.grow_selected, "Ctrl+G"))
        menu.addSeparator()
        menu.addAction(window.make_action(self.tr("スキルカタログ…"), self.edit_catalog))

    def create_character(self) -> str | None:
        catalog = self._catalog()
        if catalog is None:
            return None
        model = FourCardCreationModel(self.window.campaign_model, catalog)
        wizard = FourCardWizard(model, self.window)
        if not self.window.run_wizard(wizard):
            return None
        created = getattr(wizard, "created_id", None)
        if created:
            self.window.select_character(created)
        return created

    def grow_selected(self) -> None:
        window = self.window
        character_id = window.selected_or_refuse(self.tr("成長させるキャラクターを選んでください"))
        if character_id is None:
            return
        if window.campaign_model.stored(character_id).system != SYSTEM_ID:
            show_refusal(window, self.tr("成長の手続きはフォーカードのキャラクターだけのものです"))
            return
        if self._catalog() is None:
            return
        dialog = FourCardGrowthDialog(FourCardGrowthModel(window.campaign_model, character_id), window)
        window.open_dialog(dialog)
        self.dialogs.append(dialog)

    def edit_catalog(self) -> None:
        dialog = SkillCatalogDialog(self.window.campaign_model, self.window)
        self.window.open_dialog(dialog)
        self.dialogs.append(dialog)

    def _catalog(self) -> object | None:
        """The campaign's catalog, or None after saying what is wrong with it."""
        try:
            return campaign_catalog(self.window.campaign_model)
        except CatalogProblem as problem:
            show_refusal(self.window, str(problem))
            return None
