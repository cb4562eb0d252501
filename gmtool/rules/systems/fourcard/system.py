"""フォーカード basic rules.

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
from gmtool.rules.systems.fourcard import DECLARATIONS, checks
from gmtool.rules.systems.fourcard.character import ATTRIBUTES, SCHEMA_VERSION, FourCardCharacter
from gmtool.rules.systems.fourcard.checks import CheckSpec, FourCardResult, FourCardRoller, TargetSpec
from gmtool.rules.systems.fourcard.derived import derive, is_weakened, level, skill_level
from gmtool.rules.systems.fourcard.house_rules import LEVEL_LOWER

if TYPE_CHECKING:
    from gmtool.rules.battle_rules import CombatRules
    from gmtool.rules.systems.base import GameSystem

_ADAPTER = TypeAdapter(FourCardCharacter)

SKILL_GROUP = "スキル"
UNSKILLED_GROUP = "スキルなし（能力値÷2）"
ATTRIBUTE_GROUP = "能力値＋総合LV"
RESISTANCE_GROUP = "抵抗"
RESISTANCES = (("vt", "VT抵抗"), ("wp", "WP抵抗"))


class FourCard:
    id = "fourcard"
    declarations = DECLARATIONS  # declared in the package's __init__

    @property
    def combat(self) -> CombatRules:
        """The battle tracker's round (imported when a fight needs it, not at start-up)."""
        from gmtool.rules.systems.fourcard.combat import SYSTEM_COMBAT

        return SYSTEM_COMBAT

    @property
    def palette(self) -> ChatPalette:
        """Its chat-palette lines (imported when a palette is made, not at start-up)."""
        from gmtool.rules.systems.fourcard.palette import PALETTE

        return PALETTE

    @property
    def ccfolia(self) -> CCFoliaExport:
        """Its part of a CCFolia export (imported when one is made, not at start-up)."""
        from gmtool.rules.systems.fourcard.ccfolia import CCFOLIA

        return CCFOLIA

    name = Message("フォーカード")  # shown in the UI language (gmtool.models.system_names)
    schema_version = SCHEMA_VERSION

    def new_character(self, name: str = "") -> FourCardCharacter:
        return FourCardCharacter(name=name)

    def derive(self, character: FourCardCharacter) -> Mapping[str, int]:
        return derive(character)

    def checks(self, character: FourCardCharacter, level_reading: str = LEVEL_LOWER) -> Sequence[CheckKind]:
        """Every ベース the text names: skill LV (and per specialisation), attribute÷2
        unskilled, attribute + 総合LV (the table read as `level_reading`), and the VT/WP resistances."""
        kinds = []
        for skill in character.skills:
            # Messages, shown in the UI language (models/fourcard/terms.check_label); the Japanese text
            # is the label the chat palette and the CCFolia export write.
            bracketed = f"【{skill.name}】"
            kinds.append(
                CheckKind(
                    f"skill:{skill.name}",
                    Message("{0}（その他）", bracketed) if skill.specialised else bracketed,
                    skill_level(character, skill),
                    SKILL_GROUP,
                )
            )
            kinds += [
                CheckKind(
                    f"skill:{skill.name}:{field}",
                    Message("{0}特化{1}", bracketed, f"【{field}】"),
                    skill_level(character, skill, field),
                    SKILL_GROUP,
                )
                for field in skill.specialisations
            ]
        lv = level(character, level_reading)
        for attribute, label in ATTRIBUTES:
            kinds.append(
                CheckKind(
                    f"unskilled:{attribute}", f"{label}÷2", character.current(attribute) // 2, UNSKILLED_GROUP
                )
            )
        for attribute, label in ATTRIBUTES:
            kinds.append(
                CheckKind(
                    f"attribute:{attribute}",
                    f"{label}＋総合LV",
                    character.current(attribute) + lv,
                    ATTRIBUTE_GROUP,
                )
            )
        for attribute, label in RESISTANCES:
            kinds.append(
                CheckKind(f"resist:{attribute}", label, character.current(attribute) + lv, RESISTANCE_GROUP)
            )
        return kinds

    # The annotations name the checks module's types directly: in the class body `checks` is the
    # method above, not the module.
    def roller(self, character: FourCardCharacter, base: int, modifier: int = 0) -> FourCardRoller:
        return checks.FourCardRoller(base, modifier, weakened=is_weakened(character))

    def default_spec(self, character: FourCardCharacter, kind: CheckKind) -> TargetSpec:
        return checks.TargetSpec(self.roller(character, kind.value), checks.DEFAULT_DIFFICULTY)

    def distribution(self, spec: CheckSpec) -> Distribution[Any]:
        return checks.distribution(spec)

    def resolve(self, spec: CheckSpec, rng: random.Random) -> FourCardResult:
        return checks.resolve(spec, rng)

    def load_character(self, data: Mapping[str, Any]) -> FourCardCharacter:
        return _ADAPTER.validate_python(data)

    def dump_character(self, character: FourCardCharacter) -> dict[str, Any]:
        return json_object(_ADAPTER, character)


SYSTEM = FourCard()
if TYPE_CHECKING:  # the engine contract, with this system's character, specs and results
    _CONTRACT: GameSystem[FourCardCharacter, CheckSpec, FourCardResult] = SYSTEM
