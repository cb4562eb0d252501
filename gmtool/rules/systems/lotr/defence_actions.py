"""Dodge and parry against one attack (3.3 回避と防御), with the action they cost only when the attack
would have hit: 「攻撃側の達成値が元の Defense に到達しないときは,アクションは消費されない」.

A dodge is rolled before the attacker's dice (「攻撃側がダイスを振る前に宣言しておくこと」): its action
is taken at once and stays *pending* on the participant until the attack's total is known; an attack
total below the original Defence (the participant's Defence before any dodge) gives the pending
dodges' actions back (cost 0, the action still listed with 消費なし).  The dodge's total keeps
raising Defence to the round's end either way (「この結果は,そのラウンドの最後まで効果を持つ」).

A parry is declared before the attack too, but it is a test against the attack's total, so it is
rolled once that total is known: below the original Defence the attack misses and no parry (and no
action) is needed; otherwise the action is taken and the weapon-skill test is made, a tie the
defender's (「同点では防御成功である」).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from gmtool.rules.battle import Action, Encounter, Participant, with_participant
from gmtool.rules.systems.lotr.attack_marks import defence_modifier
from gmtool.rules.systems.lotr.combat import Spent, current_defence, dodge_result, spend_action

PENDING = "dodge_pending"  # dodges taken since the last attack total was recorded against them
NOT_SPENT = "（消費なし）"  # appended to a refunded action's name (3.3)
DEFENCE_KINDS = ("dodge", "parry")


def original_defence(p: Participant) -> int:
    """The Defence before any dodge: what an attack total must reach for the action to count (with
    the participant's own attack options until its next turn, 3.2)."""
    return p.value("defence") + defence_modifier(p)


def reaches(p: Participant, attack_total: int) -> bool:
    """The attack's total reaches the original Defence (so a dodge or parry costs its action)."""
    return attack_total >= original_defence(p)


def dodge(encounter: Encounter, participant_id: str, total: int) -> Spent:
    """回避: the action taken (pending), the Swiftness total `total` applied to Defence."""
    spent = spend_action(encounter, participant_id, "dodge")
    raised = dodge_result(spent.encounter, participant_id, total)
    pending = with_participant(
        raised, participant_id, lambda p: replace(p, values={**p.values, PENDING: p.value(PENDING) + 1})
    )
    return replace(spent, encounter=pending)


@dataclass(frozen=True)
class AttackAgainst:
    """An attack's total read against a defender who may have dodged."""

    encounter: Encounter
    total: int
    original: int  # the Defence before any dodge
    target: int  # what the attack had to reach: the dodged Defence (a tie hits, 1.5.2)
    refunded: int  # pending dodge actions given back (the attack fell short of `original`)
    kept: int  # pending dodge actions that stay spent

    @property
    def hit(self) -> bool:
        return self.total >= self.target


def attack_total(encounter: Encounter, participant_id: str, total: int) -> AttackAgainst:
    """Reads an attack total against the defender and settles its pending dodges' actions."""
    p = encounter.get(participant_id)
    pending = p.value(PENDING)
    short = not reaches(p, total)
    refunded = _refund(p.actions, "dodge", pending) if short else p.actions
    count = sum(1 for a, b in zip(p.actions, refunded, strict=True) if a != b)
    values = {k: v for k, v in p.values.items() if k != PENDING}
    changed = with_participant(
        encounter, participant_id, lambda q: replace(q, actions=refunded, values=values)
    )
    return AttackAgainst(
        changed, total, original_defence(p), current_defence(p), count, 0 if short else pending
    )


def _refund(actions: tuple[Action, ...], kind: str, count: int) -> tuple[Action, ...]:
    """The last `count` spent actions of `kind` at cost 0, marked as not spent."""
    out = list(actions)
    for i in reversed(range(len(out))):
        if count <= 0:
            break
        action = out[i]
        if action.kind == kind and action.cost:
            out[i] = replace(action, cost=0, name=action.name + NOT_SPENT)
            count -= 1
    return tuple(out)


@dataclass(frozen=True)
class Parry:
    encounter: Encounter
    needed: bool  # False: the attack fell short of Defence, no test and no action
    penalty: int = 0  # the extra-action penalty the parry test takes (≤ 0)


def parry(encounter: Encounter, participant_id: str, attack: int) -> Parry:
    """防御: takes the action only when the attack's total reaches the original Defence."""
    p = encounter.get(participant_id)
    if not reaches(p, attack):
        return Parry(encounter, False)
    spent = spend_action(encounter, participant_id, "parry")
    return Parry(spent.encounter, True, spent.penalty)


def parried(parry_total: int, attack: int) -> bool:
    """「回避の場合と違い,同点では防御成功である」: the parry total against the attack's."""
    return parry_total >= attack
