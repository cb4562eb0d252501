"""The contract every game system fulfils (DESIGN.md, "The engine contract").

`GameSystem[CharacterT, SpecT, ResultT_co]` is generic in the system's own types: its character,
the check spec its judgement panel rolls, and what a real roll of that spec returns.  Each system's
class fulfils it structurally with its own types (its package checks that under TYPE_CHECKING);
code that holds whichever system a campaign uses takes an `AnySystem`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Protocol, TypeAlias, TypeVar, runtime_checkable

from gmtool.rules.checks import CheckKind
from gmtool.rules.dice import Distribution
from gmtool.rules.systems.declarations import Declarations

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
    # Variables every line may use, written first (AW's ``//難易度=10``), by name.
    variables: Callable[[Any], Mapping[str, int]] = field(default=lambda character: {})
    # False for a value that is a variable but no check of its own (AW's 攻撃力 is damage).
    rolled: Callable[[CheckKind], bool] = field(default=lambda kind: True)


def _nothing(character: Any) -> Sequence[Any]:
    return ()


def _gm_orders(values: Mapping[str, int], initiative: int) -> int:
    return 0


def _unknown(resource: Resource, values: Mapping[str, int]) -> int | None:
    return None


@dataclass(frozen=True)
class SheetField:
    """Where the sheet keeps a value the exports write under a label, so that a character read
    back from an online table (Udonarium's save, gmtool.store.udonarium_import) fills its sheet:
    dotted paths in the character's document.  A gauge's current value goes to `path` (or, with
    `spent`, its maximum minus it: LotR's 勇気 keeps what was spent) and its maximum to `maximum`."""

    path: str
    maximum: str = ""  # "": the maximum is computed from the sheet, not kept
    spent: bool = False


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
    # The exported values that are the sheet's own (not computed from it): what an import from
    # Udonarium writes back, by the gauge's resource key (``hp``) or the value's label.  Every
    # other value is computed again.
    sheet_fields: Mapping[str, SheetField] = field(default_factory=dict)


@dataclass(frozen=True)
class SessionSheet:
    """What a campaign's session state adds to one character's exported sheet (Udonarium): values
    the table looks up (千幻抄's 幻想値 per 類型) and memo lines (its 縁故, its 幻想能力)."""

    params: tuple[tuple[str, int], ...] = ()
    memo: tuple[str, ...] = ()


CharacterT = TypeVar("CharacterT")  # the system's character (its stored document's dataclass)
SpecT = TypeVar("SpecT")  # what a check rolls: every spec distribution() and resolve() take
ResultT_co = TypeVar("ResultT_co", covariant=True)  # what resolve() returns (only ever returned)


@runtime_checkable
class GameSystem(Protocol[CharacterT, SpecT, ResultT_co]):
    id: str  # "mtg", "aw", "sengensho", "fourcard", "lotr": package, data dir, save key

    # The Japanese name, a Message: shown in the UI language (gmtool.models.system_names).
    @property
    def name(self) -> str: ...

    schema_version: int  # version of this system's character document
    # What generic code reads of it (dice bot, log kinds, session keys, demo): its package's
    # DECLARATIONS, which the registry also gives without loading the system.
    declarations: Declarations

    def new_character(self, name: str = "") -> CharacterT: ...

    def derive(self, character: CharacterT) -> Mapping[str, int]:
        """Every computed value the sheet shows."""

    def checks(self, character: CharacterT) -> Sequence[CheckKind]:
        """What can be rolled for this character."""

    def default_spec(self, character: CharacterT, kind: CheckKind) -> SpecT:
        """The check spec the judgement panel starts from for this character and check."""

    def distribution(self, spec: SpecT) -> Distribution[Any]:
        """Exact outcome probabilities of a check spec (outcomes as the spec's kind of check has
        them: one system's specs may differ, e.g. AW's check and 対決)."""

    def resolve(self, spec: SpecT, rng: random.Random) -> ResultT_co:
        """One real roll of the same spec."""

    def load_character(self, data: Mapping[str, Any]) -> CharacterT:
        """Validate a character document; raises pydantic.ValidationError naming the bad path."""

    def dump_character(self, character: CharacterT) -> dict[str, Any]:
        """The JSON document stored for a character."""

    @property
    def palette(self) -> ChatPalette:
        """Its chat-palette lines (a system imports them when first asked, not at start-up)."""

    @property
    def ccfolia(self) -> CCFoliaExport:
        """Its part of the CCFolia clipboard JSON (imported when first asked, likewise)."""


# Whichever system a campaign, a file or a registry entry holds: its types are known only to it.
AnySystem: TypeAlias = GameSystem[Any, Any, Any]
