"""The combat tracker, system-neutral: an encounter's participants, rounds, turns, resources,
conditions and event log.

One frozen document (stored as JSON in the campaign's session state) and pure operations that
return the next encounter or raise `BattleRefused` with the reason the table hears.  Who acts next,
what a round start does and what damage means are each system's `CombatRules`
(`gmtool/rules/battle_rules.py`), found through the system registry; the operations here ask them.
The value types live in `gmtool/rules/battle_types.py` (what the views may import) and are
re-exported here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from functools import cache
from typing import Annotated, Any

from pydantic import Field, TypeAdapter

from gmtool.rules.battle_types import (
    KEEP,
    MANY,
    MAX_EVENTS,
    Action,
    BattleRefused,
    Condition,
    Encounter,
    Event,
    Id,
    Name,
    Participant,
    Phase,
    Resource,
    Side,
    Status,
    Text,
    Value,
)
from gmtool.rules.data import json_object
from gmtool.rules.message import Message

__all__ = [
    "KEEP",
    "MANY",
    "MAX_EVENTS",
    "Action",
    "BattleRefused",
    "Condition",
    "Encounter",
    "Event",
    "Id",
    "Name",
    "Participant",
    "Phase",
    "Resource",
    "Side",
    "Status",
    "Text",
    "Value",
    "add_condition",
    "add_participants",
    "copy_names",
    "count_conditions",
    "damage",
    "dump_encounter",
    "dump_saved",
    "load_encounter",
    "load_saved",
    "log_event",
    "move_participant",
    "remove_condition",
    "remove_participant",
    "set_resource",
    "with_participant",
]


@cache
def _adapter() -> TypeAdapter[Encounter]:
    return TypeAdapter(Encounter)


@cache
def _saved_adapter() -> TypeAdapter[tuple[Encounter, ...]]:
    return TypeAdapter(Annotated[tuple[Encounter, ...], Field(max_length=500)])


def load_encounter(data: Any) -> Encounter:
    """The stored document (None: none yet); pydantic's ValidationError names the bad field."""
    return Encounter() if data is None else _adapter().validate_python(data)


def dump_encounter(encounter: Encounter) -> dict[str, Any]:
    # Defaults left out: a fight of 200 is written at every turn, and most fields are at rest.
    return json_object(_adapter(), encounter, exclude_defaults=True)


def load_saved(data: Any) -> tuple[Encounter, ...]:
    return () if data is None else _saved_adapter().validate_python(data)


def dump_saved(encounters: tuple[Encounter, ...]) -> list[Any]:
    document = _saved_adapter().dump_python(encounters, mode="json")
    if not isinstance(document, list):
        raise TypeError("saved encounters are stored as a JSON array")
    return document


# ---- participants -------------------------------------------------------------------------------


def with_participant(
    encounter: Encounter, participant_id: str, change: Callable[[Participant], Participant]
) -> Encounter:
    participant = encounter.get(participant_id)
    changed = change(participant)
    return replace(
        encounter,
        participants=tuple(changed if p.id == participant_id else p for p in encounter.participants),
    )


def add_participants(encounter: Encounter, participants: Iterable[Participant]) -> Encounter:
    new = tuple(participants)
    taken = {p.id for p in encounter.participants}
    if any(p.id in taken for p in new) or len({p.id for p in new}) != len(new):
        raise BattleRefused(Message("同じIDの参加者がいます"))
    if len(encounter.participants) + len(new) > MANY:
        raise BattleRefused(Message("参加者は{0}人までです", MANY))
    return replace(encounter, participants=encounter.participants + new)


def copy_names(name: str, count: int, taken: Iterable[str] = ()) -> list[str]:
    """Names for N copies of one NPC: 「ゴブリン A」「ゴブリン B」… past those already in the fight."""
    if not 1 <= count <= 100:
        raise BattleRefused(Message("複製できるのは 1〜100 体です（{0}）", count))
    if count == 1:
        return [name]
    taken_names = set(taken)
    names: list[str] = []
    index = 0
    while len(names) < count:
        label = _letter_label(index)
        candidate = f"{name} {label}"
        if candidate not in taken_names:
            names.append(candidate)
        index += 1
    return names


def _letter_label(index: int) -> str:
    """A, B, … Z, AA, AB, …: what a GM writes on the NPC tokens."""
    label = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        label = chr(ord("A") + rest) + label
    return label


def remove_participant(encounter: Encounter, participant_id: str) -> Encounter:
    """Out of the fight; a condition counted at its turn is counted at cleanup from now on."""
    encounter.get(participant_id)
    current = None if encounter.current == participant_id else encounter.current
    kept = []
    for p in encounter.participants:
        if p.id != participant_id:
            conditions = tuple(
                replace(c, counts_on=None) if c.counts_on == participant_id else c for c in p.conditions
            )
            kept.append(p if conditions == p.conditions else replace(p, conditions=conditions))
    return replace(
        encounter,
        participants=tuple(kept),
        turns=tuple(t for t in encounter.turns if t != participant_id),
        counted=tuple(t for t in encounter.counted if t != participant_id),
        tied=tuple(t for t in encounter.tied if t != participant_id),
        current=current,
    )


def move_participant(encounter: Encounter, participant_id: str, offset: int) -> Encounter:
    """The GM's order: one place up (−1) or down (+1)."""
    order = list(encounter.participants)
    index = next(i for i, p in enumerate(order) if p.id == encounter.get(participant_id).id)
    target = max(0, min(len(order) - 1, index + offset))
    order.insert(target, order.pop(index))
    return replace(encounter, participants=tuple(order))


def set_resource(
    encounter: Encounter, participant_id: str, key: str, value: int, maximum: int | None = KEEP
) -> Encounter:
    def change(p: Participant) -> Participant:
        resource = p.resource(key)
        if resource is None:
            raise BattleRefused(Message("{0}には「{1}」がありません", p.name, key))
        new_max = resource.maximum if maximum is KEEP else maximum
        if value < 0:
            raise BattleRefused(Message("{0}は 0 以上です（{1}）", resource.label, value))
        if resource.grows and new_max is not None and value > new_max:
            raise BattleRefused(Message("{0}は最大 {1} です（{2}）", resource.label, new_max, value))
        updated = replace(resource, value=value, maximum=new_max)
        return replace(p, resources=tuple(updated if r.key == key else r for r in p.resources))

    return with_participant(encounter, participant_id, change)


def damage(encounter: Encounter, participant_id: str, key: str, amount: int) -> Encounter:
    """`amount` of damage (negative: healing) on one resource; never below 0, healing a pool
    never above its maximum."""
    resource = encounter.get(participant_id).resource(key)
    if resource is None:
        raise BattleRefused(Message("{0}には「{1}」がありません", encounter.get(participant_id).name, key))
    value = max(0, resource.value + (amount if resource.grows else -amount))
    if resource.maximum is not None:
        if resource.grows:  # a track ends at its last level (LotR: Exhausted, dead)
            value = min(value, resource.maximum)
        elif amount < 0:  # healing a pool stops at its maximum (one already above it stays)
            value = min(value, max(resource.maximum, resource.value))
    return set_resource(encounter, participant_id, key, value)


def add_condition(encounter: Encounter, participant_id: str, condition: Condition) -> Encounter:
    if condition.counts_on is not None:
        encounter.get(condition.counts_on)
    return with_participant(
        encounter,
        participant_id,
        lambda p: replace(
            p, conditions=(*tuple(c for c in p.conditions if c.name != condition.name), condition)
        ),
    )


def remove_condition(encounter: Encounter, participant_id: str, name: str) -> Encounter:
    def change(p: Participant) -> Participant:
        if all(c.name != name for c in p.conditions):
            raise BattleRefused(Message("{0}に状態「{1}」はありません", p.name, name))
        return replace(p, conditions=tuple(c for c in p.conditions if c.name != name))

    return with_participant(encounter, participant_id, change)


def log_event(encounter: Encounter, text: str) -> Encounter:
    events = ((*encounter.events, Event(encounter.round, text)))[-MAX_EVENTS:]
    return replace(encounter, events=events)


# ---- conditions counting down -------------------------------------------------------------------


def count_conditions(
    encounter: Encounter, counted_on: str | set[str | None] | None
) -> tuple[Encounter, list[tuple[str, str]]]:
    """One round off every condition counted at `counted_on`'s turn (None: at cleanup; a set: at
    any of those).  Returns the encounter and the (participant name, condition) pairs that ended."""
    counters = counted_on if isinstance(counted_on, set) else {counted_on}
    ended: list[tuple[str, str]] = []
    participants = []
    for p in encounter.participants:
        kept = []
        for c in p.conditions:
            if c.rounds is None or c.counts_on not in counters:
                kept.append(c)
            elif c.rounds > 1:
                kept.append(replace(c, rounds=c.rounds - 1))
            else:
                ended.append((p.name, c.name))
        participants.append(p if kept == list(p.conditions) else replace(p, conditions=tuple(kept)))
    return replace(encounter, participants=tuple(participants)), ended
