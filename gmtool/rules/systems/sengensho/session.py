"""千幻抄 session state: scenes, 縁故, 前借り, 幻想能力 uses, impressions and the ラスボス.

One frozen document (stored as JSON in the campaign's session state) and pure operations that
return the next document or raise `SessionRefused` with the reason the table hears.  Characters are
named by id; a `Cast` tells the operations their names, whether they are PCs, their 類型 and preset
縁故.  The bond rules themselves are in `bonds`; this module holds the document and the session's
course (start, scenes, end, the ラスボス).

Rule readings (the text leaves these open):
- 縁故 are formed 「各セッション毎に」, so ending a session moves the session's scenes, 縁故, 前借り
  and 幻想能力 uses into the history; the GM can keep the 縁故 and 前借り instead.  Impressions hold
  for a scene, so they end with the session's scenes.
- Scene ids are unique across sessions, so a kept 縁故 is never "in the same scene" as a new one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cache
from typing import Annotated, Any

from pydantic import ConfigDict, Field, StrictBool, StrictInt, StrictStr, TypeAdapter

from gmtool.rules.message import Message, template
from gmtool.rules.systems.sengensho.character import (
    LAST_BOSS,
    BondKind,
    PresetBond,
    SengenshoCharacter,
)

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
            return scene.name or f"シーン{scene.id}"
        return "セッション開始前" if scene_id is None else "前のセッション"

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


def member_of(character: SengenshoCharacter) -> Member:
    return Member(
        character.name,
        character.is_pc,
        character.archetypes,
        character.preset_bonds,
        character.unlimited_abilities,
    )


def member(cast: Cast, character_id: str) -> Member:
    found = cast.get(character_id)
    if found is None:
        raise SessionRefused(
            Message("キャラクター {0} は千幻抄のキャラクターにいません（削除されましたか？）", character_id)
        )
    return found


def display_name(cast: Cast, character_id: str | None) -> str:
    if character_id is None:
        return ""
    found = cast.get(character_id)
    return found.name if found else "（削除されたキャラクター）"


def archetypes_in_force(session: SengenshoSession, cast: Cast, holder: str) -> tuple[str, ...]:
    """The holder's 類型, and ラスボス for the session's ラスボス (not counted in the three)."""
    own = member(cast, holder).archetypes
    return (*own, LAST_BOSS) if session.last_boss == holder else own


def archetype_lock_reason(session: SengenshoSession, what: str = template("類型")) -> str | None:
    """Why what is set at session start (the 類型: 「類型はセッション開始時に決定できる」; an NPC's
    preset 縁故: 「セッション開始時点で設定済み」) cannot change now, or None."""
    if session.running:
        return Message(
            "セッション {0} の最中は{1}を変更できません（次のセッションの開始前に変更してください）",
            session.session_number,
            what,
        )
    return None


# ---- the session's course -------------------------------------------------------------
def take_id(session: SengenshoSession) -> tuple[SengenshoSession, int]:
    return replace(session, next_id=session.next_id + 1), session.next_id


def start_session(session: SengenshoSession) -> SengenshoSession:
    if session.running:
        raise SessionRefused(Message("セッション {0} はもう始まっています", session.session_number))
    return replace(session, running=True)


def require_running(session: SengenshoSession) -> None:
    if not session.running:
        raise SessionRefused(Message("セッションが始まっていません（「セッション開始」を押してください）"))


def current_scene(session: SengenshoSession) -> int:
    """The current scene's id, or SessionRefused: 縁故 are formed in a scene."""
    require_running(session)
    if session.current_scene is None:
        raise SessionRefused(Message("現在のシーンがありません（シーンを追加してください）"))
    return session.current_scene


def add_scene(session: SengenshoSession, name: str) -> SengenshoSession:
    require_running(session)
    session, scene_id = take_id(session)
    scene = Scene(scene_id, name.strip())
    return replace(session, scenes=(*session.scenes, scene), current_scene=scene_id)


def set_current_scene(session: SengenshoSession, scene_id: int) -> SengenshoSession:
    if session.scene(scene_id) is None:
        raise SessionRefused(Message("シーン {0} はこのセッションにありません", scene_id))
    return replace(session, current_scene=scene_id)


def set_present(session: SengenshoSession, scene_id: int, present: tuple[str, ...]) -> SengenshoSession:
    """Records who appears (登場) in the scene: a 縁故 formed there by or to anyone else is warned of."""
    if session.scene(scene_id) is None:
        raise SessionRefused(Message("シーン {0} はこのセッションにありません", scene_id))
    ids = tuple(dict.fromkeys(present))
    scenes = tuple(replace(s, present=ids) if s.id == scene_id else s for s in session.scenes)
    return replace(session, scenes=scenes)


def absent_from_scene(session: SengenshoSession, cast: Cast, holder: str, target_id: str | None) -> list[str]:
    """The names of the holder and the target character not recorded as present in the current
    scene (nothing when the scene records no one: presence is the GM's to note, not required)."""
    scene = session.scene(session.current_scene)
    if scene is None or not scene.present:
        return []
    ids = [holder] + ([target_id] if target_id is not None else [])
    return [display_name(cast, i) for i in ids if i not in scene.present]


def rename_scene(session: SengenshoSession, scene_id: int, name: str) -> SengenshoSession:
    if session.scene(scene_id) is None:
        raise SessionRefused(Message("シーン {0} はこのセッションにありません", scene_id))
    scenes = tuple(replace(s, name=name.strip()) if s.id == scene_id else s for s in session.scenes)
    return replace(session, scenes=scenes)


def end_session(
    session: SengenshoSession, keep_bonds: bool = False, keep_uses: bool = False
) -> SengenshoSession:
    """Uses reset (「各能力は1セッションに1回」); the ラスボス, the scenes and their impressions end
    with the session.  The 縁故, 前借り and uses go to the history; with keep_bonds the 縁故 and 前借り
    also stay, but a kept 縁故 loses the ラスボス exemption: it belonged to this session's reveal.
    keep_uses (「各幻想能力は1シナリオに1回」 played, and the scenario goes on) keeps the uses too:
    the history then records the uses as they stand at this session's end."""
    require_running(session)
    past = PastSession(
        session.session_number,
        session.scenes,
        session.bonds,
        session.borrowings,
        session.uses,
        session.last_boss,
    )
    return replace(
        session,
        session_number=session.session_number + 1,
        running=False,
        scenes=(),
        current_scene=None,
        bonds=tuple(replace(b, last_boss=False) for b in session.bonds) if keep_bonds else (),
        borrowings=session.borrowings if keep_bonds else (),
        uses=session.uses if keep_uses else (),
        impressions=(),
        last_boss=None,
        last_boss_revealed=False,
        history=(*session.history, past),
    )


def set_last_boss(session: SengenshoSession, cast: Cast, character_id: str | None) -> SengenshoSession:
    """Names (or clears, with None) the session's ラスボス: 「原則的にセッションに一人のNPCのみ」.
    A PC is allowed too (the GM's ruling); the caller asks first."""
    if session.last_boss_revealed:
        raise SessionRefused(
            Message(
                "ラスボス（{0}）はもう明かされています。このセッションでは変えられません",
                display_name(cast, session.last_boss),
            )
        )
    if character_id is not None:
        member(cast, character_id)
        if session.last_boss not in (None, character_id):
            raise SessionRefused(
                Message(
                    "ラスボスはセッションに1人だけです（{0}がラスボスです。先に解除してください）",
                    display_name(cast, session.last_boss),
                )
            )
    return replace(session, last_boss=character_id)


def session_from_document(document: Any) -> SengenshoSession:
    """Validates a stored session; raises pydantic.ValidationError naming the bad field."""
    return _adapter().validate_python(document)


def session_to_document(session: SengenshoSession) -> dict[str, Any]:
    return _adapter().dump_python(session, mode="json")


@cache
def _adapter() -> TypeAdapter[SengenshoSession]:
    # Built on first use: the window does not need it to appear.
    return TypeAdapter(SengenshoSession)
