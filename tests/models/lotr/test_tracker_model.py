"""The LotR tracker's models (LotRTrackerModel and what each box asks of its own): one model per
box over the tracker's BattleModel, and the finished values the boxes show — the odds as the
engine gives them, under the campaign's degree names."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from gmtool.models.battle_model import BattleModel
from gmtool.models.lotr.attack_model import AttackPlan, LotRAttackModel
from gmtool.models.lotr.fear_model import FearPlan
from gmtool.models.lotr.rules_model import LotRRulesModel, campaign_lotr_rules
from gmtool.models.lotr.tracker_model import LotRTrackerModel
from gmtool.rules.battle import BattleRefused
from gmtool.rules.systems.lotr import fear, reference_catalog as catalog
from gmtool.rules.systems.lotr.attack import PARRIED, attack_distribution, hit_probability
from gmtool.rules.systems.lotr.checks import Contestant, TieRule, success_probability
from gmtool.rules.systems.lotr.combat import dodge_probability, parry_probability
from gmtool.rules.systems.lotr.exploding import roll_test
from gmtool.rules.systems.lotr.fear import FearEffect
from gmtool.rules.systems.lotr.mounted import Mount
from gmtool.rules.systems.lotr.rules_data import DEGREE_ORDER
from gmtool.rules.systems.lotr.stun import StunOutcome


def seed_where(predicate) -> int:
    return next(s for s in range(100_000) if predicate(roll_test(random.Random(s))))


def fight(campaign_model, seed: int = 1) -> tuple[BattleModel, str, str]:
    """A LotR encounter of two quick NPCs: ボロミア (Defence 11) and an オーク (Defence 10)."""
    battle = BattleModel(campaign_model, seed_source=lambda: seed)
    battle.new_encounter("lotr", "待ち伏せ")
    (hero,) = battle.roster.add_quick("ボロミア", {"swiftness": 2, "defence": 11, "health": 10})
    (orc,) = battle.roster.add_quick("オーク", {"swiftness": 0, "defence": 10, "health": 6})
    return battle, hero, orc


def setup(campaign_model, seed: int = 1):
    battle, hero, orc = fight(campaign_model, seed)
    return battle, LotRTrackerModel(battle), hero, orc


def test_one_model_per_box_over_the_trackers_battle(campaign_model):
    battle, tracker, _hero, _orc = setup(campaign_model)
    for part in (tracker.actions, tracker.attack, tracker.mounts, tracker.fear):
        assert part.model is battle
    assert tracker.stun.attack is tracker.attack  # the stun waits on the attack's Blunt hit
    assert tracker.parent() is battle  # gone with the tracker's model


def test_a_table_edited_or_a_house_rule_flipped_is_said_once(qtbot, campaign_model):
    _battle, tracker, _hero, _orc = setup(campaign_model)
    with qtbot.waitSignal(tracker.rules_changed, timeout=1000):
        LotRRulesModel(campaign_model).reference.add_row(catalog.STUN, "殴打")


def test_the_attack_odds_are_the_engines_under_the_campaigns_names(campaign_model):
    _battle, tracker, hero, orc = setup(campaign_model)
    plan = AttackPlan(hero, orc, bonus=5, parry=3)
    spec = tracker.attack.spec(plan)
    dist = attack_distribution(spec)
    rules = campaign_lotr_rules(campaign_model)
    odds = tracker.attack.odds_summary(plan)
    assert (odds.attack_bonus, odds.tn, odds.hit) == (spec.attack_bonus, spec.tn, hit_probability(spec))
    assert odds.degrees == tuple((rules.band(d).name, dist[d]) for d in reversed(DEGREE_ORDER) if d.succeeded)
    assert odds.parried == dist[PARRIED]
    assert tracker.attack.odds_summary(AttackPlan(hero, orc, bonus=5)).parried is None
    with pytest.raises(BattleRefused, match="自分自身は選べません"):
        tracker.attack.odds_summary(AttackPlan(hero, hero, bonus=5))


def test_a_hit_waits_for_its_damage_and_an_extraordinary_one_for_the_choice(campaign_model):
    seed = seed_where(lambda f: len(f) == 2 and sum(f) == 11)  # 11 + 10 = 21 vs 10: Extraordinary
    _battle, tracker, hero, orc = setup(campaign_model, seed)
    attack = tracker.attack
    assert not attack.damage_waiting() and not attack.extraordinary_waiting()
    attack.roll(AttackPlan(hero, orc, bonus=10))
    assert attack.damage_waiting() and attack.extraordinary_waiting()
    campaign_model.undo_stack.undo()
    assert not attack.damage_waiting()


def test_a_blunt_hit_waits_for_the_stun_not_the_damage(campaign_model):
    seed = seed_where(lambda f: len(f) == 2 and sum(f) == 11)
    _battle, tracker, hero, orc = setup(campaign_model, seed)
    tracker.attack.roll(AttackPlan(hero, orc, bonus=20, called_shot=12, blunt=True))
    assert tracker.attack.can_apply() and not tracker.attack.damage_waiting()
    assert tracker.stun.waiting() == orc


def test_the_damage_typed_is_read_by_the_model():
    assert LotRAttackModel.damage_dice("  ") is None
    assert str(LotRAttackModel.damage_dice("2d6+1")) == "2d6+1"
    with pytest.raises(ValueError, match="2d6\\+1"):
        LotRAttackModel.damage_dice("two dice")
    assert LotRAttackModel.maximum_damage("2d6+1", 5) == 13
    assert LotRAttackModel.maximum_damage("", 5) == 5  # no dice typed: the rolled number is the maximum


def test_the_stun_odds_name_the_waiting_target_and_the_tables_row(campaign_model):
    rules = LotRRulesModel(campaign_model)
    rules.reference.add_row(catalog.STUN, "殴打")
    for column, value in (("tn", 10), ("penalty", -3), ("rounds", 3)):
        rules.reference.set_cell(catalog.STUN, 0, column, value)
    seed = seed_where(lambda f: len(f) == 2 and sum(f) == 11)
    _battle, tracker, hero, orc = setup(campaign_model, seed)
    assert tracker.stun.odds_summary("殴打", 0) is None  # no Blunt hit waits
    tracker.attack.roll(AttackPlan(hero, orc, bonus=20, called_shot=12, blunt=True))
    odds = tracker.stun.odds_summary("殴打", 0)
    exact = tracker.stun.odds(orc, "殴打", 0)
    assert odds is not None and (odds.target, odds.tn, odds.penalty, odds.rounds) == ("オーク", 10, -3, 3)
    assert (odds.full, odds.halved, odds.none) == tuple(exact[o] for o in StunOutcome)
    assert odds.full + odds.halved + odds.none == 1


def test_the_actions_box_reads_the_turn_the_dodge_and_the_parry(campaign_model):
    battle, tracker, hero, orc = setup(campaign_model)
    actions = tracker.actions
    assert actions.people() == [("ボロミア", hero), ("オーク", orc)]
    assert not actions.keeps_initiative() and not actions.rides(hero)
    actions.spend(hero, "attack")
    actions.spend(hero, "aim", "indirect")
    status = actions.status(hero, "attack")
    assert (status.used, status.allowance, status.penalty, status.aim) == (2, 2, -5, 3)
    dodge = actions.dodge_odds(orc)
    p = battle.participant(orc)
    assert (dodge.defence, dodge.note) == (10, "")
    assert dodge.chance == dodge_probability(p, 0)
    parry = actions.parry_odds(orc, 4, 9)
    assert parry.chance == parry_probability(4, 9) and parry.original == 10  # 9 falls short of 10
    assert actions.parry_odds(orc, 4, 12).original is None


def test_a_rider_s_dodge_asks_for_the_sizes_and_says_why_it_is_lower(campaign_model):
    _battle, tracker, hero, _orc = setup(campaign_model)
    tracker.mounts.set_mount(hero, Mount(True))
    assert tracker.actions.rides(hero)
    with pytest.raises(BattleRefused, match="攻撃してくる相手のサイズ"):
        tracker.actions.dodge_odds(hero)
    dodge = tracker.actions.dodge_odds(hero, "small", "medium")
    assert "3.9" in dodge.note


def test_the_ride_odds_are_the_specs(campaign_model):
    _battle, tracker, hero, _orc = setup(campaign_model)
    tracker.mounts.set_mount(hero, Mount(True))
    assert tracker.mounts.people()[0] == ("ボロミア", hero)
    ride = tracker.mounts.ride_odds(hero, 4, -2, 10)
    spec = tracker.mounts.ride_spec(hero, 4, -2, 10)
    assert (ride.bonus, ride.tn, ride.chance) == (spec.roller.bonus, 10, success_probability(spec))


def test_the_fear_odds_and_the_waiting_roll_as_the_box_shows_them(campaign_model):
    _battle, tracker, hero, orc = setup(campaign_model)
    model = tracker.fear
    plan = FearPlan(hero, orc, intimidate=6, willpower=0, tie_rule=TieRule.DODGE)
    dist = model.odds(plan)
    odds = model.odds_summary(plan)
    assert (odds.intimidate, odds.resistance) == (6, 0)
    assert odds.works == 1 - dist[FearEffect.NONE]
    assert [p for _name, _text, p in odds.effects] == [dist[e] for e in reversed(fear.EFFECT_ORDER)]
    assert odds.effects[-1][0] is None  # the target resists: no degree of the attacker's
    assert sum((p for *_rest, p in odds.effects), Fraction(0)) == 1
    assert model.outcome() is None  # nothing rolled yet
    model.roll(plan)
    outcome = model.outcome()
    result = model.current()
    assert outcome is not None and result is not None
    assert (outcome.a_total, outcome.b_total, outcome.margin) == (
        result.rounds[-1].a_total,
        result.rounds[-1].b_total,
        result.margin,
    )
    assert (outcome.degree is None) == (result.winner is not Contestant.A)
    assert outcome.courage == (0, 0)


def test_the_tie_readings_and_when_marginal_cannot_happen(campaign_model):
    _battle, tracker, _hero, _orc = setup(campaign_model)
    rules = [rule for rule, _label in tracker.fear.tie_rules()]
    assert rules == [TieRule.REROLL, TieRule.DODGE, TieRule.PARRY]
    assert tracker.fear.tie_note(TieRule.DODGE) == ""
    assert "Marginal" in tracker.fear.tie_note(TieRule.REROLL)
    assert "Marginal" in tracker.fear.tie_note(TieRule.PARRY)
