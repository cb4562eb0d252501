"""The tracker's stun (3.7), mount (3.9) and weapons (3.4, 1.3): each step one undo step with a log
line, the odds before the roll, and clear refusals for 未設定 tables."""

from __future__ import annotations

import random

import pytest

from gmtool.models.battle_model import BattleModel
from gmtool.models.house_rules_model import HouseRulesModel
from gmtool.models.lotr.attack_model import AttackPlan, LotRAttackModel
from gmtool.models.lotr.mount_model import LotRMountModel
from gmtool.models.lotr.rules_model import LotRRulesModel
from gmtool.models.lotr.stun_model import LotRStunModel
from gmtool.rules.battle import BattleRefused
from gmtool.rules.systems.lotr import reference_catalog as catalog
from gmtool.rules.systems.lotr.exploding import roll_test
from gmtool.rules.systems.lotr.house_rules import STUN_RELIEF, STUN_RELIEF_ON
from gmtool.rules.systems.lotr.mounted import Mount
from gmtool.rules.systems.lotr.stun import StunOutcome


def dice(seed: int) -> tuple[int, ...]:
    return roll_test(random.Random(seed))


def seed_where(predicate) -> int:
    return next(s for s in range(100_000) if predicate(dice(s)))


class Seeds:
    """The seeds the next steps take, in order."""

    def __init__(self) -> None:
        self.queue: list[int] = []

    def __call__(self) -> int:
        return self.queue.pop(0)


def setup(campaign_model):
    seeds = Seeds()
    battle = BattleModel(campaign_model, seed_source=seeds)
    battle.new_encounter("lotr", "待ち伏せ")
    (hero,) = battle.roster.add_quick("エオメル", {"swiftness": 2, "defence": 11, "health": 10})
    (orc,) = battle.roster.add_quick("オーク", {"swiftness": 0, "defence": 10, "health": 6})
    attack = LotRAttackModel(battle)
    return battle, attack, seeds, hero, orc


def fill_stun_table(campaign_model, tn=10, penalty=-3, rounds=3) -> None:
    rules = LotRRulesModel(campaign_model)
    rules.reference.add_row(catalog.STUN, "殴打")
    for column, value in (("tn", tn), ("penalty", penalty), ("rounds", rounds)):
        rules.reference.set_cell(catalog.STUN, 0, column, value)


def test_a_blunt_head_hit_stuns_with_the_tables_penalty_and_rounds_one_undo_step(campaign_model):
    fill_stun_table(campaign_model)
    battle, attack, seeds, hero, orc = setup(campaign_model)
    stun = LotRStunModel(attack)
    plan = AttackPlan(hero, orc, bonus=12, called_shot=12, blunt=True)
    assert attack.spec(plan).tn == 22  # Defence 10 + head +12
    seeds.queue.append(seed_where(lambda f: len(f) == 2 and sum(f) == 11))  # 11 + 12 = 23: a hit
    assert attack.roll(plan).result.hit
    with pytest.raises(BattleRefused, match="スタン"):
        attack.apply_damage(5, 0)  # 3.7: instead of damage
    assert stun.waiting() == orc
    odds = stun.odds(orc, "殴打", 1)
    assert sum(odds[k] for k in StunOutcome) == 1 and odds[StunOutcome.FULL] > odds[StunOutcome.NONE]
    stack = campaign_model.undo_stack
    before = stack.index()
    seeds.queue.append(seed_where(lambda f: sum(f) == 4))  # 4 + 1 = 5 vs 10: stunned in full
    effect = stun.roll("殴打", 1)
    assert effect.outcome is StunOutcome.FULL and effect.rounds == 3
    assert stack.index() == before + 1
    orc_now = battle.participant(orc)
    assert [(c.name, c.rounds) for c in orc_now.conditions] == [("スタン", 3)]
    assert battle.rules().penalty(orc_now) == -3  # every test while stunned
    line = campaign_model.log_entries()[-1].payload["summary"]["inputs"]
    assert "スタン 3 ラウンド" in line and "-3" in line
    assert stun.waiting() is None  # applied once
    stack.undo()
    assert battle.participant(orc).conditions == () and battle.rules().penalty(battle.participant(orc)) == 0
    stack.redo()
    assert battle.participant(orc).conditions[0].rounds == 3


def test_superior_halves_and_the_relief_house_rule_lightens_the_penalty(campaign_model):
    fill_stun_table(campaign_model, tn=5, penalty=-4, rounds=5)
    HouseRulesModel(campaign_model).set_reading(STUN_RELIEF, STUN_RELIEF_ON)
    _battle, attack, seeds, hero, orc = setup(campaign_model)
    stun = LotRStunModel(attack)
    seeds.queue.append(seed_where(lambda f: len(f) == 2 and sum(f) == 11))
    attack.roll(AttackPlan(hero, orc, bonus=12, called_shot=12, blunt=True))
    seeds.queue.append(seed_where(lambda f: len(f) == 2 and sum(f) == 9))  # 9 + 2 = 11 vs 5: Superior
    effect = stun.roll("殴打", 2)
    assert effect.outcome is StunOutcome.HALVED and effect.rounds == 3  # 5 / 2 rounded half up
    assert effect.penalty == -1  # −4 lightened by 3 (Superior)


def test_an_unset_stun_table_refuses_the_stun_naming_it(campaign_model):
    _battle, attack, _seeds, _hero, orc = setup(campaign_model)
    stun = LotRStunModel(attack)
    with pytest.raises(BattleRefused, match="スタン表"):
        stun.odds(orc, "殴打", 1)
    assert stun.rows() == []


def test_mounting_is_one_undo_step_and_changes_the_attack(campaign_model):
    battle, attack, seeds, hero, orc = setup(campaign_model)
    mount = LotRMountModel(battle)
    before = campaign_model.undo_stack.index()
    mount.set_mount(hero, Mount(True, war_trained=True, horse_str=3))
    assert campaign_model.undo_stack.index() == before + 1
    assert "エオメル: 騎乗" in campaign_model.log_entries()[-1].payload["summary"]["inputs"]
    with pytest.raises(BattleRefused, match="サイズ"):
        attack.spec(AttackPlan(hero, orc, bonus=5))  # a quick NPC's size is the GM's
    sized = dict(attacker_size="medium", target_size="medium")
    charge = attack.spec(AttackPlan(hero, orc, bonus=5, option="charge", **sized))
    assert charge.tn == 7 and charge.size_steps == -1  # 10 − 3 (3.9); Large against medium: −2
    ranged = attack.spec(AttackPlan(hero, orc, bonus=5, ranged=True, **sized))
    assert ranged.attack_bonus == 5 - 2 - 4
    # the horse's STR for the damage: 4 rolled + 3 → 7, ×1.5 for the charge = 10.5 → 11
    seeds.queue.append(seed_where(lambda f: len(f) == 2 and sum(f) == 10))
    attack.roll(AttackPlan(hero, orc, bonus=5, option="charge", horse_str=True, **sized))
    assert attack.apply_damage(4, 1) == 11
    assert "馬の STR" in campaign_model.log_entries()[-1].payload["summary"]["inputs"]
    campaign_model.undo_stack.undo()
    campaign_model.undo_stack.undo()
    campaign_model.undo_stack.undo()
    assert not mount.mount(hero).mounted


def test_horse_moves_the_war_trained_attack_and_a_ride_test(campaign_model):
    battle, _attack, seeds, hero, _orc = setup(campaign_model)
    mount = LotRMountModel(battle)
    with pytest.raises(BattleRefused, match="騎乗していません"):
        mount.spend_move(hero, "Run")
    mount.set_mount(hero, Mount(True, war_trained=True))
    mount.spend_move(hero, "Run")
    assert sum(a.cost for a in battle.participant(hero).actions) == 2
    assert "Run 判定 目標値 5" in campaign_model.log_entries()[-1].payload["summary"]["inputs"]
    with pytest.raises(BattleRefused, match="アクション数が未設定"):
        mount.spend_move(hero, "Walk")
    mount.horse_attack(hero)
    assert sum(a.cost for a in battle.participant(hero).actions) == 2
    p = mount.ride_probability(hero, 4, -2, 10)
    seeds.queue.append(seed_where(lambda f: sum(f) == 8))  # 8 + 4 − 2 = 10: success
    assert mount.ride_test(hero, 4, -2, 10)
    assert 0 < p < 1
    mount.set_mount(hero, Mount(True, steady=True))
    assert mount.ride_probability(hero, 4, -2, 10) > p  # Steady: no penalty


def test_a_bow_from_the_weapons_table_adds_no_str_and_its_range_steps(campaign_model):
    rules = LotRRulesModel(campaign_model)
    rules.reference.add_row(catalog.WEAPONS, "Bow")
    for column, value in (("damage", "2d6"), ("long", 100), ("step", 25), ("thrown", False)):
        rules.reference.set_cell(catalog.WEAPONS, 0, column, value)
    _battle, attack, seeds, hero, orc = setup(campaign_model)
    assert attack.choices.weapon_names() == ["Bow"]
    plan = AttackPlan(hero, orc, bonus=5, ranged=True, weapon="Bow", distance=130)
    assert attack.spec(plan).tn == 14  # two steps S beyond L (3.4)
    seeds.queue.append(seed_where(lambda f: len(f) == 2 and sum(f) == 11))
    attack.roll(plan)
    assert attack.apply_damage(6, 2) == 6  # 1.3: no STR for a bow
    assert "STR 修正は足さない" in campaign_model.log_entries()[-1].payload["summary"]["inputs"]
