"""Hero Combat (3.11): the place on PRESS, 2d6 + 1 (Thick) / + 2 (Heart) on Hero Combat, the exact
chance of each row against a count of the 36 faces done here, and the refusals naming the table."""

from __future__ import annotations

import itertools
from dataclasses import replace
from fractions import Fraction

import pytest

from gmtool.rules.systems.lotr import hero_combat as hc, reference_catalog as catalog
from gmtool.rules.systems.lotr.reference_tables import table_from_json
from gmtool.rules.systems.lotr.rules_data import lotr_rules

# A GM's tables (the book's are not in the summary): the bonus cells are left empty on purpose, so
# the text's own +1 / +2 are what the rows get.
PRESS_ROWS = [
    {"name": "Rear", "low": 2, "high": 5},
    {"name": "Thick of Battle", "low": 6, "high": 9},
    {"name": "Heart of Battle", "low": 10, "high": 12},
]
HERO_ROWS = [
    {"name": "A", "high": 5, "result": "負傷"},
    {"name": "B", "low": 6, "high": 9, "result": "持ちこたえる"},
    {"name": "C", "low": 10, "high": 12, "result": "活躍"},
    {"name": "D", "low": 13, "result": "英雄的な活躍"},
]


def table(table_id: str, rows: list[dict]) -> hc.ReferenceTable:
    return table_from_json(lotr_rules().reference_table(table_id), rows)


PRESS = table(catalog.PRESS, PRESS_ROWS)
HERO = table(catalog.HERO_COMBAT, HERO_ROWS)
FACES = list(itertools.product(range(1, 7), repeat=2))


def count(predicate) -> Fraction:
    return Fraction(sum(1 for f in FACES if predicate(sum(f))), 36)


def test_the_text_gives_thick_plus_one_and_heart_plus_two():
    bonuses = {b.name: b.bonus for b in hc.press_bands(PRESS)}
    assert bonuses == {"Rear": 0, "Thick of Battle": 1, "Heart of Battle": 2}


def test_a_bonus_the_gm_typed_wins_over_the_texts():
    edited = table(catalog.PRESS, [{**PRESS_ROWS[0], "bonus": -1}, *PRESS_ROWS[1:]])
    assert hc.press_bands(edited)[0].bonus == -1


def test_golden_heart_of_battle_adds_two():
    # PRESS 5 + 5 = 10: Heart of Battle; Hero Combat 6 + 5 + 2 = 13: the row from 13 up.
    hour = hc.hero_hour(PRESS, HERO, (6, 5), press_faces=(5, 5))
    assert hour.place.name == "Heart of Battle" and hour.total == 13 and hour.result.name == "D"
    # The same dice at Thick of Battle: 6 + 5 + 1 = 12.
    chosen = hc.hero_hour(PRESS, HERO, (6, 5), place="Thick of Battle")
    assert chosen.total == 12 and chosen.result.label() == "活躍" and chosen.press_faces == ()


def test_press_odds_match_a_count_of_the_faces():
    odds = {b.name: p for b, p in hc.press_odds(PRESS)}
    assert odds["Rear"] == count(lambda t: t <= 5) == Fraction(10, 36)
    assert odds["Thick of Battle"] == count(lambda t: 6 <= t <= 9) == Fraction(20, 36)
    assert odds["Heart of Battle"] == count(lambda t: t >= 10) == Fraction(6, 36)


@pytest.mark.parametrize("bonus", [0, 1, 2])
def test_hero_odds_match_a_count_of_the_faces(bonus):
    odds = {b.name: p for b, p in hc.hero_odds(HERO, bonus)}
    assert odds["A"] == count(lambda t: t + bonus <= 5)
    assert odds["B"] == count(lambda t: 6 <= t + bonus <= 9)
    assert odds["C"] == count(lambda t: 10 <= t + bonus <= 12)
    assert odds["D"] == count(lambda t: t + bonus >= 13)
    assert sum(odds.values()) == 1
    if bonus == 2:
        assert odds["D"] == Fraction(3, 36)  # 11 (two ways) or 12 (one) on the dice


def test_every_rolled_pair_lands_on_the_row_its_odds_counted():
    for faces in FACES:
        for place, bonus in (("Rear", 0), ("Thick of Battle", 1), ("Heart of Battle", 2)):
            result = hc.hero_hour(PRESS, HERO, faces, place=place).result
            assert result.holds(sum(faces) + bonus)


def test_empty_tables_name_the_table_and_where_to_fill_it_in():
    empty = lotr_rules().reference_table(catalog.PRESS)
    with pytest.raises(hc.HeroCombatRefused, match=r"PRESS.*未設定.*ルール表 → 参照表"):
        hc.press_odds(empty)
    with pytest.raises(hc.HeroCombatRefused, match=r"Hero Combat.*未設定.*ルール表 → 参照表"):
        hc.hero_hour(PRESS, lotr_rules().reference_table(catalog.HERO_COMBAT), (1, 1), place="Rear")


def test_a_gap_or_an_overlap_is_refused_with_the_total():
    gap = table(catalog.PRESS, [PRESS_ROWS[0], PRESS_ROWS[2]])
    with pytest.raises(hc.HeroCombatRefused, match="出目 6 の行がありません"):
        hc.press_odds(gap)
    overlap = table(catalog.HERO_COMBAT, [*HERO_ROWS, {"name": "E", "low": 12, "high": 12, "result": "x"}])
    with pytest.raises(hc.HeroCombatRefused, match="出目 12 が二つの行"):
        hc.hero_odds(overlap, 0)
    # Heart's +2 reaches 14, which a table stopping at 13 does not hold.
    short = table(catalog.HERO_COMBAT, [*HERO_ROWS[:3], {"name": "D", "low": 13, "high": 13}])
    hc.hero_odds(short, 1)
    with pytest.raises(hc.HeroCombatRefused, match="出目 14"):
        hc.hero_odds(short, 2)


def test_a_row_without_a_range_and_bad_faces_are_refused():
    unranged = replace(PRESS, rows=(*PRESS.rows[:2], replace(PRESS.rows[2], cells=())))
    with pytest.raises(hc.HeroCombatRefused, match=r"Heart of Battle.*範囲が未設定"):
        hc.press_odds(unranged)
    with pytest.raises(hc.HeroCombatRefused, match="出目"):
        hc.hero_hour(PRESS, HERO, (7, 1), place="Rear")
    with pytest.raises(hc.HeroCombatRefused, match="「Front」の行はありません"):
        hc.hero_hour(PRESS, HERO, (1, 1), place="Front")
