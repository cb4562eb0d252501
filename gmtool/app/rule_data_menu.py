"""ファイル → ルールデータを書き出す…: the campaign's rule data (the catalogs and rule tables the GM
edited, the house-rule choices) as one ``*.gmrules.json`` for the players, whose window reads it
(gmtool.app.player) so their creation wizards offer what the GM's campaign does."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction

from gmtool.file_names import with_suffix
from gmtool.models.rule_data_model import export_campaign_rule_data
from gmtool.models.shown_text import QT_TRANSLATE_NOOP
from gmtool.store.errors import StoreError
from gmtool.store.rule_data import SUFFIX
from gmtool.views.message_catalog import translate_message
from gmtool.views.widgets import show_refusal

if TYPE_CHECKING:
    from gmtool.app.services import AppServices

RULES_FILTER = QT_TRANSLATE_NOOP("RuleDataMenu", "gmtool ルールデータ (*.gmrules.json)")


def _tr(text: str) -> str:
    return QCoreApplication.translate("RuleDataActions", text)


def export_rule_data(services: AppServices) -> None:
    campaign = services.campaign_model.campaign
    suggested = f"{campaign.path.stem}{SUFFIX}"
    path = services.questions.ask_save_path(_tr("ルールデータを書き出す"), _tr(RULES_FILTER), suggested)
    if not path:
        return
    path = with_suffix(path, SUFFIX)
    try:
        held = export_campaign_rule_data(services.campaign_model, path)
    except StoreError as error:
        show_refusal(services.parent_widget, str(error))
        return
    shown = "、".join(translate_message(label) for label in held) or _tr("すべて同梱のまま")
    services.status_bar.showMessage(_tr("{0} に書き出しました（{1}）").format(path, shown), 8000)


def rule_data_action(services: AppServices) -> QAction:
    """The action, for the ファイル menu (the window places it)."""
    return services.make_action(_tr("ルールデータを書き出す…"), lambda: export_rule_data(services))
