"""The tracker conditions a fear leaves on its target (3.8 恐怖), and how a second fear meets the first.

3.8 gives each degree its effect but never says that a new fear replaces an earlier one, so gmtool
keeps the worse of the two: the larger penalty stays (a Marginal −1 does not lift a Superior −4),
and a lost turn or a flight already on the target goes on; a new lost turn or flight starts afresh.
Each condition is marked "fear:<name>" with its kind, so the next fear (or the Inspire retry that
ends them, 3.8) finds exactly the conditions a fear gave.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from enum import IntEnum

from gmtool.rules import battle
from gmtool.rules.battle import Condition, Encounter, Participant
from gmtool.rules.systems.lotr.combat import CONDITION_PENALTY, LOST_TURN

FEAR_MARK = "fear:"  # values "fear:<condition name>" = its FearKind: a condition a fear gave


class FearKind(IntEnum):
    PENALTY = 1  # −1, −2 or −4 on every action
    TURN_LOST = 2  # Superior: the next turn lost
    FLIGHT = 3  # Extraordinary: flees, or drops to the ground


@dataclass(frozen=True)
class FearCondition:
    name: str
    kind: FearKind
    rounds: int | None = None  # counted on the target's own turns; None: until removed
    penalty: int = 0  # ≤ 0, on every action while it lasts


@dataclass(frozen=True)
class Added:
    encounter: Encounter
    heavier: int | None  # the earlier, larger penalty that stays instead of the new one (None: none)
    kept: tuple[str, ...]  # the earlier fear conditions that go on beside the new effect


def afraid(p: Participant) -> list[str]:
    """The fear conditions this participant has now."""
    return [c.name for c in p.conditions if p.value(FEAR_MARK + c.name)]


def _kind(p: Participant, name: str) -> FearKind:
    if p.value(CONDITION_PENALTY + name):
        return FearKind.PENALTY
    mark = p.value(FEAR_MARK + name)
    return FearKind(mark) if mark in {k.value for k in FearKind} else FearKind.FLIGHT


def add_fear(state: Encounter, target_id: str, new: Sequence[FearCondition]) -> Added:
    """The new fear's conditions on the target, the worse effect kept (see the module's docstring)."""
    p = state.get(target_id)
    old = {name: _kind(p, name) for name in afraid(p)}
    old_penalty = min(
        (p.value(CONDITION_PENALTY + n) for n, k in old.items() if k is FearKind.PENALTY), default=0
    )
    new_penalty = min((c.penalty for c in new), default=0)
    heavier = old_penalty if new_penalty and old_penalty < new_penalty else None
    if heavier is not None:  # the earlier penalty is worse: the new one is not added
        new = [c for c in new if c.kind is not FearKind.PENALTY]
    replaced = {c.kind for c in new}
    gone = [name for name, kind in old.items() if kind in replaced]
    kept = tuple(
        n for n, k in old.items() if n not in gone and not (heavier is not None and k is FearKind.PENALTY)
    )
    state = without(state, target_id, gone)
    for c in new:
        counts_on = target_id if c.rounds else None
        state = battle.add_condition(state, target_id, Condition(c.name, c.rounds, counts_on))
        marks = {
            FEAR_MARK + c.name: int(c.kind),
            **({CONDITION_PENALTY + c.name: c.penalty} if c.penalty else {}),
            # the tracker's 次の手番 skips the lost turn and ends the condition (combat.lost_turn)
            **({LOST_TURN + c.name: 1} if c.kind is FearKind.TURN_LOST else {}),
        }
        state = battle.with_participant(state, target_id, _with_values(marks))
    return Added(state, heavier, kept)


def without(state: Encounter, participant_id: str, names: Sequence[str] | None = None) -> Encounter:
    """These fear conditions (None: all of them) and their marks taken off the participant."""
    p = state.get(participant_id)
    marked = {k[len(FEAR_MARK) :] for k in p.values if k.startswith(FEAR_MARK)}
    gone = set(afraid(p)) | marked if names is None else set(names)
    values = {
        k: v
        for k, v in p.values.items()
        if not any(k in (FEAR_MARK + n, CONDITION_PENALTY + n, LOST_TURN + n) for n in gone)
    }
    conditions = tuple(c for c in p.conditions if c.name not in gone or not p.value(FEAR_MARK + c.name))
    return battle.with_participant(state, p.id, lambda q: replace(q, conditions=conditions, values=values))


def _with_values(marks: dict[str, int]) -> Callable[[Participant], Participant]:
    return lambda p: replace(p, values={**p.values, **marks})
