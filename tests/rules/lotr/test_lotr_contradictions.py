"""Issue 25's three contradictions, in the engine: 1.2.1 the hobbit dead at Incapacitated in the
tracker, 1.2.3 courage after an opposed test, 3.3 dodge and parry that cost no action when the
attack falls short of the original Defence.  Fixed dice (seeds) throughout."""

from __future__ import annotations

import random

import pytest

from gmtool.rules import battle, battle_turns
from gmtool.rules.battle import Encounter, Status
from gmtool.rules.systems.lotr import combat as lotr, defence_actions as defence
from gmtool.rules.systems.lotr.checks import (
    Contestant,
    LotRRoller,
    OpposedSpec,
    TieRule,
    resolve_opposed,
)
from gmtool.rules.systems.lotr.courage import opposed_with_courage

LOTR = lotr.LotRCombat()


def fight(**hero: int) -> Encounter:
    a = battle_turns.participant_from(LOTR.from_quick("hero", {"swiftness": 3, **hero}), "hero")
    b = battle_turns.participant_from(LOTR.from_quick("orc", {"swiftness": 1}), "orc")
    return battle.add_participants(Encounter(system="lotr"), [a, b])


# ---- 1.2.1 「Hobbitは,Incapacitated になった時点で死亡する」 ------------------------------------------
def test_a_hobbit_in_the_tracker_dies_on_reaching_incapacitated_and_is_skipped() -> None:
    hobbit = fight(health=7, wound_levels=4)  # the hobbit's four levels
    alive = battle.with_participant(battle.set_resource(hobbit, "hero", lotr.WOUNDS, 27), "hero", LOTR.settle)
    assert alive.get("hero").status is Status.ACTIVE and LOTR.states(alive.get("hero"))[0] == "wounded"
    dead = battle.with_participant(battle.set_resource(hobbit, "hero", lotr.WOUNDS, 28), "hero", LOTR.settle)
    assert dead.get("hero").status is Status.DEAD
    started = battle_turns.start(dead, LOTR, random.Random(1))
    assert [p.id for p in started.waiting()] == ["orc"]
    turn = battle_turns.next_turn(started, LOTR, random.Random(2)).encounter
    assert turn.current == "orc"


def test_a_five_level_participant_still_lives_at_incapacitated() -> None:
    man = fight(health=7, wound_levels=5)
    hurt = battle.with_participant(battle.set_resource(man, "hero", lotr.WOUNDS, 28), "hero", LOTR.settle)
    assert hurt.get("hero").status is Status.ACTIVE
    assert LOTR.states(hurt.get("hero"))[0] == "incapacitated"


# ---- 1.2.3 courage after an opposed test ----------------------------------------------------------
EVEN = OpposedSpec(LotRRoller(modifier=5), LotRRoller(modifier=5))


def rolled(seed: int, spec: OpposedSpec = EVEN):
    from dataclasses import replace

    return replace(resolve_opposed(spec, random.Random(seed)), seed=seed)


def test_courage_after_an_opposed_roll_turns_it_round() -> None:
    result = rolled(2)  # A 7 against B 9: B wins
    last = result.rounds[-1]
    assert (last.a_total, last.b_total, result.winner) == (7, 9, Contestant.B)
    after = opposed_with_courage(EVEN, result, 1, 0)  # A: +3 after seeing it → 10 against 9
    assert (after.rounds[-1].a_total, after.winner) == (10, Contestant.A)
    assert len(after.rounds) == len(result.rounds)
    assert opposed_with_courage(EVEN, result, 1, 1).winner is Contestant.B  # B answers: 10 against 12


@pytest.mark.parametrize(("tie", "winner"), [(TieRule.DODGE, Contestant.A), (TieRule.PARRY, Contestant.B)])
def test_a_tie_made_by_courage_follows_the_tie_rule(tie: TieRule, winner: Contestant) -> None:
    spec = OpposedSpec(EVEN.a, EVEN.b, tie)
    result = rolled(9, spec)  # A 14 against B 11
    assert (result.rounds[-1].a_total, result.rounds[-1].b_total) == (14, 11)
    after = opposed_with_courage(spec, result, 0, 1)  # B +3: 14 all
    assert after.winner is winner and len(after.rounds) == 1


def test_a_tie_made_by_courage_is_tested_again_from_the_same_dice() -> None:
    result = rolled(9)  # re-roll ties (1.5.2 「再度判定する」)
    after = opposed_with_courage(EVEN, result, 0, 1)
    assert len(after.rounds) >= 2 and after.rounds[0].winner is None
    again = after.rounds[1]  # without courage: the tied roll only had it
    assert again.a_total == sum(again.a_faces) + 5 and again.b_total == sum(again.b_faces) + 5
    assert opposed_with_courage(EVEN, result, 0, 1) == after  # the same read however often


def test_courage_on_an_opposed_roll_needs_its_seed_and_points_not_below_zero() -> None:
    from dataclasses import replace

    with pytest.raises(ValueError, match="シード"):
        opposed_with_courage(EVEN, replace(rolled(2), seed=None), 1, 0)
    with pytest.raises(ValueError, match="0 点以上"):
        opposed_with_courage(EVEN, rolled(2), -1, 0)


# ---- 3.3 「攻撃側の達成値が元の Defense に到達しないときは,アクションは消費されない」 ----------------
def test_a_dodge_costs_no_action_when_the_attack_falls_short_of_the_original_defence() -> None:
    start = battle_turns.start(fight(defence=12), LOTR, random.Random(1))
    dodged = defence.dodge(start, "hero", 15).encounter  # Swiftness 15 replaces Defence 12
    assert lotr.actions_used(dodged.get("hero")) == 1
    short = defence.attack_total(dodged, "hero", 11)  # 11 < 12, the original Defence
    assert (short.hit, short.refunded, short.target) == (False, 1, 15)
    hero = short.encounter.get("hero")
    assert lotr.actions_used(hero) == 0 and hero.actions[0].name.endswith(defence.NOT_SPENT)
    assert lotr.current_defence(hero) == 15  # the dodge still lasts to the round's end


@pytest.mark.parametrize(("attack", "hit"), [(13, False), (15, True)])  # a tie hits the dodger (1.5.2)
def test_a_dodge_costs_its_action_once_the_attack_reaches_the_original_defence(
    attack: int, hit: bool
) -> None:
    start = battle_turns.start(fight(defence=12), LOTR, random.Random(1))
    dodged = defence.dodge(start, "hero", 15).encounter
    against = defence.attack_total(dodged, "hero", attack)
    assert (against.hit, against.refunded, against.kept) == (hit, 0, 1)
    assert lotr.actions_used(against.encounter.get("hero")) == 1
    # the next attack finds no dodge waiting: nothing more to give back
    assert defence.attack_total(against.encounter, "hero", 5).refunded == 0


def test_a_parry_is_neither_rolled_nor_paid_for_when_the_attack_falls_short() -> None:
    start = battle_turns.start(fight(defence=12), LOTR, random.Random(1))
    short = defence.parry(start, "hero", 11)
    assert not short.needed and lotr.actions_used(short.encounter.get("hero")) == 0
    reached = defence.parry(start, "hero", 12)
    assert reached.needed and lotr.actions_used(reached.encounter.get("hero")) == 1
    assert defence.parried(14, 14) and not defence.parried(13, 14)  # 「同点では防御成功」


def test_a_refunded_dodge_frees_the_action_for_the_turn() -> None:
    start = battle_turns.start(fight(defence=12), LOTR, random.Random(1))
    dodged = defence.dodge(start, "hero", 15).encounter
    dodged = defence.dodge(dodged, "hero", 16).encounter  # two dodges: both actions
    assert lotr.spend_action(dodged, "hero", "attack").penalty == -5  # a third action
    refunded = defence.attack_total(dodged, "hero", 10).encounter
    assert lotr.spend_action(refunded, "hero", "attack").penalty == 0  # both given back
