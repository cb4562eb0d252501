"""The MTGでTRPG table as a value: the turn, who boosted, the checks made in it, the virtual libraries
and the physical decks' cards out of their libraries; and the refusal the table's rules raise.
Value types only (the views import them); `table.py` holds the operations, the stored document's
reading and writing, and re-exports these.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from gmtool.rules.systems.mtg.checks_types import CheckColor
from gmtool.rules.systems.mtg.library_types import VirtualLibrary


class TableRefused(ValueError):
    """What the rules do not allow now; the message is for the GM."""


@dataclass(frozen=True)
class CheckRecord:
    character: str
    color: CheckColor
    difficulty: int


@dataclass(frozen=True, order=True)
class OutsideEntry:
    """A physical deck's copies out of its library (outside.py): the main deck card's name, whether
    they are its クリティカル・カード copies, how many."""

    name: str
    critical: bool
    count: int


Outside = tuple[OutsideEntry, ...]  # canonical: sorted, each (name, critical) once, counts ≥ 1


@dataclass(frozen=True)
class MTGTable:
    turn: int = 1
    boosted: frozenset[str] = frozenset()  # characters who used 行動判定ブースト this turn
    checks: tuple[CheckRecord, ...] = ()  # checks made this turn
    libraries: Mapping[str, VirtualLibrary] = field(default_factory=dict)  # character id → library
    # character id → the physical deck's cards not in its library (house rule mtg.physical_odds)
    outside: Mapping[str, Outside] = field(default_factory=dict)

    def has_checked(self, character: str, color: CheckColor, difficulty: int) -> bool:
        return CheckRecord(character, color, difficulty) in self.checks
