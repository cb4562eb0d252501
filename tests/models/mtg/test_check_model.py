"""The MTG judgement panel's model: exact odds that follow the deck, the color, the 難易度 and what
the player knows; the step-by-step check on a virtual library and with physical cards; refusals."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from gmtool.models.mtg.check_model import MTGCheckModel
from gmtool.models.mtg.table_model import LOG_KIND
from gmtool.rules.checks import Side
from gmtool.rules.systems.mtg import library as lib
from gmtool.rules.systems.mtg.checks import CheckColor, LibraryCard, MTGOutcome, reveal
from gmtool.rules.systems.mtg.deck import deck_from_cards
from gmtool.rules.systems.mtg.odds import check_odds
from gmtool.rules.systems.mtg.rules_data import mtg_rules
from gmtool.rules.systems.mtg.table import TableRefused
from tests.rules.mtg.fixtures import BEAR, FOREST, GOLD, MYSTIC, WURM

G = CheckColor.GREEN


def green_deck(name="緑のPC"):
    return deck_from_cards(name, [(FOREST, 10), (BEAR, 6), (MYSTIC, 6), (WURM, 2), (GOLD, 2)])


@pytest.fixture
def table(empty_campaign_model):
    cm = empty_campaign_model
    first = cm.insert_character("mtg", green_deck(), "x")
    second = cm.insert_character("mtg", deck_from_cards("小さい", [(BEAR, 1), (MYSTIC, 1)]), "x")
    seeds = itertools.count(100)
    model = MTGCheckModel(cm, seed_source=lambda: next(seeds))
    return cm, model, first, second


def mtg_log(cm):
    return [e for e in cm.log_entries() if e.kind == LOG_KIND]


def test_the_odds_follow_color_difficulty_and_the_deck(table):
    cm, model, first, _ = table
    model.set_color(G)
    model.set_difficulty(4)
    expected = check_odds(model.plan.spec.library, G)
    assert model.plan.success == expected.success(4)
    assert model.plan.success_with_boost == expected.success_with_boost(4) > model.plan.success
    assert set(model.curve) >= set(range(-1, 13)) and model.curve[4] == model.plan.success
    assert model.color_table[G] == (model.plan.success, model.plan.success_with_boost)
    assert model.color_table[CheckColor.BLUE][0] < model.color_table[G][0]
    before = model.plan.success
    cm.update_character(first, deck_from_cards("緑のPC", [(FOREST, 10), (WURM, 16)]), "x")
    assert model.plan.success != before  # an edited deck changes the odds at once


def test_known_top_cards_leave_the_physical_deck(table):
    _, model, _, _ = table
    model.set_color(G)
    model.set_known_top([LibraryCard(WURM), LibraryCard(WURM)])
    assert model.plan.odds.cards == 24
    assert "上の 2 枚はPLが知っている" in model.basis_text()


def test_a_two_card_deck_with_a_certain_result_is_refused(table):
    cm, model, _, second = table
    model.set_character(Side.ACTION, second)
    model.set_color(G)
    model.set_difficulty(0)
    assert "必ず成功します" in model.plan.refusal
    model.procedure.run_all()
    assert not mtg_log(cm)


def test_a_virtual_check_reveals_the_real_cards_and_moves_them(table, qtbot):
    cm, model, first, _ = table
    model.table.start_library(first)
    model.set_color(G)
    model.set_difficulty(5)
    library = model.table.library(first)
    top, second = library.cards_of(library.order[:2])
    shown = model.procedure.reveal_virtual()
    assert (shown.top, shown.second) == (top, second)
    assert shown.target == top.mana_value(mtg_rules()) + 5
    with qtbot.waitSignal(model.check_resolved) as signal:
        result = model.procedure.finish()
    assert signal.args[0] == result and not result.boosted
    after = model.table.library(first)
    assert set(after.order[-2:]) == set(library.order[:2]) and after.blocks == (2,)
    entry = mtg_log(cm)[-1]
    assert (
        entry.payload["summary"]["who"] == "緑のPC"
        and "緑判定・難易度 5" in entry.payload["summary"]["inputs"]
    )
    # The same check again this turn is refused, until the GM says the situation changed.
    assert "同じ行動判定" in model.plan.refusal
    model.set_situation_changed(True)
    assert model.plan.refusal == ""
    cm.undo_stack.undo()  # the check is one undo step: the library is back as it was
    assert model.table.library(first) == library


def test_ctrl_r_boosts_exactly_when_the_check_would_fail_and_only_once_a_turn(table):
    _, model, first, _ = table
    model.table.start_library(first)
    model.set_color(CheckColor.BLUE)
    for difficulty in range(8, 20):  # a 難易度 where the first reveal fails
        model.set_difficulty(difficulty)
        library = model.table.library(first)
        top, second = library.cards_of(lib.check_cards(library).revealed)
        if second.card.name != GOLD.name and not reveal(top, second, CheckColor.BLUE, difficulty).succeeded:
            break
    result = model.roll()
    assert result.boosted and len(result.boost_cards) == 6
    assert result.outcome in (MTGOutcome.BOOSTED, MTGOutcome.FAILURE)
    assert len(model.table.library(first).exiled) == 6
    assert first in model.table.state().boosted
    model.set_difficulty(difficulty + 1)
    assert not model.plan.boost_allowed and model.plan.success_with_boost == model.plan.success
    model.table.end_turn()
    assert not model.table.library(first).exiled and model.plan.boost_allowed


def test_a_physical_check_takes_the_cards_the_gm_enters(table):
    cm, model, _, _ = table
    model.set_color(G)
    model.set_difficulty(2)
    shown = model.procedure.reveal_physical(LibraryCard(MYSTIC), LibraryCard(BEAR))
    assert (shown.target, shown.achievement) == (3, 7)  # the rule text's example
    result = model.procedure.finish()
    assert result.outcome is MTGOutcome.SUCCESS
    assert "目標値 3" in mtg_log(cm)[-1].payload["summary"]["result"]


def test_a_physical_card_the_deck_does_not_have_is_refused(table):
    _, model, _, _ = table
    model.set_color(G)
    model.set_difficulty(3)
    model.procedure.reveal_physical(LibraryCard(WURM), LibraryCard(BEAR))  # 11 vs 7: failing
    with pytest.raises(TableRefused, match="《甲鱗のワーム》は1枚しか残っていません（入力は3枚）"):
        model.procedure.boost_physical([LibraryCard(WURM)] * 3 + [LibraryCard(FOREST)] * 3)
    model.procedure.cancel()
    with pytest.raises(TableRefused, match="クリティカル・カードの"):
        model.procedure.reveal_physical(LibraryCard(WURM, True), LibraryCard(BEAR))


def test_a_physical_boost_counts_the_entered_cards(table):
    cm, model, _, _ = table
    model.set_color(G)
    model.set_difficulty(4)
    shown = model.procedure.reveal_physical(LibraryCard(WURM), LibraryCard(MYSTIC))  # 8 + 4 = 12 vs 6
    assert not shown.succeeded
    result = model.procedure.boost_physical([LibraryCard(FOREST)] * 6)
    assert result.outcome is MTGOutcome.BOOSTED and result.final_achievement == 12
    assert "ブースト" in mtg_log(cm)[-1].payload["summary"]["dice"]
    model.set_difficulty(6)
    model.procedure.reveal_physical(LibraryCard(WURM), LibraryCard(MYSTIC))
    assert "すでに行動判定ブースト" in model.procedure.boost_refusal()


def test_a_two_colored_card_is_treated_as_one_color_chosen_at_random_and_logged(table):
    cm, model, _, _ = table
    model.set_color(G)
    model.set_difficulty(4)
    seen = set()
    for _ in range(12):
        shown = model.procedure.reveal_physical(LibraryCard(FOREST), LibraryCard(GOLD))
        seen.add((shown.treated_as, shown.achievement))
        model.procedure.cancel()
    assert seen == {("U", 3), ("G", 8)}
    shown = model.procedure.reveal_physical(LibraryCard(FOREST), LibraryCard(GOLD), choice=1)
    assert shown.treated_as == "G"
    model.procedure.finish()
    assert "緑としてあつかう" in mtg_log(cm)[-1].payload["summary"]["result"]


def test_without_a_deck_the_roll_says_why(empty_campaign_model):
    model = MTGCheckModel(empty_campaign_model)
    refusals = []
    model.roll_refused.connect(refusals.append)
    model.roll()
    assert refusals and "デッキ" in refusals[0]
    assert model.plan.success == Fraction(0)
