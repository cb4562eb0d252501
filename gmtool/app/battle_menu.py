"""The 戦闘 menu: the combat tracker for every system, and the tools systems add to it (LotR's army
tracker — mass battle, units, structures — which the GM may use for any system).

The dialogs are imported when first opened: the window does not need them to appear.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QMenu

from gmtool.app.system_hooks import MenuTool, resolve
from gmtool.app.system_menu import SystemMenu
from gmtool.app.systems import battle_tools, tracker_boxes


class BattleMenu(SystemMenu):
    system_id = ""

    def title(self) -> str:
        return self.tr("戦闘(&B)")

    def build(self, menu: QMenu) -> None:
        window = self.window
        menu.addAction(window.make_action(self.tr("戦闘トラッカー…"), self.show_tracker, "Ctrl+B"))
        for tool in battle_tools():
            menu.addAction(window.make_action(tool.title(), self._opener(tool), tool.shortcut or None))

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

    def show_tool(self, tool: MenuTool) -> None:
        dialog = resolve(tool.dialog)
        self.show_single(dialog, lambda: dialog(self.window.campaign_model, self.window))

    def _opener(self, tool: MenuTool) -> Callable[[], None]:
        return lambda: self.show_tool(tool)
