"""The アナザーワールド menu: the session (scenes, contracts and 令呪, event keys), Another Focus,
supply, and the session's end.

Dialogs are imported when first opened: the window does not need them to appear.  Each is one
per window (the state it shows is the campaign's, so a second copy would only duplicate it).
"""

from __future__ import annotations

from PySide6.QtWidgets import QMenu, QWidget

from gmtool.app.system_menu import SystemMenu
from gmtool.store.errors import StoreError
from gmtool.views.widgets import show_refusal


class AWMenu(SystemMenu):
    system_id = "aw"

    def title(self) -> str:
        return self.tr("アナザーワールド(&A)")

    def build(self, menu: QMenu) -> None:
        services = self.services
        for text, slot, shortcut in (
            (self.tr("セッション管理（契約・令呪・イベントキー）…"), self.show_session, "Ctrl+Shift+M"),
            (self.tr("アナザーフォーカス判定（AF）…"), self.show_focus, "Ctrl+Shift+F"),
            (self.tr("供給・生命力の増減…"), self.show_supply, "Ctrl+Shift+H"),
        ):
            menu.addAction(services.make_action(text, slot, shortcut))
        menu.addSeparator()
        menu.addAction(services.make_action(self.tr("セッション終了（令呪を回復）"), self.end_session))

    def attach_sheet(self, sheet: QWidget) -> None:
        """A sheet shows the character's contracts and keys through a session model of its own."""
        from gmtool.models.aw.session_model import AWSessionModel
        from gmtool.views.aw.sheet_view import AWSheetView

        if isinstance(sheet, AWSheetView):
            sheet.show_session(AWSessionModel(self.services.campaign_model, sheet))

    def deleted_note(self) -> str:
        return self.tr("。契約とイベントキーの記録は残ります（セッション管理で破棄・削除できます）")

    def show_session(self) -> None:
        from gmtool.models.aw.session_model import AWSessionModel
        from gmtool.views.aw.session_dialog import AWSessionDialog

        services = self.services

        def make() -> AWSessionDialog:
            from gmtool.app.battle_menu import show_tracker

            dialog = AWSessionDialog(AWSessionModel(services.campaign_model), services.parent_widget)
            dialog.tracker_requested.connect(lambda: show_tracker(services))
            return dialog

        self.show_single(AWSessionDialog, make)

    def show_focus(self) -> None:
        from gmtool.models.aw.focus_model import AWFocusModel
        from gmtool.views.aw.focus_dialog import AWFocusDialog

        services = self.services
        self.show_single(
            AWFocusDialog,
            lambda: AWFocusDialog(AWFocusModel(services.campaign_model), services.parent_widget),
        )

    def show_supply(self) -> None:
        from gmtool.models.aw.supply_model import AWSupplyModel
        from gmtool.views.aw.supply_dialog import AWSupplyDialog

        services = self.services
        self.show_single(
            AWSupplyDialog,
            lambda: AWSupplyDialog(AWSupplyModel(services.campaign_model), services.parent_widget),
        )

    def end_session(self) -> None:
        from gmtool.models.aw.session_model import AWSessionModel

        model = AWSessionModel(self.services.campaign_model)
        number = model.state().session_number
        if model.contracts.restores_at_session_end():
            question = self.tr(
                "セッション {0} を終了しますか？\n令呪が最大値まで回復し、現在のシーンが終わります。"
                "（Ctrl+Z で元に戻せます）"
            ).format(number)
        else:  # house rule aw.command_spell_restore: only a scenario's end restores them
            question = self.tr(
                "セッション {0} を終了しますか？\n現在のシーンが終わります。令呪は回復しません"
                "（ハウスルール: シナリオ終了時に回復）。（Ctrl+Z で元に戻せます）"
            ).format(number)
        try:
            focus = self.services.campaign_model.session_value("aw.focus")
        except StoreError:  # a damaged AF document: the AF dialog says so; the session can still end
            focus = None
        if isinstance(focus, dict) and focus.get("status") == "running":
            question += self.tr("\n進行中のAF判定はそのまま残ります（AF判定の画面で終えてください）。")
        if not self.services.questions.ask_confirm(self.tr("セッション終了"), question):
            return
        from gmtool.rules.systems.aw.session import SessionRefused  # the engine loads with its first use

        try:
            model.end_session()
        except SessionRefused as refusal:
            show_refusal(self.services.parent_widget, str(refusal))
            return
        self.services.status_bar.showMessage(self.tr("セッション {0} を終了しました").format(number), 5000)
