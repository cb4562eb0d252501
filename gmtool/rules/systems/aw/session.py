"""AW session and scenario state: scenes, contracts and 令呪, event keys.

One frozen document (stored as JSON in the campaign's session state) and pure operations that
return the next document or raise `SessionRefused` with the reason the table hears.  Characters
are named by id; `Roster` tells the operations their names and whether they are PCs.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from functools import cache
from typing import Annotated, Any

from pydantic import ConfigDict, Field, StrictBool, StrictInt, StrictStr, TypeAdapter

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
            raise ValueError("contracts: 自分自身との契約があります")
        if len(set(servants)) != len(servants):
            raise ValueError("contracts: 1人のサーヴァントに有効な契約（マスター）が2つあります")
        if len({s.id for s in self.scenes}) != len(self.scenes):
            raise ValueError("scenes: 同じIDのシーンが2つあります")

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


@cache
def _adapter() -> TypeAdapter[AWSession]:
    # Built on first use: building it costs start-up time a campaign without AW state never needs.
    return TypeAdapter(AWSession)


def load_session(data: Any) -> AWSession:
    """The stored document as state (None: a campaign that has none yet).  pydantic's
    ValidationError names the bad field; the caller turns it into a message."""
    return AWSession() if data is None else _adapter().validate_python(data)


def dump_session(state: AWSession) -> dict[str, Any]:
    return _adapter().dump_python(state, mode="json")


class Roster:
    """Who the operations talk about: names for the reasons, and which characters are PCs."""

    def __init__(self, names: Mapping[str, str], pcs: set[str] | frozenset[str] = frozenset()) -> None:
        self.names = dict(names)
        self.pcs = set(pcs)

    def name(self, character_id: str) -> str:
        if character_id not in self.names:
            return "（削除されたキャラクター）"
        return self.names[character_id] or "（名前なし）"

    def require(self, character_id: str) -> None:
        if character_id not in self.names:
            raise SessionRefused(
                "そのキャラクターはキャンペーンにいません（アナザーワールドのキャラクターだけが対象です）"
            )


# ---- session and scenario -------------------------------------------------------------------


def end_session(state: AWSession) -> AWSession:
    """セッション終了: 令呪 are restored (3rd edition) and the current scene ends (a fight is the
    battle tracker's to end)."""
    return replace(state, session_number=state.session_number + 1, spells_used={}, current_scene=None)


def end_scenario(state: AWSession) -> AWSession:
    """シナリオ終了: also a session end; the scenario's scenes close and its event keys retire.

    Contracts continue (3rd edition: using up the 令呪 no longer ends a contract)."""
    ended = end_session(state)
    return replace(
        ended,
        scenario="",
        scenario_number=state.scenario_number + 1,
        scenes=(),
        event_keys=tuple(replace(k, retired=True) for k in state.event_keys),
    )


def add_scene(state: AWSession, scene_id: str, name: str, present: tuple[str, ...] = ()) -> AWSession:
    scene = Scene(scene_id, name.strip(), state.session_number, tuple(dict.fromkeys(present)))
    return replace(state, scenes=(*state.scenes, scene), current_scene=scene_id)


def set_present(state: AWSession, scene_id: str, present: tuple[str, ...]) -> AWSession:
    scene = state.scene(scene_id)
    if scene is None:
        raise SessionRefused("そのシーンはありません")
    changed = replace(scene, present=tuple(dict.fromkeys(present)))
    return replace(state, scenes=tuple(changed if s.id == scene_id else s for s in state.scenes))


# ---- contracts -----------------------------------------------------------------------------


def form_contract(state: AWSession, master: str, servant: str, roster: Roster) -> AWSession:
    roster.require(master)
    roster.require(servant)
    if master == servant:
        raise SessionRefused("自分自身と契約することはできません")
    current = state.master_of(servant)
    if current is not None:
        raise SessionRefused(
            f"{roster.name(servant)}には既にマスター（{roster.name(current)}）がいます。"
            "サーヴァントは複数のマスターと契約できません"
        )
    if state.master_of(master) == servant:
        # 再契約: 「マスターだったキャラクターが今度はサーヴァントに」 reads as a later contract, so the
        # reverse one waits until this one has ended (each would otherwise obey the other absolutely).
        raise SessionRefused(
            f"{roster.name(master)}は{roster.name(servant)}のサーヴァントです。"
            "逆向きの契約は、今の契約を破棄した後なら結べます"
        )
    if any(c.master == master and c.servant == servant for c in state.contracts):
        raise SessionRefused(
            f"{roster.name(master)}と{roster.name(servant)}は、以前この向き（マスター→サーヴァント）で"
            "契約していました。同じ契約はもう結べません（逆向きなら結べます）"
        )
    contract = Contract(master, servant, state.session_number)
    return replace(state, contracts=(*state.contracts, contract))


def break_contract(
    state: AWSession, servant: str, method: BreakMethod, note: str, roster: Roster, spells: int
) -> AWSession:
    """契約破棄; by 令呪 it uses one of the master's (refused with none left)."""
    master = state.master_of(servant)
    if master is None:
        raise SessionRefused(f"{roster.name(servant)}にはマスターがいません")
    if method is BreakMethod.COMMAND_SPELL:
        state = _spend_spell(state, master, roster, spells)
    ended = ContractBreak(method, note.strip(), state.session_number)
    contracts = tuple(
        replace(c, broken=ended) if c.active and c.servant == servant else c for c in state.contracts
    )
    return replace(state, contracts=contracts)


# ---- 令呪 ---------------------------------------------------------------------------------


def use_command_spell(
    state: AWSession, master: str, servant: str, effect: SpellEffect, roster: Roster, spells: int
) -> AWSession:
    """One 令呪 with its effect on the scene (a boost is applied by the judgement panel; an order is
    only recorded).  A summon in combat also moves the battle tracker's round to its cleanup: the
    model does that (`battle_turns.to_cleanup`), in the same undo step."""
    require_present(master, roster)
    require_present(servant, roster)
    if state.master_of(servant) != master:
        raise SessionRefused(f"{roster.name(servant)}は{roster.name(master)}のサーヴァントではありません")
    # No 令呪 left is the first reason the table hears, before any about the scene.
    state, scene = _spend_spell(state, master, roster, spells), state.scene(state.current_scene)
    if effect in (SpellEffect.SUMMON, SpellEffect.DISMISS):
        if scene is None:
            raise SessionRefused("現在のシーンがありません。先にシーンを作ってください")
        here = servant in scene.present
        if effect is SpellEffect.SUMMON and here:
            raise SessionRefused(f"{roster.name(servant)}は既にシーンに登場しています")
        if effect is SpellEffect.DISMISS and not here:
            raise SessionRefused(f"{roster.name(servant)}はシーンに登場していません")
    if effect is SpellEffect.SUMMON and scene is not None:
        state = set_present(state, scene.id, (*scene.present, servant))
    elif effect is SpellEffect.DISMISS and scene is not None:
        state = set_present(state, scene.id, tuple(c for c in scene.present if c != servant))
    return state


def spend_command_spell(state: AWSession, master: str, roster: Roster, spells: int) -> AWSession:
    """One 令呪 spent for a scenario's special rule (AF例2: 「PCが令呪を1つ消費すればこのAF判定自動成功」):
    no servant is ordered, but the master needs a 令呪 left like any other use."""
    require_present(master, roster)
    return _spend_spell(state, master, roster, spells)


def require_present(character: str, roster: Roster) -> None:
    """A deleted character's contract stays (the GM breaks it), but no 令呪 acts on or for it."""
    if character not in roster.names:
        raise SessionRefused(
            "そのキャラクターはキャンペーンから削除されています。令呪は使えません"
            "（残った契約は「契約を破棄」で終えられます）"
        )


def _spend_spell(state: AWSession, master: str, roster: Roster, spells: int) -> AWSession:
    if not state.servants_of(master):
        raise SessionRefused(f"{roster.name(master)}はマスターではありません（令呪刻印がありません）")
    if state.spells_left(master, spells) == 0:
        raise SessionRefused(
            f"{roster.name(master)}の令呪は残っていません（1シナリオに{spells}回まで。セッション終了時に回復します）"
        )
    used = dict(state.spells_used)
    used[master] = used.get(master, 0) + 1
    return replace(state, spells_used=used)


# ---- event keys -------------------------------------------------------------------------------


def give_key(state: AWSession, key_id: str, name: str, holder: str, roster: Roster) -> AWSession:
    roster.require(holder)
    name = name.strip()
    if not name:
        raise SessionRefused("イベントキーの名前を入れてください")
    if holder not in roster.pcs:
        raise SessionRefused(f"{roster.name(holder)}はPCではありません。イベントキーはPCに渡すものです")
    if any(k.name == name for k in state.keys_of(holder)):
        raise SessionRefused(f"{roster.name(holder)}は既に「イベントキー:{name}」を持っています")
    scene = state.scene(state.current_scene)
    scene_name = scene.name if scene else ""
    key = EventKey(key_id, name, holder, scene_name, state.session_number, state.scenario_number)
    return replace(state, event_keys=(*state.event_keys, key))


def move_key(state: AWSession, key_id: str, new_holder: str, roster: Roster) -> AWSession:
    """The GM moves a key (the rules do not let players hand them over; a special skill can)."""
    key = next((k for k in state.event_keys if k.id == key_id and not k.retired), None)
    if key is None:
        raise SessionRefused("そのイベントキーはありません")
    if key.holder == new_holder:
        raise SessionRefused(f"{roster.name(new_holder)}は既にそのイベントキーを持っています")
    roster.require(new_holder)
    if new_holder not in roster.pcs:
        raise SessionRefused(f"{roster.name(new_holder)}はPCではありません。イベントキーはPCに渡すものです")
    others = tuple(k for k in state.event_keys if k.id != key_id)
    # A holder who has a key of the same name already knows it: the moved key merges into theirs.
    if any(k.name == key.name for k in state.keys_of(new_holder)):
        return replace(state, event_keys=others)
    return replace(state, event_keys=(*others, replace(key, holder=new_holder)))


def remove_key(state: AWSession, key_id: str) -> AWSession:
    if not any(k.id == key_id for k in state.event_keys):
        raise SessionRefused("そのイベントキーはありません")
    return replace(state, event_keys=tuple(k for k in state.event_keys if k.id != key_id))
