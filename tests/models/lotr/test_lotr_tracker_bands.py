"""The tracker's stun (3.7), Ride (3.9) and attack (3.2–3.6) read their degree from the campaign's
degree bands (ルール表), not the shipped ones: a GM who moves Superior to margin 7 or Extraordinary
to 12 sees it in the odds, the roll and its log line."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from gmtool.models.battle_model import BattleModel
from gmtool.models.lotr.attack_model import AttackPlan, LotRAttackModel
from gmtool.models.lotr.mount_model import LotRMountModel
from gmtool.models.lotr.rules_model import LotRRulesModel, campaign_lotr_rules
from gmtool.models.lotr.stun_model import LotRStunModel
from gmtool.rules.battle import BattleRefused
from gmtool.rules.systems.lotr import reference_catalog as catalog, stun
from gmtool.rules.systems.lotr.attack import attack_distribution
from gmtool.rules.systems.lotr.checks import shipped_bands
from gmtool.rules.systems.lotr.exploding import roll_test
from gmtool.rules.systems.lotr.mounted import Mount
from gmtool.rules.systems.lotr.rules_data import Degree
from gmtool.rules.systems.lotr.stun import StunOutcome


def seed_where(predicate) -> int:
    return next(s for s in range(100_000) if predicate(roll_test(random.Random(s))))


def two_dice(total: int) -> int:
    return seed_where(lambda f: len(f) == 2 and sum(f) == total)


class Seeds:
    def __init__(self) -> None:
        self.queue: list[int] = []

    def __call__(self) -> int:
        return self.queue.pop(0)


def setup(campaign_model):
    seeds = Seeds()
    battle = BattleModel(campaign_model, seed_source=seeds)
    battle.new_encounter("lotr", "浅瀬")
    (hero,) = battle.roster.add_quick("エオメル", {"swiftness": 2, "defence": 11, "health": 10})
    (orc,) = battle.roster.add_quick("オーク", {"swiftness": 0, "defence": 10, "health": 6})
    return battle, LotRAttackModel(battle), seeds, hero, orc


def last_line(campaign_model) -> str:
    return campaign_model.log_entries()[-1].payload["summary"]["inputs"]


def test_the_stun_odds_and_roll_halve_only_from_the_campaigns_superior_margin(campaign_model):
    rules = LotRRulesModel(campaign_model)
    rules.reference.add_row(catalog.STUN, "殴打")
    for column, value in (("tn", 5), ("penalty", -3), ("rounds", 4)):
        rules.reference.set_cell(catalog.STUN, 0, column, value)
    rules.set_degree_margin("superior_success", 7)  # the GM's table: margin 6 is only Complete
    bands = campaign_lotr_rules(campaign_model).degree_bands()
    _battle, attack, seeds, hero, orc = setup(campaign_model)
    model = LotRStunModel(attack)
    row = model.row("殴打")
    odds = model.odds(orc, "殴打", 1)
    assert odds == stun.stun_distribution(1, row, bands)
    assert odds[StunOutcome.HALVED] < stun.stun_distribution(1, row, shipped_bands())[StunOutcome.HALVED]
    seeds.queue.append(two_dice(11))  # 11 + 12 = 23 vs 22: the Blunt head hit
    attack.roll(AttackPlan(hero, orc, bonus=12, called_shot=12, blunt=True))
    seeds.queue.append(two_dice(10))  # 10 + 1 = 11 vs 5: margin 6, Superior only under the shipped bands
    effect = model.roll("殴打", 1)
    assert effect.outcome is StunOutcome.FULL and effect.rounds == 4
    assert "Complete Success" in last_line(campaign_model) and "半分" not in last_line(campaign_model)


def test_a_ride_test_reads_its_degree_from_the_campaigns_bands(campaign_model):
    LotRRulesModel(campaign_model).set_degree_margin("superior_success", 7)
    battle, _attack, seeds, hero, _orc = setup(campaign_model)
    mount = LotRMountModel(battle)
    mount.set_mount(hero, Mount(True, steady=True))
    assert mount.ride_spec(hero, 4, 0, 6).bands == campaign_lotr_rules(campaign_model).degree_bands()
    seeds.queue.append(two_dice(8))  # 8 + 4 = 12 vs 6: margin 6
    assert mount.ride_test(hero, 4, 0, 6)
    shown = campaign_model.log_entries()[-1].payload["summary"]
    assert shown["result"].startswith("Complete Success") and "Complete Success" in shown["inputs"]


def test_an_attack_reads_extraordinary_from_the_campaigns_bands(campaign_model):
    LotRRulesModel(campaign_model).set_degree_margin("extraordinary_success", 12)
    _battle, attack, seeds, hero, orc = setup(campaign_model)
    plan = AttackPlan(hero, orc, bonus=5)
    spec = attack.spec(plan)
    assert spec.bands == campaign_lotr_rules(campaign_model).degree_bands()
    assert attack.odds(plan) == attack_distribution(spec)
    shipped = attack_distribution(replace(spec, bands=shipped_bands()))
    assert attack.odds(plan)[Degree.EXTRAORDINARY_SUCCESS] < shipped[Degree.EXTRAORDINARY_SUCCESS]
    seeds.queue.append(seed_where(lambda f: f == (6, 6, 4)))  # 16 + 5 = 21 vs 10: margin 11
    rolled = attack.roll(plan)
    assert rolled.result.degree is Degree.SUPERIOR_SUCCESS and not rolled.result.extraordinary
    assert "Superior Success" in last_line(campaign_model)
    with pytest.raises(BattleRefused, match="Extraordinary Success のときだけ"):
        attack.apply_damage(6, 0, maximum=True)
