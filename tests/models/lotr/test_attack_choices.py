"""What the tracker's attack form offers (LotRAttackChoices, `attack.choices`): the people in the
fight, the campaign's weapons and called shots, a campaign character's STR and size, whether the
attacker rides, and which options the rules let go together."""

from __future__ import annotations

from gmtool.models.lotr.attack_choices import LotRAttackChoices
from gmtool.models.lotr.rules_model import LotRRulesModel
from gmtool.rules.battle import Status
from gmtool.rules.systems.lotr import reference_catalog as catalog
from gmtool.rules.systems.lotr.mounted import Mount, set_mount
from tests.models.lotr.test_tracker_model import fight


def setup(campaign_model):
    battle, hero, orc = fight(campaign_model)
    return battle, LotRAttackChoices(battle), hero, orc


def test_the_people_are_those_still_in_the_fight(campaign_model):
    battle, choices, hero, orc = setup(campaign_model)
    assert choices.people() == [("ボロミア", hero), ("オーク", orc)]
    battle.edit.set_status(orc, Status.DEAD)
    assert choices.people() == [("ボロミア", hero)]
    assert choices.current() is None  # no round begun


def test_a_quick_npc_brings_no_str_or_size_and_a_rider_rides(campaign_model):
    battle, choices, hero, _orc = setup(campaign_model)
    assert choices.str_bonus(hero) is None and choices.size_of(hero) is None
    assert not choices.rides(hero)
    battle.commit(set_mount(battle.state(), hero, Mount(True)), "騎乗", "騎乗")
    assert choices.rides(hero)


def test_the_weapons_come_from_the_gms_table(campaign_model):
    _battle, choices, _hero, _orc = setup(campaign_model)
    rules = LotRRulesModel(campaign_model)
    rules.reference.add_row(catalog.WEAPONS, "Bow")
    rules.reference.set_cell(catalog.WEAPONS, 0, "damage", "2d6")
    rules.reference.set_cell(catalog.WEAPONS, 0, "long", 100)
    rules.reference.add_row(catalog.WEAPONS, "Sword")
    assert choices.weapon_names() == ["Bow", "Sword"]
    assert choices.is_ranged("Bow") and not choices.is_ranged("Sword")
    assert not choices.is_ranged(None) and not choices.is_ranged("Axe")  # not in the table
    assert choices.damage_text("Bow") == "2d6"
    assert choices.damage_text("Sword") == ""  # 未設定
    assert choices.damage_text("Axe") == ""


def test_the_called_shots_and_their_tns(campaign_model):
    _battle, choices, _hero, _orc = setup(campaign_model)
    rules = LotRRulesModel(campaign_model)
    rules.reference.add_row(catalog.CALLED_SHOTS, "腕")
    rules.reference.set_cell(catalog.CALLED_SHOTS, 1, "tn", 4)
    rules.reference.add_row(catalog.CALLED_SHOTS, "脚")
    assert choices.called_shots() == [(catalog.HEAD, 12), ("腕", 4), ("脚", None)]
    assert choices.called_shot_tn("腕") == 4
    assert choices.called_shot_tn("脚") == 0 and choices.called_shot_tn("尾") == 0


def test_which_options_go_together():
    assert LotRAttackChoices.blunt_allowed(called_shot=True, ranged=False)
    assert not LotRAttackChoices.blunt_allowed(called_shot=False, ranged=False)  # 3.7: at a called shot
    assert not LotRAttackChoices.blunt_allowed(called_shot=True, ranged=True)  # and in close combat
    assert LotRAttackChoices.parry_allowed(ranged=False)
    assert not LotRAttackChoices.parry_allowed(ranged=True)  # 3.4: no parry against missiles
