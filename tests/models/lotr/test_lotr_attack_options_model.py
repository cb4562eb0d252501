"""3.2's remaining options in the tracker's model: what each leaves on the fight (a trip's fall, a
grapple's hold and its +5, the attacker's own Defence until its next turn, the charge's +1 for the
one charged), each one undo step; the charge's knockdown leaves the hit's damage waiting; a smaller
defender's dodge on foot against a larger attacker (1.5)."""

from __future__ import annotations

import random

import pytest

from gmtool.models.lotr.attack_model import AttackPlan
from gmtool.models.lotr.battle_actions import LotRBattleActions
from gmtool.rules.systems.lotr import attack_marks, combat
from gmtool.rules.systems.lotr.exploding import roll_test
from tests.models.lotr.test_lotr_attack_model import setup, wounds


def seed_of(*wanted) -> int:
    def fits(seed: int) -> bool:
        rng = random.Random(seed)
        return all(w(roll_test(rng)) for w in wanted)

    return next(s for s in range(200_000) if fits(s))


def test_a_trip_is_an_opposed_test_and_its_fall_one_undo_step(campaign_model):
    seed = seed_of(lambda f: sum(f) == 10, lambda f: sum(f) == 3)  # 10 + 3 against 3 + 1
    battle, attack, hero, orc = setup(campaign_model, seed)
    plan = AttackPlan(hero, orc, bonus=3, option="trip", resist=1)
    odds = attack.odds_summary(plan)
    assert odds.effect is not None and 0 < odds.effect < 1
    before = campaign_model.undo_stack.index()
    rolled = attack.roll(plan)
    assert rolled.tripped and "転倒" in [c.name for c in battle.participant(orc).conditions]
    assert campaign_model.undo_stack.index() == before + 1
    assert "足払い" in campaign_model.log_entries()[-1].payload["summary"]["inputs"]
    campaign_model.undo_stack.undo()
    assert not battle.participant(orc).conditions


def test_a_trip_without_the_resisting_bonus_is_refused(campaign_model):
    _battle, attack, hero, orc = setup(campaign_model, 1)
    with pytest.raises(ValueError, match="未設定"):
        attack.odds_summary(AttackPlan(hero, orc, bonus=3, option="trip"))


def test_a_superior_grapple_entangles_and_attacks_on_it_take_plus_5(campaign_model):
    seed = seed_of(lambda f: sum(f) == 11)  # 11 + 5 = 16 vs 10: Superior
    battle, attack, hero, orc = setup(campaign_model, seed)
    attack.roll(AttackPlan(hero, orc, bonus=5, option="grapple"))
    assert attack_marks.entangled(battle.participant(orc))
    assert attack.spec(AttackPlan(hero, orc, bonus=5)).attack_bonus == 5 + 5  # against the entangled
    assert not attack.damage_waiting()  # a grapple does no damage


def test_the_attackers_own_option_lasts_until_its_next_turn(campaign_model):
    battle, attack, hero, orc = setup(campaign_model, seed_of(lambda f: sum(f) == 2))
    battle.round.start()
    attack.roll(AttackPlan(hero, orc, bonus=5, option="charge"))
    assert combat.current_defence(battle.participant(hero)) == 11 - 3
    assert attack.spec(AttackPlan(orc, hero, bonus=0)).tn == 8
    assert attack.spec(AttackPlan(orc, hero, bonus=0)).against_charger  # the charged one's +1
    for _ in range(3):  # the orc's turn (if first) leaves it; the hero's own turn ends it
        battle.round.next_turn()
        if battle.state().current == hero:
            break
        assert combat.current_defence(battle.participant(hero)) == 8
    assert battle.state().current == hero
    assert combat.current_defence(battle.participant(hero)) == 11
    assert not attack.spec(AttackPlan(orc, hero, bonus=0)).against_charger


def test_the_knockdown_leaves_the_hits_damage_waiting(campaign_model):
    # found in the Xvfb walk: rolling the knockdown first took the damage away
    seed = seed_of(lambda f: sum(f) == 11)
    battle, attack, hero, orc = setup(campaign_model, seed)
    attack.roll(AttackPlan(hero, orc, bonus=5, option="charge"))
    assert attack.fall.waiting() == (hero, orc)
    assert attack.fall.odds(10, 0).tn == 12
    attack.fall.roll(10, 0)
    assert attack.damage_waiting() and attack.fall.waiting() is None
    attack.apply_damage(4, 0)
    assert wounds(battle, orc) == 6  # 4 × 1.5


def test_a_smaller_defender_dodges_a_larger_attacker_at_plus_2(campaign_model):
    battle, _attack, hero, _orc = setup(campaign_model, 1)
    actions = LotRBattleActions(battle)
    assert actions.dodge_size(hero, "large", "medium")[0] == 2
    assert actions.dodge_size(hero, "medium", "medium") == (0, "")
    assert actions.dodge_size(hero, "large")[0] == 0  # a quick NPC's own size unknown: nothing added


def test_a_sweeps_other_target_keeps_its_own_shield_and_size(campaign_model):
    battle, attack, hero, orc = setup(campaign_model, 1)
    (other,) = battle.roster.add_quick("オーク2", {"swiftness": 0, "defence": 12, "health": 6})
    plan = AttackPlan(hero, orc, bonus=8, option="sweep", shield=2, size_steps=1, parry=1,
                      more_targets=(other,), more_parries=(3,))  # fmt: skip
    (_, first), (_, second) = attack.strike_specs(plan)
    assert (first.shield, first.size_steps, first.parry_bonus) == (2, 1, 3)
    assert (second.shield, second.size_steps, second.parry_bonus, second.tn) == (0, 0, 3, 12)
    assert first.attack_bonus == 8 - 4 + 2 and second.attack_bonus == 8 - 4


def test_a_trip_is_not_parried(campaign_model):
    _battle, attack, hero, orc = setup(campaign_model, 1)
    assert not attack.choices.parry_allowed(False, "trip") and attack.choices.parry_allowed(False, "grab")
    with pytest.raises(ValueError, match="防御（Parry/Block）はしません"):
        attack.odds_summary(AttackPlan(hero, orc, bonus=3, option="trip", resist=1, parry=2))
