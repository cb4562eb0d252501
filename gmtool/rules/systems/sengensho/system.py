"""千幻抄 — 類型と幻想能力 (rule 1.3), with 3D6 checks.

The system itself (`SYSTEM`): the package's `__init__` declares what generic code reads of it and
imports this module when `SYSTEM` (or another of its names) is first asked for.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from pydantic import TypeAdapter

from gmtool.rules.checks import CheckKind, CheckResult
from gmtool.rules.data import json_object
from gmtool.rules.dice import Distribution
from gmtool.rules.message import Message
from gmtool.rules.systems.base import CCFoliaExport, ChatPalette
from gmtool.rules.systems.sengensho import DECLARATIONS
from gmtool.rules.systems.sengensho.character import ATTRIBUTES, SCHEMA_VERSION, SengenshoCharacter
from gmtool.rules.systems.sengensho.checks import (
    DEFAULT_TARGET,
    SengenshoCheckSpec,
    SengenshoRoller,
    check_distribution,
    resolve_check,
)
from gmtool.rules.systems.sengensho.rules_data import sengensho_rules

if TYPE_CHECKING:
    from gmtool.rules.battle_rules import CombatRules
    from gmtool.rules.systems.base import GameSystem

_ADAPTER = TypeAdapter(SengenshoCharacter)

ATTRIBUTE_GROUP = "特性値"
SKILL_GROUP = "スキル"


def attribute_kind_id(key: str) -> str:
    return f"attribute:{key}"


def skill_kind_id(name: str) -> str:
    return f"skill:{name}"


class Sengensho:
    id = "sengensho"
    declarations = DECLARATIONS  # declared in the package's __init__

    @property
    def combat(self) -> CombatRules:
        """The battle tracker's round: turns in the GM's order, HP entered by the GM."""
        from gmtool.rules.battle_rules import life_rules

        return life_rules("sengensho", "hp", "HP")

    @property
    def palette(self) -> ChatPalette:
        """Its chat-palette lines (imported when a palette is made, not at start-up)."""
        from gmtool.rules.systems.sengensho.palette import PALETTE

        return PALETTE

    @property
    def ccfolia(self) -> CCFoliaExport:
        """Its part of a CCFolia export (imported when one is made, not at start-up)."""
        from gmtool.rules.systems.sengensho.ccfolia import CCFOLIA

        return CCFOLIA

    name = Message("千幻抄")  # shown in the UI language (gmtool.models.system_names)
    schema_version = SCHEMA_VERSION

    def new_character(self, name: str = "") -> SengenshoCharacter:
        return SengenshoCharacter(name=name)

    def derive(self, character: SengenshoCharacter) -> Mapping[str, int]:
        # 幻想値 comes from the session's 縁故 (session.fantasy_values); nothing else is derived.
        return {}

    def checks(self, character: SengenshoCharacter) -> Sequence[CheckKind]:
        """{特性値} and 〈スキル〉: a check adds one 特性値 and at most one skill (「{知性}+〈交渉〉」)."""
        kinds = [
            CheckKind(attribute_kind_id(key), label, character.attribute(key), ATTRIBUTE_GROUP)
            for key, label in ATTRIBUTES
        ]
        kinds += [
            CheckKind(skill_kind_id(s.name), f"〈{s.name}〉", s.level, SKILL_GROUP) for s in character.skills
        ]
        return kinds

    def roller(self, value: int, modifier: int = 0) -> SengenshoRoller:
        rules = sengensho_rules()
        return SengenshoRoller(value, modifier, rules.default_critical, rules.default_fumble)

    def default_spec(self, character: SengenshoCharacter, kind: CheckKind) -> SengenshoCheckSpec:
        return SengenshoCheckSpec(self.roller(kind.value), DEFAULT_TARGET)

    def distribution(self, spec: SengenshoCheckSpec) -> Distribution[Any]:
        return check_distribution(spec)

    def resolve(self, spec: SengenshoCheckSpec, rng: random.Random) -> CheckResult:
        return resolve_check(spec, rng)

    def load_character(self, data: Mapping[str, Any]) -> SengenshoCharacter:
        return _ADAPTER.validate_python(data)

    def dump_character(self, character: SengenshoCharacter) -> dict[str, Any]:
        return json_object(_ADAPTER, character)


SYSTEM = Sengensho()
if TYPE_CHECKING:  # the engine contract, with this system's character, spec and result
    _CONTRACT: GameSystem[SengenshoCharacter, SengenshoCheckSpec, CheckResult] = SYSTEM
