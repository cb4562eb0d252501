"""千幻抄 in CCFolia and Udonarium: the 類型 in the memo; the GM orders the turns, and enters HP.

The session's part of a character (`session_sheet`: its 幻想値 per 類型 as values, its 縁故 and its
幻想能力 in the memo) lives in the campaign's session document, not on the sheet, so the exporter
is handed it (`gmtool.store.udonarium.character_to_udonarium`'s `session`).
"""

from __future__ import annotations

from gmtool.rules.message import Message, template
from gmtool.rules.systems.base import CCFoliaExport, SessionSheet, SheetField
from gmtool.rules.systems.sengensho.bonds_types import KIND_LABELS
from gmtool.rules.systems.sengensho.catalog import ArchetypeCatalog
from gmtool.rules.systems.sengensho.character import ATTRIBUTES, BondKind, SengenshoCharacter
from gmtool.rules.systems.sengensho.fantasy import AbilityState, ability_statuses, fantasy_values
from gmtool.rules.systems.sengensho.house_rules import DEFAULT_READINGS, SengenshoReadings
from gmtool.rules.systems.sengensho.session import Cast, SengenshoSession, display_name

ABILITY_STATES = {
    AbilityState.UNSET: template("必要幻想値が未設定"),
    AbilityState.LOCKED: template("使用不可"),
    AbilityState.AVAILABLE: template("使用可"),
    AbilityState.USED: template("使用済み"),
}


def _memo(character: SengenshoCharacter) -> list[str]:
    return ["類型: " + " / ".join(character.archetypes)] if character.archetypes else []


def _bond_text(archetype: str, kind: BondKind, target: str, level: int) -> Message:
    if kind is BondKind.CHARACTER:
        return Message("{0}（{1}・Lv{2}）", target, archetype, level)
    return Message("{0}（{1}・{2}・Lv{3}）", target, archetype, KIND_LABELS[kind], level)


def session_sheet(
    session: SengenshoSession,
    cast: Cast,
    catalog: ArchetypeCatalog,
    holder: str,
    readings: SengenshoReadings = DEFAULT_READINGS,
) -> SessionSheet:
    """The holder's 幻想値 per 類型 (values «幻想値:狩猟者»), its 縁故 (an NPC's preset ones first) and
    its 幻想能力 with 必要幻想値 and state, as the session stands; nothing for a non-member."""
    if holder not in cast:
        return SessionSheet()
    values = fantasy_values(session, cast, holder, readings)
    params = tuple((f"幻想値:{name}", value.value) for name, value in values.items())
    bonds = [_bond_text(p.archetype, p.kind, p.target, p.level) for p in cast[holder].presets]
    bonds += [
        _bond_text(b.archetype, b.kind, display_name(cast, b.target_id) if b.target_id else b.target, b.level)
        for b in sorted(session.bonds_of(holder), key=lambda b: b.id)
    ]
    # Messages: the export shows them in the UI language (models/sengensho/export_sheet.py).
    memo: list[str] = [Message("縁故: {0}", Message.joined("、", bonds))] if bonds else []
    abilities = [
        Message(
            "{0}（{1}・必要幻想値 {2}・{3}）",
            s.ability.name or Message("幻想能力{0}（名称未設定）", s.index + 1),
            s.archetype,
            "—" if s.ability.required is None else s.ability.required,
            ABILITY_STATES[s.state],
        )
        for s in ability_statuses(session, cast, catalog, holder, readings)
        if s.ability.name or s.state is not AbilityState.UNSET  # the GM has not filled it in
    ]
    if abilities:
        memo.append(Message("幻想能力: {0}", Message.joined("、", abilities)))
    return SessionSheet(params, tuple(memo))


# HP is the GM's, entered in the tracker (the sheet keeps none); skills and 幻想値 are computed.
CCFOLIA = CCFoliaExport(
    memo=_memo, sheet_fields={label: SheetField(f"attributes.{key}") for key, label in ATTRIBUTES}
)
