"""MTGCardEntryModel: the fields of a card typed in by hand become the card, or the reason they do
not; a known name and land types on a non-land are pointed out."""

from __future__ import annotations

import pytest

from gmtool.models.mtg.card_entry_model import CardFields, MTGCardEntryModel
from gmtool.rules.systems.mtg.cards import Card


def test_a_japanese_card_is_named_by_its_japanese_name():
    card = MTGCardEntryModel().build(CardFields(name_ja=" 謎の土地 ", types=("Land",)))
    assert (card.name, card.name_ja, card.is_land) == ("謎の土地", "謎の土地", True)


def test_land_types_lead_the_subtypes_and_devoid_is_a_keyword():
    fields = CardFields(
        name="Test", types=("Land",), land_types=("Forest",), subtypes="Forest Gate", devoid=True
    )
    card = MTGCardEntryModel().build(fields)
    assert card.subtypes == ("Forest", "Gate") and card.devoid


def test_no_name_and_a_bad_field_are_refused_with_the_reason():
    model = MTGCardEntryModel()
    with pytest.raises(ValueError, match="カード名を入力してください"):
        model.build(CardFields())
    with pytest.raises(ValueError):
        model.build(CardFields(name="x" * 300))


def test_a_known_name_and_land_types_on_a_creature_are_pointed_out():
    known = {"Test Known": Card("Test Known", 2, ("R",))}
    model = MTGCardEntryModel(known.get)
    creature = model.build(CardFields(name="Test Known", types=("Creature",), land_types=("Forest",)))
    assert model.known(creature) == known["Test Known"] and model.land_types_ignored(creature)
    assert MTGCardEntryModel().known(creature) is None
