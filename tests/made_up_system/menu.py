"""作り話RPG's menu in the menu bar."""

from __future__ import annotations

from PySide6.QtWidgets import QMenu

from gmtool.app.system_menu import SystemMenu
from tests.made_up_system import SYSTEM_ID


class MadeUpMenu(SystemMenu):
    system_id = SYSTEM_ID

    def title(self) -> str:
        return "作り話RPG(&Z)"

    def build(self, menu: QMenu) -> None:
        services = self.services
        menu.addAction(services.make_action("運だめし", lambda: services.panel_model(SYSTEM_ID).roll()))
