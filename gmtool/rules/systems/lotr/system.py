"""The Lord of the Rings RPG (Decipher, CODA).

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
from gmtool.rules.systems.lotr import DECLARATIONS, checks
from gmtool.rules.systems.lotr.character import SCHEMA_VERSION, LotRCharacter
from gmtool.rules.systems.lotr.checks import CheckSpec, LotRResult, RollSpec
from gmtool.rules.systems.lotr.derived import derive
from gmtool.rules.systems.lotr.kinds import DEFAULT_TN, check_kinds, roller_for

if TYPE_CHECKING:
    from gmtool.rules.battle_rules import CombatRules
    from gmtool.rules.systems.base import GameSystem

_ADAPTER = TypeAdapter(LotRCharacter)


class LotR:
    id = "lotr"
    declarations = DECLARATIONS  # declared in the package's __init__

    @property
    def combat(self) -> CombatRules:
        """The battle tracker's round (imported when a fight needs it, not at start-up)."""
        from gmtool.rules.systems.lotr.combat import SYSTEM_COMBAT

        return SYSTEM_COMBAT

    @property
    def palette(self) -> ChatPalette:
        """Its chat-palette lines (imported when a palette is made, not at start-up)."""
        from gmtool.rules.systems.lotr.palette import PALETTE

        return PALETTE

    @property
    def ccfolia(self) -> CCFoliaExport:
        """Its part of a CCFolia export (imported when one is made, not at start-up)."""
        from gmtool.rules.systems.lotr.ccfolia import CCFOLIA

        return CCFOLIA

    name = Message("指輪物語RPG（CODA）")  # shown in the UI language (gmtool.models.system_names)
    schema_version = SCHEMA_VERSION

    def new_character(self, name: str = "") -> LotRCharacter:
        return LotRCharacter(name=name)

    def derive(self, character: LotRCharacter) -> Mapping[str, int]:
        return derive(character)

    def checks(self, character: LotRCharacter) -> Sequence[CheckKind]:
        return check_kinds(character)

    # The annotations name the checks module's types directly: in the class body `checks` is the
    # method above, not the module.
    def default_spec(self, character: LotRCharacter, kind: CheckKind) -> RollSpec:
        return checks.RollSpec(roller_for(character, kind.id), DEFAULT_TN)

    def distribution(self, spec: CheckSpec) -> Distribution[Any]:
        return checks.distribution(spec)

    def resolve(self, spec: CheckSpec, rng: random.Random) -> LotRResult:
        return checks.resolve(spec, rng)

    def load_character(self, data: Mapping[str, Any]) -> LotRCharacter:
        return _ADAPTER.validate_python(data)

    def dump_character(self, character: LotRCharacter) -> dict[str, Any]:
        return json_object(_ADAPTER, character)


SYSTEM = LotR()
if TYPE_CHECKING:  # the engine contract, with this system's character, specs and results
    _CONTRACT: GameSystem[LotRCharacter, CheckSpec, LotRResult] = SYSTEM
