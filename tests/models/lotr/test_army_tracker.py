"""The 軍勢・攻城戦 window's models (LotRArmyTrackerModel) and the finished values its tabs show:
the unit attack's and morale test's odds from the very spec the roll uses, the Size a head count
gives, the demolition odds, the siege preview and the locks' room, the battle's winner and PRESS
places, the travel party's speeds and pace."""

from __future__ import annotations

from fractions import Fraction

from gmtool.models.lotr.army_model import LotRArmyModel
from gmtool.models.lotr.army_tracker import LotRArmyTrackerModel
from gmtool.models.lotr.commanders import Commander
from gmtool.models.lotr.mass_battle_model import LotRMassBattleModel
from gmtool.models.lotr.travel_model import LotRTravelModel
from gmtool.rules.systems.lotr import reference_catalog as catalog
from gmtool.rules.systems.lotr.checks import success_probability
from gmtool.rules.systems.lotr.structures import bonus_distribution, siegecraft_probability
from gmtool.rules.systems.lotr.units import (
    break_probability,
    hit_probability,
    rally_probability,
    reach_probability,
)
from tests.models.lotr.test_army_model import dice, make_unit, model
from tests.models.lotr.test_demolition_travel_models import SPEEDS
from tests.models.lotr.test_hero_combat_model import fill
from tests.rules.lotr.test_hero_combat import PRESS_ROWS

__all__ = ["dice", "model"]


def test_the_window_s_models_are_made_or_given(campaign_model):
    tracker = LotRArmyTrackerModel(campaign_model)
    assert isinstance(tracker.battle, LotRMassBattleModel) and tracker.battle.parent() is tracker
    assert isinstance(tracker.army, LotRArmyModel) and isinstance(tracker.travel, LotRTravelModel)
    army = LotRArmyModel(campaign_model)
    given = LotRArmyTrackerModel(campaign_model, army=army)
    assert given.army is army and army.parent() is given  # it lives as long as the window's models


def test_the_unit_attack_odds_are_the_specs(model):
    orcs = make_unit(model, "オーク軍", size=20, strength=6)
    guard = make_unit(model, "近衛", size=10, toughness=8)
    commander = Commander(bonus=4)
    spec = model.attack_spec(orcs, guard, commander)
    odds = model.attack_odds(orcs, guard, commander)
    assert odds.hit == hit_probability(spec) and odds.tn == spec.tn == 18
    assert odds.bonus == spec.roll_spec().roller.bonus
    assert odds.commander_bonus == odds.bonus - odds.strength_bonus == 4
    assert (odds.strength, odds.damage, odds.target) == (6, spec.damage, "近衛")
    assert (odds.size_before, odds.size_after) == (10, max(0, 10 - spec.damage))


def test_the_morale_odds_are_the_specs(model):
    guard = make_unit(model, "近衛", size=10, morale=14)
    host = make_unit(model, "大軍", size=23)
    commander, rally = Commander(bonus=5), Commander(bonus=2)
    spec = model.morale_spec(guard, commander, host, 0, rally)
    odds = model.morale_odds(guard, commander, host, 0, rally)
    assert (odds.bonus, odds.tn) == (spec.roll_spec().roller.bonus, 14)
    assert (odds.support_size, odds.support_bonus, odds.rally_bonus) == (23, 5, 2)
    assert (odds.reach, odds.rally, odds.broken) == (
        reach_probability(spec),
        rally_probability(spec),
        break_probability(spec),
    )
    alone = model.morale_odds(guard, commander)
    assert alone.support_size is None and alone.rally_bonus is None and alone.rally == 0


def test_the_size_a_head_count_gives(model):
    assert model.headcount_size(124, None) == 12  # mixed races: ÷ 10, half up
    fill(model.campaign_model, catalog.UNIT_SIZE, [{"name": "Orc", "factor": "1.5"}])
    assert model.headcount_size(124, "Orc") == 19  # 12.4 × 1.5 = 18.6


def test_the_demolition_odds_are_the_engines(model):
    box = model.structures
    stone, siege = Commander(bonus=5), Commander(bonus=3)
    spec = box.demolition_spec(stone, 10, siege, 12)
    odds = box.demolition_odds(stone, 10, siege, 12)
    assert odds.bonuses == tuple(bonus_distribution(spec).items())
    assert odds.siegecraft == siegecraft_probability(spec)
    assert odds.unhelped == success_probability(spec.siegecraft)
    assert sum((p for _b, p in odds.bonuses), Fraction(0)) == 1


def test_the_siege_preview_and_the_locks_room(model):
    box = model.structures
    gate = box.add_structure("城門")
    assert box.siege_preview(gate, 10) is None  # Protection and Structure not entered
    box.set_value(gate, "protection", 5)
    box.set_value(gate, "structure", 20)
    box.add_lock(gate, "閂", 2)
    preview = box.siege_preview(gate, 10)
    assert preview is not None
    assert (preview.protection, preview.through, preview.before, preview.after) == (7, 3, 20, 17)
    assert box.structure(gate).damage == 0  # only a preview
    assert box.lock_room(gate) == 4  # +6 at most together


def test_the_winner_and_the_places_a_hero_may_fight(campaign_model):
    battle = LotRMassBattleModel(campaign_model, seed_source=iter(range(1000, 3000)).__next__)
    assert battle.winner() is None and battle.press_places() == []
    battle.start(3)
    while not battle.state().ended:
        battle.roll_hour()
    assert battle.winner() in {"味方", "敵"}
    fill(campaign_model, catalog.PRESS, PRESS_ROWS)
    assert battle.press_places() == [r["name"] for r in PRESS_ROWS]


def test_the_party_s_speeds_and_pace_as_shown(campaign_model):
    travel = LotRTravelModel(campaign_model)
    fill(campaign_model, catalog.TRAVEL_SPEEDS, [*SPEEDS, {"name": "Boat"}])
    travel.add_member("サム", "徒歩")
    travel.add_member("ビル", "Pony")
    travel.add_member("舟", "Boat")
    assert travel.member_speeds() == [
        ("サム", "徒歩", "24", "3"),
        ("ビル", "Pony", "30", "4 1/2"),
        ("舟", "Boat", None, None),
    ]
    travel.remove_member(2)
    assert travel.pace_text(travel.pace()) == "1日 24（サム）、1時間 3（サム）"
