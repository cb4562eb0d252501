"""幻想値, 前借り and 幻想能力 of one holder, computed from the session's 縁故 and never stored.

「それぞれの縁故はレベルと同じ値の幻想値をキャラクターに与える」; 「幻想能力の使用によって幻想値は
減少しない」; 「各能力は1セッションに1回までしか使用できない」 (「原作キャラクター」 may be unlimited).
See `bonds` for the readings of the PC halving and 前借り; the house-rule switches (`house_rules`)
choose between the disputed ones, and every function here takes them as `readings`.

The value types (`FantasyValue`, `AbilityStatus`) live in `fantasy_types` and are re-exported here.
"""

from __future__ import annotations

from dataclasses import replace

from gmtool.rules.message import Message
from gmtool.rules.systems.sengensho.catalog import ArchetypeCatalog
from gmtool.rules.systems.sengensho.character import BondKind
from gmtool.rules.systems.sengensho.fantasy_types import (
    AbilityState,
    AbilityStatus,
    FantasyValue,
)
from gmtool.rules.systems.sengensho.house_rules import (
    DEBT_COUNT,
    DEFAULT_READINGS,
    HALVE_SUM,
    PER_SCENARIO,
    SengenshoReadings,
)
from gmtool.rules.systems.sengensho.session import (
    AbilityUse,
    Borrowing,
    Cast,
    SengenshoSession,
    SessionRefused,
    archetypes_in_force,
    member,
    require_running,
)

__all__ = [
    "AbilityState",
    "AbilityStatus",
    "FantasyValue",
    "ability_statuses",
    "bond_values",
    "borrow",
    "debt_message",
    "fantasy_values",
    "halved_bonds",
    "pc_bond_order",
    "total_value",
    "use_ability",
]


# ---- 幻想値 ----------------------------------------------------------------------------
def pc_bond_order(session: SengenshoSession, cast: Cast, holder: str) -> list[int]:
    """The holder's 縁故 to PCs, in the order formed: the first gives its level, the rest half."""
    return [
        b.id
        for b in sorted(session.bonds_of(holder), key=lambda b: b.id)
        if b.kind is BondKind.CHARACTER
        and b.target_id is not None
        and b.target_id in cast
        and cast[b.target_id].is_pc
    ]


def halved_bonds(session: SengenshoSession, cast: Cast, holder: str) -> set[int]:
    """「二人目以降は、得られる幻想値を半減（切上げ）する」: the ids of the holder's halved 縁故."""
    return set(pc_bond_order(session, cast, holder)[1:])


def bond_values(
    session: SengenshoSession, cast: Cast, holder: str, readings: SengenshoReadings = DEFAULT_READINGS
) -> dict[int, int]:
    """The 幻想値 each of the holder's 縁故 gives, by 縁故 id.

    Halving each: a halved 縁故 gives half its level, rounded up.  Halving the sum: the halved 縁故
    of one 類型 give half their levels' sum, rounded up, together; each shows half its level
    rounded down, and the round-up goes to the first odd-level ones in the order formed, so the
    values still add up to the 類型's 幻想値."""
    halved = halved_bonds(session, cast, holder)
    bonds = sorted(session.bonds_of(holder), key=lambda b: b.id)
    if readings.pc_halving != HALVE_SUM:
        return {b.id: -(-b.level // 2) if b.id in halved else b.level for b in bonds}
    values = {b.id: b.level // 2 if b.id in halved else b.level for b in bonds}
    for archetype in dict.fromkeys(b.archetype for b in bonds):
        odd = [b for b in bonds if b.id in halved and b.archetype == archetype and b.level % 2]
        for bond in odd[: -(-len(odd) // 2)]:  # ceil(sum / 2) - sum(floor(level / 2))
            values[bond.id] += 1
    return values


def total_value(
    session: SengenshoSession, cast: Cast, holder: str, readings: SengenshoReadings = DEFAULT_READINGS
) -> int:
    """What all the holder's 縁故 in play give together (a 結び直し must not raise it)."""
    return sum(bond_values(session, cast, holder, readings).values())


def fantasy_values(
    session: SengenshoSession, cast: Cast, holder: str, readings: SengenshoReadings = DEFAULT_READINGS
) -> dict[str, FantasyValue]:
    """幻想値 per 類型 (those in force, then any a kept 縁故 still names), always from the 縁故."""
    values = bond_values(session, cast, holder, readings)
    presets = member(cast, holder).presets
    names = list(archetypes_in_force(session, cast, holder))
    names += [b.archetype for b in session.bonds_of(holder) if b.archetype not in names]
    result = {}
    for name in dict.fromkeys(names):
        own = [b for b in session.bonds_of(holder) if b.archetype == name]
        preset = [p for p in presets if p.archetype == name]
        earned = sum(values[b.id] for b in own) + sum(p.level for p in preset)
        raised = [b.raised_to for b in session.borrowings if b.holder == holder and b.archetype == name]
        result[name] = FantasyValue(
            name, earned, max(raised) if raised else None, len(own) + len(preset), readings.debt == DEBT_COUNT
        )
    return result


def debt_message(value: FantasyValue) -> Message:
    """「狩猟者 あと2点」, or 「狩猟者 縁故あと2つ」 when the debt is counted in 縁故."""
    if value.by_count:
        return Message("{0} 縁故あと{1}つ", value.archetype, value.debt)
    return Message("{0} あと{1}点", value.archetype, value.debt)


def borrow(
    session: SengenshoSession,
    cast: Cast,
    holder: str,
    archetype: str,
    needed: int,
    readings: SengenshoReadings = DEFAULT_READINGS,
) -> SengenshoSession:
    """前借り: raise the 類型's 幻想値 to `needed` and owe 縁故 for the difference."""
    require_running(session)
    values = fantasy_values(session, cast, holder, readings)
    owing = [v for v in values.values() if v.debt > 0]
    if owing:
        detail = Message.joined("、", (debt_message(v) for v in owing))
        raise SessionRefused(
            Message("縁故が幻想値に満たない類型があるあいだは前借りできません（{0}）", detail)
        )
    current = values.get(archetype)
    if current is None:
        raise SessionRefused(
            Message("{0}は類型「{1}」を持っていません", member(cast, holder).name, archetype)
        )
    if current.value >= needed:
        raise SessionRefused(
            Message("幻想値は足りています（{0}/{1}）。前借りは要りません", current.value, needed)
        )
    borrowing = Borrowing(holder, archetype, needed, session.current_scene)
    return replace(session, borrowings=(*session.borrowings, borrowing))


# ---- 幻想能力 ---------------------------------------------------------------------------
def ability_statuses(
    session: SengenshoSession,
    cast: Cast,
    catalog: ArchetypeCatalog,
    holder: str,
    readings: SengenshoReadings = DEFAULT_READINGS,
) -> list[AbilityStatus]:
    """Every 幻想能力 of the holder's 類型 in the catalog (ラスボス has none in the text)."""
    values = fantasy_values(session, cast, holder, readings)
    unlimited = member(cast, holder).unlimited
    statuses = []
    for name in archetypes_in_force(session, cast, holder):
        archetype = catalog.get(name)
        if archetype is None:
            continue
        value = values[name].value
        for index, ability in enumerate(archetype.abilities):
            if ability.required is None:
                state = AbilityState.UNSET
            elif session.used(holder, name, index) and not unlimited:
                state = AbilityState.USED
            elif value >= ability.required:
                state = AbilityState.AVAILABLE
            else:
                state = AbilityState.LOCKED
            statuses.append(AbilityStatus(name, index, ability, state, value))
    return statuses


def use_ability(
    session: SengenshoSession,
    cast: Cast,
    catalog: ArchetypeCatalog,
    holder: str,
    archetype: str,
    index: int,
    borrow_if_short: bool = False,
    readings: SengenshoReadings = DEFAULT_READINGS,
) -> tuple[SengenshoSession, AbilityStatus]:
    """Uses a 幻想能力 (logged by the caller; 幻想値 is not spent), borrowing first if asked."""
    require_running(session)
    status = next(
        (
            s
            for s in ability_statuses(session, cast, catalog, holder, readings)
            if (s.archetype, s.index) == (archetype, index)
        ),
        None,
    )
    if status is None:
        raise SessionRefused(Message("類型「{0}」の幻想能力{1}はカタログにありません", archetype, index + 1))
    label = status.ability.label(index)
    required = status.ability.required
    if status.state is AbilityState.UNSET or required is None:
        raise SessionRefused(Message("{0}の必要幻想値が未設定です（類型カタログで入力してください）", label))
    if status.state is AbilityState.USED:
        if readings.ability_period == PER_SCENARIO:
            raise SessionRefused(
                Message("{0}はこのシナリオで使用済みです（各幻想能力は1シナリオに1回）", label)
            )
        raise SessionRefused(
            Message("{0}はこのセッションで使用済みです（各幻想能力は1セッションに1回）", label)
        )
    borrowed = False
    if status.state is AbilityState.LOCKED:
        if not borrow_if_short:
            raise SessionRefused(
                Message(
                    "{0}には幻想値が足りません（{1}/{2}）。前借りすれば使えます",
                    label,
                    status.value,
                    required,
                )
            )
        session = borrow(session, cast, holder, archetype, required, readings)
        borrowed = True
    use = AbilityUse(holder, archetype, index, session.current_scene, borrowed)
    return replace(session, uses=(*session.uses, use)), status
