"""AW session and scenario state: scenes, contracts and 令呪, event keys.

One frozen document (stored as JSON in the campaign's session state) and pure operations that
return the next document or raise `SessionRefused` with the reason the table hears.  Characters
are named by id; `Roster` tells the operations their names and whether they are PCs.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import cache
from typing import Any

from pydantic import TypeAdapter

from gmtool.rules.data import json_object
from gmtool.rules.message import Message
from gmtool.rules.systems.aw.house_rules import RESTORE_SCENARIO, RESTORE_SESSION
from gmtool.rules.systems.aw.session_state import (
    AWSession,
    BreakMethod,
    Combat,
    CombatPhase,
    Contract,
    ContractBreak,
    EventKey,
    Scene,
    SessionRefused,
    SpellEffect,
)

# The document's types (and SessionRefused) are defined in session_state, a value module the views
# import, and reached here too (session.AWSession…).
__all__ = [
    "AWSession",
    "BreakMethod",
    "Combat",
    "CombatPhase",
    "Contract",
    "ContractBreak",
    "EventKey",
    "Roster",
    "Scene",
    "SessionRefused",
    "SpellEffect",
    "add_scene",
    "break_contract",
    "dump_session",
    "end_scenario",
    "end_session",
    "form_contract",
    "give_key",
    "load_session",
    "move_key",
    "no_spell_left",
    "remove_key",
    "require_present",
    "set_present",
    "spend_command_spell",
    "use_command_spell",
]


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
                Message(
                    "そのキャラクターはキャンペーンにいません（アナザーワールドのキャラクターだけが対象です）"
                )
            )


@cache
def _adapter() -> TypeAdapter[AWSession]:
    # Built on first use: building it costs start-up time a campaign without AW state never needs.
    return TypeAdapter(AWSession)


def load_session(data: Any) -> AWSession:
    """The stored document as state (None: a campaign that has none yet).  pydantic's
    ValidationError names the bad field; the caller turns it into a message."""
    return AWSession() if data is None else _adapter().validate_python(data)


def dump_session(state: AWSession) -> dict[str, Any]:
    return json_object(_adapter(), state)


# ---- session and scenario -------------------------------------------------------------------


def end_session(state: AWSession, restore: str = RESTORE_SESSION) -> AWSession:
    """セッション終了: the current scene ends (a fight is the battle tracker's to end), and 令呪 are
    restored (3rd edition) — unless the campaign reads 「1シナリオに3回」 as the limit over the whole
    scenario (house rule aw.command_spell_restore = RESTORE_SCENARIO): then only a scenario's end
    restores them."""
    _check_restore(restore)
    spells_used = {} if restore == RESTORE_SESSION else state.spells_used
    return replace(
        state, session_number=state.session_number + 1, spells_used=spells_used, current_scene=None
    )


def end_scenario(state: AWSession) -> AWSession:
    """シナリオ終了: also a session end, which restores the 令呪 under either reading; the scenario's
    scenes close and its event keys retire.

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
        raise SessionRefused(Message("そのシーンはありません"))
    changed = replace(scene, present=tuple(dict.fromkeys(present)))
    return replace(state, scenes=tuple(changed if s.id == scene_id else s for s in state.scenes))


# ---- contracts -----------------------------------------------------------------------------


def form_contract(state: AWSession, master: str, servant: str, roster: Roster) -> AWSession:
    roster.require(master)
    roster.require(servant)
    if master == servant:
        raise SessionRefused(Message("自分自身と契約することはできません"))
    current = state.master_of(servant)
    if current is not None:
        raise SessionRefused(
            Message(
                "{0}には既にマスター（{1}）がいます。サーヴァントは複数のマスターと契約できません",
                roster.name(servant),
                roster.name(current),
            )
        )
    if state.master_of(master) == servant:
        # 再契約: 「マスターだったキャラクターが今度はサーヴァントに」 reads as a later contract, so the
        # reverse one waits until this one has ended (each would otherwise obey the other absolutely).
        raise SessionRefused(
            Message(
                "{0}は{1}のサーヴァントです。逆向きの契約は、今の契約を破棄した後なら結べます",
                roster.name(master),
                roster.name(servant),
            )
        )
    if any(c.master == master and c.servant == servant for c in state.contracts):
        raise SessionRefused(
            Message(
                "{0}と{1}は、以前この向き（マスター→サーヴァント）で契約していました。同じ契約はもう結べません（逆向きなら結べます）",
                roster.name(master),
                roster.name(servant),
            )
        )
    contract = Contract(master, servant, state.session_number)
    return replace(state, contracts=(*state.contracts, contract))


def break_contract(
    state: AWSession,
    servant: str,
    method: BreakMethod,
    note: str,
    roster: Roster,
    spells: int,
    restore: str = RESTORE_SESSION,
) -> AWSession:
    """契約破棄; by 令呪 it uses one of the master's (refused with none left)."""
    master = state.master_of(servant)
    if master is None:
        raise SessionRefused(Message("{0}にはマスターがいません", roster.name(servant)))
    if method is BreakMethod.COMMAND_SPELL:
        state = _spend_spell(state, master, roster, spells, restore)
    ended = ContractBreak(method, note.strip(), state.session_number)
    contracts = tuple(
        replace(c, broken=ended) if c.active and c.servant == servant else c for c in state.contracts
    )
    return replace(state, contracts=contracts)


# ---- 令呪 ---------------------------------------------------------------------------------


def use_command_spell(
    state: AWSession,
    master: str,
    servant: str,
    effect: SpellEffect,
    roster: Roster,
    spells: int,
    restore: str = RESTORE_SESSION,
    in_fight: bool | None = None,
) -> AWSession:
    """One 令呪 with its effect on the scene (a boost is applied by the judgement panel; an order is
    only recorded).  A summon in combat also moves the battle tracker's round to its cleanup: the
    model does that (`battle_turns.to_cleanup`), in the same undo step.

    `in_fight`: None when no fight is running; else whether the servant is in play in it.  During
    a fight the fight is the scene a summon calls the servant into (A「戦闘中で令呪によるシーン登場」):
    a servant out of it may be summoned though the scene's list still names it."""
    require_present(master, roster)
    require_present(servant, roster)
    if state.master_of(servant) != master:
        raise SessionRefused(
            Message("{0}は{1}のサーヴァントではありません", roster.name(servant), roster.name(master))
        )
    # No 令呪 left is the first reason the table hears, before any about the scene.
    state, scene = _spend_spell(state, master, roster, spells, restore), state.scene(state.current_scene)
    if effect in (SpellEffect.SUMMON, SpellEffect.DISMISS):
        if scene is None:
            raise SessionRefused(Message("現在のシーンがありません。先にシーンを作ってください"))
        here = servant in scene.present
        if effect is SpellEffect.SUMMON and in_fight:
            raise SessionRefused(Message("{0}は既に戦闘に参加しています", roster.name(servant)))
        if effect is SpellEffect.SUMMON and here and in_fight is None:
            raise SessionRefused(Message("{0}は既にシーンに登場しています", roster.name(servant)))
        if effect is SpellEffect.DISMISS and not here and not in_fight:
            raise SessionRefused(Message("{0}はシーンに登場していません", roster.name(servant)))
    if effect is SpellEffect.SUMMON and scene is not None and servant not in scene.present:
        state = set_present(state, scene.id, (*scene.present, servant))
    elif effect is SpellEffect.DISMISS and scene is not None:
        state = set_present(state, scene.id, tuple(c for c in scene.present if c != servant))
    return state


def spend_command_spell(
    state: AWSession, master: str, roster: Roster, spells: int, restore: str = RESTORE_SESSION
) -> AWSession:
    """One 令呪 spent for a scenario's special rule (AF例2: 「PCが令呪を1つ消費すればこのAF判定自動成功」):
    no servant is ordered, but the master needs a 令呪 left like any other use."""
    require_present(master, roster)
    return _spend_spell(state, master, roster, spells, restore)


def require_present(character: str, roster: Roster) -> None:
    """A deleted character's contract stays (the GM breaks it), but no 令呪 acts on or for it."""
    if character not in roster.names:
        raise SessionRefused(
            Message(
                "そのキャラクターはキャンペーンから削除されています。令呪は使えません（残った契約は「契約を破棄」で終えられます）"
            )
        )


def no_spell_left(name: str, spells: int, restore: str = RESTORE_SESSION) -> Message:
    """Why a master cannot use a 令呪, with when they come back under the campaign's reading."""
    if restore == RESTORE_SCENARIO:
        return Message(
            "{0}の令呪は残っていません（1シナリオに{1}回まで。シナリオ終了時に回復します）", name, spells
        )
    return Message(
        "{0}の令呪は残っていません（1シナリオに{1}回まで。セッション終了時に回復します）", name, spells
    )


def _check_restore(restore: str) -> None:
    if restore not in (RESTORE_SESSION, RESTORE_SCENARIO):
        raise SessionRefused(Message("令呪の回復の読み方「{0}」はありません", restore))


def _spend_spell(
    state: AWSession, master: str, roster: Roster, spells: int, restore: str = RESTORE_SESSION
) -> AWSession:
    if not state.servants_of(master):
        raise SessionRefused(
            Message("{0}はマスターではありません（令呪刻印がありません）", roster.name(master))
        )
    if state.spells_left(master, spells) == 0:
        raise SessionRefused(no_spell_left(roster.name(master), spells, restore))
    used = dict(state.spells_used)
    used[master] = used.get(master, 0) + 1
    return replace(state, spells_used=used)


# ---- event keys -------------------------------------------------------------------------------


def give_key(state: AWSession, key_id: str, name: str, holder: str, roster: Roster) -> AWSession:
    roster.require(holder)
    name = name.strip()
    if not name:
        raise SessionRefused(Message("イベントキーの名前を入れてください"))
    if holder not in roster.pcs:
        raise SessionRefused(
            Message("{0}はPCではありません。イベントキーはPCに渡すものです", roster.name(holder))
        )
    if any(k.name == name for k in state.keys_of(holder)):
        raise SessionRefused(
            Message("{0}は既に「イベントキー:{1}」を持っています", roster.name(holder), name)
        )
    scene = state.scene(state.current_scene)
    scene_name = scene.name if scene else ""
    key = EventKey(key_id, name, holder, scene_name, state.session_number, state.scenario_number)
    return replace(state, event_keys=(*state.event_keys, key))


def move_key(state: AWSession, key_id: str, new_holder: str, roster: Roster) -> AWSession:
    """The GM moves a key (the rules do not let players hand them over; a special skill can)."""
    key = next((k for k in state.event_keys if k.id == key_id and not k.retired), None)
    if key is None:
        raise SessionRefused(Message("そのイベントキーはありません"))
    if key.holder == new_holder:
        raise SessionRefused(Message("{0}は既にそのイベントキーを持っています", roster.name(new_holder)))
    roster.require(new_holder)
    if new_holder not in roster.pcs:
        raise SessionRefused(
            Message("{0}はPCではありません。イベントキーはPCに渡すものです", roster.name(new_holder))
        )
    others = tuple(k for k in state.event_keys if k.id != key_id)
    # A holder who has a key of the same name already knows it: the moved key merges into theirs.
    if any(k.name == key.name for k in state.keys_of(new_holder)):
        return replace(state, event_keys=others)
    return replace(state, event_keys=(*others, replace(key, holder=new_holder)))


def remove_key(state: AWSession, key_id: str) -> AWSession:
    if not any(k.id == key_id for k in state.event_keys):
        raise SessionRefused(Message("そのイベントキーはありません"))
    return replace(state, event_keys=tuple(k for k in state.event_keys if k.id != key_id))
