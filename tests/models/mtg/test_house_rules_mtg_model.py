"""The MTG judgement panel follows the campaign's house rules: flipping a switch (one undo step)
changes the boosted odds, the known-result refusal and whether a boost may follow a success, in the
panel and in the check itself; undo brings the old ones back."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from gmtool.models.house_rules_model import HouseRulesModel
from gmtool.models.mtg.check_model import MTGCheckModel
from gmtool.rules.systems.mtg.checks import CheckColor, LibraryCard, MTGOutcome
from gmtool.rules.systems.mtg.deck import deck_from_cards
from gmtool.rules.systems.mtg.house_rules import (
    BOOST_ANY,
    BOOST_CARDS,
    BOOST_INCLUDING_REVEALED,
    BOOST_TIMING,
    KNOWN_RESULT,
    KNOWN_WITHOUT_BOOST,
)
from tests.rules.mtg.fixtures import BEAR, FOREST, RED, RELIC
from tests.rules.mtg.test_house_rules_mtg import EIGHT, count

G = CheckColor.GREEN


def panel(campaign_model, cards: list[tuple]) -> MTGCheckModel:
    campaign_model.insert_character("mtg", deck_from_cards("PC", cards), "x")
    seeds = itertools.count(100)
    model = MTGCheckModel(campaign_model, seed_source=lambda: next(seeds))
    model.set_color(G)
    return model


def flip(campaign_model, rule_id: str, reading: str) -> None:
    HouseRulesModel(campaign_model).set_reading(rule_id, reading)


@pytest.fixture
def eight(empty_campaign_model):
    return panel(empty_campaign_model, [(FOREST, 3), (BEAR, 2), (RED, 1), (RELIC, 2)])


def test_the_boost_cards_reading_moves_the_boosted_odds_and_undo_restores_them(eight):
    eight.set_difficulty(5)
    assert eight.plan.success_with_boost == count(EIGHT, 5, False)[1] == Fraction(6, 7)
    flip(eight.campaign_model, BOOST_CARDS, BOOST_INCLUDING_REVEALED)
    assert eight.plan.success_with_boost == count(EIGHT, 5, True)[1] == Fraction(73, 84)
    assert eight.color_table[G][1] == Fraction(73, 84) and eight.boost_curve[5] == Fraction(73, 84)
    assert eight.plan.success == count(EIGHT, 5, True)[0]  # as revealed: unchanged
    eight.campaign_model.undo_stack.undo()
    assert eight.plan.success_with_boost == Fraction(6, 7)


def test_a_physical_boost_including_the_revealed_two_takes_four_more_cards(eight):
    flip(eight.campaign_model, BOOST_CARDS, BOOST_INCLUDING_REVEALED)
    eight.set_difficulty(4)
    procedure = eight.procedure
    shown = procedure.reveal_physical(LibraryCard(RED), LibraryCard(FOREST))  # 3 + 4 = 7 vs 0 + 5
    assert not shown.succeeded and procedure.boost_entry_count == 4
    result = procedure.boost_physical([LibraryCard(c) for c in (RELIC, BEAR, FOREST, BEAR)])
    # the six: 赤, 森 (revealed) + 遺物, 熊, 森, 熊 → colorless 森, 遺物, 森 = +3 → 8 ≥ 7
    assert result.boost_cards[:2] == (LibraryCard(RED), LibraryCard(FOREST))
    assert (result.bonus, result.outcome) == (3, MTGOutcome.BOOSTED)


def test_the_known_result_reading_lets_a_check_certain_only_with_the_boost_be_made(empty_campaign_model):
    model = panel(empty_campaign_model, [(FOREST, 6), (BEAR, 2)])
    model.set_difficulty(5)
    assert (
        model.plan.success_with_boost == 1
        and model.plan.success == count([FOREST] * 6 + [BEAR] * 2, 5, False)[0]
    )
    assert "必ず成功します" in (model.roll_refusal() or "")
    flip(model.campaign_model, KNOWN_RESULT, KNOWN_WITHOUT_BOOST)
    assert model.roll_refusal() is None and model.plan.refusal == ""
    model.campaign_model.undo_stack.undo()
    assert "必ず成功します" in (model.roll_refusal() or "")


def test_the_boost_timing_reading_lets_a_success_be_boosted(eight):
    eight.set_difficulty(4)
    procedure = eight.procedure
    assert procedure.reveal_physical(LibraryCard(BEAR), LibraryCard(BEAR)).succeeded  # 7 vs 6
    assert "成功しているので" in procedure.boost_refusal()
    flip(eight.campaign_model, BOOST_TIMING, BOOST_ANY)
    assert procedure.boost_refusal() == ""
    eight.campaign_model.undo_stack.undo()
    assert "成功しているので" in procedure.boost_refusal()
    flip(eight.campaign_model, BOOST_TIMING, BOOST_ANY)
    result = procedure.boost_physical([LibraryCard(c) for c in (FOREST, FOREST, FOREST, RED, RELIC, RELIC)])
    assert result.outcome is MTGOutcome.SUCCESS and result.bonus == 5
    assert eight.character_id in eight.table.state().boosted  # the turn's one boost is spent


def test_a_virtual_boost_including_the_revealed_two_exiles_them_with_four_more(eight):
    model = eight
    model.table.start_library(model.character_id)
    flip(model.campaign_model, BOOST_CARDS, BOOST_INCLUDING_REVEALED)
    model.set_difficulty(12)  # at most 7 + 6 against at least 12: every reveal fails, yet may boost
    library = model.table.library(model.character_id)
    result = model.roll()
    assert result.boost_cards == tuple(library.cards_of(library.order[:6]))
    assert result.boost_cards[:2] == (result.reveal.top, result.reveal.second)
    after = model.table.library(model.character_id)
    assert after.exiled == library.order[:6] and after.order == library.order[6:] and after.blocks == ()
