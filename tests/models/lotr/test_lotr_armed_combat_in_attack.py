"""1.4.2 in the tracker: the +1 a character chose for an action at Armed Combat 6/9/12 is added to
that attack (and to a parry chosen so) only while the campaign plays the optional rule."""

from __future__ import annotations

from dataclasses import replace

from gmtool.models.battle_model import BattleModel
from gmtool.models.house_rules_model import HouseRulesModel
from gmtool.models.lotr.attack_model import AttackPlan, LotRAttackModel
from gmtool.rules.systems.lotr.character import CombatPick, Skill
from gmtool.rules.systems.lotr.house_rules import ARMED_BONUS_ON, ARMED_COMBAT_BONUS
from tests.qt_fixtures import sample_lotr_character

BLADES = "Armed Combat: Blades"


def fight(campaign_model):
    sample = sample_lotr_character("剣士")
    swordsman = replace(
        sample,
        skills=(*sample.skills, Skill(BLADES, 9)),
        combat_picks=(CombatPick(BLADES, 6, "power"), CombatPick(BLADES, 9, "parry")),
    )
    character_id = campaign_model.insert_character("lotr", swordsman, "x")
    battle = BattleModel(campaign_model, seed_source=lambda: 1)
    battle.new_encounter("lotr", "試合")
    hero = battle.roster.add_character(character_id)
    (orc,) = battle.roster.add_quick("オーク", {"swiftness": 0, "defence": 10, "health": 6})
    return LotRAttackModel(battle), hero, orc


def test_the_chosen_actions_plus_one_counts_only_with_the_optional_rule(campaign_model):
    attack, hero, orc = fight(campaign_model)
    power = AttackPlan(hero, orc, bonus=5, option="power")
    basic = AttackPlan(hero, orc, bonus=5)
    parried = AttackPlan(orc, hero, bonus=5, parry=4)
    off = (attack.spec(power).attack_bonus, attack.spec(basic).attack_bonus, attack.spec(parried).parry_bonus)
    HouseRulesModel(campaign_model).set_reading(ARMED_COMBAT_BONUS, ARMED_BONUS_ON)
    on = (attack.spec(power).attack_bonus, attack.spec(basic).attack_bonus, attack.spec(parried).parry_bonus)
    assert [b - a for a, b in zip(off, on, strict=True)] == [1, 0, 1]  # power +1, basic 0, parry +1
    ranged = AttackPlan(hero, orc, bonus=5, option="power", ranged=True)
    assert attack.spec(ranged).attack_bonus == off[0]  # a missile is not an Armed Combat test
    attack.roll(power)
    assert "Armed Combat の特殊修正 +1" in campaign_model.log_entries()[-1].payload["summary"]["inputs"]
