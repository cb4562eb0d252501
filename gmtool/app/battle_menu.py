"""The 戦闘 menu: the combat tracker for every system, and the LotR army tracker (mass battle,
units, structures) that the GM may use for any system.

The dialogs are imported when first opened: the window does not need them to appear.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QMenu

from gmtool.app.system_menu import SystemMenu
from gmtool.app.systems import tracker_boxes

if TYPE_CHECKING:
    from gmtool.app.services import AppServices


class BattleMenu(SystemMenu):
    system_id = ""

    def title(self) -> str:
        return self.tr("戦闘(&B)")

    def build(self, menu: QMenu) -> None:
        services = self.services
        menu.addAction(services.make_action(self.tr("戦闘トラッカー…"), self.show_tracker, "Ctrl+B"))
        army = services.make_action(self.tr("軍勢・攻城戦（指輪物語）…"), self.show_army, "Ctrl+Shift+A")
        menu.addAction(army)

    def show_tracker(self) -> None:
        show_tracker(self.services)

    def show_army(self) -> None:
        from gmtool.views.lotr.army.army_dialog import ArmyDialog

        services = self.services
        self.show_single(ArmyDialog, lambda: ArmyDialog(services.campaign_model, services.parent_widget))


def show_tracker(services: AppServices) -> None:
    """The combat tracker, on the selected character's system (raised if it is open already)."""
    from gmtool.models.battle_model import BattleModel
    from gmtool.views.battle.battle_dialog import BattleDialog

    selected = services.selected_character_id()
    campaign_model = services.campaign_model
    system_id = campaign_model.stored(selected).system if selected else ""
    boxes = tracker_boxes()

    def make() -> BattleDialog:
        parent = services.parent_widget
        dialog = BattleDialog(BattleModel(campaign_model), parent, system_id, action_boxes=boxes)
        dialog.exported.connect(lambda text: services.status_bar.showMessage(text, 5000))
        return dialog

    services.dialogs.show_single(BattleDialog, make)
