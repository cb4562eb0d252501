"""An attack from start to finish (3.2–3.6, 3.10): golden cases with fixed dice from the text's own
numbers, and the exact odds against an independent walk of the dice."""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache

import pytest

from gmtool.rules.systems.lotr.attack import (
    PARRIED,
    AttackSpec,
    attack_distribution,
    damage_total,
    half_up,
    hit_probability,
    judge,
    needs_parry_roll,
    parse_damage,
    resolve,
)
from gmtool.rules.systems.lotr.rules_data import Degree

CUTOFF = Fraction(1, 10**30)


# ---- golden cases: fixed dice, the text's numbers ------------------------------------------------
def test_the_tn_is_the_targets_defence_and_reaching_it_hits():
    # 3.3 「攻撃の基本目標値は,攻撃対象の Defense の値である.目標値以上で命中」
    spec = AttackSpec(bonus=4, defence=11)
    assert judge(spec, (3, 4)).degree is Degree.MARGINAL_SUCCESS  # 7 + 4 = 11 = Defence
    assert judge(spec, (3, 3)).degree is Degree.FAILURE  # 10
    assert not judge(spec, (3, 3)).hit


def test_a_dodge_total_is_the_tn_and_a_tie_hits():
    # 3.3 「Dodgeの結果は攻撃側の目標値になるので,同点の場合は命中である」
    spec = AttackSpec(bonus=5, defence=16)  # a dodge of 16 replaced Defence 11
    result = judge(spec, (5, 6))
    assert result.total == 16 and result.hit


def test_a_parry_tie_is_the_defenders():
    # 3.3 「回避の場合と違い,同点では防御成功である」
    spec = AttackSpec(bonus=5, defence=11, parry=3)
    result = judge(spec, (5, 6), (6, 4))  # attack 16, parry 13 → fails to parry
    assert result.hit and result.parry_total == 13
    tied = judge(spec, (5, 6), (6, 6, 1))  # parry 12 + 1 + 3 = 16 = the attack: parried
    assert tied.parried and not tied.hit and tied.outcome == PARRIED


def test_a_parry_is_not_rolled_when_the_attack_misses_defence():
    # 3.3 「攻撃側の達成値が元の Defense に到達しないときは, アクションは消費されない」
    spec = AttackSpec(bonus=0, defence=11, parry=3)
    assert not needs_parry_roll(spec, (2, 3))
    assert needs_parry_roll(spec, (5, 6))
    assert judge(spec, (2, 3)).parry_total is None


def test_extraordinary_is_eleven_over_the_tn():
    # 3.6 「Extraordinary Success (目標値を11以上上回った)」
    spec = AttackSpec(bonus=10, defence=10)
    assert judge(spec, (5, 6)).degree is Degree.EXTRAORDINARY_SUCCESS  # 21 − 10 = 11
    assert judge(spec, (5, 5)).degree is Degree.SUPERIOR_SUCCESS  # 10
    assert judge(spec, (5, 6)).extraordinary


def test_options_and_aim_add_to_the_attack():
    # 3.2 defensive −2, precise +2, charge +1; 3.5 aim: direct +1, indirect +3
    assert AttackSpec(bonus=3, defence=10, option="defensive").attack_bonus == 1
    assert AttackSpec(bonus=3, defence=10, option="precise").attack_bonus == 5
    assert AttackSpec(bonus=3, defence=10, option="charge").attack_bonus == 4
    assert AttackSpec(bonus=3, defence=10, aim=1).attack_bonus == 4
    assert AttackSpec(bonus=3, defence=10, aim=3, ranged=True).attack_bonus == 6
    # a foe one size larger: +2; two sizes smaller: −4 (1.5, 3.2)
    assert AttackSpec(bonus=3, defence=10, size_steps=1).attack_bonus == 5
    assert AttackSpec(bonus=3, defence=10, size_steps=-2).attack_bonus == -1


def test_a_head_shot_adds_twelve_to_the_tn():
    # 3.7 「頭部狙いの場合,目標値は +12 の修正を受ける」
    assert AttackSpec(bonus=3, defence=11, called_shot=12).tn == 23


def test_missiles_range_steps_and_the_shield():
    # 3.4: TN = Defence; beyond "L" +2 per step S; the shield's bonus always counts
    spec = AttackSpec(bonus=6, defence=11, ranged=True, range_steps=2, shield=2)
    assert spec.tn == 11 + 4 + 2
    assert judge(spec, (6, 5)).degree is Degree.MARGINAL_SUCCESS  # 17 = 17
    # in melee the shield counts only on a parry
    melee = AttackSpec(bonus=6, defence=11, shield=2, parry=1)
    assert melee.tn == 11 and melee.parry_bonus == 3


def test_missiles_cannot_be_parried_and_range_steps_are_ranged_only():
    with pytest.raises(ValueError, match="飛び道具に対しては Parry/Block できません"):
        AttackSpec(bonus=6, defence=11, ranged=True, parry=4)
    with pytest.raises(ValueError, match="射撃だけ"):
        AttackSpec(bonus=6, defence=11, range_steps=1)
    with pytest.raises(ValueError, match="Defence 99 は 0〜60 の範囲外です"):
        AttackSpec(bonus=6, defence=99)


def test_damage_adds_the_str_bonus_and_the_options():
    # 3.10 「ダメージにも,STRボーナスを加算」; 3.2 power +3, precise −2, two-handed +4
    assert damage_total(7, 2) == 9
    assert damage_total(7, 2, "power") == 12
    assert damage_total(7, 2, "precise") == 7
    assert damage_total(7, 2, "two_handed") == 13
    assert damage_total(1, -3, "precise") == 0  # never negative


def test_charge_is_one_and_a_half_rounded_half_up():
    # 3.2 charge 「ダメージ1.5倍」; 5. 「割り算を行ったときは,端数を四捨五入する」
    assert damage_total(6, 1, "charge") == 11  # 7 × 1.5 = 10.5 → 11
    assert damage_total(6, 2, "charge") == 12  # 8 × 1.5 = 12
    assert [half_up(v) for v in (1, 2, 3, 21)] == [1, 1, 2, 11]


def test_damage_dice_do_not_explode_and_have_a_maximum():
    # 3.2 「ダメージ値の計算においては,2d6 が6ゾロだったからといって振り足しは発生しない」
    dice = parse_damage("2d6+1")
    assert dice.maximum == 13 and str(dice) == "2d6+1"
    for seed in range(200):
        faces, total = dice.roll(random.Random(seed))
        assert len(faces) == 2 and 3 <= total <= 13
    with pytest.raises(ValueError, match="2d6\\+1"):
        parse_damage("lots")


def test_a_seeded_roll_is_the_judged_dice():
    spec = AttackSpec(bonus=4, defence=12, parry=2)
    for seed in range(50):
        result = resolve(spec, random.Random(seed))
        assert result == judge(spec, result.faces, result.parry_faces)


# ---- the exact odds against an independent walk of the dice ----------------------------------------
@cache
def ref_totals() -> dict[int, Fraction]:
    """P(dice total = t), walking 36 pairs and then one more d6 while it shows 6 (branches below
    1e-30 dropped)."""
    table: dict[int, Fraction] = {}

    def extra(p: Fraction, so_far: int) -> None:
        for face in range(1, 7):
            q = p / 6
            if face == 6 and q > CUTOFF:
                extra(q, so_far + 6)
            elif face != 6:
                table[so_far + face] = table.get(so_far + face, Fraction(0)) + q

    for a in range(1, 7):
        for b in range(1, 7):
            if a + b == 12:
                extra(Fraction(1, 36), 12)
            else:
                table[a + b] = table.get(a + b, Fraction(0)) + Fraction(1, 36)
    return table


BANDS = [(-10**9, "disastrous_failure"), (-10, "complete_failure"), (-5, "failure"), (0, "marginal_success"),
         (1, "complete_success"), (6, "superior_success"), (11, "extraordinary_success")]  # fmt: skip


def ref_degree(margin: int) -> str:
    return [name for low, name in BANDS if margin >= low][-1]


def reference(bonus: int, tn: int, parry: int | None) -> dict[str, Fraction]:
    out: dict[str, Fraction] = {}
    for r, p in ref_totals().items():
        total = bonus + r
        degree = ref_degree(total - tn)
        if parry is None or total < tn:
            out[degree] = out.get(degree, Fraction(0)) + p
            continue
        held = sum((q for s, q in ref_totals().items() if s + parry >= total), Fraction(0))
        out[degree] = out.get(degree, Fraction(0)) + p * (1 - held)
        out[PARRIED] = out.get(PARRIED, Fraction(0)) + p * held
    return out


CASES = [
    dict(bonus=0, defence=10),
    dict(bonus=5, defence=11, option="power"),
    dict(bonus=3, defence=12, option="defensive", aim=1),
    dict(bonus=2, defence=14, called_shot=12),
    dict(bonus=7, defence=11, ranged=True, range_steps=3, shield=2, aim=3),
    dict(bonus=4, defence=11, parry=3),
    dict(bonus=9, defence=10, parry=8, shield=2, option="charge"),
    dict(bonus=-4, defence=13, parry=12),
    dict(bonus=20, defence=8, parry=-3),
]


@pytest.mark.parametrize("case", CASES, ids=[str(c) for c in CASES])
def test_the_odds_match_an_independent_count(case):
    spec = AttackSpec(**case)
    parry = None if spec.parry_bonus is None else spec.parry_bonus
    ref = reference(spec.attack_bonus, spec.tn, parry)
    dist = attack_distribution(spec)
    assert sum(p for _, p in dist.items()) == 1  # exact: the tail summed in closed form
    for key in {*ref, *dist}:
        assert float(dist[key] if key in dist else 0) == pytest.approx(float(ref.get(key, 0)), abs=1e-12)


def test_a_parry_only_lowers_the_chance_to_hit():
    plain = hit_probability(AttackSpec(bonus=4, defence=11))
    parried = hit_probability(AttackSpec(bonus=4, defence=11, parry=4))
    assert parried < plain
    # the chance of being parried is the parry winning ties: more than the opposed A>B share
    dist = attack_distribution(AttackSpec(bonus=4, defence=2, parry=4))
    assert Fraction(1, 2) < dist[PARRIED] < 1
