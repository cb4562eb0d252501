"""千幻抄 on the printed sheet: its field names and the 縁故 formed in play.

Those 縁故 live in the campaign's session document, not in the character dataclass (which holds
only the preset ones); the sheet reads them there, read-only like the on-screen sheet.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from gmtool.views.print.parts import QT_TRANSLATE_NOOP, PrintParts

if TYPE_CHECKING:
    from gmtool.models.campaign_model import CampaignModel

LABELS = {
    "body": QT_TRANSLATE_NOOP("SheetPrint", "身体"),
    "endurance": QT_TRANSLATE_NOOP("SheetPrint", "耐久"),
    "intellect": QT_TRANSLATE_NOOP("SheetPrint", "知性"),
    "sense": QT_TRANSLATE_NOOP("SheetPrint", "感覚"),
    "will": QT_TRANSLATE_NOOP("SheetPrint", "意志"),
    "archetypes": QT_TRANSLATE_NOOP("SheetPrint", "類型"),
    "preset_bonds": QT_TRANSLATE_NOOP("SheetPrint", "縁故（プリセット）"),
    "unlimited_abilities": QT_TRANSLATE_NOOP("SheetPrint", "異能の制限なし"),
}


def _tr(text: str) -> str:
    return QCoreApplication.translate("SheetPrint", text)


def session_html(campaign_model: CampaignModel, character_id: str) -> str:
    from gmtool.models.sengensho.state import read_session
    from gmtool.rules.systems.sengensho.bonds_types import KIND_LABELS
    from gmtool.views.print.sheet_sections import heading, table

    session, problem = read_session(campaign_model)
    bonds = session.bonds_of(character_id)
    title = heading(_tr("縁故（セッション）"))
    if problem:
        return title + f"<p>{escape(problem)}</p>"
    if not bonds:
        return title + f"<p>{_tr('（なし）')}</p>"
    rows = [
        [b.archetype, KIND_LABELS[b.kind], b.target, str(b.level), _tr("はい") if b.retied else ""]
        for b in bonds
    ]
    return title + table(rows, [_tr("類型"), _tr("種別"), _tr("対象"), _tr("レベル"), _tr("結び直し")])


PARTS = PrintParts(labels=LABELS, session_html=session_html)
