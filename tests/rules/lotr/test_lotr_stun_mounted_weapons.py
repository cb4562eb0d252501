"""3.7 スタン, 3.9 騎乗戦闘 and the weapons table (3.4, 1.3): golden cases with fixed dice from the
text's own numbers, and the stun odds against an independent walk of the dice."""

from __future__ import annotations

from fractions import Fraction

import pytest

from gmtool.rules.battle import BattleRefused, Encounter, Participant, Resource
from gmtool.rules.systems.lotr import mounted, reference_catalog as catalog, stun, weapons
from gmtool.rules.systems.lotr.attack import AttackSpec, judge
from gmtool.rules.systems.lotr.reference_tables import ReferenceRow, ReferenceTable
from gmtool.rules.systems.lotr.rules_data import Degree, lotr_rules

SHIPPED = {t.id: t for t in catalog.SHIPPED_TABLES}


def _stun_table(*rows: tuple[str, int | None, int | None, int | None]) -> ReferenceTable:
    cells = tuple(ReferenceRow(n, (("tn", tn), ("penalty", pen), ("rounds", r))) for n, tn, pen, r in rows)
    return ReferenceTable(**{**SHIPPED[catalog.STUN].__dict__, "rows": cells})


def _weapon(name: str, **cells: object) -> weapons.Weapon:
    return weapons.weapon_from_row(ReferenceRow(name, tuple(cells.items())))  # type: ignore[arg-type]


# ---- 3.7 stun ------------------------------------------------------------------------------------
def test_a_blunt_head_blow_needs_the_called_shot_and_takes_its_plus_12():
    # 3.7 「頭部狙いの場合,目標値は +12 の修正」「スタンを起こすための Blunt 攻撃は,頭などを部位狙いで」
    spec = AttackSpec(bonus=6, defence=10, called_shot=12, blunt=True)
    assert spec.tn == 22
    assert judge(spec, (6, 6, 4)).degree is Degree.MARGINAL_SUCCESS  # 16 + 6 = 22
    with pytest.raises(ValueError, match="部位狙い"):
        AttackSpec(bonus=6, defence=10, blunt=True)


def test_superior_halves_the_rounds_half_up_and_extraordinary_ignores_the_stun():
    row = stun.StunRow("x", tn=10, penalty=-4, rounds=5)
    assert stun.stun_effect(row, Degree.FAILURE) == stun.StunEffect(stun.StunOutcome.FULL, 5, -4)
    assert stun.stun_effect(row, Degree.COMPLETE_SUCCESS).rounds == 5
    assert stun.stun_effect(row, Degree.SUPERIOR_SUCCESS) == stun.StunEffect(stun.StunOutcome.HALVED, 3, -4)
    assert stun.stun_effect(row, Degree.EXTRAORDINARY_SUCCESS).outcome is stun.StunOutcome.NONE


def test_the_optional_relief_is_1_3_5_and_never_a_bonus():
    # 3.7 註 「Complete/Superior/Extraordinary success のときは -1/-3/-5 軽減してもよい」
    row = stun.StunRow("x", tn=10, penalty=-4, rounds=4)
    assert stun.stun_effect(row, Degree.COMPLETE_SUCCESS, relief=True).penalty == -3
    assert stun.stun_effect(row, Degree.SUPERIOR_SUCCESS, relief=True).penalty == -1
    assert stun.stun_effect(row, Degree.MARGINAL_SUCCESS, relief=True).penalty == -4
    light = stun.StunRow("y", tn=10, penalty=-2, rounds=4)
    assert stun.stun_effect(light, Degree.SUPERIOR_SUCCESS, relief=True).penalty == 0


def test_an_unset_stun_table_is_refused_naming_it():
    with pytest.raises(ValueError, match=r"スタン表（Table 9\.17）に行がありません"):
        stun.stun_row(SHIPPED[catalog.STUN], "軽い")
    table = _stun_table(("軽い", 10, None, 3))
    with pytest.raises(ValueError, match="「軽い」のペナルティが未設定"):
        stun.stun_row(table, "軽い")


def _walk(bonus: int, tn: int) -> dict[stun.StunOutcome, Fraction]:
    """Every 2d6 pair, and after a double six every exploding d6 up to 12 deep (the rest < 6^-12)."""
    out = dict.fromkeys(stun.OUTCOME_ORDER, Fraction(0))

    def add(total: int, p: Fraction) -> None:
        margin = total + bonus - tn
        degree = (
            Degree.EXTRAORDINARY_SUCCESS
            if margin >= 11
            else Degree.SUPERIOR_SUCCESS
            if margin >= 6
            else Degree.FAILURE
        )
        out[stun.outcome_of(degree)] += p

    for a in range(1, 7):
        for b in range(1, 7):
            if a + b != 12:
                add(a + b, Fraction(1, 36))
    p, base = Fraction(1, 36), 12
    for _ in range(12):
        for x in range(1, 6):
            add(base + x, p / 6)
        p, base = p / 6, base + 6
    return out


@pytest.mark.parametrize(("bonus", "tn"), [(3, 8), (0, 14), (5, 5)])
def test_the_stun_odds_match_a_walk_of_the_dice(bonus, tn):
    dist = stun.stun_distribution(bonus, stun.StunRow("x", tn, -3, 4))
    walked = _walk(bonus, tn)
    assert sum(dist[k] for k in stun.OUTCOME_ORDER) == 1
    for outcome in stun.OUTCOME_ORDER:
        assert abs(dist[outcome] - walked[outcome]) < Fraction(1, 6**12)


# ---- 3.9 mounted ---------------------------------------------------------------------------------
def test_a_rider_counts_as_large_only_against_smaller_foes():
    # 3.9 「"Large" size のキャラクターなどと同様に, 小さい者に対する攻撃と回避にペナルティ」, 3.2 −2 per step
    assert mounted.size_steps("medium", "medium", mounted=False) == 0
    assert mounted.size_steps("medium", "medium", mounted=True) == -1
    assert mounted.size_steps("medium", "small", mounted=True) == -2
    assert mounted.size_steps("medium", "large", mounted=True) == 1
    assert mounted.size_steps("medium", "huge", mounted=True) == 2


def test_ranged_from_horseback_minus_4_and_a_mounted_charge_tn_minus_3():
    plain = AttackSpec(bonus=5, defence=12, ranged=True)
    horse = AttackSpec(bonus=5, defence=12, ranged=True, from_horseback=True)
    assert horse.attack_bonus == plain.attack_bonus - 4
    charge = AttackSpec(bonus=5, defence=12, option="charge", mounted_charge=True)
    assert charge.tn == 9 and charge.attack_bonus == 6  # charge +1 (3.2), TN −3 (3.9)
    with pytest.raises(ValueError, match="charge"):
        AttackSpec(bonus=5, defence=12, mounted_charge=True)
    with pytest.raises(ValueError, match="射撃"):
        AttackSpec(bonus=5, defence=12, from_horseback=True)


def test_ride_in_combat_minus_1_to_4_unless_steady_and_the_mearas_better_ride():
    assert mounted.ride_bonus(5, mounted.Mount(True), -3) == 2
    assert mounted.ride_bonus(5, mounted.Mount(True, steady=True), -3) == 5
    assert mounted.ride_bonus(5, mounted.Mount(True, ride=8), -2) == 6  # Mearas' 8 beats the rider's 5
    assert mounted.ride_bonus(9, mounted.Mount(True, ride=8), 0) == 9
    with pytest.raises(BattleRefused, match="-4〜-1"):
        mounted.ride_bonus(5, mounted.Mount(True), -5)


def test_horse_speeds_run_2_actions_tn_5_gallop_full_round_tn_10_and_unset_costs_refused():
    table = SHIPPED[catalog.HORSE_SPEEDS]
    assert mounted.horse_move(table, "Run") == mounted.HorseMove("Run", 72, 2, 5)
    assert mounted.horse_move(table, "Gallop") == mounted.HorseMove("Gallop", 160, None, 10)
    with pytest.raises(BattleRefused, match="「Walk」のアクション数が未設定"):
        mounted.horse_move(table, "Walk")


def _encounter(**values: int) -> Encounter:
    p = Participant(
        "r",
        "Rider",
        values={"actions": 2, **values},
        resources=(Resource("wounds", "ダメージ", 0, 30, True),),
    )
    return Encounter(participants=(p,))


def test_run_spends_two_actions_gallop_the_round_and_war_trained_one_free_attack():
    e = mounted.set_mount(_encounter(), "r", mounted.Mount(True, war_trained=True))
    table = SHIPPED[catalog.HORSE_SPEEDS]
    run = mounted.spend_horse_move(e, "r", mounted.horse_move(table, "Run"))
    assert sum(a.cost for a in run.encounter.get("r").actions) == 2 and run.penalty == 0
    gallop = mounted.spend_horse_move(e, "r", mounted.horse_move(table, "Gallop"))
    assert sum(a.cost for a in gallop.encounter.get("r").actions) == 2
    bitten = mounted.spend_horse_attack(run.encounter, "r")
    assert sum(a.cost for a in bitten.get("r").actions) == 2  # the rider's actions untouched
    with pytest.raises(BattleRefused, match="もう攻撃しました"):
        mounted.spend_horse_attack(bitten, "r")
    with pytest.raises(BattleRefused, match="War-Trained"):
        mounted.spend_horse_attack(mounted.set_mount(_encounter(), "r", mounted.Mount(True)), "r")
    with pytest.raises(BattleRefused, match="騎乗していません"):
        mounted.spend_horse_move(_encounter(), "r", mounted.horse_move(table, "Run"))


# ---- weapons (3.4, 1.3) ----------------------------------------------------------------------------
def test_range_steps_beyond_l_each_s_started_is_plus_2():
    bow = _weapon("Bow", damage="2d6", point_blank=5, short=20, medium=50, long=100, step=25, thrown=False)
    assert weapons.range_steps(bow, 100) == 0 and weapons.band_name(bow, 100) == "L"
    assert weapons.range_steps(bow, 101) == 1
    assert weapons.range_steps(bow, 125) == 1
    assert weapons.range_steps(bow, 126) == 2
    assert weapons.band_name(bow, 4) == "PB" and weapons.band_name(bow, 130) is None
    spec = AttackSpec(bonus=5, defence=10, ranged=True, range_steps=weapons.range_steps(bow, 150))
    assert spec.tn == 14  # two steps S beyond L: +2 each (3.4)


def test_str_is_added_to_hand_held_and_thrown_weapons_not_to_bows():
    # 1.3 「手持ち武器,手投げ武器のダメージ値に加算される. 弓のような射撃武器には影響を与えない」
    assert weapons.adds_str(_weapon("Sword", damage="2d6+1"))
    assert not weapons.adds_str(_weapon("Bow", long=100, step=25, thrown=False))
    assert weapons.adds_str(_weapon("Spear", long=20, step=5, thrown=True))
    with pytest.raises(ValueError, match="手投げ武器かどうかが未設定"):
        weapons.adds_str(_weapon("Sling", long=20, step=5))


def test_unset_range_is_refused_and_the_shipped_weapons_table_is_empty():
    assert SHIPPED[catalog.WEAPONS].is_empty and lotr_rules().reference_table(catalog.WEAPONS).rows == ()
    with pytest.raises(ValueError, match="L（ヤード）が未設定"):
        weapons.range_steps(_weapon("Bow", short=20, thrown=False), 50)
    with pytest.raises(ValueError, match="射撃武器ではありません"):
        weapons.range_steps(_weapon("Sword", damage="2d6"), 5)
