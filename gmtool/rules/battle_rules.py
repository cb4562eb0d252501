"""What each system's combat round adds to the tracker, and the GM-ordered round every system
starts from.

A system plugs its round in through the registry: its `SYSTEM.combat` is a `CombatRules`.  A
system without one gets `CombatRules()` — turns in the GM's order, resources as entered — so adding
a system's round is one attribute on its registry entry.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import replace
from functools import cache
from typing import Any

from gmtool.rules.battle import Encounter, Participant, Resource
from gmtool.rules.battle_types import LostTurn, NextActor, QuickField, Seed

__all__ = [
    "CombatRules",
    "LifeRules",
    "LostTurn",
    "NextActor",
    "QuickField",
    "Seed",
    "SessionReader",
    "combat_rules",
    "life_rules",
]

# The campaign's cached session reader (CampaignModel.parsed_session): read(key, parse) gives
# parse(the stored document), parsed once per change of the stored text.
SessionReader = Callable[[str, Callable[[Any], Any]], Any]


class CombatRules:
    """Turns in the GM's order (the participants' order in the encounter)."""

    system_id = ""
    initiative_label = ""  # what `Participant.initiative` means on screen; "" when the GM orders
    # The round ends in SRS's クリンナッププロセス (AW); other systems' rounds simply end.
    cleanup_process = False
    # Quick-NPC values: the rule texts give no HP or life numbers, so the GM enters them.
    quick_fields: tuple[QuickField, ...] = (QuickField("hp", "HP", 0, 0),)

    # The session keys `in_campaign` reads: when one changes, the tracker shows its fight again.
    session_keys: tuple[str, ...] = ()

    def in_campaign(self, read: SessionReader) -> CombatRules:
        """These rules as the open campaign plays them: a system whose tables the GM edits (or
        reads under a house rule) returns rules over the campaign's own.  Unchanged by default."""
        return self

    def from_character(self, character: Any) -> Seed:
        return Seed(name=getattr(character, "name", ""), is_pc=bool(getattr(character, "is_pc", True)))

    def from_quick(self, name: str, values: Mapping[str, int]) -> Seed:
        return Seed(name=name, resources=_entered_resources(self.quick_fields, values))

    def next_actor(self, encounter: Encounter) -> NextActor:
        waiting = encounter.waiting()
        return NextActor(waiting[0].id if waiting else None)

    def start_round(self, encounter: Encounter, rng: random.Random) -> Encounter:
        """A new round's setup (initiative rolls, per-round values): nothing by default."""
        return encounter

    def lost_turn(self, encounter: Encounter, participant_id: str) -> LostTurn | None:
        """Whether the turn this participant is beginning is lost to one of its conditions (the
        tracker's 次の手番 then skips it); None by default."""
        return None

    def settle(self, participant: Participant) -> Participant:
        """After its resources change: the status they imply (e.g. a line reached)."""
        return participant

    def states(self, participant: Participant) -> tuple[str, ...]:
        """Codes of the rule states it is in (a penalty line…), for the view to name."""
        return ()

    def penalty(self, participant: Participant) -> int:
        """The modifier its state puts on every roll (0 by default)."""
        return 0

    def write_back(self, character: Any, participant: Participant) -> Any:
        """The campaign character with the fight's resources written onto its sheet (the same
        character when the sheet keeps none of them)."""
        return character


def _entered_resources(fields: tuple[QuickField, ...], values: Mapping[str, int]) -> tuple[Resource, ...]:
    """One resource per quick field, starting full; 0 leaves the maximum for the GM to enter."""
    resources = []
    for f in fields:
        amount = values.get(f.key, f.default)
        resources.append(Resource(f.key, f.label, amount, amount or None))
    return tuple(resources)


class LifeRules(CombatRules):
    """GM-ordered turns and one resource the text does not size (千幻抄's HP, MTG's life)."""

    def __init__(self, system_id: str, key: str, label: str) -> None:
        self.system_id = system_id
        self.resource_key = key
        self.quick_fields = (QuickField(key, label, 0, 0),)

    def from_character(self, character: Any) -> Seed:
        seed = super().from_character(character)
        # Not in the rule text: the GM enters it, and the tracker says so while it is empty.
        return replace(seed, resources=(Resource(self.resource_key, self.quick_fields[0].label, 0, None),))


@cache
def life_rules(system_id: str, key: str, label: str) -> LifeRules:
    return LifeRules(system_id, key, label)


def combat_rules(system_id: str) -> CombatRules:
    """The system's round rules from the registry; GM-ordered turns when it brings none."""
    from gmtool.rules.systems import SYSTEMS  # the systems import this module for their rules

    system = SYSTEMS.get(system_id)
    rules = getattr(system, "combat", None)
    return rules if isinstance(rules, CombatRules) else CombatRules()
