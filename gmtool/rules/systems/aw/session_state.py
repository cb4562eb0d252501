"""The AW session document (stored as JSON in the campaign's session state): scenes, contracts and
令呪, event keys.  Frozen pydantic dataclasses and the refusal the operations raise — value types
only, so the views may import them; ``gmtool.rules.systems.aw.session`` holds the operations that
return the next document, and loads and dumps it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Annotated

from pydantic import ConfigDict, Field, StrictBool, StrictInt, StrictStr

from gmtool.rules.message import Message

Id = Annotated[StrictStr, Field(min_length=1, max_length=64)]
Name = Annotated[StrictStr, Field(max_length=200)]
Text = Annotated[StrictStr, Field(max_length=5000)]
Count = Annotated[StrictInt, Field(ge=0, le=100_000)]
MANY = 10_000


class SessionRefused(ValueError):
    """An action the rules do not allow; the message is the reason shown to the table."""


class BreakMethod(StrEnum):
    """契約破棄の方法."""

    COMMAND_SPELL = "command_spell"  # @令呪で契約破棄の命令を下す（令呪を 1 つ使う）
    SEVERING = "severing"  # A令呪刻印のある肉体を切り離す
    SPIRITUAL_HEALING = "spiritual_healing"  # B《心霊治療》
    OTHER = "other"  # Cその他


class SpellEffect(StrEnum):
    """令呪の使用方法 @〜C."""

    ORDER = "order"  # 意に添わない命令を強要する
    SUMMON = "summon"  # シーンに登場させる（戦闘中ならクリンナッププロセスへ）
    DISMISS = "dismiss"  # シーンから退場させる
    BOOST = "boost"  # 行為判定の達成値 +20


class CombatPhase(StrEnum):
    """The old stand-in's processes: kept only so `Combat` (and old documents) still load."""

    SETUP = "setup"
    INITIATIVE = "initiative"
    MAIN = "main"
    CLEANUP = "cleanup"


@dataclass(frozen=True)
class Scene:
    __pydantic_config__ = ConfigDict(extra="forbid")

    id: Id
    name: Name = ""
    session: Count = 1
    present: Annotated[tuple[Id, ...], Field(max_length=MANY)] = ()  # characters in the scene


@dataclass(frozen=True)
class ContractBreak:
    __pydantic_config__ = ConfigDict(extra="forbid")

    method: BreakMethod
    note: Text = ""
    session: Count = 1


@dataclass(frozen=True)
class Contract:
    """One contract, kept after it is broken: the history decides who may contract again."""

    __pydantic_config__ = ConfigDict(extra="forbid")

    master: Id
    servant: Id
    session: Count = 1  # the session it was made in
    broken: ContractBreak | None = None

    @property
    def active(self) -> bool:
        return self.broken is None


@dataclass(frozen=True)
class EventKey:
    __pydantic_config__ = ConfigDict(extra="forbid")

    id: Id
    name: Annotated[StrictStr, Field(min_length=1, max_length=200)]
    holder: Id
    scene: Name = ""  # the scene it came from (its name: scenes end with the scenario)
    session: Count = 1
    scenario: Count = 1
    retired: StrictBool = False  # its scenario has ended


@dataclass(frozen=True)
class Combat:
    """No longer used: the battle tracker (`rules/battle.py`, session key "battle.encounter") owns
    the round now.  Kept, never written to, so documents saved by older versions still load."""

    __pydantic_config__ = ConfigDict(extra="forbid")

    active: StrictBool = False
    round: Annotated[StrictInt, Field(ge=1, le=100_000)] = 1
    phase: CombatPhase = CombatPhase.SETUP


@dataclass(frozen=True)
class AWSession:
    __pydantic_config__ = ConfigDict(extra="forbid")

    scenario: Name = ""
    scenario_number: Annotated[StrictInt, Field(ge=1, le=100_000)] = 1
    session_number: Annotated[StrictInt, Field(ge=1, le=100_000)] = 1
    scenes: Annotated[tuple[Scene, ...], Field(max_length=MANY)] = ()
    current_scene: Id | None = None
    contracts: Annotated[tuple[Contract, ...], Field(max_length=MANY)] = ()
    spells_used: dict[Id, Count] = field(default_factory=dict)  # 令呪 used since the last restore
    event_keys: Annotated[tuple[EventKey, ...], Field(max_length=MANY)] = ()
    combat: Combat = field(default_factory=Combat)  # no longer used (the battle tracker's round)

    def __post_init__(self) -> None:
        # Never built by the operations, but a hand-edited file can hold them (and `master_of` would
        # pick one of two masters silently); loading turns the ValueError into the problem line.
        servants = [c.servant for c in self.contracts if c.active]
        if any(c.master == c.servant for c in self.contracts):
            raise ValueError(Message("contracts: 自分自身との契約があります"))
        if len(set(servants)) != len(servants):
            raise ValueError(Message("contracts: 1人のサーヴァントに有効な契約（マスター）が2つあります"))
        if len({s.id for s in self.scenes}) != len(self.scenes):
            raise ValueError(Message("scenes: 同じIDのシーンが2つあります"))

    # ---- reading -------------------------------------------------------------------------
    def scene(self, scene_id: str | None) -> Scene | None:
        return next((s for s in self.scenes if s.id == scene_id), None)

    def master_of(self, servant: str) -> str | None:
        return next((c.master for c in self.contracts if c.active and c.servant == servant), None)

    def servants_of(self, master: str) -> list[str]:
        return [c.servant for c in self.contracts if c.active and c.master == master]

    def contracted(self, a: str, b: str) -> bool:
        """Whether a and b are in a contract now (either direction)."""
        return any(c.active and {c.master, c.servant} == {a, b} for c in self.contracts)

    def spells_left(self, master: str, maximum: int) -> int:
        return max(0, maximum - self.spells_used.get(master, 0))

    def keys_of(self, holder: str) -> list[EventKey]:
        return [k for k in self.event_keys if k.holder == holder and not k.retired]

    def key_names(self) -> list[str]:
        """The names of the keys in play, in the order they were first given."""
        return list(dict.fromkeys(k.name for k in self.event_keys if not k.retired))

    def holders_of(self, key_name: str) -> set[str]:
        return {k.holder for k in self.event_keys if k.name == key_name and not k.retired}
