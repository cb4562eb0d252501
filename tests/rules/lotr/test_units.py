"""LotR unit combat (3.11.1): hand-checked golden cases, exact odds against a brute force that
does not use exploding.py, 20 000 seeded attacks against P(hit), and the army document."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest
from helpers_stats import chi_square_critical, chi_square_statistic
from pydantic import ValidationError

from gmtool.rules.systems.lotr import army as ar, units as un
from gmtool.rules.systems.lotr.checks import LotRRoller, success_probability
from gmtool.rules.systems.lotr.rules_data import Degree, lotr_rules
from gmtool.rules.systems.lotr.units import ArmyRefused, Unit

RULES = lotr_rules()
BANDS = RULES.degree_bands()


class Dice:
    """Scripted d6 faces, in order."""

    def __init__(self, *faces: int) -> None:
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        assert (a, b) == (1, 6)
        return self.faces.pop(0)


def unit(uid: str = "u", **values) -> Unit:
    return Unit(uid, name=values.pop("name", uid), **values)


ORCS = unit("orcs", size=20, strength=6, toughness=6, morale=25)
GUARD = unit("guard", size=10, strength=8, toughness=8, morale=18)


def brute_at_least(needed: int) -> Fraction:
    """P(dice ≥ needed) by walking every sequence of faces: 2d6, and after a double six one more
    d6 while the last shows 6; a branch is cut once its total already reaches `needed`."""

    def chain(total: int) -> Fraction:  # one more die after a six (or the double six)
        p = Fraction(0)
        for face in range(1, 7):
            t = total + face
            if t >= needed:
                p += Fraction(1, 6)
            elif face == 6:
                p += Fraction(1, 6) * chain(t)
        return p

    p = Fraction(0)
    for a in range(1, 7):
        for b in range(1, 7):
            if a == b == 6:
                p += Fraction(1, 36) * (1 if 12 >= needed else chain(12))
            elif a + b >= needed:
                p += Fraction(1, 36)
    return p


# ---- golden numbers ------------------------------------------------------------------------------
def test_a_hit_does_strength_plus_size_minus_toughness():
    attacker = unit("a", size=20, strength=6)
    target = unit("t", size=30, toughness=8)
    assert un.unit_damage(attacker, target) == 18  # (6 + 20) − 8
    assert un.apply_unit_hit(target, 18).size == 12


def test_damage_is_never_negative():
    assert un.unit_damage(unit("a", size=3, strength=2), unit("t", toughness=8)) == 0


def test_size_zero_destroys_the_unit():
    target = unit("t", size=10, toughness=8)
    after = un.apply_unit_hit(target, 18)
    assert after.size == 0 and after.destroyed
    assert not un.apply_unit_hit(target, 9).destroyed
    with pytest.raises(ValueError):
        un.apply_unit_hit(target, -1)


def test_the_tn_is_toughness_plus_ten_and_strength_adds_its_modifier():
    assert un.attack_tn(GUARD) == 18 and un.attack_tn(GUARD, 2) == 20
    strong = unit("s", size=5, strength=12, toughness=3)
    assert un.strength_bonus(strong, RULES) == 3  # Table 2.1: 12–13 → +3
    assert un.strength_bonus(ORCS, RULES) == 0  # 4–7 → 0
    spec = un.attack_spec(strong, GUARD, LotRRoller(rank=4, attribute_modifier=1), RULES)
    assert (spec.strength_bonus, spec.tn, spec.damage) == (3, 18, 9)
    assert spec.roll_spec().roller.bonus == 8 and spec.roll_spec().tn == 18


@pytest.mark.parametrize(
    ("size", "bonus"), [(0, 0), (2, 0), (3, 1), (7, 1), (8, 2), (12, 2), (13, 3), (22, 4), (23, 5)]
)
def test_intimidate_bonus_is_size_over_five_rounded_half_up(size, bonus):
    # 7 → 1.4 → 1, 12 → 2.4 → 2, 13 → 2.6 → 3, 22 → 4.4 → 4, 23 → 4.6 → 5
    assert un.intimidate_bonus(size) == bonus


def test_half_up_rounds_a_half_up_not_to_even():
    assert un.half_up(5, 2) == 3  # 2.5 → 3 (round() would give 2)
    assert un.half_up(25, 10) == 3 and un.half_up(15, 10) == 2 and un.half_up(14, 10) == 1
    with pytest.raises(ValueError):
        un.half_up(-5, 2)


def test_mobility_is_doubled_when_mounted():
    assert unit(mobility=5).effective_mobility == 5
    assert unit(mobility=5, mounted=True).effective_mobility == 10
    assert unit().effective_mobility is None


# ---- exact odds ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("strength", "commander", "toughness"),
    [(6, 0, 8), (12, 4, 8), (2, 0, 12), (6, 10, 1), (1, -3, 12), (20, 6, 2)],
)
def test_p_hit_equals_a_brute_force_count_of_the_dice(strength, commander, toughness):
    attacker = unit("a", size=10, strength=strength)
    target = unit("t", size=10, toughness=toughness)
    spec = un.attack_spec(attacker, target, LotRRoller(modifier=commander), RULES)
    needed = toughness + 10 - commander - RULES.modifier(strength)
    assert un.hit_probability(spec) == brute_at_least(needed)
    assert un.hit_probability(spec) == success_probability(spec.roll_spec())
    assert un.hit_probability(spec.roll_spec()) == un.hit_probability(spec)


def test_brute_force_itself():
    assert brute_at_least(2) == 1
    assert brute_at_least(12) == Fraction(1, 36)
    assert brute_at_least(13) == Fraction(1, 36)  # the extra die is at least 1
    assert brute_at_least(18) == Fraction(1, 36) * Fraction(1, 6)  # 12 + 6, then anything


def test_20000_seeded_attacks_agree_with_p_hit():
    attacker = unit("a", size=10, strength=10)  # +2
    spec = un.attack_spec(attacker, GUARD, LotRRoller(rank=3), RULES)  # bonus 5 vs TN 18: needs 13
    p = un.hit_probability(spec)
    rng = random.Random(20241125)
    hits = Counter(un.resolve_unit_attack(spec, rng).hit for _ in range(20_000))
    statistic, df = chi_square_statistic(hits, {True: p, False: 1 - p})
    assert statistic < chi_square_critical(df, 0.001), (hits, float(p))


# ---- resolving --------------------------------------------------------------------------------------
def test_a_hit_with_fixed_dice_lowers_the_target_size():
    attacker = unit("a", size=20, strength=6)
    target = unit("t", size=30, toughness=8)
    spec = un.attack_spec(attacker, target, LotRRoller(rank=2), RULES)  # 2 + dice vs 18
    result = un.resolve_unit_attack(spec, Dice(6, 5))  # 11 + 2 = 13: miss
    assert not result.hit and result.damage == 0 and result.target_after == target
    result = un.resolve_unit_attack(spec, Dice(6, 6, 4))  # 16 + 2 = 18: a marginal success hits
    assert result.hit and result.roll.degree is Degree.MARGINAL_SUCCESS
    assert result.damage == 18 and result.target_after.size == 12 and not result.destroyed


def test_an_attack_that_brings_size_to_zero_destroys():
    state = ar.Army(units=(unit("a", size=20, strength=6), unit("t", size=10, toughness=8)))
    state, result = ar.attack(state, "a", "t", LotRRoller(rank=20), RULES, Dice(3, 3))
    assert result.destroyed and state.unit("t").size == 0 and state.unit("t").destroyed
    with pytest.raises(ArmyRefused, match="消滅しています"):
        ar.attack(state, "a", "t", LotRRoller(), RULES, Dice(3, 3))
    with pytest.raises(ArmyRefused, match="消滅しています"):
        ar.attack(state, "t", "a", LotRRoller(), RULES, Dice(3, 3))


@pytest.mark.parametrize(
    ("attacker", "target", "reason"),
    [
        (unit("a", size=5), GUARD, "部隊「a」の Strength が未入力です"),
        (unit("a", strength=5), GUARD, "部隊「a」の Size が未入力です"),
        (ORCS, unit("t", size=4), "部隊「t」の Toughness が未入力です"),
        (ORCS, unit("t", toughness=4), "部隊「t」の Size が未入力です"),
        (ORCS, ORCS, "自分自身を攻撃できません"),
    ],
)
def test_an_attack_needs_every_value_it_uses(attacker, target, reason):
    with pytest.raises(ArmyRefused, match=reason):
        un.attack_spec(attacker, target, LotRRoller(), RULES)


# ---- morale ----------------------------------------------------------------------------------------
def test_morale_is_the_tn_and_a_supporting_unit_adds_size_over_five():
    intimidate = LotRRoller(rank=5, attribute_modifier=1)
    spec = un.morale_spec(GUARD, intimidate, BANDS, support=ORCS)  # ORCS Size 20 → +4
    assert (spec.tn, spec.support_bonus, spec.roll_spec().roller.bonus) == (18, 4, 10)
    assert un.break_probability(spec) == brute_at_least(8)
    alone = un.morale_spec(GUARD, intimidate, BANDS, tn_modifier=-2)
    assert (alone.tn, alone.support_bonus) == (16, 0)
    assert un.break_probability(alone) == brute_at_least(10)


def test_reaching_the_morale_breaks_the_unit():
    spec = un.morale_spec(GUARD, LotRRoller(rank=8), BANDS)  # TN 18: dice 10 reach it
    assert not un.resolve_morale(spec, Dice(4, 5)).broke
    result = un.resolve_morale(spec, Dice(4, 6))
    assert result.broke and result.target_after.broken and result.roll.total == 18
    with pytest.raises(ArmyRefused, match="既に崩壊しています"):
        un.morale_spec(result.target_after, LotRRoller(), BANDS)


def test_morale_refusals():
    with pytest.raises(ArmyRefused, match="Morale が未入力です"):
        un.morale_spec(unit("t", size=3), LotRRoller(), BANDS)
    with pytest.raises(ArmyRefused, match="自身の Size"):
        un.morale_spec(GUARD, LotRRoller(), BANDS, support=GUARD)
    with pytest.raises(ArmyRefused, match="部隊「x」の Size が未入力です"):
        un.morale_spec(GUARD, LotRRoller(), BANDS, support=unit("x"))


def test_army_morale_test_stores_the_break():
    state = ar.Army(units=(ORCS, GUARD))
    state, result = ar.morale_test(state, "guard", LotRRoller(rank=4), BANDS, Dice(6, 6, 1), "orcs")
    assert result.broke and state.unit("guard").broken and result.roll.total == 4 + 4 + 13


# ---- the document ---------------------------------------------------------------------------------
def test_unit_operations_keep_order_and_ids():
    state = ar.add_unit(ar.add_unit(ar.Army(), ORCS), GUARD)
    state = ar.duplicate_unit(state, "orcs", "orcs2", "orcs のコピー")
    assert [u.id for u in state.units] == ["orcs", "orcs2", "guard"]
    assert state.unit("orcs2").size == 20 and state.unit("orcs2").name == "orcs のコピー"
    state = ar.replace_unit(state, Unit("guard", name="近衛", size=3))
    assert state.unit("guard").name == "近衛"
    state = ar.remove_unit(state, "orcs")
    assert [u.id for u in state.units] == ["orcs2", "guard"]
    with pytest.raises(ArmyRefused, match="その部隊はありません"):
        ar.remove_unit(state, "orcs")
    with pytest.raises(ArmyRefused, match="同じIDの部隊"):
        ar.add_unit(state, GUARD)


def test_load_dump_round_trip():
    state = ar.Army(units=(ORCS, unit("cav", size=4, mobility=6, mounted=True, broken=True), unit("new")))
    assert ar.load_army(ar.dump_army(state)) == state
    assert ar.load_army(None) == ar.Army()
    assert ar.dump_army(state)["units"][2]["size"] is None  # not entered stays not entered


@pytest.mark.parametrize(
    ("document", "where"),
    [
        ({"units": [{"id": "a", "size": -1}]}, "units.0.size"),
        ({"units": [{"id": "a", "size": "20"}]}, "units.0.size"),
        ({"units": [{"id": "a", "strength": True}]}, "units.0.strength"),
        ({"units": [{"id": "a", "size": 10**9}]}, "units.0.size"),
        ({"units": [{"id": "a", "owner": "x"}]}, "units.0.owner"),
        ({"units": [{"id": ""}]}, "units.0.id"),
        ({"units": [{"id": "a"}, {"id": "a"}]}, "同じIDの部隊が2つあります"),
        ({"units": [{"id": "a", "name": "x" * 201}]}, "units.0.name"),
        ({"units": [{"id": str(i)} for i in range(1001)]}, "units"),
        ({"units": {"id": "a"}}, "units"),
        ({"armies": []}, "armies"),
        ([], "Army"),
    ],
)
def test_a_hostile_document_is_refused(document, where):
    with pytest.raises(ValidationError, match=where):
        ar.load_army(document)
