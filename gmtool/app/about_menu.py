"""ヘルプ → gmtool について…: the version, and where the shipped card data comes from (its source,
date and licence, read from the bundled table's metadata)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMessageBox

from gmtool.app.services import MenuId

if TYPE_CHECKING:
    from gmtool.app.services import AppServices


def _tr(text: str) -> str:
    return QCoreApplication.translate("AboutMenu", text)


def about_text() -> str:
    from gmtool.store.errors import StoreError
    from gmtool.store.mtg.bundled import bundled_meta
    from gmtool.version import app_version

    text = _tr("gmtool — TRPG のゲームマスター用ツール") + "\n" + _tr("バージョン {0}").format(app_version())
    try:
        meta = bundled_meta()
    except StoreError:
        return text
    cards = _tr("同梱のカードデータ: {0}（{1} 時点、{2:,} 枚）").format(
        meta.get("source", ""), meta.get("source_date", ""), meta.get("cards", 0)
    )
    return f"{text}\n\n{cards}\n{meta.get('licence', '')}"


def install_about_action(services: AppServices) -> QAction:
    """Add ヘルプ → gmtool について… ; return the action."""
    window = services.parent_widget
    action = QAction(_tr("gmtool について…"), window)
    action.setMenuRole(QAction.MenuRole.AboutRole)
    action.triggered.connect(lambda: QMessageBox.about(window, _tr("gmtool について"), about_text()))
    services.menu(MenuId.HELP).addAction(action)
    return action
