"""The combat tracker's value types: the encounter document, its participants, resources,
conditions and log lines, the refusal the tracker raises, and what a system's round rules
answer (a quick NPC's fields, a participant's seed, who acts next).

Values only (frozen pydantic dataclasses, enums, bounds): what the tracker's engine
(`gmtool/rules/battle.py`, `battle_turns.py`, each system's `combat.py`) computes with, what the
models hand the views.  `gmtool/rules/battle.py` and `battle_rules.py` re-export them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Annotated, Any

from pydantic import ConfigDict, Field, StrictBool, StrictInt, StrictStr

from gmtool.rules.message_types import Message

Id = Annotated[StrictStr, Field(min_length=1, max_length=64)]
Name = Annotated[StrictStr, Field(max_length=200)]
Text = Annotated[StrictStr, Field(max_length=5000)]
Value = Annotated[StrictInt, Field(ge=-1_000_000, le=1_000_000)]
MANY = 2_000  # participants, conditions, log lines: far beyond a table, short of a hostile file
MAX_EVENTS = 5_000  # the encounter's own log keeps its newest lines; the campaign log keeps all


class BattleRefused(ValueError):
    """An action the tracker or the rules do not allow; the message is the reason shown."""


class Phase(StrEnum):
    SETUP = "setup"  # a round starts: declarations, initiative rolls
    TURN = "turn"  # someone acts
    CLEANUP = "cleanup"  # everyone has acted: the round's end


class Status(StrEnum):
    ACTIVE = "active"
    DEFEATED = "defeated"  # 戦闘不能・昏倒: skipped, still in the scene
    DEAD = "dead"
    FLED = "fled"  # left the scene (逃走)


class Side(StrEnum):
    ALLY = "ally"
    ENEMY = "enemy"


@dataclass(frozen=True)
class Resource:
    """HP, MP, life, damage taken…: a value and, where one is known, its maximum.

    Damage lowers a pool (HP) and raises a track (`grows`); healing does the opposite."""

    __pydantic_config__ = ConfigDict(extra="forbid")

    key: Id
    label: Name
    value: Value = 0
    maximum: Value | None = None
    grows: StrictBool = False  # a track that counts damage taken (疲労, 負傷, LotR's wounds)


@dataclass(frozen=True)
class Condition:
    """A named state; `rounds` left counts down at the start of `counts_on`'s turn (None: at
    the round's cleanup), and the condition ends at 0.  No `rounds`: until removed."""

    __pydantic_config__ = ConfigDict(extra="forbid")

    name: Annotated[StrictStr, Field(min_length=1, max_length=200)]
    rounds: Annotated[StrictInt, Field(ge=1, le=100_000)] | None = None
    counts_on: Id | None = None


@dataclass(frozen=True)
class Action:
    """One action recorded in the participant's current round (kind is the system's: minor/major…)."""

    __pydantic_config__ = ConfigDict(extra="forbid")

    kind: Annotated[StrictStr, Field(max_length=32)]
    name: Name
    cost: Annotated[StrictInt, Field(ge=0, le=100)] = 0


@dataclass(frozen=True)
class Participant:
    __pydantic_config__ = ConfigDict(extra="forbid")

    id: Id
    name: Name
    character_id: Id | None = None  # a campaign character, or None for a quick NPC
    is_pc: StrictBool = False
    side: Side = Side.ENEMY
    hidden: StrictBool = False  # the GM's secret: marked, and left out of every export
    status: Status = Status.ACTIVE
    acted: StrictBool = False
    initiative: Value = 0  # what orders turns: 行動値, this round's Swiftness test…
    values: dict[Annotated[StrictStr, Field(max_length=32)], Value] = field(default_factory=dict)
    resources: Annotated[tuple[Resource, ...], Field(max_length=32)] = ()
    conditions: Annotated[tuple[Condition, ...], Field(max_length=MANY)] = ()
    engagement: Name | None = None  # the engagement (group) it stands in
    actions: Annotated[tuple[Action, ...], Field(max_length=MANY)] = ()  # this round's
    revealed: StrictBool = False  # its data made public (対象識別)
    note: Text = ""

    @property
    def in_play(self) -> bool:
        """Whether it takes turns: defeated, dead and fled participants are skipped."""
        return self.status is Status.ACTIVE

    def resource(self, key: str) -> Resource | None:
        return next((r for r in self.resources if r.key == key), None)

    def value(self, key: str, default: int = 0) -> int:
        return self.values.get(key, default)


@dataclass(frozen=True)
class Event:
    __pydantic_config__ = ConfigDict(extra="forbid")

    round: Annotated[StrictInt, Field(ge=0, le=100_000)]
    text: Text


@dataclass(frozen=True)
class Encounter:
    __pydantic_config__ = ConfigDict(extra="forbid")

    name: Name = ""
    system: Annotated[StrictStr, Field(max_length=32)] = ""
    active: StrictBool = False  # started and not yet ended
    round: Annotated[StrictInt, Field(ge=0, le=100_000)] = 0
    phase: Phase = Phase.SETUP
    current: Id | None = None
    participants: Annotated[tuple[Participant, ...], Field(max_length=MANY)] = ()  # the GM's order
    turns: Annotated[tuple[Id, ...], Field(max_length=MANY)] = ()  # who has acted this round, in turn
    # Whose turn has begun this round: their conditions are counted once a round, however often the
    # turn comes back to them (the GM handing it on, 前の手番).
    counted: Annotated[tuple[Id, ...], Field(max_length=MANY)] = ()
    # Who stood level with the actor by the rules when the turn began: the GM may choose another.
    tied: Annotated[tuple[Id, ...], Field(max_length=MANY)] = ()
    # Level on 行動値 but put in order by the text's rule of thumb (AW: 反射, 知覚, 幸運): the GM may
    # still decide otherwise.
    ordered_by_principle: Annotated[tuple[Id, ...], Field(max_length=MANY)] = ()
    options: dict[Annotated[StrictStr, Field(max_length=32)], Value] = field(default_factory=dict)
    events: Annotated[tuple[Event, ...], Field(max_length=MAX_EVENTS)] = ()

    def __post_init__(self) -> None:
        ids = [p.id for p in self.participants]
        if len(set(ids)) != len(ids):
            raise ValueError(Message("participants: 同じIDの参加者が2人います"))
        if self.current is not None and self.current not in ids:
            raise ValueError(Message("current: 手番の参加者がいません"))

    def participant(self, participant_id: str | None) -> Participant | None:
        return next((p for p in self.participants if p.id == participant_id), None)

    def get(self, participant_id: str) -> Participant:
        found = self.participant(participant_id)
        if found is None:
            raise BattleRefused(Message("その参加者はこの戦闘にいません"))
        return found

    def option(self, key: str, default: int = 0) -> int:
        return self.options.get(key, default)

    def waiting(self) -> list[Participant]:
        """Who may still act this round, in the GM's order."""
        return [p for p in self.participants if p.in_play and not p.acted]

    def public(self) -> Encounter:
        """The encounter as the players may see it: hidden participants left out."""
        shown = tuple(p for p in self.participants if not p.hidden)
        current = self.current if any(p.id == self.current for p in shown) else None
        return replace(self, participants=shown, current=current)


@dataclass(frozen=True)
class QuickField:
    """A value asked for when the GM makes a quick NPC."""

    key: str
    label: str
    default: int = 0  # what the engine takes when a caller gives none (the dialog asks instead)
    minimum: int = -999
    maximum: int = 9999
    required: bool = False  # no value the rules give: the GM must enter it


@dataclass(frozen=True)
class Seed:
    """What a participant starts from: made from a campaign character or a quick NPC's values."""

    name: str
    is_pc: bool = False
    initiative: int = 0
    values: Mapping[str, int] | None = None
    resources: tuple[Resource, ...] = ()


@dataclass(frozen=True)
class NextActor:
    """Who acts next, and who stands level with them by every rule (the GM may pick one of those)."""

    id: str | None
    tied: tuple[str, ...] = ()
    ordered_by_principle: tuple[str, ...] = ()  # level, put in order by a rule of thumb the GM may overrule


@dataclass(frozen=True)
class LostTurn:
    """A turn the system's rules take away (LotR 3.8: 「1ターン行動不能」): why, and the encounter with
    that turn spent (the condition that took it gone).  The tracker skips the turn, one step."""

    reason: str
    encounter: Encounter


KEEP: Any = object()  # set_resource: leave the maximum as it is
