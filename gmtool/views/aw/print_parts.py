"""アナザーワールドSRS 3rd on the printed sheet: its field names and its 契約・イベントキー section.

The character dataclass does not hold contracts or event keys: they live in the campaign's session
document, and the sheet reads them there (read-only, like the on-screen session box).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from gmtool.rules.systems.aw.character import ATTRIBUTES, COMBAT_VALUES, FEAT_COLUMNS
from gmtool.views.print.parts import QT_TRANSLATE_NOOP, PrintParts

if TYPE_CHECKING:
    from gmtool.models.campaign_model import CampaignModel

# The sheet's own tables (the engine's character module) name the 能力値, 戦闘値 and the 特技
# columns: the printed sheet takes its words from them, so the two never disagree (理知, 霊力命中値,
# 代償). Those strings are translated through runtime.json, as on the sheet.
LABELS = {
    **dict(ATTRIBUTES),
    **dict(COMBAT_VALUES),
    **{f"feats.{key}": name for key, name in FEAT_COLUMNS},
    "combat": QT_TRANSLATE_NOOP("SheetPrint", "戦闘値"),
    "hp": QT_TRANSLATE_NOOP("SheetPrint", "HP"),
    "hp_max": QT_TRANSLATE_NOOP("SheetPrint", "最大HP"),
    "mp": QT_TRANSLATE_NOOP("SheetPrint", "MP"),
    "mp_max": QT_TRANSLATE_NOOP("SheetPrint", "最大MP"),
    "classes": QT_TRANSLATE_NOOP("SheetPrint", "クラス"),
    "feats": QT_TRANSLATE_NOOP("SheetPrint", "特技"),
    "lifepath": QT_TRANSLATE_NOOP("SheetPrint", "ライフパス"),
    "skills": QT_TRANSLATE_NOOP("SheetPrint", "特技"),
}


def _tr(text: str) -> str:
    return QCoreApplication.translate("SheetPrint", text)


def session_html(campaign_model: CampaignModel, character_id: str) -> str:
    from gmtool.models.aw.session_model import sheet_entry
    from gmtool.views.print.sheet_sections import heading, pair_grid

    entry = sheet_entry(campaign_model, character_id)
    none = _tr("なし")
    keys = [_tr("{0}（シーン「{1}」）").format(key, scene) if scene else key for key, scene in entry.keys]
    pairs = [
        (_tr("マスター"), none if entry.master is None else entry.master),
        (_tr("サーヴァント"), _tr("、").join(entry.servants) or none),
    ]
    if entry.spells_left is not None:
        pairs.append((_tr("令呪 残り"), f"{entry.spells_left}/{entry.spells}"))
    pairs.append((_tr("イベントキー"), "\n".join(keys) or none))
    return heading(_tr("契約・イベントキー")) + pair_grid(pairs, per_row=1)


PARTS = PrintParts(labels=LABELS, session_html=session_html)
