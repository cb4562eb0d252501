"""作り話RPG: a made-up game system, as small as the contracts allow, that
tests/e2e/test_made_up_system.py registers at run time (one line in each registry) to prove that a
system is found everywhere by its own packages alone.

This package is its engine side, as `gmtool/rules/systems/<id>/` is a shipped system's: what it
declares for generic code (`DECLARATIONS`) and the system (`SYSTEM`).  Its character tests its
luck: 1D6 + 運 against 7.  `panel.py`, `menu.py`, `cli.py` and `hooks.py` are its Qt and CLI side.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter

from gmtool.rules.checks import CheckKind, CheckResult, Outcome
from gmtool.rules.dice import Distribution
from gmtool.rules.systems.base import CCFoliaExport, ChatPalette
from gmtool.rules.systems.declarations import CHECKS, SESSION, Declarations, Demo, DiceBot, LogKind

SYSTEM_ID = "madeup"
NAME = "作り話RPG"
BOT = "MadeUpRPG"  # its BCDice game system ID (made up too)
LOG_KIND = "madeup.luck"  # a luck test, in 判定
SCENE_KIND = "madeup.scene"  # a scene mark: its lines mark a session's course
TARGET = 7

DECLARATIONS = Declarations(
    dice_bot=DiceBot(NAME, BOT),
    log_kinds=(LogKind(LOG_KIND, CHECKS), LogKind(SCENE_KIND, SESSION, marks_sessions=True)),
    session_keys=(SYSTEM_ID,),
    demo=Demo(str(Path(__file__).with_name("demo.json"))),
)


@dataclass(frozen=True)
class MadeUpCharacter:
    name: str = ""
    luck: int = 2
    hp: int = 10
    is_pc: bool = True
    notes: str = ""


@dataclass(frozen=True)
class LuckSpec:
    luck: int


_ADAPTER = TypeAdapter(MadeUpCharacter)


def luck_distribution(luck: int) -> Distribution[Outcome]:
    passing = sum(1 for face in range(1, 7) if face + luck >= TARGET)
    return Distribution.from_weights({Outcome.SUCCESS: passing, Outcome.FAILURE: 6 - passing})


class MadeUp:
    id = SYSTEM_ID
    name = NAME
    schema_version = 1
    declarations = DECLARATIONS
    palette = ChatPalette(roll=lambda character, kind, variable: f"1D6+{variable}>={TARGET}")
    ccfolia = CCFoliaExport(sheet_params=lambda character: (("HP", character.hp),))

    def new_character(self, name: str = "") -> MadeUpCharacter:
        return MadeUpCharacter(name=name)

    def derive(self, character: MadeUpCharacter) -> Mapping[str, int]:
        return {}

    def checks(self, character: MadeUpCharacter) -> Sequence[CheckKind]:
        return [CheckKind("luck", "運", character.luck, "能力値")]

    def default_spec(self, character: MadeUpCharacter, kind: CheckKind) -> LuckSpec:
        return LuckSpec(kind.value)

    def distribution(self, spec: LuckSpec) -> Distribution[Any]:
        return luck_distribution(spec.luck)

    def resolve(self, spec: LuckSpec, rng: random.Random) -> CheckResult:
        face = rng.randint(1, 6)
        outcome = Outcome.SUCCESS if face + spec.luck >= TARGET else Outcome.FAILURE
        return CheckResult(outcome, (face,), face + spec.luck)

    def load_character(self, data: Mapping[str, Any]) -> MadeUpCharacter:
        return _ADAPTER.validate_python(data)

    def dump_character(self, character: MadeUpCharacter) -> dict[str, Any]:
        return _ADAPTER.dump_python(character, mode="json")


SYSTEM = MadeUp()
