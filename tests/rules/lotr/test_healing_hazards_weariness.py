"""1.2.1 / 1.2.1.1 / 1.2.2 engine: the text's own numbers, and exact odds against an independent count."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

import pytest

from gmtool.rules.systems.lotr import hazards, healing, reference_catalog as catalog, weariness
from gmtool.rules.systems.lotr.character import Attributes, LotRCharacter, Reactions
from gmtool.rules.systems.lotr.checks import LotRRoller, success_probability
from gmtool.rules.systems.lotr.derived import wound_track
from gmtool.rules.systems.lotr.reference_tables import ReferenceRow
from gmtool.rules.systems.lotr.rules_data import Degree, lotr_rules
from tests.rules.lotr.gm_tables import with_gm_wound_penalties


def independent_success(bonus: int, tn: int) -> Fraction:
    """P(2d6 (a double six adds exploding d6s) + bonus ≥ tn), counted here without exploding.py."""
    need = tn - bonus
    plain = sum(1 for a in range(1, 7) for b in range(1, 7) if a + b != 12 and a + b >= need)

    def x_at_least(m: int, depth: int = 0) -> Fraction:  # the exploding d6 after a double six
        if m <= 1 or depth > 40:
            return Fraction(1) if m <= 1 else Fraction(0)
        p = Fraction(sum(1 for f in range(1, 6) if f >= m), 6)
        return p + Fraction(1, 6) * x_at_least(m - 6, depth + 1)

    return Fraction(plain, 36) + Fraction(1, 36) * x_at_least(need - 12)


def with_rows(rules, table_id, rows):
    tables = tuple(
        replace(t, rows=tuple(ReferenceRow(name, tuple(cells.items())) for name, cells in rows.items()))
        if t.id == table_id
        else t
        for t in rules.reference
    )
    return replace(rules, reference=tables)


def hero(**changes) -> LotRCharacter:
    base = LotRCharacter(
        name="ボロミア", health=10, attributes=Attributes(vit=10), reactions=Reactions(stamina=2)
    )
    return replace(base, **changes)


HEALING_TABLE = {
    "Dazed": {"natural_tn": 5, "healing_tn": 6},
    "Injured": {"natural_tn": 8, "healing_tn": 9},
    "Wounded": {"natural_tn": None, "healing_tn": 12},
}


# ---- 1.2.1 -------------------------------------------------------------------------------------
def test_the_texts_example_injured_heals_to_dazed_with_one_point_left():
    rules = lotr_rules()
    track = wound_track(hero(damage=25), rules)  # Health 10: 20…29 is Injured
    assert track.level.name == "Injured"
    assert healing.healing_skill_heal(track) == 6  # the 5 points into Injured + 1
    after = wound_track(hero(damage=25 - 6), rules)
    assert after.level.name == "Dazed" and after.points_left_in_level == 1  # 「Dazed の残り1点」
    assert healing.healing_skill_heal(wound_track(hero(damage=20), rules)) == 1


def test_rest_heals_a_point_a_day_and_never_more_than_the_damage():
    assert healing.rest_healed(5, 3) == 3
    assert healing.rest_healed(2, 7) == 2
    with pytest.raises(ValueError, match="休む日数"):
        healing.rest_healed(5, 0)


def test_the_weekly_test_heals_the_vit_modifier_at_least_one():
    rules = lotr_rules()
    assert healing.natural_heal(hero(attributes=Attributes(vit=2)), rules) == 1
    vit_15 = hero(attributes=Attributes(vit=15))
    assert healing.natural_heal(vit_15, rules) == max(1, rules.modifier(15)) > 1


def test_advanced_care_heals_health_points_at_once():
    track = wound_track(hero(damage=25), lotr_rules())
    assert healing.advanced_care_heal(track) == 10
    assert healing.advanced_care_heal(wound_track(hero(damage=4), lotr_rules())) == 4


def test_target_numbers_come_from_the_table_and_unset_is_refused():
    rules = with_rows(lotr_rules(), catalog.HEALING, HEALING_TABLE)
    assert healing.wound_tn(wound_track(hero(damage=25), rules), rules, healing.NATURAL_TN).tn == 8
    with pytest.raises(ValueError, match="未設定"):
        healing.wound_tn(wound_track(hero(damage=30), rules), rules, healing.NATURAL_TN)
    with pytest.raises(ValueError, match="表にありません"):  # Healthy with 3 points taken
        healing.wound_tn(wound_track(hero(damage=3), rules), rules, healing.NATURAL_TN)
    with pytest.raises(ValueError, match="ダメージを受けていません"):
        healing.wound_tn(wound_track(hero(damage=0), rules), rules, healing.NATURAL_TN)
    with pytest.raises(ValueError, match="未設定"):
        healing.wound_tn(wound_track(hero(damage=25), lotr_rules()), lotr_rules(), healing.NATURAL_TN)


def test_the_weekly_stamina_test_odds_are_exact_with_the_wound_penalty():
    rules = with_rows(with_gm_wound_penalties(), catalog.HEALING, HEALING_TABLE)
    spec = healing.stamina_spec(hero(damage=25), rules, 8)  # the GM's Injured −1, Stamina +2
    assert spec.roller.bonus == 1
    assert success_probability(spec) == independent_success(1, 8)


def test_advanced_care_adds_five_to_the_healing_test():
    rules = lotr_rules()
    plain = healing.healing_spec(LotRRoller(rank=4), 9, rules)
    advanced = healing.healing_spec(LotRRoller(rank=4), 9, rules, advanced=True)
    assert success_probability(plain) == independent_success(4, 9)
    assert success_probability(advanced) == independent_success(9, 9)


# ---- 1.2.1.1 -----------------------------------------------------------------------------------
def test_breath_is_one_plus_stamina_minutes_at_least_one():
    assert hazards.breath_minutes(2) == 3
    assert hazards.breath_minutes(-3) == 1


def test_falling_damage_halves_rounding_half_up_and_the_mean_is_exact():
    assert hazards.falling_damage(7, True) == 4
    assert hazards.falling_damage(6, True) == 3
    assert hazards.falling_damage(7, False) == 7
    one_d6 = hazards.parse_damage("1d6")
    assert hazards.mean_halved(one_d6) == Fraction(1 + 1 + 2 + 2 + 3 + 3, 6)
    assert hazards.mean_damage(hazards.parse_damage("2d6+4")) == 11


def test_an_empty_hazard_table_refuses_with_its_name():
    with pytest.raises(ValueError, match=r"溺れるの表.*未設定"):
        hazards.drowning_row(lotr_rules(), "1ラウンド")


def test_a_hazard_row_without_its_target_number_is_refused():
    rules = with_rows(lotr_rules(), catalog.FALLING, {"10 フィート": {"damage": "1d6", "tn": None}})
    with pytest.raises(ValueError, match=r"10 フィート.*目標値.*未設定"):
        hazards.falling_row(rules, "10 フィート")


def test_poison_resists_at_seven_plus_potency_and_is_neutralised_at_ten_plus_treatment():
    rules = with_rows(
        lotr_rules(),
        catalog.POISONS,
        {"大蛇の毒": {"potency": 3, "treatment": 2, "primary": "2d6 ダメージ", "secondary": ""}},
    )
    venom = hazards.poison(rules, "大蛇の毒")
    assert venom.resist_tn == 10 and venom.treatment_tn == 12
    assert venom.effect(False) == "2d6 ダメージ"
    assert "未設定" in venom.effect(True)
    unset = hazards.poison(with_rows(lotr_rules(), catalog.POISONS, {"謎の毒": {"potency": None}}), "謎の毒")
    with pytest.raises(ValueError, match=r"Potency.*未設定"):
        _ = unset.resist_tn


def test_a_fire_helper_tests_swiftness_at_plus_five():
    assert hazards.fire_helper_roller(LotRRoller(rank=1)).bonus == 6
    assert hazards.ON_FIRE.count == 2 and hazards.ON_FIRE.plus == 4


# ---- 1.2.2 -------------------------------------------------------------------------------------
def test_age_and_wound_and_weariness_penalties_sum_on_the_resistance_test():
    rules = with_gm_wound_penalties()
    tired_old = hero(damage=25, weariness=5, age="aged")  # the GM's Injured −1, Exhausted −10, Aged −8
    spec = weariness.resistance_spec(tired_old, rules, 10)
    assert spec.roller.bonus == 2 - 1 - 10 - 8
    assert weariness.resistance_spec(hero(age="old"), rules, 10).roller.bonus == 2 - 4


def test_recovery_from_exhausted_is_tn_ten_at_minus_ten():
    rules = lotr_rules()
    exhausted = hero(weariness=5)
    spec = weariness.recovery_spec(exhausted, rules)
    assert spec.tn == 10 and spec.roller.bonus == 2 - 10
    assert weariness.recovery_probability(exhausted, rules, None) == independent_success(-8, 10)
    with pytest.raises(ValueError, match="Exhausted ではありません"):
        weariness.check_exhausted(hero(weariness=4), rules)


def test_a_helpers_healing_lowers_the_tn_and_extraordinary_is_spent_at_once():
    rules = lotr_rules()
    exhausted = hero(weariness=5)
    helper = LotRRoller(rank=3)
    bands = rules.degree_bands()
    # Independent: the helper's margin decides the reduction (bands Marginal 0, Complete 1,
    # Superior 6, Extraordinary 11), then the character's own test at the lowered TN.
    expected = Fraction(0)
    steps = [(None, 0), (0, 3), (1, 5), (6, 10)]
    low = dict((d, m) for d, m in bands)
    assert low[Degree.MARGINAL_SUCCESS] == 0 and low[Degree.EXTRAORDINARY_SUCCESS] == 11
    for (start, reduction), nxt in zip(steps, [0, 1, 6, 11], strict=True):
        lo = -999 if start is None else start
        p_band = independent_success(3, 10 + lo) - independent_success(3, 10 + nxt)
        expected += p_band * independent_success(-8, 10 - reduction)
    expected += independent_success(3, 10 + 11)
    assert weariness.recovery_probability(exhausted, rules, helper) == expected


def test_recovery_odds_agree_with_twenty_thousand_seeded_tries():
    rules = lotr_rules()
    exhausted, helper = hero(weariness=5), LotRRoller(rank=3)
    rng = random.Random(25)
    from gmtool.rules.systems.lotr.checks import resolve_roll

    wins = 0
    for _ in range(20_000):
        helped = resolve_roll(weariness.helper_spec(helper, rules), rng)
        if helped.degree is Degree.EXTRAORDINARY_SUCCESS:
            wins += 1
            continue
        reduction = weariness.HELPER_REDUCTION.get(helped.degree, 0)
        wins += resolve_roll(weariness.recovery_spec(exhausted, rules, reduction), rng).degree.succeeded
    p = float(weariness.recovery_probability(exhausted, rules, helper))
    assert abs(wins / 20_000 - p) < 0.012


def test_recovery_times_come_from_table_9_39():
    rules = with_rows(lotr_rules(), catalog.WEARINESS_RECOVERY, {"Winded": {"time": "1 分"}, "Tired": {}})
    assert weariness.recovery_time(rules, 1) == "1 分"
    assert weariness.recovery_time(rules, 2) is None  # 未設定
    assert weariness.recovery_time(rules, 0) is None  # Hale: no row
