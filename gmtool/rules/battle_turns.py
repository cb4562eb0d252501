"""The round as the tracker runs it: setup → one turn after another → cleanup → the next round.

Who acts next is the system's (`CombatRules.next_actor`); the rest is the same for every system:
a turn ends with its actor marked acted, conditions count down at the turn of the participant
they are counted on, and a round whose every participant has acted goes to cleanup.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from gmtool.rules.battle import (
    BattleRefused,
    Encounter,
    Participant,
    Phase,
    count_conditions,
    with_participant,
)
from gmtool.rules.battle_rules import CombatRules, Seed
from gmtool.rules.message import Message


@dataclass(frozen=True)
class Step:
    """A turn step's result: the encounter, and what happened on the way (for the log)."""

    encounter: Encounter
    ended: list[tuple[str, str]] = field(default_factory=list)  # (participant, condition) that ended
    tied: tuple[str, ...] = ()  # who stood level with the new actor: the GM may choose another
    skipped: tuple[tuple[str, str], ...] = ()  # (participant, why) whose lost turn was passed over


def participant_from(seed: Seed, participant_id: str, character_id: str | None = None) -> Participant:
    from gmtool.rules.battle import Side

    return Participant(
        id=participant_id,
        name=seed.name,
        character_id=character_id,
        is_pc=seed.is_pc,
        side=Side.ALLY if seed.is_pc else Side.ENEMY,
        initiative=seed.initiative,
        values=dict(seed.values or {}),
        resources=seed.resources,
    )


def start(encounter: Encounter, rules: CombatRules, rng: random.Random) -> Encounter:
    if encounter.active:
        raise BattleRefused(Message("戦闘はもう始まっています"))
    if not encounter.participants:
        raise BattleRefused(Message("参加者がいません。キャラクターかNPCを加えてから始めてください"))
    return rules.start_round(_round_setup(replace(encounter, active=True), 1), rng)


def end(encounter: Encounter) -> Encounter:
    if not encounter.active:
        raise BattleRefused(Message("戦闘は始まっていません"))
    return replace(_no_turn(encounter, Phase.SETUP), active=False, turns=(), counted=())


def next_turn(encounter: Encounter, rules: CombatRules, rng: random.Random) -> Step:
    """Setup → the first actor; an actor → the next one (or cleanup); cleanup → the next round."""
    _require_active(encounter)
    if encounter.phase is Phase.CLEANUP:
        # Cleanup's own conditions, and those counted at the turn of someone who had none this
        # round (defeated, fled): they still end in time.
        no_turn: set[str | None] = {p.id for p in encounter.participants if p.id not in encounter.counted}
        ended_encounter, ended = count_conditions(encounter, {None, *no_turn})
        return Step(rules.start_round(_round_setup(ended_encounter, encounter.round + 1), rng), ended)
    if encounter.phase is Phase.TURN and encounter.current is not None:
        encounter = _finish_turn(encounter)
    return _begin_next(encounter, rules)


def take_turn(encounter: Encounter, participant_id: str, rules: CombatRules) -> Step:
    """The GM gives the turn to someone who has not acted (a tie the rules leave to the GM, a
    delayed action).  The actor whose turn it was keeps theirs for later in the round."""
    _require_active(encounter)
    chosen = encounter.get(participant_id)
    if encounter.current == participant_id:
        raise BattleRefused(Message("今は{0}の手番です", chosen.name))
    if not chosen.in_play:
        raise BattleRefused(Message("{0}は行動できません（戦闘不能・死亡・逃走）", chosen.name))
    if chosen.acted:
        raise BattleRefused(Message("{0}はこのラウンドにもう行動しました", chosen.name))
    if encounter.phase is not Phase.TURN:
        raise BattleRefused(Message("手番を渡せるのはラウンドの途中だけです（「次の手番」で進めてください）"))
    return _begin(replace(encounter, phase=Phase.TURN, tied=(), ordered_by_principle=()), participant_id)


def previous_turn(encounter: Encounter) -> Encounter:
    """Back to the last turn of the round: its actor acts again (what their turn counted down is
    not given back — 元に戻す restores everything exactly)."""
    _require_active(encounter)
    if not encounter.turns:
        raise BattleRefused(Message("このラウンドにはまだ戻れる手番がありません"))
    last = encounter.turns[-1]
    encounter = replace(
        encounter,
        turns=encounter.turns[:-1],
        phase=Phase.TURN,
        current=last,
        tied=(),
        ordered_by_principle=(),
    )
    return with_participant(encounter, last, lambda p: replace(p, acted=False))


def to_cleanup(encounter: Encounter) -> Encounter:
    """The round jumps to its cleanup (AW: a servant summoned by 令呪 in combat, 「そのラウンドは
    即座にクリンナッププロセスへ」): the actor's turn ends, and no one else acts this round."""
    _require_active(encounter)
    if encounter.phase is Phase.TURN and encounter.current is not None:
        encounter = _finish_turn(encounter)
    return _no_turn(encounter, Phase.CLEANUP)


def _begin_next(encounter: Encounter, rules: CombatRules) -> Step:
    """The next actor's turn begins; a turn its rules take away (`CombatRules.lost_turn`) is spent
    at once and the one after it begins, all in this one step."""
    ended: list[tuple[str, str]] = []
    skipped: list[tuple[str, str]] = []
    while True:
        choice = rules.next_actor(encounter)
        if choice.id is None:
            return Step(_no_turn(encounter, Phase.CLEANUP), ended, skipped=tuple(skipped))
        level = replace(
            encounter, phase=Phase.TURN, tied=choice.tied, ordered_by_principle=choice.ordered_by_principle
        )
        step = _begin(level, choice.id)
        ended.extend(step.ended)
        lost = rules.lost_turn(step.encounter, choice.id)
        if lost is None:
            return replace(step, ended=ended, tied=choice.tied, skipped=tuple(skipped))
        skipped.append((step.encounter.get(choice.id).name, lost.reason))
        encounter = _finish_turn(replace(lost.encounter, tied=(), ordered_by_principle=()))


def _begin(encounter: Encounter, participant_id: str) -> Step:
    """Its turn begins; its conditions count down at the first beginning of its turn in a round."""
    encounter = replace(encounter, current=participant_id)
    if participant_id in encounter.counted:
        return Step(encounter)
    encounter, ended = count_conditions(encounter, participant_id)
    return Step(replace(encounter, counted=(*encounter.counted, participant_id)), ended)


def _finish_turn(encounter: Encounter) -> Encounter:
    current = encounter.current
    assert current is not None
    acted = with_participant(encounter, current, lambda p: replace(p, acted=True))
    return replace(acted, current=None, turns=(*encounter.turns, current))


def _no_turn(encounter: Encounter, phase: Phase) -> Encounter:
    """Nobody's turn (setup or cleanup): no actor, and no tie left open."""
    return replace(encounter, phase=phase, current=None, tied=(), ordered_by_principle=())


def _round_setup(encounter: Encounter, round_number: int) -> Encounter:
    """A round begins: nobody has acted or been counted, this round's actions are cleared."""
    fresh = _no_turn(encounter, Phase.SETUP)
    participants = tuple(_new_round(p) for p in encounter.participants)
    return replace(fresh, round=round_number, turns=(), counted=(), participants=participants)


def _new_round(participant: Participant) -> Participant:
    return replace(participant, acted=False, actions=())


def _require_active(encounter: Encounter) -> None:
    if not encounter.active:
        raise BattleRefused(Message("戦闘が始まっていません（「戦闘開始」で始めます）"))
