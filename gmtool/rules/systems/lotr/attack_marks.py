"""What an attack option leaves on the people of a fight (3.2), as tracker conditions with a mark:

- the attacker's own Defence, dodge and parry until its next turn: defensive +2 (「防御判定に+2」),
  power −2, two-handed −2 (「防御に-2」), charge −3 (「防御判定に-3」) — a condition counted down at
  the attacker's own turn (rounds 1), marked "def:<name>" with the modifier;
- the charged target's +1 on its attacks against the charger (「チャージしてきたキャラクターに対して攻撃
  に+1」), for as long as the charger's own modifier lasts: a condition on the target counted at the
  charger's turn, marked "chg:<name>" — the condition's `counts_on` names the charger;
- grabbed (Grab: 「つかみかかられた相手の行動のあらゆる目標値を+5」): −5 on every test of the grabbed
  one (a TN +5 is the same as −5 on the test), until it breaks free or the GM removes it; its
  `counts_on` names the grabber (it never counts down);
- entangled (Grapple: 「絡め取られている相手に対する攻撃は,+5のボーナス」), until removed.

A mark counts only while its condition lasts, so the condition ending (or removed by the GM) ends
its effect too.  Value keys are at most 32 characters, so a mark's key is cut there.
"""

from __future__ import annotations

from dataclasses import replace

from gmtool.rules import battle
from gmtool.rules.battle import Condition, Encounter, Participant
from gmtool.rules.systems.lotr.attack_types import GRABBED_TN
from gmtool.rules.systems.lotr.combat_types import CONDITION_PENALTY

DEFENCE_MARK = "def:"
CHARGED_MARK = "chg:"
GRABBED_MARK = "grb:"
ENTANGLED_MARK = "ent:"
PINNED_MARK = "pin:"  # on the held one: its holder pinned it (+3 in the Strength contests)
HELPLESS_MARK = "hlp:"  # a grapple's won contest: it cannot dodge or parry to the round's end
KEY_LIMIT = 32  # battle_types: a participant's value keys


def mark_key(mark: str, name: str) -> str:
    return (mark + name)[:KEY_LIMIT]


def _marked(p: Participant, mark: str) -> list[Condition]:
    return [c for c in p.conditions if p.value(mark_key(mark, c.name))]


def defence_modifier(p: Participant) -> int:
    """The sum of its own options' modifiers on its Defence, dodge and parry, while they last."""
    return sum(p.value(mark_key(DEFENCE_MARK, c.name)) for c in p.conditions)


def charged_by(attacker: Participant, target_id: str) -> bool:
    """The attacker was charged by this target, and the charger's turn has not come round yet."""
    return any(c.counts_on == target_id for c in _marked(attacker, CHARGED_MARK))


def grabbed_by(p: Participant) -> str | None:
    """Who holds it (Grab), None when no one does."""
    held = _marked(p, GRABBED_MARK)
    return held[0].counts_on if held else None


def entangled(p: Participant) -> bool:
    return bool(_marked(p, ENTANGLED_MARK))


def entangled_by(p: Participant) -> str | None:
    held = _marked(p, ENTANGLED_MARK)
    return held[0].counts_on if held else None


def pinned(p: Participant) -> bool:
    """Held, and pinned by its holder: the grab's condition carries the pin's mark."""
    return any(p.value(mark_key(PINNED_MARK, c.name)) for c in _marked(p, GRABBED_MARK))


def helpless(p: Participant) -> bool:
    return bool(_marked(p, HELPLESS_MARK))


def _add(encounter: Encounter, participant_id: str, condition: Condition, marks: dict[str, int]) -> Encounter:
    encounter = battle.add_condition(encounter, participant_id, condition)
    return battle.with_participant(
        encounter, participant_id, lambda p: replace(p, values={**p.values, **marks})
    )


def own_defence(encounter: Encounter, attacker_id: str, name: str, modifier: int) -> Encounter:
    """The attacker's option on its own Defence, dodge and parry, until its next turn begins."""
    condition = Condition(name, 1, attacker_id)
    return _add(encounter, attacker_id, condition, {mark_key(DEFENCE_MARK, name): modifier})


def charged(encounter: Encounter, target_id: str, charger_id: str, name: str) -> Encounter:
    """The charged target's +1 against the charger, counted down at the charger's next turn."""
    return _add(encounter, target_id, Condition(name, 1, charger_id), {mark_key(CHARGED_MARK, name): 1})


def grab(encounter: Encounter, target_id: str, grabber_id: str, name: str) -> Encounter:
    """Held: every test of the target −5 until it breaks free (or the GM removes the condition).
    The name is short (≤ 24 characters): combat.condition_penalty reads "penalty:<name>" whole."""
    marks = {
        mark_key(GRABBED_MARK, name): 1,
        CONDITION_PENALTY + name: -GRABBED_TN,
        mark_key(PINNED_MARK, name): 0,  # a new hold starts unpinned
    }
    return _add(encounter, target_id, Condition(name, None, grabber_id), marks)


def release(encounter: Encounter, target_id: str) -> Encounter:
    """The grabbed one broke free: its held conditions end."""
    p = encounter.get(target_id)
    for c in _marked(p, GRABBED_MARK):
        encounter = battle.remove_condition(encounter, target_id, c.name)
    return encounter


def entangle(encounter: Encounter, target_id: str, wielder_id: str, name: str) -> Encounter:
    return _add(encounter, target_id, Condition(name, None, wielder_id), {mark_key(ENTANGLED_MARK, name): 1})


def pin(encounter: Encounter, target_id: str) -> Encounter:
    """The holder pinned the one it holds: +3 in their Strength contests while the hold lasts."""
    p = encounter.get(target_id)
    keys = {mark_key(PINNED_MARK, c.name): 1 for c in _marked(p, GRABBED_MARK)}
    return battle.with_participant(encounter, target_id, lambda q: replace(q, values={**q.values, **keys}))


def make_helpless(encounter: Encounter, target_id: str, name: str) -> Encounter:
    """No dodge or parry to the round's end (the grapple's contest is made again each round)."""
    return _add(encounter, target_id, Condition(name, 1, None), {mark_key(HELPLESS_MARK, name): 1})
