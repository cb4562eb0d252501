"""What the on-screen sheet shows from the campaign's session state, for the printed sheet.

The character dataclass does not hold everything its sheet shows: AW 契約・イベントキー and 千幻抄
縁故 formed in play live in the campaign's session documents.  Read-only, like the sheet boxes.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QCoreApplication

from gmtool.models.campaign_model import CampaignModel
from gmtool.views.print.sheet_sections import heading, pair_grid, table


def _tr(text: str) -> str:
    return QCoreApplication.translate("SheetPrint", text)


def session_html(campaign_model: CampaignModel, character_id: str) -> str:
    """The session sections for this character's system ('' where its sheet shows none)."""
    system_id = campaign_model.stored(character_id).system
    if system_id == "aw":
        return aw_session_html(campaign_model, character_id)
    if system_id == "sengensho":
        return sengensho_bonds_html(campaign_model, character_id)
    return ""


def aw_session_html(campaign_model: CampaignModel, character_id: str) -> str:
    from gmtool.models.aw_session_model import AWSessionModel

    model = AWSessionModel(campaign_model)
    try:
        state = model.state()
        none = _tr("なし")
        master = state.master_of(character_id)
        servants = state.servants_of(character_id)
        keys = [
            _tr("{0}（シーン「{1}」）").format(k.name, k.scene) if k.scene else k.name
            for k in state.keys_of(character_id)
        ]
        pairs = [
            (_tr("マスター"), none if master is None else model.name(master)),
            (_tr("サーヴァント"), "、".join(model.name(s) for s in servants) or none),
        ]
        if servants:
            pairs.append(
                (_tr("令呪 残り"), f"{model.spells_left(character_id)}/{model.rules.command_spells}")
            )
        pairs.append((_tr("イベントキー"), "\n".join(keys) or none))
        return heading(_tr("契約・イベントキー")) + pair_grid(pairs, per_row=1)
    finally:
        model.deleteLater()


def sengensho_bonds_html(campaign_model: CampaignModel, character_id: str) -> str:
    from gmtool.models.sengensho_state import read_session
    from gmtool.rules.systems.sengensho.bonds import KIND_LABELS

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
