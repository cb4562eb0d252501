"""千幻抄 session state: scenes, 縁故, 前借り, 幻想能力 uses, impressions and the ラスボス.

One frozen document (stored as JSON in the campaign's session state) and pure operations that
return the next document or raise `SessionRefused` with the reason the table hears.  Characters are
named by id; a `Cast` tells the operations their names, whether they are PCs, their 類型 and preset
縁故.  The bond rules themselves are in `bonds`; this module holds the document and the session's
course (start, scenes, end, the ラスボス).  The document's value types (`SengenshoSession`, `Bond`,
`Member`, `SessionRefused`…) live in `session_types` and are re-exported here.

Rule readings (the text leaves these open):
- 縁故 are formed 「各セッション毎に」, so ending a session moves the session's scenes, 縁故, 前借り
  and 幻想能力 uses into the history; the GM can keep the 縁故 and 前借り instead.  Impressions are
  in force for a scene, but go to the history too: 「印象効果を使用したあとのシーンにおいて…
  「第一印象がそうであった」として考慮することが望ましい」 (`first_impressions`).
- Scene ids are unique across sessions, so a kept 縁故 is never "in the same scene" as a new one.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from typing import Any

from pydantic import TypeAdapter

from gmtool.rules.data import json_object
from gmtool.rules.message import Message, template
from gmtool.rules.systems.sengensho.character import LAST_BOSS, SengenshoCharacter
from gmtool.rules.systems.sengensho.session_types import (
    MANY,
    AbilityUse,
    ArchetypeName,
    Bond,
    Borrowing,
    Cast,
    FirstImpression,
    Id,
    Impression,
    Index,
    Level,
    Member,
    Name,
    PastSession,
    Points,
    Scene,
    SengenshoSession,
    Serial,
    SessionRefused,
)

__all__ = [
    "MANY",
    "AbilityUse",
    "ArchetypeName",
    "Bond",
    "Borrowing",
    "Cast",
    "FirstImpression",
    "Id",
    "Impression",
    "Index",
    "Level",
    "Member",
    "Name",
    "PastSession",
    "Points",
    "Scene",
    "SengenshoSession",
    "Serial",
    "SessionRefused",
    "absent_from_scene",
    "add_scene",
    "archetype_lock_reason",
    "archetypes_in_force",
    "current_scene",
    "display_name",
    "end_session",
    "member",
    "member_of",
    "rename_scene",
    "require_running",
    "session_from_document",
    "session_to_document",
    "set_current_scene",
    "set_last_boss",
    "set_present",
    "start_session",
    "take_id",
]


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
        session.impressions,
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
    return json_object(_adapter(), session)


@cache
def _adapter() -> TypeAdapter[SengenshoSession]:
    # Built on first use: the window does not need it to appear.
    return TypeAdapter(SengenshoSession)


def first_impressions(session: SengenshoSession) -> list[FirstImpression]:
    """The first 印象効果 each holder gave each target, in this session's earlier scenes or in past
    sessions: 「印象効果を使用したあとのシーンにおいて…「第一印象がそうであった」として考慮する」.
    A first impression given in the current scene is in force there, so it is not repeated here."""
    seen: set[tuple[str, str | None, str]] = set()
    found: list[FirstImpression] = []
    past = [(p.number, p.scenes, p.impressions) for p in session.history]
    for number, scenes, impressions in (*past, (session.session_number, session.scenes, session.impressions)):
        names = {s.id: s.name or f"シーン{s.id}" for s in scenes}
        for impression in sorted(impressions, key=lambda i: i.scene):
            key = (
                impression.holder,
                impression.target_id,
                impression.target if impression.target_id is None else "",
            )
            if key in seen:
                continue
            seen.add(key)
            if number == session.session_number and impression.scene == session.current_scene:
                continue
            found.append(FirstImpression(impression, number, names.get(impression.scene, "")))
    return found
