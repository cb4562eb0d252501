"""The bundled demo campaign that `make run` opens: a ready character for every system, a saved
encounter for the combat tracker, and a short session log.

A part's log lines are of kind ``demo`` unless one names a kind its system declares, with the
payload's extra keys: アナザーワールド's part sets its scenario (``aw.session`` with
``action: set_scenario``, as the session dialog writes it), so the log export offers a シナリオ
range on the demo.  A part's ``session`` holds documents under the session keys its system declares.

Each system ships its own part (`Declarations.demo`: resources/demo/<id>.json); the demo joins
them in the order of the menus (gmtool.app.systems), so a system added to the registries brings
its demo characters with it.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from gmtool.app.systems import SYSTEM_HOOKS
from gmtool.models.battle_keys import SAVED_KEY
from gmtool.models.log_payload import summary_payload
from gmtool.resources import resource_path
from gmtool.rules.systems import declarations
from gmtool.rules.systems.declarations import Demo
from gmtool.store.campaign import Campaign
from gmtool.store.data_dir import user_data_dir
from gmtool.store.exchange import character_from_document

DEMO_FILE_NAME = "demo.gmcampaign"
DEMO_KIND = "demo"  # the log kind of a demo line that names none


def _demos() -> list[tuple[str, Demo]]:
    """(system id, its demo part) of every system that ships one, in the menus' order."""
    found = [(system_id, declarations(system_id).demo) for system_id in SYSTEM_HOOKS]
    return [(system_id, demo) for system_id, demo in found if demo is not None]


def demo_parts() -> list[tuple[str, dict[str, Any]]]:
    """(system id, its demo file's content): characters, encounters and log lines."""
    return [
        (system_id, json.loads(resource_path("demo", demo.file).read_text(encoding="utf-8")))
        for system_id, demo in _demos()
    ]


def _entries(parts: list[tuple[str, dict[str, Any]]], key: str) -> list[tuple[str, Any]]:
    """(system id, entry) of every part's `key` list, in order."""
    return [(system_id, entry) for system_id, part in parts for entry in part.get(key, ())]


def shown_check() -> tuple[str, str]:
    """(system id, check id) that the screenshots and the self-test roll for the demo's first
    character: the first demo part that declares one."""
    return next((system_id, demo.shown_check) for system_id, demo in _demos() if demo.shown_check)


def create_demo_campaign(path: Path, session: bool = True) -> Campaign:
    """A new campaign at `path` holding the shipped demo characters and, with `session`, the demo's
    saved encounter and session log (the tests' campaigns start without them)."""
    parts = demo_parts()
    campaign = Campaign.create(path)
    ids: dict[str, tuple[str, Any]] = {}
    for position, (system_id, entry) in enumerate(_entries(parts, "characters")):
        character = character_from_document(system_id, entry["schema_version"], entry["data"])
        character_id = campaign.new_character_id()
        campaign.put_character(character_id, system_id, character, position)
        ids[character.name] = (character_id, character)
    if session:
        from gmtool.rules import battle  # the combat tracker's: loaded only when a demo is made

        saved = [_encounter(system_id, entry, ids) for system_id, entry in _entries(parts, "encounters")]
        campaign.set_session(SAVED_KEY, battle.dump_saved(tuple(saved)))
        for system_id, part in parts:
            for key, document in part.get("session", {}).items():
                campaign.set_session(
                    _declared(system_id, key, declarations(system_id).session_keys), document
                )
        for system_id, line in _entries(parts, "log"):
            kinds = [k.kind for k in declarations(system_id).log_kinds]
            kind = _declared(system_id, line.get("kind", DEMO_KIND), [DEMO_KIND, *kinds])
            extra = {k: v for k, v in line.items() if k not in ("kind", "inputs", "who")}
            campaign.append_log(
                kind, summary_payload(system_id, line["inputs"], line.get("who", ""), **extra)
            )
    return campaign


def _declared(system_id: str, name: str, declared: Sequence[str]) -> str:
    """A log kind or session key of a demo part: only one its system declares (a typo in the
    shipped data would write lines or state nothing reads)."""
    if name not in declared:
        raise ValueError(f"demo part of {system_id}: {name!r} is not among {list(declared)}")
    return name


def _encounter(system_id: str, entry: dict[str, Any], ids: dict[str, tuple[str, Any]]) -> Any:
    """A saved encounter from the demo data: campaign characters by name, then quick NPCs."""
    from gmtool.rules import battle, battle_turns
    from gmtool.rules.battle import Encounter
    from gmtool.rules.battle_rules import combat_rules

    rules = combat_rules(system_id)
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
    return battle.add_participants(Encounter(name=entry["name"], system=system_id), people)


def is_demo_campaign(path: Path) -> bool:
    """True for the user's demo campaign (the one in the data folder that the menu and the start
    page open); the offscreen starts' scratch demo is not it."""
    try:
        return path.resolve() == (user_data_dir() / DEMO_FILE_NAME).resolve()
    except OSError:
        return False


def open_demo_campaign(directory: Path | None = None) -> Campaign:
    """The user's demo campaign, created from the bundled data the first time."""
    directory = directory or user_data_dir()
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / DEMO_FILE_NAME
    if not path.exists():
        return create_demo_campaign(path)
    from gmtool.app.last_campaign import open_or_read_only  # a second gmtool: the demo read-only

    return open_or_read_only(path)
