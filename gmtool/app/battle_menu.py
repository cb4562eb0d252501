"""The 戦闘 menu: the combat tracker for every system, and the tools systems add to it (LotR's army
tracker — mass battle, units, structures — which the GM may use for any system), each docked at
the bottom of the window (gmtool.app.tool_dock).

The dialogs are imported when first opened: the window does not need them to appear.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QMenu

from gmtool.app.system_hooks import MenuTool, resolve
from gmtool.app.system_menu import SystemMenu
from gmtool.app.systems import battle_tools, tracker_boxes

if TYPE_CHECKING:
    from gmtool.app.services import AppServices


class BattleMenu(SystemMenu):
    system_id = ""

    def title(self) -> str:
        return self.tr("戦闘(&B)")

    def build(self, menu: QMenu) -> None:
        services = self.services
        menu.addAction(services.make_action(self.tr("戦闘トラッカー…"), self.show_tracker, "Ctrl+B"))
        for tool in battle_tools():
            menu.addAction(services.make_action(tool.title(), self._opener(tool), tool.shortcut or None))

    def show_tracker(self) -> None:
        show_tracker(self.services)

    def show_tool(self, tool: MenuTool) -> None:
        kind = resolve(tool.dialog)
        make = resolve(tool.make) if tool.make else kind
        services = self.services
        # Docked beside the tracker (gmtool.app.tool_dock): the 1200-pixel army tracker covered the
        # menu bar of a 1366×768 screen.
        services.dialogs.show_docked(
            kind,
            lambda: make(services.campaign_model, services.parent_widget),
            services.main_window,
            f"{kind.__name__}_dock",
        )

    def _opener(self, tool: MenuTool) -> Callable[[], None]:
        return lambda: self.show_tool(tool)


def show_tracker(services: AppServices) -> None:
    """The combat tracker, on the selected character's system, docked at the bottom of the window
    (brought forward if it is open already)."""
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

    # Docked in the window (gmtool.app.tool_dock): the menu bar and the panel stay in view.
    services.dialogs.show_docked(BattleDialog, make, services.main_window, "battle_tracker_dock")
