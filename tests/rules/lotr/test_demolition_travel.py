"""3.12's demolition (Stonecraft (Fortification) → +1 / +2 / +3 to the Siegecraft test) and 4.'s
travel planner (the slowest member's pace, days and hours as exact fractions): golden cases with
scripted dice, odds against a count made here, and refusals that name the table to fill in."""

from __future__ import annotations

from fractions import Fraction

import pytest

from gmtool.rules.systems.lotr import reference_catalog as catalog, structures as st, travel as tr
from gmtool.rules.systems.lotr.checks import LotRRoller, RollSpec, success_probability
from gmtool.rules.systems.lotr.reference_tables import table_from_json
from gmtool.rules.systems.lotr.rules_data import Degree, lotr_rules
from tests.rules.lotr.test_units import BANDS, Dice, brute_at_least


# ---- demolition ------------------------------------------------------------------------------------
def test_the_bonus_is_one_two_or_three_by_degree():
    assert st.demolition_bonus(Degree.MARGINAL_SUCCESS) == 1
    assert st.demolition_bonus(Degree.COMPLETE_SUCCESS) == 1
    assert st.demolition_bonus(Degree.SUPERIOR_SUCCESS) == 2
    assert st.demolition_bonus(Degree.EXTRAORDINARY_SUCCESS) == 3
    assert st.demolition_bonus(Degree.FAILURE) == 0


def spec(stone: int, stone_tn: int, siege: int, siege_tn: int) -> st.DemolitionSpec:
    return st.DemolitionSpec(
        RollSpec(LotRRoller(rank=stone), stone_tn, BANDS), RollSpec(LotRRoller(rank=siege), siege_tn, BANDS)
    )


def test_golden_a_superior_stonecraft_gives_plus_two():
    # Stonecraft 5 + 6 + 5 = 16 against 10: margin 6, Superior → +2; Siegecraft 3 + 4 + 3 + 2 = 12 vs 12.
    result = st.resolve_demolition(spec(5, 10, 3, 12), Dice(6, 5, 4, 3))
    assert result.stonecraft.degree is Degree.SUPERIOR_SUCCESS and result.bonus == 2
    assert result.siegecraft.total == 12 and result.siegecraft.degree.succeeded
    # Without it 3 + 7 = 10 would have missed: the bonus made the difference.
    failed = st.resolve_demolition(spec(0, 20, 3, 12), Dice(1, 1, 4, 3))
    assert failed.bonus == 0 and not failed.siegecraft.degree.succeeded


def test_the_odds_match_a_count_over_the_bonus():
    s = spec(4, 12, 2, 14)
    # The bands as shipped: success at margin 0, Superior from 6, Extraordinary from 11.
    need = 12 - 4  # dice needed for a success
    p_bonus = {
        0: 1 - brute_at_least(need),
        1: brute_at_least(need) - brute_at_least(need + 6),
        2: brute_at_least(need + 6) - brute_at_least(need + 11),
        3: brute_at_least(need + 11),
    }
    assert st.bonus_distribution(s) == p_bonus
    expected = sum(p * brute_at_least(14 - 2 - b) for b, p in p_bonus.items())
    assert st.siegecraft_probability(s) == expected
    assert st.siegecraft_probability(s) > success_probability(s.siegecraft)


# ---- travel ---------------------------------------------------------------------------------------
def table(table_id: str, rows: list[dict]):
    return table_from_json(lotr_rules().reference_table(table_id), rows)


SPEEDS = table(
    catalog.TRAVEL_SPEEDS,
    [
        {"name": "徒歩", "per_day": "24", "per_hour": "3"},
        {"name": "Pony", "per_day": "30", "per_hour": "4.5"},
        {"name": "荷車", "per_day": "18"},
    ],
)
DISTANCES = table(
    catalog.TRAVEL_DISTANCES, [{"name": "ホビット庄〜ブリー", "distance": "100"}, {"name": "未知"}]
)


def test_the_party_moves_at_its_slowest_members_pace():
    party = [tr.Member("サム", "徒歩"), tr.Member("ビル", "Pony")]
    pace = tr.party_pace(SPEEDS, party)
    assert (pace.per_day, pace.slowest_day, pace.per_hour, pace.slowest_hour) == (24, "サム", 3, "サム")
    time = tr.travel_time(tr.route_distance(DISTANCES, "ホビット庄〜ブリー"), pace)
    assert (time.days, time.hours) == (Fraction(100, 24), Fraction(100, 3))
    assert (tr.mixed_fraction(time.days), tr.mixed_fraction(time.hours)) == ("4 1/6", "33 1/3")
    alone = tr.travel_time(Fraction(45), tr.party_pace(SPEEDS, [tr.Member("ビル", "Pony")]))
    assert (alone.days, alone.hours) == (Fraction(3, 2), 10)


def test_a_mode_without_an_hourly_speed_leaves_only_the_days():
    pace = tr.party_pace(SPEEDS, [tr.Member("サム", "徒歩"), tr.Member("荷車", "荷車")])
    assert pace.per_day == 18 and pace.per_hour is None and pace.missing_hour == "荷車"
    assert tr.travel_time(Fraction(36), pace) == tr.TravelTime(Fraction(2), None)


def test_empty_tables_and_bad_input_are_refused_with_where_to_fill_in():
    empty = lotr_rules().reference_table(catalog.TRAVEL_SPEEDS)
    with pytest.raises(tr.TravelRefused, match=r"旅の速度.*未設定.*ルール表 → 参照表"):
        tr.party_pace(empty, [tr.Member("サム", "徒歩")])
    with pytest.raises(tr.TravelRefused, match="旅をする人を加えて"):
        tr.party_pace(SPEEDS, [])
    with pytest.raises(tr.TravelRefused, match=r"「未知」の距離が未設定.*ルール表 → 参照表"):
        tr.route_distance(DISTANCES, "未知")
    with pytest.raises(tr.TravelRefused, match="数で入れてください"):
        tr.parse_distance("とおい")
    assert tr.parse_distance("37.5") == Fraction(75, 2)
    stopped = table(catalog.TRAVEL_SPEEDS, [{"name": "休む", "per_day": "0"}])
    with pytest.raises(tr.TravelRefused, match="速度が 0"):
        tr.travel_time(Fraction(10), tr.party_pace(stopped, [tr.Member("サム", "休む")]))
