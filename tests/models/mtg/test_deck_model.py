"""MTGDeckModel: what the deck sheet asks of it besides the edits — the sections' counts, where a card
moves, the クリティカル・カード limit back to the default or the deck's own, too few cards."""

from __future__ import annotations

from gmtool.models.character_model import CharacterModel
from gmtool.models.mtg.deck_model import MTGDeckModel
from gmtool.rules.systems.mtg.character import MAIN, SIDEBOARD
from gmtool.rules.systems.mtg.deck import deck_from_cards
from tests.rules.mtg.fixtures import BEAR, FOREST, WURM


def deck_model(campaign_model, cards, sideboard=()) -> MTGDeckModel:
    deck = deck_from_cards("緑のPC", cards, sideboard)
    return MTGDeckModel(CharacterModel(campaign_model, campaign_model.insert_character("mtg", deck, "x")))


def test_sections_are_counted_and_a_card_moves_to_the_other(empty_campaign_model):
    model = deck_model(empty_campaign_model, [(FOREST, 24), (BEAR, 12), (WURM, 4)], [(BEAR, 2)])
    assert model.section_counts(MAIN) == (40, 3) and model.section_counts(SIDEBOARD) == (2, 1)
    assert model.other_section(MAIN) == SIDEBOARD and model.other_section(SIDEBOARD) == MAIN


def test_the_limit_is_the_default_or_the_decks_own(empty_campaign_model):
    model = deck_model(empty_campaign_model, [(FOREST, 24), (BEAR, 12), (WURM, 4)])
    model.use_default_limit(False)  # 40 cards: the default's 2 becomes the deck's own
    assert model.deck.critical_limit == 2 and not model.statistics().critical_limit_is_default
    model.use_default_limit(True)
    assert model.deck.critical_limit is None and model.statistics().critical_limit_is_default


def test_a_size_without_a_default_starts_from_the_marked_cards(empty_campaign_model):
    model = deck_model(empty_campaign_model, [(FOREST, 30), (BEAR, 12), (WURM, 3)])
    model.set_critical(BEAR.name, 1, override=True)
    assert model.statistics().critical_limit is None
    model.use_default_limit(False)
    assert model.deck.critical_limit == 1


def test_too_few_cards_for_a_check(empty_campaign_model):
    small = deck_model(empty_campaign_model, [(FOREST, 1)]).statistics()
    assert small.too_few and small.minimum_cards == 2  # the two cards a check reveals
    assert not deck_model(empty_campaign_model, [(FOREST, 1), (BEAR, 1)]).statistics().too_few
