"""The bundled demo campaign that `make run` opens: a ready character for every system, a saved
encounter for the combat tracker, and a short session log."""

from __future__ import annotations

import json
import uuid
from dataclasses import replace
from pathlib import Path
from typing import Any

from gmtool.models.battle_keys import SAVED_KEY
from gmtool.models.log_payload import summary_payload
from gmtool.resources import resource_path
from gmtool.store.campaign import Campaign
from gmtool.store.data_dir import user_data_dir
from gmtool.store.exchange import character_from_document

DEMO_FILE_NAME = "demo.gmcampaign"


def create_demo_campaign(path: Path, session: bool = True) -> Campaign:
    """A new campaign at `path` holding the shipped demo characters and, with `session`, the demo's
    saved encounter and session log (the tests' campaigns start without them)."""
    source = json.loads(resource_path("demo", "demo_campaign.json").read_text(encoding="utf-8"))
    campaign = Campaign.create(path)
    ids: dict[str, tuple[str, Any]] = {}
    for position, entry in enumerate(source["characters"]):
        character = character_from_document(entry["system"], entry["schema_version"], entry["data"])
        character_id = campaign.new_character_id()
        campaign.put_character(character_id, entry["system"], character, position)
        ids[character.name] = (character_id, character)
    if session:
        from gmtool.rules import battle  # the combat tracker's: loaded only when a demo is made

        encounters = tuple(_encounter(entry, ids) for entry in source.get("encounters", ()))
        campaign.set_session(SAVED_KEY, battle.dump_saved(encounters))
        for line in source.get("log", ()):
            campaign.append_log("demo", summary_payload(line["system"], line["inputs"], line.get("who", "")))
    return campaign


def _encounter(entry: dict[str, Any], ids: dict[str, tuple[str, Any]]) -> Any:
    """A saved encounter from the demo data: campaign characters by name, then quick NPCs."""
    from gmtool.rules import battle, battle_turns
    from gmtool.rules.battle import Encounter
    from gmtool.rules.battle_rules import combat_rules

    rules = combat_rules(entry["system"])
    people = []
    for name in entry.get("characters", ()):
        character_id, character = ids[name]
        seed = rules.from_character(character)
        people.append(rules.settle(battle_turns.participant_from(seed, uuid.uuid4().hex, character_id)))
    for npc in entry.get("npcs", ()):
        for each in battle.copy_names(npc["name"], npc.get("count", 1)):
            seed = rules.from_quick(each, npc.get("values", {}))
            made = battle_turns.participant_from(seed, uuid.uuid4().hex)
            people.append(rules.settle(replace(made, hidden=npc.get("hidden", False))))
    return battle.add_participants(Encounter(name=entry["name"], system=entry["system"]), people)


def open_demo_campaign(directory: Path | None = None) -> Campaign:
    """The user's demo campaign, created from the bundled data the first time."""
    directory = directory or user_data_dir()
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / DEMO_FILE_NAME
    if not path.exists():
        return create_demo_campaign(path)
    from gmtool.app.last_campaign import open_or_read_only  # a second gmtool: the demo read-only

    return open_or_read_only(path)
