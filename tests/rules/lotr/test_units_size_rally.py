"""3.11.1 beyond the attack: Size from head count (÷ 10 × the race's factor, half up), Morale that
follows Size, the house rule's Morale modifiers, and the commander's Inspire against a rout —
golden cases with scripted dice, exact odds against a count made here and 20 000 seeded rolls."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest
from helpers_stats import chi_square_critical, chi_square_statistic

from gmtool.rules.systems.lotr import army as ar, reference_catalog as catalog, units as un
from gmtool.rules.systems.lotr.checks import LotRRoller, success_probability
from gmtool.rules.systems.lotr.reference_tables import table_from_json
from gmtool.rules.systems.lotr.rules_data import lotr_rules
from gmtool.rules.systems.lotr.units import ArmyRefused
from tests.rules.lotr.test_units import BANDS, GUARD, ORCS, RULES, Dice, brute_at_least, unit


# ---- Size from head count --------------------------------------------------------------------
@pytest.mark.parametrize(
    ("headcount", "factor", "size"),
    [
        (200, None, 20),  # 人数 ÷ 10
        (125, None, 13),  # 12.5 rounds half up (5.), not to even
        (124, None, 12),
        (125, Fraction(3, 2), 19),  # 18.75
        (100, Fraction(1, 2), 5),
        (30, Fraction(1, 4), 1),  # 0.75
        (0, None, 0),
    ],
)
def test_size_is_headcount_over_ten_times_the_factor_half_up(headcount, factor, size):
    assert un.size_from_headcount(headcount, factor) == size


def test_the_factor_comes_from_table_9_26_and_an_empty_one_is_refused():
    shipped = lotr_rules().reference_table(catalog.UNIT_SIZE)
    table = table_from_json(shipped, [{"name": "Orc", "factor": "1.5"}, {"name": "Troll"}])
    assert ar.race_factor(table, "Orc") == Fraction(3, 2)
    assert ar.race_factor(table, None) is None  # mixed races: no factor
    with pytest.raises(ArmyRefused, match=r"「Troll」の係数が未設定.*ルール表 → 参照表"):
        ar.race_factor(table, "Troll")
    with pytest.raises(ArmyRefused, match="「Elf」の行はありません"):
        ar.race_factor(table, "Elf")
    with pytest.raises(ArmyRefused, match="人数は 0 以上"):
        un.size_from_headcount(-1, None)


# ---- Morale follows Size ---------------------------------------------------------------------------
def test_morale_falls_with_size():
    # GUARD: Size 10, Morale 18 (= 8 + Size).  A hit of 4 leaves Size 6 and Morale 14.
    after = un.apply_unit_hit(GUARD, 4)
    assert (after.size, after.morale) == (6, 14)
    assert un.apply_unit_hit(GUARD, 99).morale == 8  # Size 0: the 1〜12 part is left
    state = ar.size_from_headcount(ar.Army(units=(GUARD,)), "guard", 150, None)
    assert (state.unit("guard").size, state.unit("guard").morale) == (15, 23)


def test_a_unit_without_morale_or_size_only_takes_the_size():
    assert un.with_size(unit("t", size=5), 3) == unit("t", size=3)
    assert un.with_size(unit("t", morale=9), 3).morale == 9


# ---- the house rule's Morale bonus ------------------------------------------------------------------
def test_the_morale_modifier_adds_to_damage_and_toughness_when_used():
    # ORCS Morale 25 → Table 2.1 +9 (16-17 +5, then +1 every 2 points); GUARD Morale 18 → +6.
    plain = un.attack_spec(ORCS, GUARD, LotRRoller(rank=4), RULES)
    used = un.attack_spec(ORCS, GUARD, LotRRoller(rank=4), RULES, use_morale=True)
    assert (used.morale_damage, used.morale_defense) == (RULES.modifier(25), RULES.modifier(18)) == (9, 6)
    assert (plain.tn, plain.damage) == (18, 18)  # 8 + 10; (6 + 20) − 8
    assert used.tn == 18 + used.morale_defense
    assert used.damage == 6 + 20 + used.morale_damage - (8 + used.morale_defense)
    with pytest.raises(ArmyRefused, match="Morale が未入力"):
        un.attack_spec(unit("a", size=5, strength=5), GUARD, LotRRoller(), RULES, use_morale=True)


# ---- the commander's Inspire against a rout ----------------------------------------------------------
def test_golden_inspire_wins_and_the_unit_holds():
    spec = un.morale_spec(GUARD, LotRRoller(rank=8), BANDS, rally=LotRRoller(rank=5))
    # Intimidate 4 + 6 + 8 = 18 reaches Morale 18; then Inspire 5 + 5 + 5 = 15 against 8 + 3 + 3 = 14.
    result = un.resolve_morale(spec, Dice(4, 6, 5, 5, 3, 3))
    assert result.reached and result.rallied and not result.broke and not result.target_after.broken
    # A tie (15 against 15) is rolled again (1.5.2); then 5 + 2 + 1 = 8 loses to 8 + 2 + 2 = 12.
    result = un.resolve_morale(spec, Dice(4, 6, 5, 5, 3, 4, 2, 1, 2, 2))
    assert [r.winner for r in result.rally.rounds] == [None, un.Contestant.B]
    assert result.broke and result.target_after.broken


def test_no_rally_roll_when_the_test_falls_short():
    spec = un.morale_spec(GUARD, LotRRoller(rank=8), BANDS, rally=LotRRoller(rank=5))
    result = un.resolve_morale(spec, Dice(4, 5))  # 17 < 18
    assert not result.reached and result.rally is None and not result.broke


def brute_opposed_a_wins(a_bonus: int, b_bonus: int, top: int = 150) -> Fraction:
    """P(A's total beats B's, ties rolled again), from brute_at_least's point masses up to `top`
    (the exploding tail past it is below 10⁻¹⁸, so the two are compared to 10⁻¹⁵)."""
    pmf = {t: brute_at_least(t) - brute_at_least(t + 1) for t in range(2, top)}
    ahead = sum(pa * pb for ta, pa in pmf.items() for tb, pb in pmf.items() if ta + a_bonus > tb + b_bonus)
    tie = sum(pa * pb for ta, pa in pmf.items() for tb, pb in pmf.items() if ta + a_bonus == tb + b_bonus)
    return ahead / (1 - tie)


def test_rally_and_break_odds_match_an_independent_count():
    spec = un.morale_spec(GUARD, LotRRoller(rank=6), BANDS, support=ORCS, rally=LotRRoller(rank=7))
    assert spec.roll_spec().roller.bonus == 10  # 6 + Size 20 ÷ 5
    assert un.reach_probability(spec) == brute_at_least(8)
    rally = brute_opposed_a_wins(7, 10)
    assert float(un.rally_probability(spec)) == pytest.approx(float(rally), abs=1e-15)
    assert un.break_probability(spec) == un.reach_probability(spec) * (1 - un.rally_probability(spec))
    no_rally = un.morale_spec(GUARD, LotRRoller(rank=6), BANDS, support=ORCS)
    assert un.break_probability(no_rally) == un.reach_probability(no_rally)


@pytest.mark.parametrize("bonus", [-30, -5, 0, 3, 8, 17, 40])
@pytest.mark.parametrize("morale", [0, 5, 18, 30])
def test_the_closed_form_reach_is_the_walked_distributions(bonus, morale):
    spec = un.morale_spec(unit("t", morale=morale), LotRRoller(modifier=bonus), BANDS)
    assert un.reach_probability(spec) == success_probability(spec.roll_spec())


def test_a_huge_morale_is_worked_out_at_once():
    # Morale 12 + Size 100 000: the walk over every total took seconds; the closed form does not.
    spec = un.morale_spec(unit("t", morale=100_012), LotRRoller(modifier=20), BANDS, rally=LotRRoller())
    assert 0 < un.break_probability(spec) < Fraction(1, 10**1000)


def test_20000_seeded_rout_checks_agree_with_the_odds():
    spec = un.morale_spec(GUARD, LotRRoller(rank=7), BANDS, rally=LotRRoller(rank=6))
    rng = random.Random(2525)
    results = [un.resolve_morale(spec, rng) for _ in range(20_000)]
    outcomes = Counter("broke" if r.broke else ("rallied" if r.rallied else "short") for r in results)
    reach, rally = un.reach_probability(spec), un.rally_probability(spec)
    expected = {"broke": reach * (1 - rally), "rallied": reach * rally, "short": 1 - reach}
    statistic, df = chi_square_statistic(outcomes, expected)
    assert statistic < chi_square_critical(df, 0.001), (outcomes, {k: float(v) for k, v in expected.items()})


def test_army_rout_check_with_a_rally_keeps_the_unit():
    state = ar.Army(units=(ORCS, GUARD))
    after, result = ar.morale_test(
        state, "guard", LotRRoller(rank=8), BANDS, Dice(4, 6, 5, 5, 3, 3), rally=LotRRoller(rank=5)
    )
    assert result.rallied and after == state and not after.unit("guard").broken
