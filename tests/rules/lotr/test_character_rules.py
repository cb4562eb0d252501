"""LotR character rules of issue 25: courage traits (1.2.3), load and movement (1.3 / 3.1), the
Armed Combat bonus (1.4.2), renown tests (1.2 / 1.6.1), several orders and elite orders (1.6.2 / 1.6.3).
Golden cases take the text's own numbers; odds are checked against an independent count."""

from __future__ import annotations

import itertools
from dataclasses import replace
from fractions import Fraction

import pytest

from gmtool.rules.systems.lotr import armed_combat, orders, reference_catalog as catalog, renown
from gmtool.rules.systems.lotr.character import Advancement, Attributes, LotRCharacter, Pick, Skill
from gmtool.rules.systems.lotr.checks import (
    LotRRoller,
    RollResult,
    RollSpec,
    spend_courage,
    with_courage_probabilities,
)
from gmtool.rules.systems.lotr.courage import courage_per_point, skill_of_kind
from gmtool.rules.systems.lotr.derived import (
    BEYOND_TABLE,
    HEAVY,
    NORMAL,
    VERY_HEAVY,
    load_level,
    movement,
)
from gmtool.rules.systems.lotr.reference_tables import table_from_json, table_to_json
from gmtool.rules.systems.lotr.rules_data import Degree, LotRRules, Order, lotr_rules


def with_table(rules: LotRRules, table_id: str, rows: list[dict]) -> LotRRules:
    tables = tuple(table_from_json(t, rows) if t.id == table_id else t for t in rules.reference)
    return replace(rules, reference=tables)


def p_at_least(need: int, depth: int = 6) -> Fraction:
    """Independent count: P(2d6 with 6+6 exploding by a d6 while it shows 6 ≥ need)."""

    def tail(total: int, level: int) -> Fraction:  # a d6 is rolled on top of `total`
        if level > depth:
            return Fraction(1) if total >= need else Fraction(0)
        p = Fraction(0)
        for face in range(1, 7):
            p += tail(total + 6, level + 1) if face == 6 else Fraction(int(total + face >= need))
        return p / 6

    p = Fraction(0)
    for a, b in itertools.product(range(1, 7), repeat=2):
        p += tail(12, 1) if a == b == 6 else Fraction(int(a + b >= need))
    return p / 36


RIDER = LotRCharacter(name="エオメル", edges=("Bold", "Horselord"), skills=(Skill("Ride", 4),))
TRAITS = lotr_rules().reference_table(catalog.COURAGE_TRAITS)


# ---- 1.2.3 courage traits ----------------------------------------------------------------------
def test_bold_and_horselord_give_seven_a_point_on_ride():
    """「Bold と Horselord を持ったキャラクターは, それぞれから +2 の修正を受け,Ride 判定に+7」."""
    per = courage_per_point(RIDER, "Ride", TRAITS)
    assert per.total == 7 and per.parts == (("Bold", 2), ("Horselord", 2))
    assert per.text() == "+3 + Bold 2 + Horselord 2 = +7"
    spec = RollSpec(LotRRoller(rank=4), 15)
    rolled = RollResult((3, 4), 4, 15, spec.judge(7))  # 11 against 15: a failure
    after = spend_courage(spec, rolled, 1, per.total)
    assert (after.total, after.courage_bonus, after.degree) == (18, 7, Degree.COMPLETE_SUCCESS)


def test_one_trait_or_another_skill_gives_what_it_should():
    assert courage_per_point(replace(RIDER, edges=("Bold",)), "Ride", TRAITS).total == 5
    assert courage_per_point(RIDER, "Stealth", TRAITS).total == 3  # both are Ride traits as shipped
    assert courage_per_point(LotRCharacter(), "Ride", TRAITS).total == 3
    everything = table_from_json(TRAITS, [{"name": "Bold", "per_point": 2, "skills": None}])
    assert courage_per_point(RIDER, "Stealth", everything).total == 5  # empty skills: every test
    group = table_from_json(TRAITS, [{"name": "Bold", "per_point": 1, "skills": "Armed Combat, Ride"}])
    assert courage_per_point(RIDER, "Armed Combat: Blades", group).total == 4


def test_an_unset_trait_value_refuses_rather_than_counting_zero():
    unset = table_from_json(TRAITS, [{"name": "Horselord", "per_point": None, "skills": "Ride"}])
    per = courage_per_point(RIDER, "Ride", unset)
    assert per.unset == ("Horselord",) and "未設定" in per.refusal


def test_skill_of_a_check_kind():
    c = LotRCharacter(skills=(Skill("Armed Combat: Axes", 3, specialisations=("Throwing",)),))
    assert skill_of_kind(c, "skill:Armed Combat: Axes") == "Armed Combat: Axes"
    assert skill_of_kind(c, "skill:Armed Combat: Axes:Throwing") == "Armed Combat: Axes"
    assert skill_of_kind(c, "untrained:Ride") == "Ride"
    assert skill_of_kind(c, "attribute:wit") == ""


@pytest.mark.parametrize(("bonus", "tn"), [(4, 15), (0, 20), (7, 12)])
def test_odds_with_seven_a_point_match_an_independent_count(bonus, tn):
    spec = RollSpec(LotRRoller(rank=bonus), tn)
    curve = with_courage_probabilities(spec, 2, per_point=7)
    for n in range(3):
        assert abs(curve[n] - p_at_least(tn - bonus - 7 * n)) < Fraction(1, 10**4)


# ---- 1.3 / 3.1 load and movement ---------------------------------------------------------------
@pytest.mark.parametrize(
    ("load", "level"),
    [
        (None, None),
        (0, NORMAL),
        (80, NORMAL),
        (81, HEAVY),
        (160, HEAVY),
        (161, VERY_HEAVY),
        (240, VERY_HEAVY),
        (241, BEYOND_TABLE),  # 1.3 stops at 「x30まで超重荷」: past it the text says nothing
    ],
)
def test_load_levels_follow_str_times_10_20_30(load, level):
    assert load_level(LotRCharacter(attributes=Attributes(str=8), load=load)) == level


def test_movement_at_three_quarters_and_half_rounded_half_up():
    assert movement(NORMAL) == [
        ("walk", "Walk", 3, 6),
        ("jog", "Jog", 7, 9),
        ("run", "Run", None, 27),
        ("sprint", "Sprint", None, 40),
    ]
    # 3×3/4 = 2.25 → 2, 6×3/4 = 4.5 → 5, 9×3/4 = 6.75 → 7, 27×3/4 = 20.25 → 20, 40×3/4 = 30.
    assert [m[2:] for m in movement(HEAVY)] == [(2, 5), (5, 7), (None, 20), (None, 30)]
    # 3/2 = 1.5 → 2, 7/2 = 3.5 → 4, 9/2 = 4.5 → 5, 27/2 = 13.5 → 14.
    assert [m[2:] for m in movement(VERY_HEAVY)] == [(2, 3), (4, 5), (None, 14), (None, 20)]
    assert movement(BEYOND_TABLE) == []  # no fraction the text gives: shown as the GM's call


# ---- 1.4.2 Armed Combat bonus -------------------------------------------------------------------
def test_armed_combat_picks_at_6_9_12_and_the_same_action_twice():
    c = LotRCharacter(skills=(Skill("Armed Combat: Blades", 9), Skill("Armed Combat: Axes", 6)))
    assert armed_combat.open_milestones(c) == [
        ("Armed Combat: Blades", 6),
        ("Armed Combat: Blades", 9),
        ("Armed Combat: Axes", 6),
    ]
    c = armed_combat.choose(c, "Armed Combat: Blades", 6, "defensive")
    c = armed_combat.choose(c, "Armed Combat: Blades", 9, "defensive")  # 「複数回同じものを強化してもよい」
    c = armed_combat.choose(c, "Armed Combat: Axes", 6, "sweep")
    assert armed_combat.armed_combat_bonus(c, "defensive") == 2
    assert armed_combat.armed_combat_bonus(c, "sweep") == 1
    assert armed_combat.armed_combat_bonus(c, "power") == 0  # 「その行動に関してだけ」
    assert armed_combat.armed_combat_bonus(c, "defensive", "Armed Combat: Axes") == 0
    with pytest.raises(ValueError, match="ランク 12 に達してから"):
        armed_combat.choose(c, "Armed Combat: Blades", 12, "power")
    with pytest.raises(ValueError, match="もう選んであります"):
        armed_combat.choose(c, "Armed Combat: Blades", 6, "power")
    with pytest.raises(ValueError, match="Armed Combat の技能ではありません"):
        armed_combat.choose(c, "Ride", 6, "power")
    lower = replace(c, skills=(Skill("Armed Combat: Blades", 8), Skill("Armed Combat: Axes", 6)))
    assert armed_combat.armed_combat_bonus(lower, "defensive") == 1  # rank 9 no longer reached
    basic = armed_combat.choose(
        LotRCharacter(skills=(Skill("Armed Combat: Axes", 6),)), "Armed Combat: Axes", 6, "attack"
    )
    assert armed_combat.armed_combat_bonus(basic, "basic") == 1  # attack.py's name for it


# ---- 1.2 / 1.6.1 renown --------------------------------------------------------------------------
def test_renown_tn_local_5_area_10_and_ticked_modifiers():
    rules = lotr_rules()
    assert renown.renown_tn(rules, "Local").tn == 5
    assert renown.renown_tn(rules, "Area").tn == 10
    assert "行がありません" in renown.renown_tn(rules, "Nowhere").problem
    rules = with_table(
        rules,
        catalog.RENOWN_MODIFIERS,
        [{"name": "同じ種族", "modifier": -2}, {"name": "相手の Renown", "modifier": None}],
    )
    got = renown.renown_tn(rules, "Area", ["同じ種族"])
    assert (got.tn, got.parts) == (8, (("Area", 10), ("同じ種族", -2)))
    unset = renown.renown_tn(rules, "Area", ["相手の Renown"])
    assert unset.tn is None and "未設定" in unset.problem


def test_renown_odds_are_a_wits_test_counted_independently():
    rules = lotr_rules()
    c = LotRCharacter(attributes=Attributes(wit=10))  # Wits modifier +2
    spec = renown.renown_spec(c, rules, 10)
    assert spec.roller.bonus == 2
    assert renown.knows_probability(spec) == pytest.approx(float(p_at_least(8)), abs=1e-9)


def test_renown_raise_needs_a_reason():
    c = renown.raise_renown(LotRCharacter(renown=2), 1, "砦を守り抜いた")
    assert c.renown == 3
    with pytest.raises(ValueError, match="理由"):
        renown.raise_renown(c, 1, " ")
    with pytest.raises(ValueError, match="1 以上"):
        renown.raise_renown(c, 0, "x")


# ---- 1.6.2 several orders -----------------------------------------------------------------------
def _picks(*picks: Pick) -> tuple[Pick, ...]:
    return picks


def test_three_orders_must_name_two():
    rules = lotr_rules()
    ids = [o.id for o in rules.orders][:3]
    c = LotRCharacter(order=ids[0], other_orders=(ids[1], ids[2]))
    plain = Advancement(order=ids[0], picks=_picks(Pick("health", "", 5)))
    assert any("二つ選んでください" in p for p in orders.order_problems(c, plain, rules))
    named = replace(plain, advancing_orders=(ids[0], ids[1]))
    assert orders.order_problems(c, named, rules) == []
    elsewhere = replace(named, order=ids[2])
    assert any("成長ポイントを使える職業は" in p for p in orders.order_problems(c, elsewhere, rules))
    two = LotRCharacter(order=ids[0], other_orders=(ids[1],))
    assert orders.order_problems(two, plain, rules) == []


def test_an_order_skill_of_an_order_not_named_is_refused():
    a, b, other = Order("a", "A", "", ("Ride",)), Order("b", "B", "", ()), Order("c", "C", "", ("Track",))
    rules = replace(lotr_rules(), orders=(a, b, other))
    c = LotRCharacter(order="a", other_orders=("b", "c"))
    adv = Advancement(
        order="a",
        picks=(Pick("skill_rank", "Track", 3), Pick("skill_rank", "Ride", 2)),
        advancing_orders=("a", "b"),
    )
    assert orders.order_problems(c, adv, rules) == [
        "Track は成長ポイントを使わない職業（C）の職業スキルです（1.6.2）"
    ]


# ---- 1.6.3 elite orders -------------------------------------------------------------------------
def _elite_rules(minima: dict) -> LotRRules:
    return with_table(lotr_rules(), catalog.ELITE_ORDERS, [{"name": "Ranger of the North", **minima}])


def _veteran(n: int, order: str = "warrior", unknown: int = 0) -> LotRCharacter:
    advs = (Advancement(order=order),) * n + (Advancement(),) * unknown
    return LotRCharacter(order=order, attributes=Attributes(per=9, nim=8), advancements=advs)


def test_elite_conditions_met_failed_and_unset():
    rules = _elite_rules({"per": 9, "nim": 8})
    states = [c.state for c in orders.elite_conditions(_veteran(6), rules, "Ranger of the North", 5)]
    assert states == [orders.OK, orders.OK, orders.OK]
    five = orders.elite_conditions(_veteran(5), rules, "Ranger of the North", 3)
    assert [c.state for c in five] == [orders.FAIL, orders.OK, orders.FAIL]
    assert "最多は warrior の 5 回" in five[0].reason and "3 点" in five[2].reason
    weak = replace(_veteran(6), attributes=Attributes(per=8, nim=8))
    reason = orders.elite_conditions(weak, rules, "Ranger of the North", 5)[1].reason
    assert "8 < 9" in reason
    unset = orders.elite_conditions(_veteran(6), _elite_rules({}), "Ranger of the North", 5)[1]
    assert unset.state == orders.UNSET and "未設定" in unset.reason
    unknown = orders.elite_conditions(_veteran(4, unknown=2), rules, "Ranger of the North", 5)[0]
    assert unknown.state == orders.UNSET and "記録がない成長が 2 回" in unknown.reason


def test_an_elite_order_pick_is_checked_in_the_advancement():
    rules = _elite_rules({"per": 9})
    adv = Advancement(order="warrior", picks=(Pick("new_order", "ranger of the north", 5),))
    assert orders.elite_problems(_veteran(6), adv, rules) == []
    found = orders.elite_problems(_veteran(2), adv, rules)
    assert len(found) == 1 and "(1)" in found[0]
    assert table_to_json(rules.reference_table(catalog.ELITE_ORDERS))[0]["per"] == 9
