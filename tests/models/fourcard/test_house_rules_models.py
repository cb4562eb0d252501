"""The フォーカード panels follow the campaign's house rules: flipping a switch (one undo step) changes
the judgement panel's base and odds, the growth dialog's refusals and 総合LV, and the day roll's
base; undo brings the old ones back.  And the small rules: 難易度 past 30 warned, the optional draw,
a second award for one scenario warned, 負傷 healed by sleep once a day."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from gmtool.models.character_model import CharacterModel
from gmtool.models.fourcard.actions import FourCardActions
from gmtool.models.fourcard.check_model import COMPARE, CUSTOM, FourCardCheckModel
from gmtool.models.house_rules_model import HouseRulesModel
from gmtool.rules.systems.fourcard.checks import Contestant
from gmtool.rules.systems.fourcard.house_rules import (
    COMPARE_NATURALS,
    LEVEL_TABLE,
    LEVEL_UPPER,
    NATURALS_PLAIN,
    TP_PER_INTERLUDE,
    TP_STEP,
)
from tests.models.fourcard.test_growth_model import make_growth, with_extra_xp
from tests.qt_fixtures import sample_fourcard_character

TWO_D6 = {t: min(t - 1, 13 - t) for t in range(2, 13)}


def success(base: int, difficulty: int) -> Fraction:
    """A 目標ロール by count: a natural 12, or a natural above 2 reaching the difficulty."""
    return Fraction(sum(n for t, n in TWO_D6.items() if t == 12 or (t > 2 and t + base >= difficulty)), 36)


@pytest.fixture
def panel(empty_campaign_model):
    empty_campaign_model.insert_character("fourcard", sample_fourcard_character(), "x")  # 15 XP, DX 6
    return FourCardCheckModel(empty_campaign_model)


def flip(campaign_model, rule_id: str, reading: str) -> None:
    HouseRulesModel(campaign_model).set_reading(rule_id, reading)


def test_the_level_table_reading_moves_the_attribute_base_and_undo_restores_it(panel):
    panel.set_source(Contestant.A, "attribute:dx")
    panel.set_difficulty(14)
    assert (panel.base(Contestant.A), panel.success_probability) == (7, success(7, 14))
    flip(panel.campaign_model, LEVEL_TABLE, LEVEL_UPPER)
    assert (panel.base(Contestant.A), panel.success_probability) == (8, success(8, 14))
    panel.campaign_model.undo_stack.undo()
    assert (panel.base(Contestant.A), panel.success_probability) == (7, success(7, 14))


def test_the_natural_12_reading_moves_the_compare_odds_and_undo_restores_them(panel):
    panel.set_mode(COMPARE)
    for side, value in ((Contestant.A, 0), (Contestant.B, 20)):
        panel.set_source(side, CUSTOM)
        panel.set_custom_value(side, value)
    assert panel.wins[Contestant.A] == Fraction(69, 36**2 - 2)
    flip(panel.campaign_model, COMPARE_NATURALS, NATURALS_PLAIN)
    assert panel.wins[Contestant.A] == 0 and panel.spec().naturals == NATURALS_PLAIN
    panel.campaign_model.undo_stack.undo()
    assert panel.wins[Contestant.A] == Fraction(69, 36**2 - 2)


def test_the_optional_draw_shows_the_tie_as_its_own_chance(panel):
    panel.set_mode(COMPARE)
    for side in Contestant:
        panel.set_source(side, CUSTOM)
        panel.set_custom_value(side, 4)
    assert set(panel.wins) == {Contestant.A, Contestant.B}
    panel.set_draw_allowed(True)
    # equal bases: a tie is the same natural on both sides, Σ n² over the 2D6 totals
    assert panel.wins[None] == Fraction(sum(n * n for n in TWO_D6.values()), 36**2)
    assert panel.wins[Contestant.A] == panel.wins[Contestant.B] == (1 - panel.wins[None]) / 2


def test_a_difficulty_past_the_limit_is_warned(panel):
    panel.set_difficulty(30)
    assert panel.difficulty_warning() == ""
    panel.set_difficulty(31)
    assert "「難易度の限界数値」（30）を超えています" in panel.difficulty_warning()


def test_one_tp_per_interlude_refuses_a_second_tp_and_undo_allows_it(empty_campaign_model):
    model = make_growth(empty_campaign_model, with_extra_xp(40))
    model.scenario = "廃坑"
    model.buy_skill_tp("魔術理論")
    assert model.skill_preview("魔術理論").reasons == []
    flip(empty_campaign_model, TP_STEP, TP_PER_INTERLUDE)
    assert any("もう1TP上げています" in str(r) for r in model.skill_preview("魔術理論").reasons)
    model.scenario = "古城"  # the next interlude
    assert model.skill_preview("魔術理論").reasons == []
    model.scenario = "廃坑"
    empty_campaign_model.undo_stack.undo()
    assert model.skill_preview("魔術理論").reasons == []


def test_the_growth_level_follows_the_table_reading(empty_campaign_model):
    model = make_growth(empty_campaign_model)
    assert model.level() == 1
    flip(empty_campaign_model, LEVEL_TABLE, LEVEL_UPPER)
    assert model.level() == 2


def test_a_second_award_for_one_scenario_is_warned_and_logged(empty_campaign_model):
    model = make_growth(empty_campaign_model)
    assert model.award_warning("廃坑") == ""
    model.award(True, scenario="廃坑")
    assert "シナリオ「廃坑」の経験点はもう付与しています" in model.award_warning("廃坑")
    assert model.award_warning("古城") == ""
    model.award(True, scenario="廃坑")
    assert "2度目の付与" in empty_campaign_model.log_entries()[-1].payload["summary"]["inputs"]


def test_sleep_heals_injury_once_a_day_until_the_next_day(empty_campaign_model):
    character = replace(sample_fourcard_character(), injury=3)
    character_id = empty_campaign_model.insert_character("fourcard", character, "x")
    actions = FourCardActions(CharacterModel(empty_campaign_model, character_id))
    actions.sleep(8)
    assert (actions.character.injury, actions.healed_today()) == (2, True)
    status = actions.sleep(8)
    assert actions.character.injury == 2 and "1日に1点だけ" in status
    actions.next_day()
    assert (actions.day(), actions.healed_today()) == (2, False)
    actions.sleep(8)
    assert actions.character.injury == 1
    empty_campaign_model.undo_stack.undo()  # the healing and the day it used, together
    assert (actions.character.injury, actions.healed_today()) == (2, False)


def test_the_day_roll_base_follows_the_level_reading(empty_campaign_model):
    character_id = empty_campaign_model.insert_character("fourcard", sample_fourcard_character(), "x")
    actions = FourCardActions(CharacterModel(empty_campaign_model, character_id))
    assert actions.day_recovery_spec(True).roller.base == 5 + 1
    flip(empty_campaign_model, LEVEL_TABLE, LEVEL_UPPER)
    assert actions.day_recovery_spec(True).roller.base == 5 + 2


def test_the_bars_colour_a_natural_12_in_a_compare_roll_only_where_it_decides(panel):
    panel.set_mode(COMPARE)
    assert [o for t, _, o in panel.natural_bars if o is not None] != []
    flip(panel.campaign_model, COMPARE_NATURALS, NATURALS_PLAIN)
    assert all(o is None for _, _, o in panel.natural_bars)
