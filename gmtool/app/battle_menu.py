"""The 戦闘 menu: the combat tracker for every system, and the LotR army tracker (mass battle,
units, structures) that the GM may use for any system.

The dialogs are imported when first opened: the window does not need them to appear.
"""

from __future__ import annotations

from PySide6.QtWidgets import QMenu

from gmtool.app.system_hooks import resolve
from gmtool.app.system_menu import SystemMenu
from gmtool.app.systems import tracker_boxes


class BattleMenu(SystemMenu):
    system_id = ""

    def title(self) -> str:
        return self.tr("戦闘(&B)")

    def build(self, menu: QMenu) -> None:
        window = self.window
        menu.addAction(window.make_action(self.tr("戦闘トラッカー…"), self.show_tracker, "Ctrl+B"))
        army = window.make_action(self.tr("軍勢・攻城戦（指輪物語）…"), self.show_army, "Ctrl+Shift+A")
        menu.addAction(army)

    def show_tracker(self) -> None:
        from gmtool.models.battle_model import BattleModel
        from gmtool.views.battle.battle_dialog import BattleDialog

        selected = self.window.selected_character_id()
        campaign_model = self.window.campaign_model
        system_id = campaign_model.stored(selected).system if selected else ""
        boxes = tracker_boxes()
        self.show_single(
            BattleDialog,
            lambda: BattleDialog(BattleModel(campaign_model), self.window, system_id, action_boxes=boxes),
        )

    def show_army(self) -> None:
        from gmtool.views.lotr.army.army_dialog import ArmyDialog

        # Built with its models by LotR's own app package, named (not imported) so the app's
        # system packages stay independent of one another.
        army_dialog = resolve("gmtool.app.lotr.army:army_dialog")
        self.show_single(ArmyDialog, lambda: army_dialog(self.window.campaign_model, self.window))
