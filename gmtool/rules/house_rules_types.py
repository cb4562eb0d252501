"""House rules' value types: a switch (`HouseRule`), its readings, the refusal, the session key.

Values only: `gmtool/rules/house_rules.py` finds each system's switches and keeps the campaign's
choices (`HouseRules`), and re-exports these; the views may import them (the import contract
``views-engine-values-only``).
"""

from __future__ import annotations

from dataclasses import dataclass

from gmtool.rules.message_types import Message

HOUSE_RULES_KEY = "house_rules"  # the campaign's session-state key
MAX_STORED = 500  # choices read from a file: far more than gmtool has switches


class HouseRulesError(ValueError):
    """A choice that names no switch or no reading of it (the message says which)."""

    def __init__(self, message: Message) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class Reading:
    id: str
    label: str  # Japanese: the reading in a few words
    effect: str = ""  # Japanese: what changes under it (odds, limits, rolls)


@dataclass(frozen=True)
class HouseRule:
    id: str  # "<system>.<name>": unique over every system
    system: str
    title: str  # Japanese: what the switch is about
    quote: str  # the rule text's own words, verbatim
    section: str  # where in the rule text the words are
    readings: tuple[Reading, ...]
    default: str  # the reading gmtool plays without a choice: the one the text's words decide

    def __post_init__(self) -> None:
        ids = [r.id for r in self.readings]
        if len(ids) < 2 or len(set(ids)) != len(ids) or self.default not in ids:
            raise ValueError(f"house rule {self.id}: readings {ids}, default {self.default}")
        if not self.id.startswith(f"{self.system}."):
            raise ValueError(f"house rule {self.id}: its id must start with '{self.system}.'")

    def reading(self, reading_id: str) -> Reading:
        return next(r for r in self.readings if r.id == reading_id)
