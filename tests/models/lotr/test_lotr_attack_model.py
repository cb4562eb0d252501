"""An attack in the LotR tracker: odds shown first, the roll one undo step and one log line, the
damage through the wound track with the STR bonus one more, the Extraordinary choice."""

from __future__ import annotations

import random

import pytest

from gmtool.models.battle_model import BattleModel
from gmtool.models.lotr.attack_model import AttackPlan, LotRAttackModel
from gmtool.rules.battle import BattleRefused, Status
from gmtool.rules.systems.lotr.attack import PARRIED, AttackSpec, attack_distribution, parse_damage
from gmtool.rules.systems.lotr.exploding import roll_test
from gmtool.rules.systems.lotr.rules_data import Degree
from tests.rules.lotr.gm_tables import enter_gm_wound_penalties


def seed_where(predicate) -> int:
    return next(s for s in range(100_000) if predicate(roll_test(random.Random(s))))


def setup(campaign_model, seed: int):
    battle = BattleModel(campaign_model, seed_source=lambda: seed)
    battle.new_encounter("lotr", "待ち伏せ")
    (hero,) = battle.roster.add_quick("ボロミア", {"swiftness": 2, "defence": 11, "health": 10})
    (orc,) = battle.roster.add_quick("オーク", {"swiftness": 0, "defence": 10, "health": 6})
    return battle, LotRAttackModel(battle), hero, orc


def wounds(battle, pid) -> int:
    return battle.participant(pid).resource("wounds").value


def test_the_odds_are_the_engines_against_the_targets_defence(campaign_model):
    _battle, attack, hero, orc = setup(campaign_model, 1)
    plan = AttackPlan(hero, orc, bonus=5, option="power")
    assert attack.spec(plan).tn == 10
    assert attack.odds(plan) == attack_distribution(AttackSpec(bonus=5, defence=10, option="power"))


def test_a_hit_and_its_damage_are_two_undo_steps_with_log_lines(campaign_model):
    seed = seed_where(lambda f: len(f) == 2 and sum(f) == 9)  # 9 + 5 = 14 vs 10: Complete
    battle, attack, hero, orc = setup(campaign_model, seed)
    stack = campaign_model.undo_stack
    before = stack.index()
    rolled = attack.roll(AttackPlan(hero, orc, bonus=5, option="power"))
    assert rolled.result.total == 14 and rolled.result.degree is Degree.COMPLETE_SUCCESS
    assert stack.index() == before + 1
    assert [a.kind for a in battle.participant(hero).actions] == ["power"]
    entry = campaign_model.log_entries()[-1].payload
    assert (
        "ボロミア → オーク" in entry["summary"]["inputs"]
        and "達成値 14 / 目標値 10" in entry["summary"]["inputs"]
    )
    assert entry["seed"] == seed

    # 4 rolled + STR +1 + power +3 = 8: the orc's Health 6 track, into Dazed
    assert attack.apply_damage(4, 1) == 8
    assert stack.index() == before + 2
    assert wounds(battle, orc) == 8
    assert not attack.can_apply()  # applied once
    line = campaign_model.log_entries()[-1].payload["summary"]["inputs"]
    assert "オークにダメージ 8（出目 4 + STR +1）" in line and "Dazed" in line
    stack.undo()
    assert wounds(battle, orc) == 0  # one step: the whole damage
    stack.undo()
    assert battle.participant(hero).actions == ()  # and the roll with its action


def test_applying_needs_the_roll_to_be_the_last_step(campaign_model):
    seed = seed_where(lambda f: len(f) == 2 and sum(f) == 9)
    _battle, attack, hero, orc = setup(campaign_model, seed)
    with pytest.raises(BattleRefused, match="適用する命中がありません"):
        attack.apply_damage(3, 0)
    attack.roll(AttackPlan(hero, orc, bonus=5))
    campaign_model.undo_stack.undo()
    with pytest.raises(BattleRefused, match="もう一度攻撃を振ってください"):
        attack.apply_damage(3, 0)


def test_a_charge_kills_with_one_and_a_half_rounded_up(campaign_model):
    seed = seed_where(lambda f: len(f) == 2 and sum(f) == 8)
    battle, attack, hero, orc = setup(campaign_model, seed)
    attack.roll(AttackPlan(hero, orc, bonus=5, option="charge"))  # 8 + 6 = 14
    # (21 + 2) × 1.5 = 34.5 → 35: Near Death (the track ends at 6 × 6 = 36)
    assert attack.apply_damage(21, 2) == 35
    assert battle.participant(orc).status is Status.ACTIVE
    campaign_model.undo_stack.undo()
    # (22 + 2) × 1.5 = 36: past the last level, dead
    assert attack.apply_damage(22, 2) == 36
    assert battle.participant(orc).status is Status.DEAD


def test_extraordinary_maximum_or_a_broken_shield(campaign_model):
    seed = seed_where(lambda f: len(f) == 2 and sum(f) == 11)  # 11 + 10 = 21 vs 10: +11
    battle, attack, hero, orc = setup(campaign_model, seed)
    rolled = attack.roll(AttackPlan(hero, orc, bonus=10))
    assert rolled.result.extraordinary
    attack.break_item("break_shield")
    assert [c.name for c in battle.participant(orc).conditions] == ["盾が壊れた"]
    assert (
        "Extraordinary Success で盾を壊した" in campaign_model.log_entries()[-1].payload["summary"]["inputs"]
    )
    campaign_model.undo_stack.undo()
    assert battle.participant(orc).conditions == ()
    # the roll is the last step again: the other choice may be taken instead
    assert attack.apply_damage(parse_damage("2d6").maximum, 0, maximum=True) == 12


def test_maximum_damage_is_refused_below_extraordinary(campaign_model):
    seed = seed_where(lambda f: len(f) == 2 and sum(f) == 9)
    _battle, attack, hero, orc = setup(campaign_model, seed)
    attack.roll(AttackPlan(hero, orc, bonus=5))
    with pytest.raises(BattleRefused, match="Extraordinary Success のときだけ"):
        attack.apply_damage(12, 0, maximum=True)
    with pytest.raises(BattleRefused, match="Extraordinary Success のときだけ"):
        attack.break_item("break_weapon")


def test_a_parry_is_rolled_and_spent_only_when_the_attack_reached_defence(campaign_model):
    miss = seed_where(lambda f: sum(f) == 3)
    battle, attack, hero, orc = setup(campaign_model, miss)
    rolled = attack.roll(AttackPlan(hero, orc, bonus=5, parry=4))  # 8 < 10
    assert rolled.result.parry_total is None
    assert battle.participant(orc).actions == ()
    assert "防御のアクションは使わない" in campaign_model.log_entries()[-1].payload["summary"]["inputs"]

    def hit_then_parry(seed: int) -> bool:
        rng = random.Random(seed)
        a, p = roll_test(rng), roll_test(rng)
        return sum(a) + 5 >= 10 and sum(p) + 4 >= sum(a) + 5

    seed = next(s for s in range(100_000) if hit_then_parry(s))
    battle, attack, hero, orc = setup(campaign_model, seed)
    rolled = attack.roll(AttackPlan(hero, orc, bonus=5, parry=4))
    assert rolled.result.parried and rolled.result.outcome == PARRIED
    assert [a.kind for a in battle.participant(orc).actions] == ["parry"]
    assert "防御成功" in campaign_model.log_entries()[-1].payload["summary"]["inputs"]


def test_missiles_cannot_be_parried_and_range_steps_raise_the_tn(campaign_model):
    _battle, attack, hero, orc = setup(campaign_model, 1)
    with pytest.raises(BattleRefused, match="Parry/Block できません"):
        attack.spec(AttackPlan(hero, orc, bonus=5, ranged=True, parry=3))
    assert attack.spec(AttackPlan(hero, orc, bonus=5, ranged=True, range_steps=3, shield=1)).tn == 17


def test_aim_and_wound_penalties_count_in_the_spec(campaign_model):
    enter_gm_wound_penalties(campaign_model)  # the summary gives Dazed no number: the GM's −1
    battle, attack, hero, orc = setup(campaign_model, 1)
    battle.edit.damage(hero, "wounds", 10)  # Dazed: −1
    from gmtool.rules.systems.lotr import combat

    aimed = combat.spend_action(battle.state(), hero, "aim", "indirect").encounter
    battle.commit(aimed, "aim", "aim")
    spec = attack.spec(AttackPlan(hero, orc, bonus=5, ranged=True))
    assert spec.aim == 3
    assert spec.attack_bonus == 5 - 1 + 3  # the second action: no extra-action penalty yet


def test_str_bonus_of_a_campaign_character(campaign_model):
    battle = BattleModel(campaign_model, seed_source=lambda: 1)
    battle.new_encounter("lotr", "")
    naar = next(cid for cid, name in battle.roster.characters() if name == "ナール")
    pid = battle.roster.add_character(naar)
    attack = LotRAttackModel(battle)
    character = campaign_model.stored(naar).character
    from gmtool.rules.systems.lotr.rules_data import lotr_rules

    assert attack.choices.str_bonus(pid) == lotr_rules().modifier(character.attributes.str)


def test_an_attack_short_of_the_original_defence_gives_the_targets_dodge_back(campaign_model):
    from gmtool.models.lotr.battle_actions import LotRBattleActions
    from gmtool.rules.systems.lotr import combat as lotr

    seed = seed_where(lambda f: len(f) == 2 and sum(f) == 4)  # 4 + 5 = 9: short of Defence 10 (3.3)
    battle, attack, hero, orc = setup(campaign_model, seed)
    battle.round.start()
    LotRBattleActions(battle).dodge(orc)
    assert lotr.actions_used(battle.participant(orc)) == 1
    attack.roll(AttackPlan(hero, orc, bonus=5))
    assert lotr.actions_used(battle.participant(orc)) == 0  # its dodge was not spent
    campaign_model.undo_stack.undo()  # the attack: the dodge is pending again
    assert lotr.actions_used(battle.participant(orc)) == 1
