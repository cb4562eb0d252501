"""The LotR army tracker's one document: the units and the structures of a campaign.

Stored as JSON in the campaign's session state; pure operations return the next document or
raise `ArmyRefused` with the reason the table hears.  Units and structures are named by id (the
model makes them), so two units of the same name stay apart.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache
from typing import Annotated, Any

from pydantic import ConfigDict, Field, TypeAdapter

from gmtool.rules.data import json_object
from gmtool.rules.message import Message
from gmtool.rules.systems.lotr import structures as st, units as un
from gmtool.rules.systems.lotr.checks import Bands, LotRRoller
from gmtool.rules.systems.lotr.reference_tables import CellRef, ReferenceTable, UnsetCell
from gmtool.rules.systems.lotr.rules_data import LotRRules
from gmtool.rules.systems.lotr.structures_types import Improvement, Lock, SiegeResult, Structure
from gmtool.rules.systems.lotr.units import MoraleResult, UnitAttackResult
from gmtool.rules.systems.lotr.units_types import ArmyRefused, Unit

MANY = 1_000


@dataclass(frozen=True)
class Army:
    __pydantic_config__ = ConfigDict(extra="forbid")

    units: Annotated[tuple[Unit, ...], Field(max_length=MANY)] = ()
    structures: Annotated[tuple[Structure, ...], Field(max_length=MANY)] = ()

    def __post_init__(self) -> None:
        # Never made by the operations, but a hand-edited file can hold them, and every action
        # names its unit by id: loading turns the ValueError into the problem line.
        if len({u.id for u in self.units}) != len(self.units):
            raise ValueError(Message("units: 同じIDの部隊が2つあります"))
        if len({s.id for s in self.structures}) != len(self.structures):
            raise ValueError(Message("structures: 同じIDの建造物が2つあります"))

    def unit(self, unit_id: str) -> Unit | None:
        return next((u for u in self.units if u.id == unit_id), None)

    def structure(self, structure_id: str) -> Structure | None:
        return next((s for s in self.structures if s.id == structure_id), None)

    def improvements(self) -> list[Improvement]:
        return [i for s in self.structures for i in s.improvements]


@cache
def _adapter() -> TypeAdapter[Army]:
    # Built on first use: a campaign without an army never pays for it at start-up.
    return TypeAdapter(Army)


def load_army(data: Any) -> Army:
    """The stored document as state (None: none yet).  pydantic's ValidationError names the bad
    field; the caller turns it into a message."""
    return Army() if data is None else _adapter().validate_python(data)


def dump_army(state: Army) -> dict[str, Any]:
    return json_object(_adapter(), state)


# ---- units --------------------------------------------------------------------------------------
def require_unit(state: Army, unit_id: str) -> Unit:
    unit = state.unit(unit_id)
    if unit is None:
        raise ArmyRefused(Message("その部隊はありません"))
    return unit


def add_unit(state: Army, unit: Unit) -> Army:
    if state.unit(unit.id) is not None:
        raise ArmyRefused(Message("同じIDの部隊が既にあります"))
    return replace(state, units=(*state.units, unit))


def replace_unit(state: Army, unit: Unit) -> Army:
    require_unit(state, unit.id)
    return replace(state, units=tuple(unit if u.id == unit.id else u for u in state.units))


def remove_unit(state: Army, unit_id: str) -> Army:
    require_unit(state, unit_id)
    return replace(state, units=tuple(u for u in state.units if u.id != unit_id))


def race_factor(table: ReferenceTable, race: str | None) -> Fraction | None:
    """The race's Size factor from Table 9.26 (the GM's `unit_size` table); None for a unit of
    mixed races, which takes no factor.  An empty cell is refused, never read as 1."""
    if race is None:
        return None
    row = table.row(race)
    if row is None:
        raise ArmyRefused(Message("{0} に「{1}」の行はありません", table.title, race))
    factor = row.number("factor")
    if factor is None:
        raise ArmyRefused(
            UnsetCell(
                CellRef(table.id, race, "factor"),
                Message(
                    "{0}（{1}）の「{2}」の係数が未設定です。ルール表 → 参照表 で入力してください",
                    table.title,
                    table.source,
                    race,
                ),
            )
        )
    return factor


def size_from_headcount(state: Army, unit_id: str, headcount: int, factor: Fraction | None) -> Army:
    """The unit's Size from its head count (Morale follows the change, see `with_size`)."""
    unit = require_unit(state, unit_id)
    return replace_unit(state, un.with_size(unit, un.size_from_headcount(headcount, factor)))


def duplicate_unit(state: Army, unit_id: str, new_id: str, name: str) -> Army:
    """A copy placed right after the original."""
    source = require_unit(state, unit_id)
    at = state.units.index(source) + 1
    copy = replace(source, id=new_id, name=name)
    return replace(state, units=(*state.units[:at], copy, *state.units[at:]))


def attack(
    state: Army,
    attacker_id: str,
    target_id: str,
    commander: LotRRoller,
    rules: LotRRules,
    rng: random.Random,
    tn_modifier: int = 0,
    use_morale: bool = False,
) -> tuple[Army, UnitAttackResult]:
    spec = un.attack_spec(
        require_unit(state, attacker_id),
        require_unit(state, target_id),
        commander,
        rules,
        tn_modifier,
        use_morale,
    )
    result = un.resolve_unit_attack(spec, rng)
    return replace_unit(state, result.target_after), result


def morale_test(
    state: Army,
    target_id: str,
    roller: LotRRoller,
    bands: Bands,
    rng: random.Random,
    support_id: str | None = None,
    tn_modifier: int = 0,
    rally: LotRRoller | None = None,
) -> tuple[Army, MoraleResult]:
    support = require_unit(state, support_id) if support_id else None
    spec = un.morale_spec(require_unit(state, target_id), roller, bands, support, tn_modifier, rally)
    result = un.resolve_morale(spec, rng)
    return replace_unit(state, result.target_after), result


# ---- structures -----------------------------------------------------------------------------------
def require_structure(state: Army, structure_id: str) -> Structure:
    structure = state.structure(structure_id)
    if structure is None:
        raise ArmyRefused(Message("その建造物はありません"))
    return structure


def add_structure(state: Army, structure: Structure) -> Army:
    if state.structure(structure.id) is not None:
        raise ArmyRefused(Message("同じIDの建造物が既にあります"))
    return replace(state, structures=(*state.structures, structure))


def replace_structure(state: Army, structure: Structure) -> Army:
    require_structure(state, structure.id)
    return replace(
        state, structures=tuple(structure if s.id == structure.id else s for s in state.structures)
    )


def remove_structure(state: Army, structure_id: str) -> Army:
    require_structure(state, structure_id)
    return replace(state, structures=tuple(s for s in state.structures if s.id != structure_id))


def add_lock(state: Army, structure_id: str, lock: Lock) -> Army:
    return replace_structure(state, st.add_lock(require_structure(state, structure_id), lock))


def remove_lock(state: Army, structure_id: str, index: int) -> Army:
    return replace_structure(state, st.remove_lock(require_structure(state, structure_id), index))


def siege_damage(state: Army, structure_id: str, damage: int) -> tuple[Army, SiegeResult]:
    structure, result = st.apply_siege_damage(require_structure(state, structure_id), damage)
    return replace_structure(state, structure), result


def improve_structure(state: Army, structure_id: str, improvement: Improvement) -> Army:
    """The retry rule looks at every structure's history: it is about the character's test."""
    structure = require_structure(state, structure_id)
    return replace_structure(state, st.improve(structure, improvement, state.improvements()))


def end_battle(state: Army) -> tuple[Army, int]:
    """戦闘終了 for every structure; returns how many battle-only improvements ended."""
    ended = sum(len(st.battle_only(s)) for s in state.structures)
    if ended == 0:
        raise ArmyRefused(Message("この戦闘だけの強化はありません"))
    return replace(state, structures=tuple(st.end_battle(s) for s in state.structures)), ended
