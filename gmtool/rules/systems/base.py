"""The contract every game system fulfils (DESIGN.md, "The engine contract")."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from gmtool.rules.checks import CheckKind
from gmtool.rules.dice import Distribution

if TYPE_CHECKING:
    from gmtool.rules.battle import Resource


@dataclass(frozen=True)
class ChatPalette:
    """How a system's checks become BCDice chat-palette lines (gmtool.rules.palette): each check is
    a ``//name=value`` variable and a line ``<roll> <comment>`` that reads it as ``{name}``."""

    # The command part of a check's line, given the character, the check and its variable as the
    # line writes it (``{反射}``); None for a system whose checks roll no dice: it has no palette.
    roll: Callable[[Any, CheckKind, str], str] | None
    # The text after the command, which BCDice ignores; None: the check's label in 【】.
    comment: Callable[[CheckKind], str] | None = None
    # What a check's variable is named from (brackets and characters that end a name then go).
    variable_label: Callable[[CheckKind], str] = attrgetter("label")


def _nothing(character: Any) -> Sequence[Any]:
    return ()


def _gm_orders(values: Mapping[str, int], initiative: int) -> int:
    return 0


def _unknown(resource: Resource, values: Mapping[str, int]) -> int | None:
    return None


@dataclass(frozen=True)
class CCFoliaExport:
    """What a system adds to a character's CCFolia clipboard JSON (gmtool.store.ccfolia)."""

    # A quick NPC's battle values as the table names them, by key; keys not listed are the
    # tracker's bookkeeping (rolled initiative dice…) and stay out of the export.
    value_labels: Mapping[str, str] = field(default_factory=dict)
    # Values on the sheet that no check rolls but the table looks up, as (label, value).
    sheet_params: Callable[[Any], Sequence[tuple[str, int]]] = _nothing
    # The memo's lines after the system's name ("" lines are left out).
    memo: Callable[[Any], Sequence[str]] = _nothing
    # Sheet pools the battle tracker does not keep, shown as status bars after its resources.
    extra_status: Callable[[Any], Sequence[Resource]] = _nothing
    # CCFolia's initiative from the battle values and the tracker's initiative: 0 by default,
    # where the GM orders the turns.
    initiative: Callable[[Mapping[str, int], int], int] = _gm_orders
    # The end of a resource with no maximum, from the battle values; None when it is not known.
    track_end: Callable[[Resource, Mapping[str, int]], int | None] = _unknown


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

    @property
    def palette(self) -> ChatPalette:
        """Its chat-palette lines (a system imports them when first asked, not at start-up)."""

    @property
    def ccfolia(self) -> CCFoliaExport:
        """Its part of the CCFolia clipboard JSON (imported when first asked, likewise)."""
