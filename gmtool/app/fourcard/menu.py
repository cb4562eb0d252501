"""The フォーカード menu: creation wizard, growth between scenarios, the skill catalog.

Wizards and dialogs are imported when first opened: the window does not need them to appear.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QMenu

from gmtool.app.system_menu import SystemMenu
from gmtool.views.widgets import show_refusal

if TYPE_CHECKING:
    from gmtool.app.services import AppServices
    from gmtool.models.fourcard.creation_rolls import KeptRolls
    from gmtool.rules.systems.fourcard.catalog import SkillCatalog

SYSTEM_ID = "fourcard"


class FourCardMenu(SystemMenu):
    system_id = SYSTEM_ID

    def __init__(self, services: AppServices) -> None:
        super().__init__(services)
        # A cancelled wizard's rolls, per campaign file, for its next wizard: in memory while the
        # window runs (`KeptRolls`), so restarting the wizard is no way to roll again.
        self._kept_rolls: dict[str, KeptRolls] = {}

    def title(self) -> str:
        return self.tr("フォーカード(&4)")

    def build(self, menu: QMenu) -> None:
        services = self.services
        menu.addAction(
            services.make_action(
                self.tr("キャラクター作成ウィザード…"), self.create_character, "Ctrl+Shift+W"
            )
        )
        menu.addAction(services.make_action(self.tr("成長（シナリオの幕間）…"), self.grow_selected, "Ctrl+G"))
        menu.addSeparator()
        menu.addAction(services.make_action(self.tr("スキルカタログ…"), self.edit_catalog))

    def create_character(self) -> str | None:
        from gmtool.models.fourcard.creation_model import FourCardCreationModel
        from gmtool.views.fourcard.wizard import FourCardWizard

        catalog = self._catalog()
        if catalog is None:
            return None
        from gmtool.models.fourcard.creation_rolls import KeptRolls

        campaign_model = self.services.campaign_model
        kept = self._kept_rolls.setdefault(str(campaign_model.campaign.path), KeptRolls())
        model = FourCardCreationModel(
            campaign_model, catalog, kept=kept, offers_catalog=self.services.gm, made_in=self.made_in()
        )
        return self.run_creation(FourCardWizard(model, self.services.parent_widget))

    def grow_selected(self) -> None:
        from gmtool.models.fourcard.growth_model import FourCardGrowthModel
        from gmtool.views.fourcard.growth_dialog import FourCardGrowthDialog

        character_id = self.selected_of_system(
            self.tr("成長させるキャラクターを選んでください"),
            self.tr("成長の手続きはフォーカードのキャラクターだけのものです"),
        )
        if character_id is None or self._catalog() is None:
            return
        model = FourCardGrowthModel(self.services.campaign_model, character_id)
        self.show_dialog(FourCardGrowthDialog(model, self.services.parent_widget))

    def house_rules_label(self) -> str:
        return self.tr("フォーカードのスキルカタログ…")

    def edit_house_rules(self) -> None:
        self.edit_catalog()

    def edit_catalog(self) -> None:
        from gmtool.models.fourcard.catalog_model import FourCardCatalogModel
        from gmtool.views.fourcard.catalog_dialog import SkillCatalogDialog

        model = FourCardCatalogModel(self.services.campaign_model)
        self.show_dialog(SkillCatalogDialog(model, self.services.parent_widget))

    def _catalog(self) -> SkillCatalog | None:
        """The campaign's catalog, or None after saying what is wrong with it."""
        from gmtool.models.fourcard.skill_catalog import CatalogProblem, campaign_catalog  # on first use

        try:
            return campaign_catalog(self.services.campaign_model)
        except CatalogProblem as problem:
            show_refusal(self.services.parent_widget, str(problem))
            return None
