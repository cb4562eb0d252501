"""MTGDecklistModel: a decklist read and resolved against the card database's lookups, and the
player's fixes, with nothing guessed and nothing written."""

from __future__ import annotations

import pytest

from gmtool.models.mtg.decklist_model import MTGDecklistModel
from gmtool.models.mtg.decklists import DecklistError
from gmtool.rules.systems.mtg.cards import Card
from tests.rules.mtg.fixtures import BEAR, FOREST, GOLD, MYSTIC

KNOWN = (BEAR, FOREST, GOLD, MYSTIC)
HAND = Card("Test Hand Entered", 4, ("G",), types=("Creature",))


def find(name: str) -> Card | None:
    return next((c for c in KNOWN if name in (c.name, c.name_ja)), None)


def search(text: str) -> list[Card]:
    return [c for c in KNOWN if text and (text in c.name or text in c.name_ja)]


@pytest.fixture
def model() -> MTGDecklistModel:
    return MTGDecklistModel(find, lambda _name: HAND, search)


def test_a_list_is_read_resolved_and_counted(model):
    model.read_text("4 エルフの神秘家\n《森》 20枚\n\nサイドボード\n1 ルーン爪の熊\n", "貼り付け")
    assert model.source == "貼り付け" and model.problem_lines() == []
    assert (model.main_count(), model.outside_count(), model.ready) == (24, 1, True)


def test_an_unknown_name_is_listed_and_fixed_by_hand_or_left_out(model):
    model.read_text("4 エルフの神秘家\n3 謎のカード\n1 謎のもう一枚\n", "貼り付け")
    first, second = model.problem_lines()
    assert (first.name, second.name, model.ready) == ("謎のカード", "謎のもう一枚", False)
    assert model.line_candidates(first) == ()
    assert model.enter(first)
    model.drop(second)
    assert model.problem_lines() == [] and model.ready and model.main_count() == 7


def test_look_alike_names_are_offered_and_a_retyped_name_is_looked_up(model):
    assert "エルフの神秘家" in model.suggestions("エルフの神秘屋")
    assert model.cards_named("ルーン爪の熊") == [BEAR] and model.cards_named("謎") == []


def test_a_list_that_cannot_be_read_leaves_nothing_behind(model):
    model.read_text("4 エルフの神秘家\n", "貼り付け")
    with pytest.raises(DecklistError):
        model.read_text("4 エルフの神秘家\n4x\n", "貼り付け")
    assert model.resolution is None and model.decklist is None and not model.ready
