"""千幻抄 session state as values: the session document (`SengenshoSession` and its scenes, 縁故,
前借り, 幻想能力 uses and impressions), what the session knows of a character (`Member`, `Cast`) and
`SessionRefused` (loaded, stored and changed by `session`, `bonds` and `fantasy`).

A value module (views may import it: it declares types and constants, no function).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated

from pydantic import ConfigDict, Field, StrictBool, StrictInt, StrictStr

from gmtool.rules.message import Message
from gmtool.rules.systems.sengensho.character import BondKind, PresetBond

Id = Annotated[StrictStr, Field(min_length=1, max_length=64)]
Name = Annotated[StrictStr, Field(max_length=200)]
ArchetypeName = Annotated[StrictStr, Field(min_length=1, max_length=60)]
Serial = Annotated[StrictInt, Field(ge=1, le=10**9)]
Level = Annotated[StrictInt, Field(ge=1, le=99)]
Index = Annotated[StrictInt, Field(ge=0, le=2)]
Points = Annotated[StrictInt, Field(ge=0, le=999)]
MANY = 10_000


class SessionRefused(ValueError):
    """An action the rules do not allow; the message is the reason shown to the table."""


@dataclass(frozen=True)
class Scene:
    __pydantic_config__ = ConfigDict(extra="forbid")

    id: Serial
    name: Name = ""
    # The campaign characters the GM recorded as 登場 in the scene; () when not recorded (then no
    # 縁故 is warned about: 「登場したキャラクターや集団に対する縁故を取得する」).
    present: Annotated[tuple[Id, ...], Field(max_length=MANY)] = ()


@dataclass(frozen=True)
class Bond:
    """縁故: one 類型's tie from `holder` to a character or group, a memory, or a purpose."""

    __pydantic_config__ = ConfigDict(extra="forbid")

    id: Serial
    holder: Id
    archetype: ArchetypeName
    kind: BondKind
    target: Name  # the character's or group's name, the memory, the purpose
    target_id: Id | None = None  # a campaign character, for kind CHARACTER
    level: Level = 1
    formed_scene: Serial | None = None  # the scene it was formed or last re-tied in
    changed_scene: Serial | None = None  # the scene of its last change (formed, re-tied, raised)
    retied: StrictBool = False  # 結び直し: formed instead of a new bond
    last_boss: StrictBool = False  # the ラスボス's reveal: free of the level limits
    override: StrictBool = False  # formed or raised past a limit by the GM


@dataclass(frozen=True)
class Borrowing:
    """前借り: the 類型's 幻想値 raised to `raised_to` until its 縁故 pay for it."""

    __pydantic_config__ = ConfigDict(extra="forbid")

    holder: Id
    archetype: ArchetypeName
    raised_to: Points
    scene: Serial | None = None


@dataclass(frozen=True)
class AbilityUse:
    __pydantic_config__ = ConfigDict(extra="forbid")

    holder: Id
    archetype: ArchetypeName
    index: Index
    scene: Serial | None = None
    borrowed: StrictBool = False


@dataclass(frozen=True)
class Impression:
    """印象効果 in force for one scene: `target` sees `holder` as its 類型 says."""

    __pydantic_config__ = ConfigDict(extra="forbid")

    scene: Serial
    holder: Id
    archetype: ArchetypeName
    target: Name
    target_id: Id | None = None


@dataclass(frozen=True)
class PastSession:
    __pydantic_config__ = ConfigDict(extra="forbid")

    number: Serial
    scenes: Annotated[tuple[Scene, ...], Field(max_length=MANY)] = ()
    bonds: Annotated[tuple[Bond, ...], Field(max_length=MANY)] = ()
    borrowings: Annotated[tuple[Borrowing, ...], Field(max_length=MANY)] = ()
    uses: Annotated[tuple[AbilityUse, ...], Field(max_length=MANY)] = ()
    last_boss: Id | None = None
    # Kept for 「第一印象がそうであった」: an impression counts in later scenes (and sessions) too.
    impressions: Annotated[tuple[Impression, ...], Field(max_length=MANY)] = ()


@dataclass(frozen=True)
class FirstImpression:
    """The first 印象効果 `holder` gave `target` (「第一印象がそうであった」として考慮する), and where."""

    impression: Impression
    session_number: int
    scene_name: str


@dataclass(frozen=True)
class SengenshoSession:
    __pydantic_config__ = ConfigDict(extra="forbid")

    session_number: Serial = 1
    running: StrictBool = False
    scenes: Annotated[tuple[Scene, ...], Field(max_length=MANY)] = ()
    current_scene: Serial | None = None
    bonds: Annotated[tuple[Bond, ...], Field(max_length=MANY)] = ()
    borrowings: Annotated[tuple[Borrowing, ...], Field(max_length=MANY)] = ()
    uses: Annotated[tuple[AbilityUse, ...], Field(max_length=MANY)] = ()
    impressions: Annotated[tuple[Impression, ...], Field(max_length=MANY)] = ()
    last_boss: Id | None = None  # at most one per session
    last_boss_revealed: StrictBool = False
    history: Annotated[tuple[PastSession, ...], Field(max_length=MANY)] = ()
    next_id: Serial = 1  # scenes and 縁故 share it, so ids never repeat across sessions

    def __post_init__(self) -> None:
        if self.current_scene is not None and self.scene(self.current_scene) is None:
            raise ValueError(Message("現在のシーン {0} がシーンの一覧にありません", self.current_scene))
        if self.last_boss_revealed and self.last_boss is None:
            raise ValueError(Message("ラスボスが決まっていないのに明かされています"))
        ids = [b.id for b in self.bonds] + [s.id for s in self.scenes]
        if len(set(ids)) != len(ids) or any(i >= self.next_id for i in ids):
            raise ValueError(Message("シーンまたは縁故の番号が重複しているか next_id 以上です"))

    def scene(self, scene_id: int | None) -> Scene | None:
        return next((s for s in self.scenes if s.id == scene_id), None)

    def scene_name(self, scene_id: int | None) -> str:
        scene = self.scene(scene_id)
        if scene is not None:
            return scene.name or Message("シーン{0}", scene.id)
        return Message("セッション開始前") if scene_id is None else Message("前のセッション")

    def bond(self, bond_id: int) -> Bond:
        found = next((b for b in self.bonds if b.id == bond_id), None)
        if found is None:
            raise SessionRefused(Message("縁故 {0} はありません", bond_id))
        return found

    def bonds_of(self, holder: str) -> list[Bond]:
        return [b for b in self.bonds if b.holder == holder]

    def used(self, holder: str, archetype: str, index: int) -> bool:
        return any(u.holder == holder and u.archetype == archetype and u.index == index for u in self.uses)


@dataclass(frozen=True)
class Member:
    """What the session needs to know of one campaign character."""

    name: str
    is_pc: bool
    archetypes: tuple[str, ...] = ()
    presets: tuple[PresetBond, ...] = ()
    unlimited: bool = False  # 原作キャラクター: 幻想能力の使用回数に制限なし


Cast = Mapping[str, Member]
