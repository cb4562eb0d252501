"""MTGでTRPG 行動判定 with fixed libraries: the rule text's worked examples, every 色の修正 case,
basic land types, several colors, 欠色, クリティカル・カード, the boost and its limits."""

from __future__ import annotations

import pytest

from gmtool.rules.systems.mtg.cards import Card
from gmtool.rules.systems.mtg.checks import (
    CheckColor,
    LibraryCard,
    LibraryView,
    MTGCheckSpec,
    MTGOutcome,
    boost_bonus,
    judge,
    modifier_choices,
    reveal,
)
from gmtool.rules.systems.mtg.rules_data import mtg_rules
from tests.rules.mtg.fixtures import (
    ARBOR,
    BEAR,
    DUAL,
    ELDRAZI,
    ELVES,
    FOREST,
    GOLD,
    MOUNTAIN,
    MYSTIC,
    RED,
    RELIC,
    TRI,
    WASTE,
    WURM,
)

G, C = CheckColor.GREEN, CheckColor.COLORLESS


def L(card, critical=False):
    return LibraryCard(card, critical)


def spec(color=G, difficulty=0, boost=True):
    return MTGCheckSpec(LibraryView(()), color, difficulty, boost)


def test_the_rule_texts_worked_example():
    """緑判定[難易度:2]: 《エルフの神秘家》 then 《ルーン爪の熊》 → 目標値 3, 達成値 7, 成功."""
    result = judge([L(MYSTIC), L(BEAR)], spec(G, 2))
    assert result.reveal.target == 3
    assert result.reveal.modifier == 5
    assert result.reveal.achievement == 7
    assert result.outcome is MTGOutcome.SUCCESS
    assert not result.boosted


def test_the_rule_texts_boost_example_counts_three_colorless():
    """「森」「山」「ルーン爪の熊」「変異エルドラージ（欠色）」「甲鱗のワーム」「ラノワールのエルフ」 → +3."""
    exiled = [L(FOREST), L(MOUNTAIN), L(BEAR), L(ELDRAZI), L(WURM), L(ELVES)]
    assert boost_bonus(exiled) == 3


@pytest.mark.parametrize(
    ("check", "card_color", "expected"),
    [
        ("W", "W", 5), ("W", "U", 3), ("W", "G", 3), ("W", "B", 0), ("W", "R", 0),
        ("U", "U", 5), ("U", "W", 3), ("U", "B", 3), ("U", "R", 0), ("U", "G", 0),
        ("B", "B", 5), ("B", "U", 3), ("B", "R", 3), ("B", "W", 0), ("B", "G", 0),
        ("R", "R", 5), ("R", "B", 3), ("R", "G", 3), ("R", "W", 0), ("R", "U", 0),
        ("G", "G", 5), ("G", "R", 3), ("G", "W", 3), ("G", "U", 0), ("G", "B", 0),
    ],
)  # fmt: skip
def test_color_modifier_same_allied_and_enemy(check, card_color, expected):
    card = LibraryCard(Card("Test Mono", 2, (card_color,)))  # fictional
    shown = reveal(L(FOREST), card, CheckColor(check), 0)
    assert shown.modifier == expected
    assert shown.achievement == 2 + expected


def test_a_colorless_check_never_gets_a_modifier():
    assert reveal(L(FOREST), L(BEAR), C, 0).achievement == 2
    assert modifier_choices(GOLD, C, mtg_rules()) == (0,)


def test_a_basic_land_counts_as_its_color_for_the_modifier_but_colorless_for_the_boost():
    assert reveal(L(MYSTIC), L(FOREST), G, 0).achievement == 5  # 《森》 = 緑
    assert reveal(L(MYSTIC), L(MOUNTAIN), G, 0).achievement == 3  # 山 = 赤, allied with green
    assert boost_bonus([L(FOREST), L(MOUNTAIN)]) == 2


def test_a_land_with_two_basic_land_types_is_two_colors_chosen_at_random():
    assert DUAL.modifier_colors == ("W", "U")
    assert modifier_choices(DUAL, CheckColor.WHITE, mtg_rules()) == (5, 3)
    assert reveal(L(MYSTIC), L(DUAL), CheckColor.WHITE, 0, choice=0).treated_as == "W"
    assert reveal(L(MYSTIC), L(DUAL), CheckColor.WHITE, 0, choice=1).achievement == 3
    assert boost_bonus([L(DUAL)]) == 1


def test_a_land_without_basic_land_types_is_colorless():
    assert modifier_choices(WASTE, G, mtg_rules()) == (0,)
    assert boost_bonus([L(WASTE)]) == 1


def test_a_green_land_creature_is_green_for_the_modifier_and_not_colorless_for_the_boost():
    assert reveal(L(MYSTIC), L(ARBOR), G, 0).modifier == 5
    assert boost_bonus([L(ARBOR)]) == 0


def test_a_card_of_several_colors_is_treated_as_one_of_them():
    assert modifier_choices(GOLD, G, mtg_rules()) == (0, 5)  # blue: +0, green: +5
    assert reveal(L(FOREST), L(GOLD), G, 0, choice=1).treated_as == "G"
    assert modifier_choices(TRI, G, mtg_rules()) == (3, 0, 5)
    with pytest.raises(ValueError, match="色の選択"):
        reveal(L(FOREST), L(GOLD), G, 0, choice=2)


def test_a_devoid_card_is_colorless_whatever_its_colors():
    assert modifier_choices(ELDRAZI, CheckColor.BLUE, mtg_rules()) == (0,)
    assert boost_bonus([L(ELDRAZI)]) == 1


def test_a_colorless_spell_counts_for_the_boost():
    assert boost_bonus([L(RELIC)]) == 1
    assert reveal(L(FOREST), L(RELIC), G, 0).achievement == 2


def test_a_revealed_critical_card_counts_as_mana_value_20():
    assert reveal(L(BEAR, True), L(MYSTIC), G, 1).target == 21
    assert reveal(L(FOREST), L(BEAR, True), G, 1).achievement == 25


def test_success_is_achievement_at_least_target():
    assert judge([L(BEAR), L(MYSTIC)], spec(C, 0)).outcome is MTGOutcome.FAILURE  # 1 < 2
    assert judge([L(BEAR), L(BEAR)], spec(C, 0)).outcome is MTGOutcome.SUCCESS  # 2 ≥ 2


def test_fewer_than_two_cards_cancels_the_check():
    assert judge([L(BEAR)], spec()).outcome is MTGOutcome.CANCELLED
    assert judge([], spec()).outcome is MTGOutcome.CANCELLED


def library(*cards):
    return [L(c) for c in cards]


def test_the_boost_is_used_only_when_the_check_would_fail():
    # 目標値 7 (ワーム), 達成値 3 + 3 (red is allied with green) = 6: failing, so the PC boosts.
    result = judge(library(WURM, RED, FOREST, FOREST, FOREST, FOREST, BEAR, BEAR), spec(G, 0))
    assert result.outcome is MTGOutcome.BOOSTED
    assert result.boosted and result.bonus == 4 and result.final_achievement == 10
    # 目標値 2, 達成値 7 + 5: a success as revealed exiles nothing.
    plain = judge(library(BEAR, WURM, *[FOREST] * 6), spec(G, 0))
    assert plain.outcome is MTGOutcome.SUCCESS and not plain.boosted
    # Boosted, but six green cards add nothing: still a failure, and the boost was spent.
    spent = judge(library(WURM, RED, *[BEAR] * 6), spec(G, 0))
    assert spent.outcome is MTGOutcome.FAILURE and spent.boosted and spent.bonus == 0


def test_the_boost_counts_only_the_six_cards_under_the_revealed_two():
    order = library(WURM, BEAR, BEAR, BEAR, BEAR, BEAR, BEAR, BEAR, FOREST)
    result = judge(order, spec(G, 1))  # 目標値 8, 達成値 7; the forest is the 7th card below
    assert result.boosted and result.bonus == 0 and result.outcome is MTGOutcome.FAILURE


def test_no_boost_with_fewer_than_six_cards_left_or_when_already_used():
    # 目標値 7, 達成値 1 + 5 = 6.
    short = judge(library(WURM, MYSTIC, *[FOREST] * 5), spec(G, 0))
    assert short.outcome is MTGOutcome.FAILURE and not short.boosted
    full = library(WURM, MYSTIC, *[FOREST] * 6)
    assert judge(full, spec(G, 0)).outcome is MTGOutcome.BOOSTED
    used = judge(full, spec(G, 0, boost=False))
    assert used.outcome is MTGOutcome.FAILURE and not used.boosted
