"""The shared test fixtures hand out copies, never one shared file: the card cache a test's gmtool
builds (tests/data_templates.py) and the demo campaign (tests/qt_fixtures.py)."""

from __future__ import annotations

import os
from pathlib import Path

from gmtool.rules.systems.mtg.cards import Card
from gmtool.store.mtg.database import CardDatabase, default_card_cache_path
from gmtool.store.mtg.sample import default_sample_path, sample_cards
from tests.qt_fixtures import DEMO_NAMES

OWN = Card("Test Card of One Test", 1, ("G",), types=("Creature",))


def test_each_test_has_its_own_data_and_settings_folders(private_data_dir, tmp_path_factory):
    assert default_card_cache_path().parent == private_data_dir
    assert Path(os.environ["XDG_CONFIG_HOME"]).is_relative_to(private_data_dir)
    assert private_data_dir.parent == tmp_path_factory.getbasetemp()


def test_a_cache_written_to_is_its_own_file(tmp_path, card_cache_template):
    with CardDatabase.open(default_card_cache_path()) as first:  # as gmtool opens it the first time
        shipped = first.count()
        first.add_manual(OWN)
        assert first.find(OWN.name) is not None
    with CardDatabase.open(tmp_path / "other" / "cards.sqlite") as second:  # another copy
        assert second.count() == shipped and second.find(OWN.name) is None
    other = tmp_path / "third.sqlite"
    card_cache_template.copy_to(other)  # the template itself never saw the write
    with CardDatabase.open(other) as third:
        assert third.find(OWN.name) is None


def test_a_cache_of_other_cards_is_built_from_them(tmp_path):
    with CardDatabase.open(tmp_path / "cards.sqlite", sample_path=default_sample_path()) as cards:
        assert cards.count() == len(sample_cards())  # the sample alone: not a copy of the template


def test_the_campaign_is_a_copy_of_the_demo(campaign, campaign_model, demo_campaign_template):
    before = demo_campaign_template.read_bytes()
    assert [s.character.name for s in campaign_model.characters()] == DEMO_NAMES
    character_id = campaign_model.characters()[0].id
    campaign_model.rename_character(character_id, "別の名前")
    campaign_model.flush()
    assert campaign.path != demo_campaign_template
    assert demo_campaign_template.read_bytes() == before
