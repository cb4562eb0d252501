"""The MTGでTRPG menu: the virtual library, the end of the turn, decklists and the card database.

Dialogs are imported when first opened: the window does not need them to appear.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QMenu

from gmtool.app.system_menu import SystemMenu
from gmtool.rules.systems.mtg.table import TableRefused
from gmtool.views.widgets import show_refusal

if TYPE_CHECKING:
    from gmtool.models.mtg_table_model import MTGTableModel


class MTGMenu(SystemMenu):
    system_id = "mtg"

    def build(self, menu: QMenu) -> None:
        window = self.window
        for text, slot, shortcut in (
            (self.tr("仮想ライブラリー…"), self.show_library, "Ctrl+Shift+Y"),
            (self.tr("ターン終了（シーン終了）"), self.end_turn, "Ctrl+Shift+T"),
        ):
            menu.addAction(window.make_action(text, slot, shortcut))

    def _table_model(self) -> MTGTableModel:
        from gmtool.models.mtg_table_model import MTGTableModel  # imported on first use

        return MTGTableModel(self.window.campaign_model)

    def show_library(self, character_id: str | None = None) -> None:
        from gmtool.views.mtg_library_dialog import MTGLibraryDialog

        if not character_id:
            selected = self.window.selected_character_id()
            stored = self.window.campaign_model.stored(selected) if selected else None
            character_id = selected if stored is not None and stored.system == self.system_id else None
        dialog = self.show_single(
            MTGLibraryDialog, lambda: MTGLibraryDialog(self._table_model(), character_id, self.window)
        )
        if character_id:
            combo = dialog.deck_combo  # type: ignore[attr-defined]
            combo.setCurrentIndex(combo.findData(character_id))

    def end_turn(self) -> None:
        """「ターン終了時」: boost cards back to the bottom, boost and repeat counts reset (one undo step)."""
        model = self._table_model()
        turn = model.state().turn
        try:
            model.end_turn()
        except TableRefused as refused:
            show_refusal(self.window, str(refused))
            return
        self.window.statusBar().showMessage(
            self.tr("MTGでTRPG: ターン {0} を終了しました（ブーストのカードはライブラリーの下へ）").format(
                turn
            ),
            5000,
        )
