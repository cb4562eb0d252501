"""Every registered system keeps the engine contract (DESIGN.md)."""

from __future__ import annotations

import random

import pytest

from gmtool.rules.palette import palette_lines
from gmtool.rules.systems import SYSTEMS
from gmtool.rules.systems.base import CCFoliaExport, ChatPalette, GameSystem
from gmtool.store.campaign import Campaign
from gmtool.store.ccfolia import character_to_ccfolia, validate_ccfolia
from gmtool.store.exchange import export_character, import_character

SYSTEM_IDS = sorted(SYSTEMS)


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_fulfils_the_protocol(system_id):
    system = SYSTEMS[system_id]
    assert isinstance(system, GameSystem)
    assert system.id == system_id and system.name and system.schema_version >= 1


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_new_character_round_trips_through_campaign_and_file(system_id, tmp_path):
    system = SYSTEMS[system_id]
    character = system.new_character("往復")
    with Campaign.create(tmp_path / "c.gmcampaign") as campaign:
        campaign.put_character("x", system_id, character)
    with Campaign.open(tmp_path / "c.gmcampaign") as campaign:
        assert campaign.get_character("x").character == character
    export_character(tmp_path / "c.gmchar.json", system_id, character)
    assert import_character(tmp_path / "c.gmchar.json") == (system_id, character)


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_every_check_of_a_new_character_has_an_exact_distribution(system_id):
    system = SYSTEMS[system_id]
    character = system.new_character("判定")
    kinds = system.checks(character)
    assert kinds, "a character must have something to roll"
    for kind in kinds:
        spec = system.default_spec(character, kind)
        assert sum(p for _, p in system.distribution(spec).items()) == 1
        result = system.resolve(spec, random.Random(7))
        assert system.distribution(spec)[result.outcome] > 0  # a roll can only land where P > 0


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_supplies_its_chat_palette_and_ccfolia_export(system_id):
    system = SYSTEMS[system_id]
    assert isinstance(system.palette, ChatPalette) and isinstance(system.ccfolia, CCFoliaExport)
    character = system.new_character("x")
    lines = palette_lines(system_id, character)
    assert isinstance(lines, list) and all(isinstance(line, str) for line in lines)
    validate_ccfolia(character_to_ccfolia(system_id, character))
