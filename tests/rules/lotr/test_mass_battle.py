"""The LotR mass battle engine without Qt (rule summary 3.11 戦争): one hour's exact step, the
absorbing chain's P(Victory) and expected hours against a brute-force walk, seeded hours against
the exact step, the operations and their refusals, and the stored document."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest
from helpers_stats import chi_square_critical, chi_square_statistic, min_expected
from pydantic import ValidationError

from gmtool.rules.systems.lotr import mass_battle as mb
from gmtool.rules.systems.lotr.mass_battle import (
    DEFEAT,
    POSITIONS,
    VICTORY,
    BattleRefused,
    BattleResult,
    MassBattle,
    battle_odds,
    dump_mass_battle,
    hour_step,
    load_mass_battle,
)
from gmtool.store.validation import format_validation_error

# Ways (of 36 × 36) for our 2d6 minus their 2d6 to be k (and −k), counted by hand from the 2d6
# sums' 1,2,3,4,5,6,5,4,3,2,1: e.g. k = 3 is 1·4 + 2·5 + 3·6 + 4·5 + 5·4 + 6·3 + 5·2 + 4·1 = 104.
DIFFERENCE = {0: 146, 1: 140, 2: 125, 3: 104, 4: 80, 5: 56, 6: 35, 7: 20, 8: 10, 9: 4, 10: 1}


def test_difference_table_is_all_36_by_36_faces():
    assert DIFFERENCE[0] + 2 * sum(v for k, v in DIFFERENCE.items() if k) == 1296


def test_an_even_battle_moves_up_or_down_alike():
    assert hour_step(0) == {1: Fraction(575, 1296), -1: Fraction(575, 1296), 0: Fraction(146, 1296)}


def test_winning_adds_three_to_our_roll():
    # At +3 ours loses only when their dice beat ours by 4 or more; a difference of exactly 3 ties.
    down = sum(DIFFERENCE[k] for k in range(4, 11))
    assert down == 206
    assert hour_step(3) == {1: Fraction(986, 1296), 0: Fraction(104, 1296), -1: Fraction(206, 1296)}
    assert hour_step(-3) == {1: Fraction(206, 1296), 0: Fraction(104, 1296), -1: Fraction(986, 1296)}


def test_siegecraft_adds_to_each_side():
    # Even, ours 2, theirs 5: the same edge as Losing without Siegecraft.
    assert hour_step(0, 2, 5) == hour_step(-3)
    assert hour_step(-1, 4, 0) == hour_step(3)
    # An overwhelming commander always moves the track up: nothing is left to chance.
    assert hour_step(-3, 14, 0) == {1: 1, -1: 0, 0: 0}


@pytest.mark.parametrize("bad", [-4, 4, 7])
def test_hour_step_outside_the_track_is_refused(bad):
    with pytest.raises(BattleRefused, match=f"戦況 {bad} は"):
        hour_step(bad)


def test_even_odds_are_symmetric_and_exact():
    odds = battle_odds()
    assert odds[0][0] == Fraction(1, 2)
    for p in POSITIONS:
        assert odds[p][0] + odds[-p][0] == 1
        assert odds[p][1] == odds[-p][1]
    assert all(0 < odds[p][0] < 1 for p in POSITIONS)
    assert [odds[p][0] for p in POSITIONS] == sorted(odds[p][0] for p in POSITIONS)


def test_a_certain_walk_is_counted_by_hand():
    # Siegecraft 30 against 0: every hour moves up, so from p Victory comes in exactly 4 − p hours.
    assert battle_odds(30, 0) == {p: (Fraction(1), Fraction(4 - p)) for p in POSITIONS}
    assert battle_odds(0, 30) == {p: (Fraction(0), Fraction(p + 4)) for p in POSITIONS}


def brute_force_walk(siegecraft_ours: int, siegecraft_theirs: int) -> dict[int, tuple[float, float]]:
    """Probability mass walked hour by hour over every path until < 1e-15 of it is still fighting."""
    steps = {
        p: {m: float(q) for m, q in hour_step(p, siegecraft_ours, siegecraft_theirs).items()}
        for p in POSITIONS
    }
    result = {}
    for start in POSITIONS:
        mass = {start: 1.0}
        victory = hours = 0.0
        hour = 0
        while sum(mass.values()) >= 1e-15:
            hour += 1
            after: dict[int, float] = {}
            for position, m in mass.items():
                for move, p in steps[position].items():
                    after[position + move] = after.get(position + move, 0.0) + m * p
            won, lost = after.pop(VICTORY, 0.0), after.pop(DEFEAT, 0.0)
            victory += won
            hours += hour * (won + lost)
            mass = after
        result[start] = (victory, hours)
    return result


@pytest.mark.parametrize(("ours", "theirs"), [(0, 0), (2, 0), (0, 3), (4, 4), (1, 6)])
def test_markov_chain_matches_the_hour_by_hour_walk(ours, theirs):
    exact = battle_odds(ours, theirs)
    walked = brute_force_walk(ours, theirs)
    for p in POSITIONS:
        assert float(exact[p][0]) == pytest.approx(walked[p][0], abs=1e-9)
        assert float(exact[p][1]) == pytest.approx(walked[p][1], abs=1e-9)


def test_battle_odds_is_cached_and_the_cache_can_be_cleared():
    battle_odds.cache_clear()
    first = battle_odds(1, 2)
    assert battle_odds(1, 2) is first
    battle_odds.cache_clear()
    assert battle_odds(1, 2) == first


def test_negative_or_huge_siegecraft_is_refused():
    with pytest.raises(BattleRefused, match="Siegecraft のランク -1"):
        battle_odds(-1, 0)
    with pytest.raises(BattleRefused, match="Siegecraft のランク 31"):
        mb.set_siegecraft(MassBattle(), True, 0, 31)


# ---- seeded hours -------------------------------------------------------------------------------


@pytest.mark.parametrize(("position", "ours", "theirs"), [(0, 0, 0), (2, 0, 0), (-1, 3, 1)])
def test_seeded_hours_follow_hour_step(position, ours, theirs):
    n, alpha = 20_000, 0.001
    rng = random.Random(31415 + position)
    state = mb.set_siegecraft(mb.start_battle(MassBattle(), position), True, ours, theirs)
    moves = Counter()
    for _ in range(n):
        record = mb.roll_hour(state, rng).hours[-1]
        moves[record.after - record.before] += 1
    exact = hour_step(position, ours, theirs)
    assert min_expected(n, exact) >= 5
    statistic, df = chi_square_statistic(moves, exact)
    assert statistic < chi_square_critical(df, alpha)


def test_the_hour_uses_the_injected_rng_ours_first():
    state = mb.start_battle(MassBattle(), 1)
    rolled = mb.roll_hour(state, random.Random(7)).hours[-1]
    rng = random.Random(7)
    ours = (rng.randint(1, 6), rng.randint(1, 6))
    theirs = (rng.randint(1, 6), rng.randint(1, 6))
    assert (rolled.ours_faces, rolled.theirs_faces) == (ours, theirs)
    assert rolled.ours_total == sum(ours) + 1 and rolled.theirs_total == sum(theirs)


# ---- the operations -----------------------------------------------------------------------------


def test_an_hour_records_the_totals_and_the_move():
    state = mb.set_siegecraft(mb.start_battle(MassBattle(), -1), True, 2, 1)
    state = mb.play_hour(state, (3, 4), (5, 2))  # 7 − 1 + 2 = 8 against 7 + 1 = 8: a tie
    tie = state.hours[-1]
    assert (tie.hour, tie.ours_total, tie.theirs_total, tie.before, tie.after) == (1, 8, 8, -1, -1)
    assert (tie.siegecraft_ours, tie.siegecraft_theirs) == (2, 1)
    state = mb.play_hour(state, (6, 3), (2, 2))
    assert state.position == 0 and state.hours[-1].hour == 2
    # Unused Siegecraft is kept but not added.
    state = mb.set_siegecraft(state, False, 2, 1)
    state = mb.play_hour(state, (1, 1), (1, 1))
    assert state.hours[-1].ours_total == 2 and state.hours[-1].theirs_total == 2


def test_victory_ends_the_battle_and_further_hours_are_refused():
    state = mb.start_battle(MassBattle(), 3)
    state = mb.play_hour(state, (1, 1), (1, 2))  # 2 + 3 = 5 > 3
    assert state.position == VICTORY and state.ended and state.result is BattleResult.VICTORY
    with pytest.raises(BattleRefused, match="戦いは勝利で終わっています"):
        mb.roll_hour(state, random.Random(1))
    with pytest.raises(BattleRefused, match="勝利で終わっています"):
        mb.play_hour(state, (6, 6), (1, 1))


def test_defeat_ends_the_battle():
    state = mb.play_hour(mb.start_battle(MassBattle(), -3), (6, 6), (6, 4))  # 12 − 3 = 9 < 10
    assert state.position == DEFEAT and state.result is BattleResult.DEFEAT
    with pytest.raises(BattleRefused, match="戦いは敗北で終わっています"):
        mb.roll_hour(state, random.Random(1))
    assert mb.odds_from(state) == (0, 0)


def test_a_restart_clears_hours_and_heroes_but_keeps_names_and_siegecraft():
    state = mb.set_names(MassBattle(), " ローハン ", "サルマンの軍勢")
    state = mb.set_siegecraft(mb.start_battle(state, 2), True, 3, 1)
    state = mb.record_hero(mb.play_hour(state, (4, 4), (1, 1)), 1, "エオウィン", "Heart of Battle", "")
    again = mb.start_battle(state, -2)
    assert (again.ours, again.theirs, again.siegecraft_ours, again.use_siegecraft) == (
        "ローハン",
        "サルマンの軍勢",
        3,
        True,
    )
    assert again.position == again.start == -2 and again.hours == () and again.heroes == ()
    with pytest.raises(BattleRefused, match="戦況 4 は"):
        mb.start_battle(state, 4)


def test_heroes_are_recorded_as_typed_for_a_played_or_the_coming_hour():
    state = mb.start_battle(MassBattle(), 0)
    state = mb.record_hero(state, 1, " アラゴルン ", " Thick of Battle ", " 敵の隊長を討つ ")
    assert state.heroes[-1] == mb.HeroRecord(1, "アラゴルン", "Thick of Battle", "敵の隊長を討つ")
    with pytest.raises(BattleRefused, match="2時間目の記録はできません（1〜1時間目）"):
        mb.record_hero(state, 2, "ギムリ", "", "")
    with pytest.raises(BattleRefused, match="英雄の名前を入れてください"):
        mb.record_hero(state, 1, "  ", "", "")
    ended = mb.play_hour(mb.start_battle(MassBattle(), 3), (6, 6), (1, 1))
    assert mb.record_hero(ended, 1, "ギムリ", "", "").heroes[-1].hour == 1
    with pytest.raises(BattleRefused, match="1〜1時間目"):
        mb.record_hero(ended, 2, "ギムリ", "", "")


def test_odds_from_the_current_position_use_the_siegecraft_only_when_used():
    state = mb.set_siegecraft(mb.start_battle(MassBattle(), 1), False, 3, 0)
    assert mb.odds_from(state) == battle_odds()[1]
    assert mb.odds_from(mb.set_siegecraft(state, True, 3, 0)) == battle_odds(3, 0)[1]


# ---- the stored document ------------------------------------------------------------------------


def played() -> MassBattle:
    state = mb.set_names(MassBattle(), "ゴンドール", "モルドール")
    state = mb.set_siegecraft(mb.start_battle(state, -1), True, 2, 3)
    rng = random.Random(9)  # hours end at 0, −1, −2: still fighting
    for _ in range(3):
        state = mb.roll_hour(state, rng)
    assert not state.ended
    return mb.record_hero(state, 2, "ファラミア", "Thick of Battle", "負傷")


def test_round_trip_through_json():
    state = played()
    document = dump_mass_battle(state)
    assert load_mass_battle(document) == state
    assert load_mass_battle(None) == MassBattle()
    assert document["hours"][0]["ours_faces"] == list(state.hours[0].ours_faces)


def message(document: object) -> str:
    with pytest.raises(ValidationError) as refusal:
        load_mass_battle(document)
    return format_validation_error(refusal.value, "lotr.mass_battle")


def test_hostile_documents_are_refused_with_the_reason():
    good = dump_mass_battle(played())
    hour = good["hours"][0]
    assert "position" in message({**good, "position": 9})
    assert "未知の項目です" in message({**good, "admin": True})
    assert "ours: 文字列が長すぎます" in message({**good, "ours": "x" * 5_000_000})
    assert "hours[0].ours_faces[0]" in message({**good, "hours": [{**hour, "ours_faces": [7, 1]}]})
    assert "味方の合計が出目と修正に合いません" in message(
        {**good, "hours": [{**hour, "ours_total": 99}, *good["hours"][1:]]}
    )
    assert "現在の戦況が記録された時間の結果と合いません" in message(
        {**good, "position": good["position"] - 1}
    )
    assert "開始時の戦況が前の時間に続いていません" in message(
        {**good, "start": 2, "position": 2, "hours": [hour]}
    )
    assert "まだ始まっていない時間" in message({**good, "heroes": [{"hour": 9, "hero": "x"}]})
    assert "siegecraft_ours: 整数でなければなりません" in message({**good, "siegecraft_ours": "3"})
    assert "オブジェクト" in message([])


def test_hours_after_the_end_are_refused():
    ended = mb.play_hour(mb.start_battle(MassBattle(), 3), (6, 6), (1, 1))
    document = dump_mass_battle(ended)
    extra = {**document["hours"][0], "hour": 2, "before": VICTORY}
    assert "hours" in message({**document, "hours": [*document["hours"], extra]})
