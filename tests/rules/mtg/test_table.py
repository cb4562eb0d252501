"""The turn's table state: boost once per turn, the same check once per turn, the stored document,
and when the procedure refuses a check."""

from __future__ import annotations

import json
import random

import pytest

from gmtool.rules.systems.mtg import library as lib
from gmtool.rules.systems.mtg.checks import CheckColor, LibraryCard
from gmtool.rules.systems.mtg.deck import deck_from_cards
from gmtool.rules.systems.mtg.procedure import plan_check
from gmtool.rules.systems.mtg.table import (
    MTGTable,
    TableRefused,
    end_turn,
    load_table,
    record_check,
    refuse_boost,
    refuse_repeat,
    set_library,
    table_document,
)
from tests.rules.mtg.fixtures import BEAR, FOREST, MYSTIC, WURM

G = CheckColor.GREEN


def test_the_same_check_twice_in_a_turn_is_refused_unless_something_changed():
    table = record_check(MTGTable(), "pc", G, 2, boosted=False)
    with pytest.raises(TableRefused, match="同じ行動判定（緑判定・難易度 2）"):
        refuse_repeat(table, "pc", G, 2, changed=False)
    refuse_repeat(table, "pc", G, 2, changed=True)
    refuse_repeat(table, "pc", G, 3, changed=False)  # another 難易度 is another check
    refuse_repeat(table, "other", G, 2, changed=False)
    refuse_repeat(end_turn(table, random.Random(0)), "pc", G, 2, changed=False)


def test_the_boost_is_once_per_turn():
    table = record_check(MTGTable(), "pc", G, 2, boosted=True)
    with pytest.raises(TableRefused, match="すでに行動判定ブーストを使いました"):
        refuse_boost(table, "pc")
    refuse_boost(end_turn(table, random.Random(0)), "pc")


def test_the_end_of_turn_returns_every_librarys_boost_cards():
    cards = [LibraryCard(FOREST)] * 12
    library = lib.finish_check(lib.build_library(cards, random.Random(1)), True, random.Random(2))
    table = end_turn(set_library(MTGTable(turn=4), "pc", library), random.Random(3))
    assert table.turn == 5 and not table.libraries["pc"].exiled and table.libraries["pc"].size == 12


def test_the_document_round_trips_through_json():
    cards = [LibraryCard(BEAR, True), *[LibraryCard(FOREST)] * 9, LibraryCard(WURM)]
    library = lib.finish_check(lib.build_library(cards, random.Random(1)), True, random.Random(2))
    table = record_check(set_library(MTGTable(turn=3), "pc", library), "pc", G, 2, boosted=True)
    document = json.loads(json.dumps(table_document(table)))
    assert load_table(document) == table
    assert len(document["libraries"]["pc"]["cards"]) == 3  # each card once, copies by index


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda d: d.update(schema=99), "形式 99 は読めません"),
        (lambda d: d["libraries"]["pc"]["order"].append(0), "一致しません"),
        (lambda d: d["libraries"]["pc"]["copies"][0].__setitem__(0, 40), "カード番号 40"),
        (lambda d: d["libraries"]["pc"].update(known_top=99), "既知の範囲"),
        (lambda d: d.update(turn="three"), "turn"),
    ],
)
def test_a_damaged_document_is_refused(damage, message):
    cards = [LibraryCard(BEAR), *[LibraryCard(FOREST)] * 3]
    document = table_document(set_library(MTGTable(), "pc", lib.build_library(cards, random.Random(1))))
    damage(document)
    with pytest.raises(ValueError, match=message):
        load_table(document)


def deck(*cards):
    return deck_from_cards("テスト", [(card, n) for card, n in cards])


def test_a_library_of_forests_only_cannot_be_checked():
    """The rule text's example: 《森》 only, no critical card — the result is known."""
    forests = deck((FOREST, 10))
    plan = plan_check(MTGTable(), "pc", forests, G, 2)
    assert "必ず成功します" in plan.refusal
    # 目標値 6 > 達成値 5, but six forests exiled by the boost add +6: certain again.
    assert "行動判定ブーストを使えば必ず成功します" in plan_check(MTGTable(), "pc", forests, G, 6).refusal
    used = record_check(MTGTable(), "pc", CheckColor.WHITE, 0, boosted=True)
    assert "必ず失敗します" in plan_check(used, "pc", forests, G, 6).refusal


def test_a_deck_with_an_uncertain_outcome_may_be_checked():
    plan = plan_check(MTGTable(), "pc", deck((FOREST, 5), (BEAR, 5), (WURM, 2)), G, 4)
    assert plan.refusal == ""
    assert 0 < plan.success < plan.success_with_boost < 1


def test_fewer_than_two_cards_after_the_known_ones_cancels():
    plan = plan_check(MTGTable(), "pc", deck((BEAR, 2), (MYSTIC, 1)), G, 0, known_top=[LibraryCard(BEAR)] * 2)
    assert "1枚（PLに知られている2枚を除く）" in plan.refusal and "判定しなかったもの" in plan.refusal


def test_known_cards_must_be_in_the_deck():
    with pytest.raises(TableRefused, match="残っていません"):
        plan_check(MTGTable(), "pc", deck((BEAR, 2)), G, 0, known_top=[LibraryCard(WURM)])


def test_a_virtual_library_is_read_instead_of_the_deck():
    cards = [LibraryCard(FOREST)] * 8 + [LibraryCard(WURM)] * 2
    library = lib.draw(lib.build_library(cards, random.Random(1)), 5)
    table = set_library(MTGTable(), "pc", library)
    plan = plan_check(table, "pc", deck((FOREST, 8), (WURM, 2)), G, 3)
    assert plan.odds.cards == 5 and not plan.odds.boost_possible
