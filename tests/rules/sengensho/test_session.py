"""The 千幻抄 session's course: start, scenes, the end (縁故 「各セッション毎に」, 幻想能力
「1セッションに1回」), the 類型 lock (「類型はセッション開始時に決定できる」), the one ラスボス
(「原則的にセッションに一人」) and the stored document."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from pydantic import ValidationError

from gmtool.rules.systems.sengensho import session as s
from gmtool.rules.systems.sengensho.bonds import BondRequest, form_bond, raise_level, reveal_last_boss
from gmtool.rules.systems.sengensho.catalog import Archetype, ArchetypeCatalog, FantasyAbility
from gmtool.rules.systems.sengensho.character import LAST_BOSS, BondKind
from gmtool.rules.systems.sengensho.fantasy import AbilityState, ability_statuses, borrow, use_ability
from gmtool.rules.systems.sengensho.session import (
    AbilityUse,
    Borrowing,
    Impression,
    Member,
    Scene,
    SengenshoSession,
    SessionRefused,
)

CAST = {
    "saku": Member("白峰 朔", True, ("狩猟者",)),
    "shiori": Member("綾瀬 詩織", True, ("芸術家",)),
    "lord": Member("宵闇の主", False, ("狩猟者", "芸術家")),
    "girl": Member("町娘", False, ("芸術家",)),
}
CATALOG = ArchetypeCatalog((Archetype("狩猟者", abilities=(FantasyAbility("追跡", required=1),) * 3),))


def running(*scenes: str) -> SengenshoSession:
    state = s.start_session(SengenshoSession())
    for name in scenes:
        state = s.add_scene(state, name)
    return state


def bond(state: SengenshoSession, holder: str, archetype: str, target: str, **kw) -> SengenshoSession:
    state, _, _ = form_bond(state, CAST, BondRequest(holder, archetype, BondKind.CHARACTER, target, **kw))
    return state


def played() -> SengenshoSession:
    """Session 1 with two scenes, a 縁故, a 前借り, a use and a revealed ラスボス."""
    state = bond(running("導入", "山道"), "saku", "狩猟者", "山の天狗")
    state = borrow(state, CAST, "saku", "狩猟者", 3)
    state, _ = use_ability(state, CAST, CATALOG, "saku", "狩猟者", 0)
    state = s.set_last_boss(state, CAST, "lord")
    state, _ = reveal_last_boss(state, CAST)
    return state


# ---- start and scenes -----------------------------------------------------------------------


def test_a_new_session_document_is_session_one_not_running():
    state = SengenshoSession()
    assert (state.session_number, state.running, state.scenes, state.current_scene) == (1, False, (), None)


def test_starting_twice_is_refused():
    with pytest.raises(SessionRefused, match="セッション 1 はもう始まっています"):
        s.start_session(running())


def test_a_scene_needs_a_running_session():
    with pytest.raises(SessionRefused, match="セッションが始まっていません"):
        s.add_scene(SengenshoSession(), "導入")


def test_a_new_scene_becomes_the_current_one_with_its_name_trimmed():
    state = running("導入", "  山道  ")
    assert [(sc.id, sc.name) for sc in state.scenes] == [(1, "導入"), (2, "山道")]
    assert state.current_scene == 2
    assert state.scene_name(2) == "山道"


def test_an_unnamed_scene_is_shown_by_its_number():
    state = running("")
    assert state.scene_name(1) == "シーン1"
    assert state.scene_name(None) == "セッション開始前"
    assert state.scene_name(99) == "前のセッション"


def test_the_current_scene_can_go_back_and_scenes_can_be_renamed():
    state = s.set_current_scene(running("導入", "山道"), 1)
    assert state.current_scene == 1
    state = s.rename_scene(state, 2, " 峠 ")
    assert state.scene_name(2) == "峠"


def test_an_unknown_scene_is_refused():
    with pytest.raises(SessionRefused, match="シーン 9 はこのセッションにありません"):
        s.set_current_scene(running("導入"), 9)
    with pytest.raises(SessionRefused, match="シーン 9 はこのセッションにありません"):
        s.rename_scene(running("導入"), 9, "峠")


def test_scene_ids_never_repeat_across_sessions():
    first = bond(running("導入"), "saku", "狩猟者", "山の天狗")
    kept = first.bonds[0]
    state = s.add_scene(s.start_session(s.end_session(first, keep_bonds=True)), "二日目")
    assert state.current_scene not in (kept.formed_scene, kept.changed_scene)
    assert state.current_scene > max(sc.id for sc in first.scenes)
    # what the table notices: the kept 縁故 may rise in the new session's first scene
    state, raised = raise_level(state, kept.id)
    assert raised.level == 2


# ---- the end of the session ---------------------------------------------------------------------


def test_ending_needs_a_running_session():
    with pytest.raises(SessionRefused, match="セッションが始まっていません"):
        s.end_session(SengenshoSession())


def test_ending_archives_the_session_and_clears_it():
    state = played()
    ended = s.end_session(state)
    past = ended.history[-1]
    assert past.number == 1
    assert past.scenes == state.scenes and past.bonds == state.bonds
    assert past.borrowings == state.borrowings and past.uses == state.uses
    assert past.last_boss == "lord"
    assert ended.session_number == 2 and not ended.running
    assert (ended.scenes, ended.current_scene, ended.bonds, ended.borrowings) == ((), None, (), ())
    assert (ended.uses, ended.impressions) == ((), ())
    assert ended.last_boss is None and not ended.last_boss_revealed
    assert ended.next_id == state.next_id


def test_keeping_the_bonds_keeps_bonds_and_borrowings_but_resets_uses():
    state = played()
    ended = s.end_session(state, keep_bonds=True)
    assert [b.id for b in ended.bonds] == [b.id for b in state.bonds]
    assert ended.borrowings == state.borrowings
    assert ended.uses == () and ended.impressions == () and ended.scenes == ()
    assert ended.history[-1].bonds == state.bonds  # archived all the same


def test_a_kept_bond_to_last_sessions_boss_follows_the_level_rules_again():
    state = s.add_scene(running("導入"), "決戦")
    state = s.set_last_boss(state, CAST, "lord")
    state, _ = reveal_last_boss(state, CAST)
    state = bond(state, "saku", "狩猟者", "", target_id="lord", level=2)
    assert state.bonds[-1].last_boss
    state = s.add_scene(s.start_session(s.end_session(state, keep_bonds=True)), "二日目")
    kept = next(b for b in state.bonds if b.holder == "saku")
    state, _ = raise_level(state, kept.id)
    with pytest.raises(SessionRefused, match="レベルは別のシーンで上げられます"):
        raise_level(state, kept.id)


def test_uses_reset_at_the_end_of_the_session():
    state = played()
    assert ability_statuses(state, CAST, CATALOG, "saku")[0].state is AbilityState.USED
    state = s.add_scene(s.start_session(s.end_session(state, keep_bonds=True)), "二日目")
    assert ability_statuses(state, CAST, CATALOG, "saku")[0].state is AbilityState.AVAILABLE


# ---- 類型 are chosen at session start ---------------------------------------------------------


def test_archetypes_are_locked_only_while_a_session_runs():
    assert s.archetype_lock_reason(SengenshoSession()) is None
    reason = s.archetype_lock_reason(running())
    assert reason is not None and "セッション 1 の最中は類型を変更できません" in reason
    assert s.archetype_lock_reason(s.end_session(running())) is None


# ---- the ラスボス ---------------------------------------------------------------------------------


def test_the_last_boss_adds_its_archetype_to_that_character_only():
    state = s.set_last_boss(running("導入"), CAST, "lord")
    assert s.archetypes_in_force(state, CAST, "lord") == ("狩猟者", "芸術家", LAST_BOSS)
    assert s.archetypes_in_force(state, CAST, "girl") == ("芸術家",)


def test_one_last_boss_per_session():
    state = s.set_last_boss(running("導入"), CAST, "lord")
    with pytest.raises(SessionRefused, match="ラスボスはセッションに1人だけです（宵闇の主がラスボスです。"):
        s.set_last_boss(state, CAST, "girl")
    assert s.set_last_boss(state, CAST, "lord").last_boss == "lord"


def test_the_last_boss_may_be_cleared_and_changed_before_the_reveal():
    state = s.set_last_boss(running("導入"), CAST, "lord")
    state = s.set_last_boss(state, CAST, None)
    assert state.last_boss is None
    assert s.set_last_boss(state, CAST, "girl").last_boss == "girl"


def test_after_the_reveal_the_last_boss_cannot_change_or_be_cleared():
    state = s.set_last_boss(running("導入"), CAST, "lord")
    state, _ = reveal_last_boss(state, CAST)
    for choice in ("girl", None):
        with pytest.raises(SessionRefused, match="ラスボス（宵闇の主）はもう明かされています"):
            s.set_last_boss(state, CAST, choice)


def test_an_unknown_character_cannot_be_the_last_boss():
    with pytest.raises(SessionRefused, match="キャラクター ghost は千幻抄のキャラクターにいません"):
        s.set_last_boss(running("導入"), CAST, "ghost")


def test_a_deleted_character_is_named_as_such():
    assert s.display_name(CAST, "ghost") == "（削除されたキャラクター）"
    assert s.display_name(CAST, None) == ""


# ---- the stored document ------------------------------------------------------------------------


def test_a_session_survives_the_json_round_trip():
    state = s.end_session(played(), keep_bonds=True)
    state = bond(s.add_scene(s.start_session(state), "二日目"), "shiori", "芸術家", "", target_id="saku")
    assert state.history and state.bonds and state.impressions and state.borrowings
    text = json.dumps(s.session_to_document(state), ensure_ascii=False)
    assert s.session_from_document(json.loads(text)) == state


def test_the_played_session_survives_the_round_trip_with_its_reveal():
    state = played()
    assert s.session_from_document(s.session_to_document(state)) == state


def valid_document() -> dict:
    return s.session_to_document(played())


@pytest.mark.parametrize(
    ("corrupt", "message"),
    [
        (lambda d: d.update(current_scene=99), "現在のシーン 99 がシーンの一覧にありません"),
        (lambda d: d.update(last_boss=None), "ラスボスが決まっていないのに明かされています"),
        (lambda d: d["scenes"].append({"id": 1, "name": "重複"}), "番号が重複しているか"),
        (lambda d: d["bonds"][0].update(id=d["scenes"][0]["id"]), "番号が重複しているか"),
        (lambda d: d.update(next_id=2), "next_id 以上です"),
    ],
    ids=["current scene missing", "revealed without boss", "scene ids", "bond id = scene id", "next_id"],
)
def test_a_corrupt_document_is_refused(corrupt, message):
    data = valid_document()
    corrupt(data)
    with pytest.raises(ValidationError, match=message):
        s.session_from_document(data)


@pytest.mark.parametrize(
    "corrupt",
    [
        lambda d: d.update(running="true"),
        lambda d: d.update(extra=1),
        lambda d: d["bonds"][0].update(level=0),
        lambda d: d["bonds"][0].update(level=100),
        lambda d: d["bonds"][0].update(kind="friend"),
        lambda d: d["bonds"][0].update(note="x"),
        lambda d: d["uses"][0].update(index=3),
        lambda d: d["borrowings"][0].update(raised_to=-1),
        lambda d: d.update(scenes=[{"id": i, "name": ""} for i in range(1, 10_002)]),
        lambda d: d.update(session_number=0),
    ],
    ids=[
        "running str",
        "extra key",
        "level 0",
        "level 100",
        "kind",
        "bond extra",
        "use index",
        "debt",
        "huge",
        "no",
    ],
)
def test_a_hostile_document_is_refused(corrupt):
    data = valid_document()
    corrupt(data)
    with pytest.raises(ValidationError):
        s.session_from_document(data)


def test_documents_built_by_hand_validate_their_parts():
    state = SengenshoSession(
        running=True,
        scenes=(Scene(1, "導入"),),
        current_scene=1,
        borrowings=(Borrowing("saku", "狩猟者", 3, 1),),
        uses=(AbilityUse("saku", "狩猟者", 0, 1, borrowed=True),),
        impressions=(Impression(1, "saku", "狩猟者", "町娘", "girl"),),
        next_id=2,
    )
    assert s.session_from_document(s.session_to_document(state)) == state
    with pytest.raises(ValueError, match="番号が重複しているか"):
        replace(state, next_id=1)
