"""フォーカード's house-rule switches, both readings each, and the small rules the text states: the 総合LV
table as lower / upper bounds (against an independent count), a natural 12 or 2 in a 比較ロール deciding
or not (fixed dice and an independent enumeration of the 36 × 36 rolls), the optional draw, 「一度に
1TP」 per purchase / per 幕間, a second award for one scenario, and 負傷 healed by sleep once a day."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from itertools import product

import pytest

from gmtool.rules.systems.fourcard import SYSTEM, damage
from gmtool.rules.systems.fourcard.advancement import awarded_for, skill_tp_purchase
from gmtool.rules.systems.fourcard.catalog import SkillCatalog, SkillDef
from gmtool.rules.systems.fourcard.character import LedgerEntry
from gmtool.rules.systems.fourcard.checks import (
    CompareSpec,
    Contestant,
    FourCardRoller,
    compare_distribution,
    resolve,
)
from gmtool.rules.systems.fourcard.derived import level
from gmtool.rules.systems.fourcard.house_rules import (
    LEVEL_LOWER,
    LEVEL_UPPER,
    NATURALS_DECIDE,
    NATURALS_PLAIN,
    TP_PER_INTERLUDE,
    TP_PER_PURCHASE,
)
from gmtool.rules.systems.fourcard.rules_data import fourcard_rules
from tests.qt_fixtures import sample_fourcard_character

THRESHOLDS = (10, 30, 60, 100, 150, 210, 280, 360)  # the table as the text prints it
ROLLS = list(product(range(1, 7), repeat=2))


# ---- 総合LV: 「獲得経験点 / 総合LV」 with the LV column lost -------------------------------------------


@pytest.mark.parametrize("xp", range(0, 400))
def test_both_readings_of_the_level_table_match_an_independent_count(xp):
    lower = sum(1 for t in THRESHOLDS if xp >= t)
    upper = next((i + 1 for i, t in enumerate(THRESHOLDS) if xp <= t), len(THRESHOLDS))
    assert fourcard_rules().level_for(xp) == lower
    assert fourcard_rules().level_for(xp, LEVEL_LOWER) == lower
    assert fourcard_rules().level_for(xp, LEVEL_UPPER) == upper


def test_a_new_character_with_15_xp_is_level_1_or_2_and_its_attribute_bases_follow():
    garud = sample_fourcard_character()  # 15 XP, DX 6
    assert (level(garud), level(garud, LEVEL_UPPER)) == (1, 2)
    lower = {k.id: k.value for k in SYSTEM.checks(garud)}
    upper = {k.id: k.value for k in SYSTEM.checks(garud, LEVEL_UPPER)}
    assert (lower["attribute:dx"], upper["attribute:dx"]) == (7, 8)
    assert (lower["resist:vt"], upper["resist:vt"]) == (6, 7)
    assert lower["skill:接近戦"] == upper["skill:接近戦"]  # a skill LV has no 総合LV in it
    assert damage.day_recovery_spec(garud, True, level_reading=LEVEL_UPPER).roller.base == 5 + 2


# ---- 比較ロール: a natural 12 / 2 -----------------------------------------------------------------------


def independent_wins(a: int, b: int, naturals: str) -> dict[Contestant | None, Fraction]:
    """One round over all 36 × 36 rolls, judged here from the text, then ties re-rolled."""
    counts: dict[Contestant | None, int] = {Contestant.A: 0, Contestant.B: 0, None: 0}
    for (a1, a2), (b1, b2) in product(ROLLS, ROLLS):
        na, nb = a1 + a2, b1 + b2
        va, vb = na + a, nb + b
        if naturals == NATURALS_DECIDE and (na in (2, 12) or nb in (2, 12)) and na != nb:
            a_rank = {12: 1, 2: -1}.get(na, 0)
            b_rank = {12: 1, 2: -1}.get(nb, 0)
            if a_rank != b_rank:
                counts[Contestant.A if a_rank > b_rank else Contestant.B] += 1
                continue
        if naturals == NATURALS_DECIDE and na == nb and na in (2, 12):
            counts[None] += 1
        elif va == vb:
            counts[None] += 1
        else:
            counts[Contestant.A if va > vb else Contestant.B] += 1
    decided = counts[Contestant.A] + counts[Contestant.B]
    return {Contestant.A: Fraction(counts[Contestant.A], decided), None: Fraction(counts[None], 36**2)}


@pytest.mark.parametrize("naturals", [NATURALS_DECIDE, NATURALS_PLAIN])
@pytest.mark.parametrize(("a", "b"), [(0, 20), (5, 3), (4, 4), (10, 0), (3, 12)])
def test_both_readings_match_an_independent_enumeration(naturals, a, b):
    spec = CompareSpec(FourCardRoller(a), FourCardRoller(b), naturals)
    expected = independent_wins(a, b, naturals)
    assert compare_distribution(spec)[Contestant.A] == expected[Contestant.A]
    drawn = compare_distribution(CompareSpec(FourCardRoller(a), FourCardRoller(b), naturals, draw=True))
    assert drawn[None] == expected[None]


def test_a_natural_12_against_a_far_higher_base_wins_only_when_naturals_decide():
    a, b = FourCardRoller(0), FourCardRoller(20)
    assert CompareSpec(a, b).judge_round((6, 6), (5, 5)) is Contestant.A
    assert CompareSpec(a, b, NATURALS_PLAIN).judge_round((6, 6), (5, 5)) is Contestant.B
    # and a natural 2 with the higher roll value loses only when naturals decide
    assert CompareSpec(b, a).judge_round((1, 1), (3, 3)) is Contestant.B
    assert CompareSpec(b, a, NATURALS_PLAIN).judge_round((1, 1), (3, 3)) is Contestant.A


def test_base_0_against_20_the_natural_12_moves_the_odds_from_about_3_percent_to_none():
    decide = compare_distribution(CompareSpec(FourCardRoller(0), FourCardRoller(20)))
    plain = compare_distribution(CompareSpec(FourCardRoller(0), FourCardRoller(20), NATURALS_PLAIN))
    assert decide[Contestant.A] == Fraction(35 + 35 - 1, 36**2 - 2)
    assert plain[Contestant.A] == 0


class Dice(random.Random):
    """Rolls the given faces in order (fixed dice)."""

    def __init__(self, faces: list[int]) -> None:
        super().__init__(0)
        self.faces = iter(faces)

    def randint(self, a: int, b: int) -> int:
        return next(self.faces)


def test_a_tie_is_rolled_again_or_ends_as_a_draw():
    spec = CompareSpec(FourCardRoller(3), FourCardRoller(3))
    rerolled = resolve(spec, Dice([3, 4, 2, 5, 6, 6, 1, 2]))
    assert rerolled.winner is Contestant.A and len(rerolled.rounds) == 2
    drawn = resolve(replace(spec, draw=True), Dice([3, 4, 2, 5, 6, 6, 1, 2]))
    assert drawn.winner is None and len(drawn.rounds) == 1


# ---- 「ひとつのスキルは一度に1TPしか上昇させることができません」 -------------------------------------


CATALOG = SkillCatalog((SkillDef("接近戦", "dx", 5),))


def bought_after(scenario: str):
    garud = sample_fourcard_character()
    growth = (
        *garud.growth,
        LedgerEntry(scenario=scenario, xp=30),
        LedgerEntry(scenario=scenario, bought="【接近戦】3TP", cost=15),
    )
    skills = tuple(replace(skill, tp=3) for skill in garud.skills)
    return replace(garud, growth=growth, skills=skills)


def test_per_purchase_a_skill_may_rise_twice_in_one_interlude():
    purchase = skill_tp_purchase(bought_after("廃坑"), CATALOG, "接近戦", 30, interlude="廃坑")
    assert purchase.allowed and purchase.cost == 5 * 4


def test_per_interlude_a_second_tp_after_the_same_scenario_is_refused():
    character = bought_after("廃坑")
    purchase = skill_tp_purchase(character, CATALOG, "接近戦", 30, per=TP_PER_INTERLUDE, interlude="廃坑")
    assert not purchase.allowed
    assert "この幕間（シナリオ「廃坑」の後）にもう1TP" in str(purchase.refusals[0])
    after_next = skill_tp_purchase(character, CATALOG, "接近戦", 30, per=TP_PER_INTERLUDE, interlude="古城")
    assert after_next.allowed
    assert skill_tp_purchase(character, CATALOG, "接近戦", 30, per=TP_PER_PURCHASE, interlude="廃坑").allowed


def test_an_award_for_a_scenario_already_awarded_is_known():
    character = bought_after("廃坑")
    assert awarded_for(character, "廃坑") and not awarded_for(character, "古城")
    assert awarded_for(character, " 廃坑 ")  # the name as the GM typed it, spaces aside


# ---- 負傷: 「連続6時間の睡眠によって、1日に1点だけ回復」 --------------------------------------------


def test_sleep_heals_one_injury_unless_sleep_healed_one_this_day():
    hurt = replace(sample_fourcard_character(), injury=3, fatigue=4)
    first = damage.sleep(hurt, 8)
    assert (first.injury, first.fatigue) == (1, 4)
    second = damage.sleep(first.after, 8, healed_today=True)
    assert (second.injury, second.after.injury) == (0, 2)
