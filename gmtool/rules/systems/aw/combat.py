"""The AW round (戦闘ルール): initiative by 行動値, minor and major actions, engagements, 離脱
against a blockade, 逃走, 対象識別 and とどめを刺す.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from math import prod
from typing import Any

from gmtool.rules.battle import (
    Action,
    BattleRefused,
    Encounter,
    Participant,
    Resource,
    Status,
    with_participant,
)
from gmtool.rules.battle_rules import CombatRules, NextActor, QuickField, Seed
from gmtool.rules.checks import CheckResult, OpposedResult, Side
from gmtool.rules.dice import roll
from gmtool.rules.message import Message
from gmtool.rules.systems.aw.checks import (
    DICE,
    AWCheckSpec,
    AWOpposedSpec,
    AWRoller,
    action_wins_given,
    all_rolls,
    check_distribution,
    resolve_check,
    resolve_opposed,
)
from gmtool.rules.systems.aw.combat_types import (
    FULL_MOVE_FACTOR,
    IDENTIFY_BASE,
    MAJOR,
    MINOR,
    MOVE_EXTRA_METRES,
    MOVES,
    TIE_BREAKERS,
)
from gmtool.rules.systems.aw.house_rules import WITHDRAW_EACH, WITHDRAW_SINGLE

# The round's constants live in combat_types (the views import them there) and are reached here too.
__all__ = [
    "FULL_MOVE_FACTOR",
    "IDENTIFY_BASE",
    "MAJOR",
    "MINOR",
    "MOVES",
    "MOVE_EXTRA_METRES",
    "SYSTEM_COMBAT",
    "TIE_BREAKERS",
    "AWCombat",
    "Withdrawal",
    "blockade_probability",
    "blockers",
    "engage",
    "finish_off",
    "flee",
    "identify",
    "identify_probability",
    "identify_spec",
    "leave_engagement",
    "move_distances",
    "record_action",
    "roller",
    "withdraw",
    "withdraw_probability",
    "withdraw_spec",
]


class AWCombat(CombatRules):
    system_id = "aw"
    initiative_label = "行動値"
    cleanup_process = True
    quick_fields = (
        QuickField("initiative", "行動値", 5, -99, 999, required=True),
        QuickField("reflex", "反射", 0, -99, 999),
        QuickField("perception", "知覚", 0, -99, 999),
        QuickField("luck", "幸運", 0, -99, 999),
        QuickField("intellect", "理知", 0, -99, 999),
        QuickField("hp", "HP", 0, 0, 99_999),
        QuickField("mp", "MP", 0, 0, 99_999),
    )

    def from_character(self, character: Any) -> Seed:
        attributes = character.attributes
        return Seed(
            name=character.name,
            is_pc=character.is_pc,
            initiative=character.combat.initiative,
            values={
                "reflex": attributes.reflex,
                "perception": attributes.perception,
                "luck": attributes.luck,
                "intellect": attributes.intellect,
                "critical": character.critical,
                "fumble": character.fumble,
            },
            resources=(
                Resource("hp", "HP", character.hp, character.hp_max or None),
                Resource("mp", "MP", character.mp, character.mp_max or None),
            ),
        )

    def from_quick(self, name: str, values: Mapping[str, int]) -> Seed:
        hp, mp = values.get("hp", 0), values.get("mp", 0)
        return Seed(
            name=name,
            initiative=values.get("initiative", 0),
            values={k: values.get(k, 0) for k in ("reflex", "perception", "luck", "intellect")},
            resources=(Resource("hp", "HP", hp, hp or None), Resource("mp", "MP", mp, mp or None)),
        )

    def write_back(self, character: Any, participant: Participant) -> Any:
        hp, mp = participant.resource("hp"), participant.resource("mp")
        return replace(
            character,
            hp=hp.value if hp else character.hp,
            mp=mp.value if mp else character.mp,
        )

    def next_actor(self, encounter: Encounter) -> NextActor:
        """イニシアチブプロセス: the highest 行動値 among the not-yet-acted; PC before NPC."""
        waiting = encounter.waiting()
        if not waiting:
            return NextActor(None)
        best = max(_initiative_key(p) for p in waiting)
        level = [p for p in waiting if _initiative_key(p) == best]
        # PCs level on 行動値 ordered by 反射・知覚・幸運: 「GMが決定する（原則…）」 — said as such.
        same_value = [p for p in waiting if p.is_pc and p.initiative == best[0] and p.id != level[0].id]
        principle = tuple(p.id for p in same_value if p not in level) if level[0].is_pc else ()
        return NextActor(level[0].id, tuple(p.id for p in level[1:]), principle)


def _initiative_key(p: Participant) -> tuple[int, ...]:
    if not p.is_pc:  # NPC ties are the GM's: only 行動値 and PC-first order them
        return (p.initiative, 0, 0, 0, 0)
    return (p.initiative, 1, *(p.value(k) for k in TIE_BREAKERS))


# ---- the main process -----------------------------------------------------------------------


def roller(p: Participant, value: int, modifier: int = 0) -> AWRoller:
    return AWRoller(value, modifier, p.value("critical", 12), p.value("fumble", 2))


def move_distances(p: Participant) -> tuple[int, int]:
    """(戦闘移動, 全力移動) in metres."""
    move = p.initiative + MOVE_EXTRA_METRES
    return move, move * FULL_MOVE_FACTOR


def record_action(encounter: Encounter, participant_id: str, kind: str, name: str) -> Encounter:
    """One minor and one major action per main process, in that order.  No move while engaged
    with an enemy (「同じエンゲージに入っている場合は行なえない」)."""
    if kind not in (MINOR, MAJOR):
        raise BattleRefused(Message("アクションの種類が違います: {0}", kind))
    if name in MOVES and blockers(encounter, participant_id):
        raise BattleRefused(Message("敵とエンゲージしているので{0}はできません（離脱が必要です）", name))

    def change(p: Participant) -> Participant:
        if any(a.kind == kind for a in p.actions):
            label = Message("マイナー") if kind == MINOR else Message("メジャー")
            raise BattleRefused(Message("{0}はこのラウンドにもう{1}アクションを行ないました", p.name, label))
        if kind == MINOR and any(a.kind == MAJOR for a in p.actions):
            raise BattleRefused(Message("マイナーアクションはメジャーアクションより先に行ないます"))
        return replace(p, actions=(*p.actions, Action(kind, name)))

    return with_participant(encounter, participant_id, change)


def engage(encounter: Encounter, participant_id: str, other_id: str) -> Encounter:
    """`participant_id` and `other_id` stand in one engagement: the other's, or the participant's
    when the other stands alone, or a new one when both do."""
    me, other = encounter.get(participant_id), encounter.get(other_id)
    if other_id == participant_id:
        raise BattleRefused(Message("自分自身とはエンゲージできません"))
    if other.engagement is None and me.engagement is not None:
        mine = me.engagement
        return with_participant(encounter, other_id, lambda p: replace(p, engagement=mine))
    group = other.engagement
    if group is None:
        taken = {p.engagement for p in encounter.participants}
        group = next(f"エンゲージ{n}" for n in range(1, len(taken) + 2) if f"エンゲージ{n}" not in taken)
        encounter = with_participant(encounter, other_id, lambda p: replace(p, engagement=group))
    return with_participant(encounter, participant_id, lambda p: replace(p, engagement=group))


def leave_engagement(encounter: Encounter, participant_id: str) -> Encounter:
    return with_participant(encounter, participant_id, lambda p: replace(p, engagement=None))


def blockers(encounter: Encounter, participant_id: str) -> list[Participant]:
    """The enemies in its engagement: the ones a 離脱 through a blockade must beat."""
    me = encounter.get(participant_id)
    if me.engagement is None:
        return []
    return [
        p
        for p in encounter.participants
        if p.engagement == me.engagement and p.side is not me.side and p.in_play and p.id != me.id
    ]


def withdraw_spec(encounter: Encounter, participant_id: str, blocker_id: str) -> AWOpposedSpec:
    """行動値 against 行動値: the one leaving acts, the blocker reacts (and wins ties)."""
    me, blocker = encounter.get(participant_id), encounter.get(blocker_id)
    return AWOpposedSpec(roller(me, me.initiative), roller(blocker, blocker.initiative))


def withdraw_probability(
    encounter: Encounter, participant_id: str, blocker_ids: Sequence[str], reading: str = WITHDRAW_EACH
) -> Fraction:
    """Exact P of beating every blocker (「そのすべてに勝利しなければならない」).

    WITHDRAW_EACH: the one leaving rolls afresh against each blocker, so the checks are independent
    and the chance is their product.  WITHDRAW_SINGLE: it rolls once and that roll is compared with
    every blocker's own roll — the blockers' checks share the leaver's faces, so the chance is the
    sum over those faces of P(faces) × Π P(that blocker loses against them)."""
    me = encounter.get(participant_id)
    others = [encounter.get(b) for b in blocker_ids]
    return blockade_probability(roller(me, me.initiative), [roller(b, b.initiative) for b in others], reading)


def blockade_probability(
    leaver: AWRoller, blockers: Sequence[AWRoller], reading: str = WITHDRAW_EACH
) -> Fraction:
    """`withdraw_probability` for bare 行動値 rollers (the `prob aw-withdraw` command's question)."""
    _check_reading(reading)
    rolls = all_rolls()
    # Per blocker: P(the leaver wins) for each face of the leaver's roll (cached per spec).
    wins = [[action_wins_given(AWOpposedSpec(leaver, b), faces) for faces in rolls] for b in blockers]
    if reading == WITHDRAW_EACH:
        return prod((sum(row, start=Fraction(0)) / len(rolls) for row in wins), start=Fraction(1))
    per_face = (prod((row[i] for row in wins), start=Fraction(1)) for i in range(len(rolls)))
    return sum(per_face, start=Fraction(0)) / len(rolls)


def _check_reading(reading: str) -> None:
    if reading not in (WITHDRAW_EACH, WITHDRAW_SINGLE):
        raise BattleRefused(Message("離脱の読み方「{0}」はありません", reading))


@dataclass(frozen=True)
class Withdrawal:
    encounter: Encounter
    results: tuple[tuple[str, OpposedResult], ...]  # (blocker id, its opposed check), in roll order
    succeeded: bool
    reading: str = WITHDRAW_EACH


def withdraw(
    encounter: Encounter,
    participant_id: str,
    blocker_ids: Sequence[str],
    rng: random.Random,
    reading: str = WITHDRAW_EACH,
) -> Withdrawal:
    """エンゲージ離脱 (major action).  Without blockers it simply succeeds.

    WITHDRAW_EACH: every blocker is rolled against in turn, the leaver rolling afresh each time; the
    first loss stops it.  WITHDRAW_SINGLE: the leaver rolls once and every blocker rolls against
    that one roll (all of them: the table sees each comparison)."""
    _check_reading(reading)
    if encounter.get(participant_id).engagement is None:
        raise BattleRefused(Message("エンゲージしていないので離脱は要りません"))
    results = []
    single_faces = roll(rng, *DICE) if reading == WITHDRAW_SINGLE and blocker_ids else None
    for blocker in blocker_ids:
        spec = withdraw_spec(encounter, participant_id, blocker)
        result = resolve_opposed(spec, rng, action_faces=single_faces)
        results.append((blocker, result))
        if reading == WITHDRAW_EACH and result.winner is not Side.ACTION:
            break
    succeeded = all(r.winner is Side.ACTION for _, r in results)
    encounter = record_action(encounter, participant_id, MAJOR, "離脱" if succeeded else "離脱（失敗）")
    if succeeded:
        encounter = leave_engagement(encounter, participant_id)
    return Withdrawal(encounter, tuple(results), succeeded, reading)


def flee(encounter: Encounter, participant_id: str) -> Encounter:
    """逃走: a full move out of the scene, not possible while engaged with an enemy."""
    if blockers(encounter, participant_id):
        raise BattleRefused(Message("敵とエンゲージしているので逃走できません（先に離脱してください）"))
    encounter = record_action(encounter, participant_id, MAJOR, "逃走")
    return with_participant(
        encounter, participant_id, lambda p: replace(p, status=Status.FLED, engagement=None)
    )


def identify_spec(
    encounter: Encounter, participant_id: str, gm_difficulty: int, modifier: int = 0
) -> AWCheckSpec:
    me = encounter.get(participant_id)
    return AWCheckSpec(roller(me, me.value("intellect"), modifier), IDENTIFY_BASE + gm_difficulty)


def identify_probability(spec: AWCheckSpec) -> Fraction:
    return check_distribution(spec).probability(lambda o: o.succeeded)


def identify(
    encounter: Encounter, participant_id: str, target_id: str, spec: AWCheckSpec, rng: random.Random
) -> tuple[Encounter, CheckResult]:
    """対象識別 (major action): success makes the target's data public."""
    encounter.get(target_id)
    result = resolve_check(spec, rng)
    encounter = record_action(encounter, participant_id, MAJOR, "対象識別")
    if result.outcome.succeeded:
        encounter = with_participant(encounter, target_id, lambda p: replace(p, revealed=True))
    return encounter, result


def finish_off(encounter: Encounter, participant_id: str, target_id: str) -> Encounter:
    """とどめを刺す (major action): only a 戦闘不能 character, who dies."""
    target = encounter.get(target_id)
    if target.status is not Status.DEFEATED:
        raise BattleRefused(
            Message(
                "{0}は戦闘不能ではありません（とどめを刺せるのは戦闘不能のキャラクターだけです）", target.name
            )
        )
    encounter = record_action(encounter, participant_id, MAJOR, f"とどめ: {target.name}")
    return with_participant(encounter, target_id, lambda p: replace(p, status=Status.DEAD))


SYSTEM_COMBAT = AWCombat()
