"""LotRArmyModel's 3.11.1 steps beyond the attack: Size from head count with Table 9.26's factor,
Morale that follows Size, the commander's Inspire against a rout and the house rule's Morale
bonus — each one undo step with its log line, refusals that name what to fill in."""

from __future__ import annotations

import pytest

from gmtool.models.house_rules_model import HouseRulesModel
from gmtool.models.lotr.army_model import Commander
from gmtool.rules.systems.lotr import reference_catalog as catalog
from gmtool.rules.systems.lotr.house_rules import MORALE_BONUS_ON, UNIT_MORALE_BONUS
from tests.models.lotr.test_army_model import dice, last_summary, make_unit, model, refused, undo_restores
from tests.models.lotr.test_hero_combat_model import fill

__all__ = ["dice", "model"]  # the fixtures, shared with test_army_model


def test_size_from_headcount_is_one_undo_step_and_morale_follows(model, campaign_path):
    guard = make_unit(model, "近衛", size=10, morale=18)
    undo_restores(model, campaign_path, lambda: model.size_from_headcount(guard, 125, None))
    assert (model.unit(guard).size, model.unit(guard).morale) == (13, 21)
    assert last_summary(model)["inputs"] == (
        "部隊「近衛」: 人数 125 ÷ 10（種族混在・係数なし）→ Size 10 → 13（Morale 18 → 21）"
    )


def test_the_race_factor_comes_from_the_reference_table(model, campaign_path):
    orcs = make_unit(model, "オーク軍")
    refused(model, lambda: model.size_from_headcount(orcs, 100, "Orc"), "「Orc」の行はありません")
    fill(model.campaign_model, catalog.UNIT_SIZE, [{"name": "Orc", "factor": "1.5"}, {"name": "Troll"}])
    assert model.races() == ["Orc", "Troll"]
    refused(
        model, lambda: model.size_from_headcount(orcs, 100, "Troll"), "ルール表 → 参照表 で入力してください"
    )
    undo_restores(model, campaign_path, lambda: model.size_from_headcount(orcs, 125, "Orc"))
    assert model.unit(orcs).size == 19  # 125 ÷ 10 × 1.5 = 18.75
    assert "人数 125 ÷ 10（Orc 係数 1.5）→ Size （未入力） → 19" in last_summary(model)["inputs"]


def test_a_typed_size_moves_morale_with_it(model):
    guard = make_unit(model, "近衛", size=10, morale=18)
    model.set_unit_value(guard, "size", 6)
    assert model.unit(guard).morale == 14
    assert last_summary(model)["inputs"] == "部隊「近衛」: Size 10 → 6（Morale 18 → 14）"


def test_the_commanders_inspire_stops_a_rout(model, dice, campaign_path):
    guard = make_unit(model, "近衛", size=10, morale=18)
    threat, rally = Commander(bonus=8), Commander(bonus=5)
    spec = model.morale_spec(guard, threat, rally=rally)
    assert spec.rally is not None and spec.rally.bonus == 5
    dice.faces = [4, 6, 5, 5, 3, 3]  # 18 reaches Morale 18; Inspire 15 beats 14
    count = model.campaign_model.undo_stack.count()
    result = model.morale_test(guard, threat, rally=rally)
    assert result.rallied and not model.unit(guard).broken
    assert model.campaign_model.undo_stack.count() == count  # nothing changed: the log line only
    summary = last_summary(model)
    assert "指揮官の Inspire 直接入力 +5（対決で止める確率 " in summary["inputs"]
    assert "Inspire 15 対 14" in summary["dice"] and "崩壊を防いだ" in summary["result"]
    dice.faces = [4, 6, 1, 1, 6, 5]  # Inspire 7 loses to 19: the unit breaks, one undo step
    result = undo_restores(model, campaign_path, lambda: model.morale_test(guard, threat, rally=rally))
    assert result.broke and "及ばなかった" in last_summary(model)["result"]


def test_the_morale_bonus_house_rule_changes_the_attack(model):
    orcs = make_unit(model, "オーク軍", size=20, strength=6, toughness=6, morale=25)
    guard = make_unit(model, "近衛", size=10, strength=8, toughness=8)
    assert model.attack_spec(orcs, guard, Commander()).tn == 18
    HouseRulesModel(model.campaign_model).set_reading(UNIT_MORALE_BONUS, MORALE_BONUS_ON)
    assert model.uses_morale_bonus()
    refused(model, lambda: model.attack(orcs, guard, Commander()), "部隊「近衛」の Morale が未入力です")
    model.set_unit_value(guard, "morale", 18)
    spec = model.attack_spec(orcs, guard, Commander())
    # Table 2.1: 16-17 +5, then 「能力値 2 点ごとに +1」: Morale 25 → +9, Morale 18 → +6.
    assert (spec.morale_damage, spec.morale_defense, spec.tn) == (9, 6, 24)
    assert spec.damage == 6 + 20 + 9 - (8 + 6)


@pytest.mark.parametrize("headcount", [-1])
def test_a_negative_headcount_is_refused(model, headcount):
    guard = make_unit(model, "近衛")
    refused(model, lambda: model.size_from_headcount(guard, headcount, None), "人数は 0 以上")
