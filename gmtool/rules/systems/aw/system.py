"""アナザーワールドSRS 3rd edition.

The system itself (`SYSTEM`): the package's `__init__` declares what generic code reads of it and
imports this module when `SYSTEM` (or another of its names) is first asked for.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from pydantic import TypeAdapter

from gmtool.rules.checks import CheckKind, CheckResult, OpposedResult
from gmtool.rules.data import json_object
from gmtool.rules.dice import Distribution
from gmtool.rules.message import Message
from gmtool.rules.systems.aw import DECLARATIONS
from gmtool.rules.systems.aw.character import ATTRIBUTES, COMBAT_VALUES, SCHEMA_VERSION, AWCharacter
from gmtool.rules.systems.aw.checks import (
    DEFAULT_DIFFICULTY,
    AWCheckSpec,
    AWOpposedSpec,
    AWRoller,
    check_distribution,
    opposed_distribution,
    resolve_check,
    resolve_opposed,
)
from gmtool.rules.systems.aw.rules_data import aw_rules
from gmtool.rules.systems.base import CCFoliaExport, ChatPalette

if TYPE_CHECKING:
    from gmtool.rules.battle_rules import CombatRules
    from gmtool.rules.systems.base import GameSystem

_ADAPTER = TypeAdapter(AWCharacter)


class AnotherWorld:
    id = "aw"
    declarations = DECLARATIONS  # declared in the package's __init__

    @property
    def combat(self) -> CombatRules:
        """The battle tracker's round (imported when a fight needs it, not at start-up)."""
        from gmtool.rules.systems.aw.combat import SYSTEM_COMBAT

        return SYSTEM_COMBAT

    @property
    def palette(self) -> ChatPalette:
        """Its chat-palette lines (imported when a palette is made, not at start-up)."""
        from gmtool.rules.systems.aw.palette import PALETTE

        return PALETTE

    @property
    def ccfolia(self) -> CCFoliaExport:
        """Its part of a CCFolia export (imported when one is made, not at start-up)."""
        from gmtool.rules.systems.aw.ccfolia import CCFOLIA

        return CCFOLIA

    name = Message("アナザーワールドSRS 3rd")  # shown in the UI language (gmtool.models.system_names)
    schema_version = SCHEMA_VERSION

    def new_character(self, name: str = "") -> AWCharacter:
        rules = aw_rules()
        return AWCharacter(name=name, critical=rules.default_critical, fumble=rules.default_fumble)

    def derive(self, character: AWCharacter) -> Mapping[str, int]:
        # The texts give no derivation formulas: nothing is computed beyond what is entered.
        return {}

    def checks(self, character: AWCharacter) -> Sequence[CheckKind]:
        kinds = [
            CheckKind(key, label, getattr(character.attributes, key), "能力値") for key, label in ATTRIBUTES
        ]
        kinds += [
            CheckKind(key, label, getattr(character.combat, key), "戦闘値") for key, label in COMBAT_VALUES
        ]
        return kinds

    def roller(self, character: AWCharacter, value: int, modifier: int = 0) -> AWRoller:
        return AWRoller(value, modifier, character.critical, character.fumble)

    def default_spec(self, character: AWCharacter, kind: CheckKind) -> AWCheckSpec:
        return AWCheckSpec(self.roller(character, kind.value), DEFAULT_DIFFICULTY)

    def distribution(self, spec: AWCheckSpec | AWOpposedSpec) -> Distribution[Any]:
        if isinstance(spec, AWOpposedSpec):
            return opposed_distribution(spec)
        return check_distribution(spec)

    def resolve(self, spec: AWCheckSpec | AWOpposedSpec, rng: random.Random) -> CheckResult | OpposedResult:
        if isinstance(spec, AWOpposedSpec):
            return resolve_opposed(spec, rng)
        return resolve_check(spec, rng)

    def load_character(self, data: Mapping[str, Any]) -> AWCharacter:
        return _ADAPTER.validate_python(data)

    def dump_character(self, character: AWCharacter) -> dict[str, Any]:
        return json_object(_ADAPTER, character)


SYSTEM = AnotherWorld()
if TYPE_CHECKING:  # the engine contract, with this system's character, specs and results
    _CONTRACT: GameSystem[AWCharacter, AWCheckSpec | AWOpposedSpec, CheckResult | OpposedResult] = SYSTEM
