"""MTGでTRPG — a Magic: the Gathering deck is the character; 行動判定 reveals library cards.

The system itself (`SYSTEM`): the package's `__init__` declares what generic code reads of it and
imports this module when `SYSTEM` (or another of its names) is first asked for.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from pydantic import TypeAdapter

from gmtool.rules.checks import CheckKind
from gmtool.rules.data import json_object
from gmtool.rules.dice import Distribution
from gmtool.rules.message import Message
from gmtool.rules.systems.base import CCFoliaExport, ChatPalette
from gmtool.rules.systems.mtg import DECLARATIONS
from gmtool.rules.systems.mtg.character import SCHEMA_VERSION, MTGCharacter
from gmtool.rules.systems.mtg.checks import (
    CheckColor,
    LibraryCard,
    LibraryView,
    MTGCheckResult,
    MTGCheckSpec,
    resolve_check,
)
from gmtool.rules.systems.mtg.deck_stats import deck_statistics
from gmtool.rules.systems.mtg.odds import check_distribution

if TYPE_CHECKING:
    from gmtool.rules.battle_rules import CombatRules
    from gmtool.rules.systems.base import GameSystem

_ADAPTER = TypeAdapter(MTGCharacter)

CHECK_GROUP = "行動判定"
COLOR_NAMES = {
    CheckColor.WHITE: "白",
    CheckColor.BLUE: "青",
    CheckColor.BLACK: "黒",
    CheckColor.RED: "赤",
    CheckColor.GREEN: "緑",
    CheckColor.COLORLESS: "色のない",
}


def check_kind_id(color: CheckColor) -> str:
    return f"check:{color.value}"


def library_of(character: MTGCharacter) -> list[LibraryCard]:
    return [LibraryCard(card, critical) for card, critical in character.copies()]


class MTG:
    id = "mtg"
    declarations = DECLARATIONS  # declared in the package's __init__

    @property
    def combat(self) -> CombatRules:
        """The battle tracker's round: turns in the GM's order, ライフ entered by the GM."""
        from gmtool.rules.battle_rules import life_rules

        return life_rules("mtg", "life", "ライフ")

    @property
    def palette(self) -> ChatPalette:
        """Its chat-palette lines (imported when a palette is made, not at start-up)."""
        from gmtool.rules.systems.mtg.palette import PALETTE

        return PALETTE

    @property
    def ccfolia(self) -> CCFoliaExport:
        """Its part of a CCFolia export (imported when one is made, not at start-up)."""
        from gmtool.rules.systems.mtg.ccfolia import CCFOLIA

        return CCFOLIA

    name = Message("MTGでTRPG")  # shown in the UI language (gmtool.models.system_names)
    schema_version = SCHEMA_VERSION

    def new_character(self, name: str = "") -> MTGCharacter:
        return MTGCharacter(name=name)

    def derive(self, character: MTGCharacter) -> Mapping[str, int]:
        return deck_statistics(character).as_values()

    def checks(self, character: MTGCharacter) -> Sequence[CheckKind]:
        """The six 行動判定 of the rule text; a deck has no other number to roll with."""
        return [
            CheckKind(check_kind_id(color), f"{COLOR_NAMES[color]}判定", 0, CHECK_GROUP)
            for color in CheckColor
        ]

    def default_spec(self, character: MTGCharacter, kind: CheckKind) -> MTGCheckSpec:
        color = CheckColor(kind.id.removeprefix("check:"))
        return MTGCheckSpec(LibraryView.shuffled(library_of(character)), color, difficulty=0)

    def distribution(self, spec: MTGCheckSpec) -> Distribution[Any]:
        return check_distribution(spec)

    def resolve(self, spec: MTGCheckSpec, rng: random.Random) -> MTGCheckResult:
        return resolve_check(spec, rng)

    def load_character(self, data: Mapping[str, Any]) -> MTGCharacter:
        return _ADAPTER.validate_python(data)

    def dump_character(self, character: MTGCharacter) -> dict[str, Any]:
        return json_object(_ADAPTER, character)


SYSTEM = MTG()
if TYPE_CHECKING:  # the engine contract, with this system's character, spec and result
    _CONTRACT: GameSystem[MTGCharacter, MTGCheckSpec, MTGCheckResult] = SYSTEM
