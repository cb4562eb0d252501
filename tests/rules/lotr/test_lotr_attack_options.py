"""3.2's attack options beyond the plain attack test (sweep, two weapons, grab, grapple, punch, trip),
their effect on the attacker's own Defence, the charge's knockdown and the size bonus of a smaller
defender's dodge: golden cases with fixed dice, and the exact odds against an independent count."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from gmtool.rules.battle import Encounter, Participant
from gmtool.rules.systems.lotr import attack_marks, combat, defence_actions, exploding
from gmtool.rules.systems.lotr.attack import PARRIED, AttackSpec, attack_distribution, damage_total, judge
from gmtool.rules.systems.lotr.attack_series import (
    ContestSpec,
    KnockdownSpec,
    contest_odds,
    knockdown_probability,
    roll_contest,
    roll_knockdown,
    roll_series,
    series_odds,
)
from gmtool.rules.systems.lotr.attack_types import OPTIONS_BY_ID
from gmtool.rules.systems.lotr.checks import Contestant
from gmtool.rules.systems.lotr.mounted import size_dodge_bonus
from gmtool.rules.systems.lotr.rules_data import Degree
from tests.rules.lotr.test_lotr_attack import ref_totals, reference


def at_least(total: int) -> Fraction:
    return sum((p for r, p in ref_totals().items() if r >= total), Fraction(0))


# ---- golden cases: fixed dice, the text's numbers ------------------------------------------------
def test_sweep_is_minus_four_for_two_and_minus_six_for_three():
    # 3.2 「二人なら-4, 三人なら-6」
    assert AttackSpec(bonus=6, defence=10, option="sweep", sweeping=2).attack_bonus == 2
    assert AttackSpec(bonus=6, defence=10, option="sweep", sweeping=3).attack_bonus == 0
    assert judge(AttackSpec(bonus=6, defence=10, option="sweep", sweeping=2), (4, 4)).hit  # 8 + 2 = 10
    assert not judge(AttackSpec(bonus=6, defence=10, option="sweep", sweeping=3), (4, 5)).hit  # 9
    with pytest.raises(ValueError, match="二人か三人"):
        AttackSpec(bonus=6, defence=10, option="sweep", sweeping=1)
    with pytest.raises(ValueError, match="sweep"):
        AttackSpec(bonus=6, defence=10, sweeping=2)


def test_a_sweep_stops_at_a_parry_and_goes_on_past_a_miss(monkeypatch):
    # 「途中でparry/blockされたらそこで止まる」: dice 4+4 (hit), its parry 6+6+1 (13+0 ≥ 10: parried)
    first = AttackSpec(bonus=6, defence=10, option="sweep", sweeping=2, parry=0)
    second = AttackSpec(bonus=6, defence=9, option="sweep", sweeping=2)
    dice = iter([(4, 4), (6, 6, 1), (1, 2), (5, 5)])
    monkeypatch.setattr(exploding, "roll_test", lambda _rng: next(dice))
    results = roll_series((first, second), random.Random(0), stops_on_parry=True)
    assert len(results) == 1 and results[0].parried
    # a miss does not stop it: 1+2 misses the first, 5+5 hits the second
    results = roll_series((first, second), random.Random(0), stops_on_parry=True)
    assert len(results) == 2 and not results[0].hit and results[1].hit


def test_two_weapons_take_the_penalty_the_gm_entered_on_each_hand():
    # 「Ambidextrous Edgeを持たない場合はペナルティがある」: the number is the GM's
    main = AttackSpec(bonus=5, defence=11, option="two_weapons", hand_penalty=-2)
    off = AttackSpec(bonus=5, defence=11, option="two_weapons", hand_penalty=-4)
    assert (main.attack_bonus, off.attack_bonus) == (3, 1)
    with pytest.raises(ValueError, match="両手に武器"):
        AttackSpec(bonus=5, defence=11, hand_penalty=-2)
    strikes = series_odds((main, off), stops_on_parry=False)
    assert [s.reached for s in strikes] == [1, 1]  # both hands strike whatever the first does


def test_punch_is_1d6_plus_2_plus_str_and_grab_grapple_trip_do_no_damage():
    # 「殴る(Punch/Kick): …1d6+2+STR modifierダメージ」
    assert OPTIONS_BY_ID["punch"].dice == (1, 6) and damage_total(4, 1, "punch") == 7
    assert OPTIONS_BY_ID["punch"].unarmed and OPTIONS_BY_ID["grab"].unarmed and OPTIONS_BY_ID["trip"].unarmed
    assert not any(OPTIONS_BY_ID[o].damages for o in ("grab", "grapple", "trip"))
    with pytest.raises(ValueError, match="近接"):
        AttackSpec(bonus=5, defence=11, option="grab", ranged=True)
    with pytest.raises(ValueError, match="対決判定"):
        AttackSpec(bonus=5, defence=11, option="trip")


def test_the_targets_own_options_move_its_defence_and_parry():
    # defensive 「防御判定に+2」, power 「防御に-2」, charge 「防御判定に-3」 on the target itself
    spec = AttackSpec(bonus=5, defence=11, parry=3, shield=1, defence_mod=-3)
    assert spec.tn == 8 and spec.parry_bonus == 1
    assert AttackSpec(bonus=5, defence=11, defence_mod=2).tn == 13
    # the charged target's +1 against the charger; an entangled target: +5
    assert AttackSpec(bonus=5, defence=11, against_charger=True).attack_bonus == 6
    assert AttackSpec(bonus=5, defence=11, entangled=True).attack_bonus == 10
    assert [OPTIONS_BY_ID[o].own_defence for o in ("defensive", "power", "two_handed", "charge")] == [
        2,
        -2,
        -2,
        -3,
    ]


def test_the_knockdown_is_a_strength_test_against_the_chargers_str_plus_2():
    spec = KnockdownSpec(charger_str=10, strength_bonus=1)
    assert spec.tn == 12
    # 2d6 + 1 ≥ 12 stands: dice ≥ 11, i.e. 5+6, 6+5 and every double six (2/36 + 1/36)
    assert knockdown_probability(spec) == 1 - Fraction(2, 36) - Fraction(1, 36)
    assert roll_knockdown(spec, random.Random(0)).tn == 12


def test_a_smaller_defender_dodges_a_larger_attacker_at_plus_2_a_step():
    # 1.5 「SmallのキャラクターはMediumのキャラクターに対して 攻撃・防御に+2ボーナス」
    assert size_dodge_bonus("small", "medium") == 2
    assert size_dodge_bonus("small", "large") == 4
    assert size_dodge_bonus("medium", "small") == 0


# ---- the tracker's marks -------------------------------------------------------------------------
def two() -> Encounter:
    a = Participant(id="a", name="A", values={"defence": 11, "swiftness": 2})
    b = Participant(id="b", name="B", values={"defence": 10})
    return Encounter(participants=(a, b), active=True, round=1)


def test_own_options_last_until_the_attackers_next_turn():
    from gmtool.rules import battle_turns

    state = attack_marks.own_defence(two(), "a", "power 防御−2", -2)
    state = attack_marks.charged(state, "b", "a", "Aのチャージ")
    a = state.get("a")
    assert combat.current_defence(a) == 9 and defence_actions.original_defence(a) == 9
    assert attack_marks.charged_by(state.get("b"), "a") and not attack_marks.charged_by(state.get("b"), "b")
    # the dodge's chance is read against the Defence without it (the dodge takes it too)
    assert float(combat.dodge_probability(a)) == pytest.approx(float(at_least(11 + 1 - 2)), abs=1e-12)
    # B's turn: nothing ends; A's next turn: both end
    state = battle_turns._begin(state, "b").encounter
    assert combat.current_defence(state.get("a")) == 9
    state = battle_turns._begin(state, "a").encounter
    assert combat.current_defence(state.get("a")) == 11 and not attack_marks.charged_by(state.get("b"), "a")


def test_grabbed_is_minus_5_on_every_test_until_released():
    state = attack_marks.grab(two(), "b", "a", "つかまれている")
    b = state.get("b")
    assert combat.condition_penalty(b) == -5 and attack_marks.grabbed_by(b) == "a"
    freed = attack_marks.release(state, "b").get("b")
    assert combat.condition_penalty(freed) == 0 and attack_marks.grabbed_by(freed) is None


# ---- the exact odds against an independent count ---------------------------------------------------
SWEEPS = [
    (dict(bonus=6, defence=10, parry=2), dict(bonus=6, defence=12, parry=5), dict(bonus=6, defence=9)),
    (dict(bonus=3, defence=11), dict(bonus=3, defence=11, parry=0)),
]


@pytest.mark.parametrize("case", SWEEPS, ids=["three", "two"])
def test_sweep_odds_match_an_independent_count(case):
    count = len(case)
    specs = [AttackSpec(option="sweep", sweeping=count, **c) for c in case]
    strikes = series_odds(specs, stops_on_parry=True)
    reached = Fraction(1)
    for spec, strike in zip(specs, strikes, strict=True):
        ref = reference(spec.attack_bonus, spec.tn, spec.parry_bonus)
        assert float(strike.reached) == pytest.approx(float(reached), abs=1e-12)
        for key in {*ref, *(k for k, _ in strike.odds.items())}:
            got = strike.odds[key] if key in strike.odds else 0
            assert float(got) == pytest.approx(float(ref.get(key, 0)), abs=1e-12)
        reached *= 1 - ref.get(PARRIED, Fraction(0))


@pytest.mark.parametrize(("a", "b"), [(3, 1), (0, 0), (5, 9), (-2, 4)])
def test_contest_odds_match_an_independent_count(a, b):
    # trip and the Strength contests: A wins when ahead; a tie is rolled again (1.5.2)
    totals = ref_totals()
    ahead = sum((p * q for r, p in totals.items() for s, q in totals.items() if r + a > s + b), Fraction(0))
    tie = sum((p * q for r, p in totals.items() for s, q in totals.items() if r + a == s + b), Fraction(0))
    assert float(contest_odds(ContestSpec(a, b))) == pytest.approx(float(ahead / (1 - tie)), abs=1e-12)


@pytest.mark.parametrize(("charger", "bonus"), [(10, 1), (14, 0), (6, -2), (20, 3)])
def test_knockdown_odds_match_an_independent_count(charger, bonus):
    assert float(knockdown_probability(KnockdownSpec(charger, bonus))) == pytest.approx(
        float(1 - at_least(charger + 2 - bonus)), abs=1e-12
    )


@pytest.mark.parametrize("option", ["grab", "grapple", "punch", "two_weapons"])
def test_the_other_options_odds_are_the_attack_tests(option):
    spec = AttackSpec(bonus=4, defence=12, option=option, parry=2)
    ref = reference(spec.attack_bonus, spec.tn, spec.parry_bonus)
    dist = attack_distribution(spec)
    for key in {*ref, *(k for k, _ in dist.items())}:
        assert float(dist[key] if key in dist else 0) == pytest.approx(float(ref.get(key, 0)), abs=1e-12)


def test_seeded_contests_and_knockdowns_match_their_odds():
    # 20 000 seeded rolls against the exact odds (a 4-sigma band)
    rng = random.Random(37)
    spec = ContestSpec(3, 2)
    n = 20_000
    wins = sum(roll_contest(spec, rng).winner is Contestant.A for _ in range(n))
    p = float(contest_odds(spec))
    assert abs(wins / n - p) < 4 * (p * (1 - p) / n) ** 0.5
    knock = KnockdownSpec(10, 1)
    falls = sum(roll_knockdown(knock, rng).falls for _ in range(n))
    q = float(knockdown_probability(knock))
    assert abs(falls / n - q) < 4 * (q * (1 - q) / n) ** 0.5


def test_a_grapple_takes_hold_at_superior_or_better():
    # 「Superior 成功以上の命中をしたときに有効」: the degree is the attack's own
    spec = AttackSpec(bonus=6, defence=10, option="grapple")
    assert judge(spec, (5, 5)).degree is Degree.SUPERIOR_SUCCESS  # 16 − 10 = 6
    assert judge(spec, (4, 5)).degree is Degree.COMPLETE_SUCCESS


def test_seeded_sweeps_match_their_odds():
    # 20 000 seeded sweeps at three: how often the third target is reached and hit, against the exact odds
    specs = [
        AttackSpec(bonus=8, defence=10, option="sweep", sweeping=3, parry=4),
        AttackSpec(bonus=8, defence=11, option="sweep", sweeping=3, parry=6),
        AttackSpec(bonus=8, defence=9, option="sweep", sweeping=3),
    ]
    strikes = series_odds(specs, stops_on_parry=True)
    rng = random.Random(3737)
    n = 20_000
    runs = [roll_series(specs, rng, stops_on_parry=True) for _ in range(n)]
    reached = sum(len(r) == 3 for r in runs) / n
    hit = sum(len(r) == 3 and r[2].hit for r in runs) / n
    p = float(strikes[2].reached)
    q = float(
        strikes[2].reached
        * sum(v for k, v in strikes[2].odds.items() if k != PARRIED and Degree(k).succeeded)
    )
    assert abs(reached - p) < 4 * (p * (1 - p) / n) ** 0.5
    assert abs(hit - q) < 4 * (q * (1 - q) / n) ** 0.5
