"""千幻抄 on the printed sheet: its field names, its words for outcomes (クリティカル / ファンブル, as the
panel says), the 縁故 formed in play and the 幻想能力 of the character's 類型.

Those 縁故 live in the campaign's session document and the 幻想能力 in its 類型 catalog, not in the
character dataclass; the sheet reads them there, read-only like the on-screen sheet.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication

from gmtool.models.sengensho.labels import UNLIMITED_TERM, archetype_label
from gmtool.rules.checks import Outcome
from gmtool.rules.systems.sengensho.bonds_types import KIND_LABELS
from gmtool.rules.systems.sengensho.catalog_types import ABILITY_KIND_LABELS
from gmtool.rules.systems.sengensho.character import BondKind
from gmtool.views.message_catalog import shown_message
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
    "unlimited_abilities": UNLIMITED_TERM,  # the sheet's word (translated through runtime.json)
}


def _tr(text: str) -> str:
    return QCoreApplication.translate("SheetPrint", text)


def session_html(campaign_model: CampaignModel, character_id: str) -> str:
    return _session_bonds_html(campaign_model, character_id) + _abilities_html(campaign_model, character_id)


def _session_bonds_html(campaign_model: CampaignModel, character_id: str) -> str:
    from gmtool.models.sengensho.state import read_session
    from gmtool.views.print.sheet_sections import heading, table

    session, problem = read_session(campaign_model)
    bonds = session.bonds_of(character_id)
    title = heading(_tr("縁故（セッション）"))
    if problem:
        return title + f"<p>{escape(shown_message(problem))}</p>"
    if not bonds:
        return title + f"<p>{_tr('（なし）')}</p>"
    rows = [
        [
            archetype_label(b.archetype),
            _tr(KIND_LABELS[b.kind]),
            b.target,
            str(b.level),
            _tr("はい") if b.retied else "",
        ]
        for b in bonds
    ]
    return title + table(rows, [_tr("類型"), _tr("種別"), _tr("対象"), _tr("レベル"), _tr("結び直し")])


def _abilities_html(campaign_model: CampaignModel, character_id: str) -> str:
    """The three 幻想能力 of each of the character's 類型, as the campaign's catalog gives them."""
    from gmtool.models.sengensho.state import read_catalog
    from gmtool.views.print.sheet_sections import heading, table

    archetypes = getattr(campaign_model.stored(character_id).character, "archetypes", ())
    if not archetypes:
        return ""
    catalog, problem = read_catalog(campaign_model)
    title = heading(_tr("幻想能力"))
    if problem:
        return title + f"<p>{escape(shown_message(problem))}</p>"
    rows = []
    for name in archetypes:
        archetype = catalog.get(name)
        if archetype is None:
            rows.append([archetype_label(name), _tr("（カタログにない類型）"), "", "", ""])
            continue
        for index, ability in enumerate(archetype.abilities):
            required = "—" if ability.required is None else str(ability.required)
            kind = _tr(ABILITY_KIND_LABELS[ability.kind])
            shown = ability.name or _tr("幻想能力{0}（名称未設定）").format(index + 1)
            rows.append([archetype_label(name), shown, kind, required, ability.effect])
    headers = [_tr("類型"), _tr("幻想能力"), _tr("種別"), _tr("必要幻想値"), _tr("効果")]
    return title + table(rows, headers)


def value_name(key: str, value: Any) -> str | None:
    if key == "kind" and value in set(BondKind):
        return _tr(KIND_LABELS[BondKind(value)])
    if key in ("archetypes", "archetype") and isinstance(value, str):  # the game's 類型 in its words
        return archetype_label(value)
    return None


def outcome_name(outcome: Any) -> str | None:
    if not isinstance(outcome, Outcome):
        return None
    from gmtool.models.sengensho.check_model import outcome_text

    return outcome_text(outcome)


PARTS = PrintParts(
    labels=LABELS,
    session_html=session_html,
    value_name=value_name,
    outcome_name=outcome_name,
    difficulty_label=QT_TRANSLATE_NOOP("SheetPrint", "目標値"),
)
