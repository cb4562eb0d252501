"""What the printed sheet shows of a character, worked out by the engine before it is drawn.

The print views (`gmtool/views/print/`) lay this out as HTML and draw the main check's bars; the
values themselves — the system's name, the computed values, the checks and the main check's exact
outcome probabilities — come from the system registry here, so the views never ask the engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from gmtool.models.system_names import system_name
from gmtool.rules.checks import CheckKind
from gmtool.rules.systems import SYSTEMS


@dataclass(frozen=True)
class MainCheck:
    """The first check of `checks(character)` with its default spec's exact outcome probabilities."""

    kind: CheckKind
    outcomes: tuple[tuple[Any, Fraction], ...]  # outcome code → probability, in the engine's order
    difficulty: int | None = None  # what the odds were computed against (難易度, 目標値, TN)


# The field of a check spec that holds what a roll is compared with, by the names the systems use.
DIFFICULTY_FIELDS = ("difficulty", "target", "tn")


@dataclass(frozen=True)
class SheetContent:
    """Everything the printed sheet shows of one character."""

    system_name: str
    character: Any
    derived: Mapping[str, Any]  # every computed value (GCS: recalculate everything, then show it)
    checks: tuple[CheckKind, ...]
    main_check: MainCheck | None  # None when there is nothing to roll


def main_check(system_id: str, character: Any) -> MainCheck | None:
    """None when the character has nothing to roll (or its default spec cannot be rolled)."""
    system = SYSTEMS[system_id]
    kinds = list(system.checks(character))
    if not kinds:
        return None
    kind = kinds[0]
    try:
        spec = system.default_spec(character, kind)
        distribution = system.distribution(spec)
    except ValueError:
        return None
    difficulty = next((getattr(spec, f) for f in DIFFICULTY_FIELDS if hasattr(spec, f)), None)
    outcomes = tuple((o, Fraction(p)) for o, p in distribution.probabilities.items())
    return MainCheck(kind, outcomes, difficulty if isinstance(difficulty, int) else None)


def sheet_content(system_id: str, character: Any) -> SheetContent:
    system = SYSTEMS[system_id]
    return SheetContent(
        system_name(system_id),
        character,
        system.derive(character),
        tuple(system.checks(character)),
        main_check(system_id, character),
    )
