"""The bundled demo campaign that `make run` opens."""

from __future__ import annotations

import json
from pathlib import Path

from gmtool.resources import resource_path
from gmtool.store.campaign import Campaign
from gmtool.store.data_dir import user_data_dir
from gmtool.store.exchange import character_from_document

DEMO_FILE_NAME = "demo.gmcampaign"


def create_demo_campaign(path: Path) -> Campaign:
    """A new campaign at `path` holding the shipped demo characters."""
    source = json.loads(resource_path("demo", "demo_campaign.json").read_text(encoding="utf-8"))
    campaign = Campaign.create(path)
    for position, entry in enumerate(source["characters"]):
        character = character_from_document(entry["system"], entry["schema_version"], entry["data"])
        campaign.put_character(campaign.new_character_id(), entry["system"], character, position)
    return campaign


def open_demo_campaign(directory: Path | None = None) -> Campaign:
    """The user's demo campaign, created from the bundled data the first time."""
    directory = directory or user_data_dir()
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / DEMO_FILE_NAME
    return Campaign.open(path) if path.exists() else create_demo_campaign(path)
