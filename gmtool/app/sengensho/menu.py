"""The 千幻抄 menu: the session (scenes, 縁故, 幻想能力, ラスボス), the opposed-check stepper, the
類型 catalog, and the session's end.

Dialogs are imported when first opened: the window does not need them to appear.  The session and
the stepper are one per window (a second call raises the open one).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QMenu, QWidget

from gmtool.app.system_menu import SystemMenu
from gmtool.views.widgets import show_refusal


class SengenshoMenu(SystemMenu):
    system_id = "sengensho"

    def title(self) -> str:
        return self.tr("千幻抄(&S)")

    def build(self, menu: QMenu) -> None:
        services = self.services
        for text, slot, shortcut in (
            (self.tr("セッション管理（縁故・幻想能力・ラスボス）…"), self.show_session, "Ctrl+Shift+K"),
            (self.tr("対抗判定（7ステップ）…"), self.show_opposed, "Ctrl+Shift+O"),
        ):
            menu.addAction(services.make_action(text, slot, shortcut))
        menu.addAction(services.make_action(self.tr("類型カタログ…"), self.edit_catalog, "Ctrl+Shift+J"))
        menu.addSeparator()
        menu.addAction(
            services.make_action(self.tr("セッション終了（幻想能力の使用回数を戻す）…"), self.end_session)
        )

    def attach_panel(self, view: QWidget, model: Any) -> None:
        from gmtool.views.sengensho.check_view import SengenshoCheckView  # loaded: `view` is one

        assert isinstance(view, SengenshoCheckView)  # the 千幻抄 panel its hooks name
        view.opposed_requested.connect(self.show_opposed)  # 対抗判定…

    def attach_sheet(self, sheet: QWidget) -> None:
        from gmtool.views.sengensho.sheet_view import SengenshoSheetView  # loaded: `sheet` is one

        assert isinstance(sheet, SengenshoSheetView)  # the 千幻抄 sheet its hooks name
        sheet.session_requested.connect(self.show_session)  # 「セッション管理…」

    def show_session(self) -> None:
        from gmtool.models.sengensho.session_model import SengenshoSessionModel
        from gmtool.views.sengensho.session_dialog import SengenshoSessionDialog

        services = self.services
        dialog = self.show_single(
            SengenshoSessionDialog,
            lambda: SengenshoSessionDialog(
                SengenshoSessionModel(services.campaign_model), services.parent_widget
            ),
        )
        dialog.show_character(services.selected_character_id())

    def show_opposed(self) -> None:
        from gmtool.models.sengensho.opposed_model import SengenshoOpposedModel
        from gmtool.views.sengensho.opposed_dialog import SengenshoOpposedDialog

        services = self.services
        dialog = self.show_single(
            SengenshoOpposedDialog,
            lambda: SengenshoOpposedDialog(
                SengenshoOpposedModel(services.campaign_model), services.parent_widget
            ),
        )
        dialog.model.setup.center_on(services.selected_character_id())

    def house_rules_label(self) -> str:
        return self.tr("千幻抄の類型カタログ…")

    def edit_house_rules(self) -> None:
        self.edit_catalog()

    def edit_catalog(self) -> None:
        from gmtool.models.sengensho.catalog_model import SengenshoCatalogModel
        from gmtool.views.sengensho.catalog_dialog import SengenshoCatalogDialog

        services = self.services
        self.show_single(
            SengenshoCatalogDialog,
            lambda: SengenshoCatalogDialog(
                SengenshoCatalogModel(services.campaign_model), services.parent_widget
            ),
        )

    def end_session(self) -> None:
        from gmtool.models.sengensho.session_model import SengenshoSessionModel

        model = SengenshoSessionModel(self.services.campaign_model)
        state = model.state()
        if not state.running:
            show_refusal(self.services.parent_widget, self.tr("千幻抄のセッションは始まっていません"))
            return
        number = state.session_number
        question = self.tr(
            "千幻抄のセッション {0} を終了しますか？\n"
            "幻想能力の使用回数が戻り、シーンとラスボスが終わります。"
            "このセッションの縁故と前借りは記録に移ります（持ち越すときはセッション管理から終了してください）。"
            "（Ctrl+Z で元に戻せます）"
        ).format(number)
        if not self.services.questions.ask_confirm(self.tr("セッション終了"), question):
            return
        from gmtool.rules.systems.sengensho.session import (
            SessionRefused,  # the engine loads with its first use
        )

        try:
            model.course.end(keep_bonds=False)
        except SessionRefused as refusal:
            show_refusal(self.services.parent_widget, str(refusal))
            return
        self.services.status_bar.showMessage(
            self.tr("千幻抄のセッション {0} を終了しました").format(number), 5000
        )
