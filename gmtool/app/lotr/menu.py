"""The 指輪物語RPG menu: creation wizard, experience and advancement, the rule tables, the next round.

Wizards and dialogs are imported when first opened: the window does not need them to appear.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QMenu, QWidget

from gmtool.app.system_menu import SystemMenu

if TYPE_CHECKING:
    from gmtool.models.lotr.table_requests import CellRef
    from gmtool.views.lotr.rules_dialog import LotRRulesDialog


class LotRMenu(SystemMenu):
    system_id = "lotr"

    def title(self) -> str:
        return self.tr("指輪物語(&L)")

    def build(self, menu: QMenu) -> None:
        services = self.services
        menu.addAction(
            services.make_action(
                self.tr("キャラクター作成ウィザード…"), self.create_character, "Ctrl+Shift+L"
            )
        )
        menu.addAction(services.make_action(self.tr("経験点と成長…"), self.advance_selected, "Ctrl+Shift+G"))
        menu.addAction(
            services.make_action(self.tr("次のラウンド（勇気の回数を戻す）"), self.next_round, "Ctrl+Shift+R")
        )
        menu.addSeparator()
        menu.addAction(services.make_action(self.tr("ルール表（ハウスルール）…"), self.edit_rules))

    def create_character(self) -> str | None:
        from gmtool.models.lotr.creation_model import LotRCreationModel
        from gmtool.views.lotr.wizard import LotRWizard

        model = LotRCreationModel(self.services.campaign_model, made_in=self.made_in())
        return self.run_creation(LotRWizard(model, self.services.parent_widget))

    def advance_selected(self) -> None:
        from gmtool.models.lotr.advancement_model import LotRAdvancementModel
        from gmtool.views.lotr.advancement_dialog import LotRAdvancementDialog

        character_id = self.selected_of_system(
            self.tr("経験点を記録するキャラクターを選んでください"),
            self.tr("経験点と成長の手続きは指輪物語RPGのキャラクターだけのものです"),
        )
        if character_id is not None:
            model = LotRAdvancementModel(self.services.campaign_model, character_id)
            self.show_dialog(LotRAdvancementDialog(model, self.services.parent_widget))

    def next_round(self) -> None:
        from gmtool.models.lotr.check_model import LotRCheckModel  # loaded: the panel's model is one

        model = self.services.panel_model(self.system_id)
        assert isinstance(model, LotRCheckModel)  # the LotR panel model its hooks name
        model.courage.next_round()

    def attach_sheet(self, sheet: QWidget) -> None:
        """The sheet's 回復・手当て… and 危険… dialogs are docked in the window, like the trackers."""
        from gmtool.views.lotr.sheet_view import LotRSheetView  # loaded: `sheet` is one

        assert isinstance(sheet, LotRSheetView)  # the LotR sheet its hooks name
        sheet.condition_box.open_tools_with(lambda kind, make: self.show_sheet_tool(kind, make, sheet))

    def house_rules_label(self) -> str:
        return self.tr("指輪物語RPG のルール表…")

    def edit_house_rules(self) -> None:
        self.edit_rules()

    def campaign_opened(self) -> None:
        from gmtool.models.lotr.table_requests import table_requests

        # A step waiting for a 未設定 cell offers 「表を開く」: the rule tables open at that cell.
        table_requests(self.services.campaign_model).answer(self.open_table_at)

    def edit_rules(self) -> LotRRulesDialog:
        """The rule tables: the open window raised, else a new one."""
        from gmtool.models.lotr.rules_model import LotRRulesModel
        from gmtool.views.lotr.rules_dialog import LotRRulesDialog

        services = self.services
        return self.show_single(
            LotRRulesDialog,
            lambda: LotRRulesDialog(LotRRulesModel(services.campaign_model), services.parent_widget),
        )

    def open_table_at(self, cell: CellRef) -> None:
        """ルール表 → 参照表 at the cell a step waits for, ready to type its value."""
        dialog = self.edit_rules()
        dialog.show_cell(cell)
        dialog.activateWindow()  # the cell's editor takes the keys at once
