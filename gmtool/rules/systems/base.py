"""The contract every game system fulfils (DESIGN.md, "The engine contract")."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from gmtool.rules.checks import CheckKind
from gmtool.rules.dice import Distribution


@runtime_checkable
class GameSystem(Protocol):
    id: str  # "mtg", "aw", "sengensho", "fourcard", "lotr": package, data dir, save key
    name: str  # Japanese display name
    schema_version: int  # version of this system's character document

    def new_character(self, name: str = "") -> Any: ...

    def derive(self, character: Any) -> Mapping[str, int]:
        """Every computed value the sheet shows."""

    def checks(self, character: Any) -> Sequence[CheckKind]:
        """What can be rolled for this character."""

    def default_spec(self, character: Any, kind: CheckKind) -> Any:
        """The check spec the judgement panel starts from for this character and check."""

    def distribution(self, spec: Any) -> Distribution[Any]:
        """Exact outcome probabilities of a check spec."""

    def resolve(self, spec: Any, rng: random.Random) -> Any:
        """One real roll of the same spec."""

    def load_character(self, data: Mapping[str, Any]) -> Any:
        """Validate a character document; raises pydantic.ValidationError naming the bad path."""

    def dump_character(self, character: Any) -> dict[str, Any]:
        """The JSON document stored for a character."""
