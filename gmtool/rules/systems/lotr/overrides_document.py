"""Storing only what the GM changed in the LotR rule tables, and editing that document.

`diff_document(shipped, edited)` is the smallest house-rules document that turns the
shipped tables into the edited ones (see overrides.py for its shape);
`with_value` / `without_value` set or drop one value of a document, as the editor does.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from typing import Any

from gmtool.rules.systems.lotr.overrides import MODIFIER_ROW_KEYS, PENALTY_TABLES, SCHEMA, skill_row
from gmtool.rules.systems.lotr.reference_tables import diff_tables
from gmtool.rules.systems.lotr.rules_data import PICK_KINDS, Level, LotRRules


# ---- storing only what the GM changed -----------------------------------------------------------
def diff_document(shipped: LotRRules, edited: LotRRules) -> dict[str, Any]:
    """The smallest document with apply_overrides(shipped, document) == edited ({} = no edits).

    Names, sizes and time multipliers are not part of the document; differences there are dropped.
    """
    document: dict[str, Any] = {}
    if edited.modifier_rows != shipped.modifier_rows:
        document["modifier_rows"] = [
            dict(zip(MODIFIER_ROW_KEYS, r, strict=True)) for r in edited.modifier_rows
        ]
    if edited.beyond_step != shipped.beyond_step:
        document["beyond_step"] = edited.beyond_step
    degree_pairs = zip(edited.degrees, shipped.degrees, strict=True)
    _put(document, "degrees", {b.id: b.min_margin for b, s in degree_pairs if b.min_margin != s.min_margin})
    for key, table in PENALTY_TABLES:
        # `table` names one of LotRRules' wound / weariness level tables.
        edited_levels: tuple[Level, ...] = getattr(edited, table)
        shipped_levels: tuple[Level, ...] = getattr(shipped, table)
        level_pairs = zip(edited_levels, shipped_levels, strict=True)
        _put(document, key, {x.id: x.penalty for x, s in level_pairs if x.penalty != s.penalty})
    races: dict[str, Any] = {}
    for race in edited.races:
        base = shipped.race(race.id)
        if base is None:
            continue
        change = {
            k: getattr(race, k)
            for k in ("size", "wound_levels", "courage")
            if getattr(race, k) != getattr(base, k)
        }
        change.update(_bonus_change(race, base))
        subraces = {}
        for sub in race.subraces:
            base_sub = base.subrace(sub.id)
            if base_sub is not None and (sub_change := _bonus_change(sub, base_sub)):
                subraces[sub.id] = sub_change
        _put(change, "subraces", subraces)
        _put(races, race.id, change)
    _put(document, "races", races)
    orders: dict[str, Any] = {}
    for order in edited.orders:
        base_order = shipped.order(order.id)
        if base_order is not None:
            change = {
                k: getattr(order, k)
                for k in ("skills", "package", "courage")
                if getattr(order, k) != getattr(base_order, k)
            }
            if "skills" in change:
                change["skills"] = list(order.skills)
            if "package" in change:
                change["package"] = dict(order.package)
            _put(orders, order.id, change)
    _put(document, "orders", orders)
    _diff_skills(document, shipped, edited)
    picks = {k: edited.picks.get(k) for k in PICK_KINDS if edited.picks.get(k) != shipped.picks.get(k)}
    _put(document, "picks", picks)
    _put(document, "tables", diff_tables(shipped.reference, edited.reference))
    return {"schema": SCHEMA, **document} if document else {}


def _put(target: dict[str, Any], key: str, value: dict[str, Any]) -> None:
    if value:
        target[key] = value


def _bonus_change(row: Any, base: Any) -> dict[str, Any]:
    if dict(row.bonuses) == dict(base.bonuses) and row.bonuses_known == base.bonuses_known:
        return {}
    return {"bonuses": dict(row.bonuses), "bonuses_known": row.bonuses_known}


def _diff_skills(document: dict[str, Any], shipped: LotRRules, edited: LotRRules) -> None:
    base_names = [s.name for s in shipped.skills]
    names = [s.name for s in edited.skills]
    base_set, name_set = set(base_names), set(names)  # sets: linear in a table of thousands
    kept = [n for n in base_names if n in name_set]
    if names != kept + [n for n in names if n not in base_set]:  # reordered: only a whole list says it
        document["skills"] = [skill_row(s) for s in edited.skills]
        return
    skills: dict[str, Any] = {n: None for n in base_names if n not in name_set}
    for skill in edited.skills:
        row = {k: v for k, v in skill_row(skill).items() if k != "name"}  # a new skill: all of it
        base = shipped.skill(skill.name)
        if base is not None:
            row.setdefault("untrained", None)  # null says the GM cleared a shipped value
            base_row = {k: v for k, v in skill_row(base).items() if k != "name"}
            row = {k: v for k, v in row.items() if base_row.get(k) != v}
        _put(skills, skill.name, row)
    _put(document, "skills", skills)


# ---- editing a document (pure helpers for the model) ----------------------------------------------
def with_value(document: Mapping[str, Any] | None, path: Iterable[str], value: Any) -> dict[str, Any]:
    """A copy of the document with the value at path (nested tables made as needed)."""
    *parents, last = tuple(path)
    result = copy.deepcopy(dict(document or {}))
    node = result
    for key in parents:
        child = node.get(key)
        node[key] = child = dict(child) if isinstance(child, Mapping) else {}
        node = child
    node[last] = value
    return result


def without_value(document: Mapping[str, Any] | None, path: Iterable[str]) -> dict[str, Any]:
    """A copy of the document without the value at path; tables left empty are removed too."""
    keys = tuple(path)
    result = copy.deepcopy(dict(document or {}))
    trail = [result]
    for key in keys[:-1]:
        child = trail[-1].get(key)
        if not isinstance(child, dict):
            return result
        trail.append(child)
    trail[-1].pop(keys[-1], None)
    for depth in range(len(keys) - 1, 0, -1):
        if not trail[depth]:
            del trail[depth - 1][keys[depth - 1]]
    return result
