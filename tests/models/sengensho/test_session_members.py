"""Who takes part in the 千幻抄 session (`SessionMembers`), what the catalog says of a 類型
(`ArchetypeNotes`) and the stored session they read (`SessionRecord`), each on its own."""

from __future__ import annotations

import pytest

from gmtool.models.sengensho.archetype_notes import ArchetypeNotes
from gmtool.models.sengensho.session_members import SessionMembers
from gmtool.models.sengensho.session_record import SessionRecord
from gmtool.models.sengensho.state import SESSION_KEY
from gmtool.rules.systems.sengensho.session import SengenshoSession, SessionRefused, start_session
from tests.models.sengensho.session_helpers import CAST_NAMES, add_cast, set_gm_catalog


def test_the_members_as_the_session_names_them(empty_campaign_model):
    saku, shiori, toru, boss, elder = add_cast(empty_campaign_model)
    members = SessionMembers(SessionRecord(empty_campaign_model))
    assert [name for _, name in members.characters()] == list(CAST_NAMES)
    assert [name for _, name in members.pcs()] == ["白峰 朔", "綾瀬 詩織", "黒羽 透"]
    assert members.is_pc(saku) and not members.is_pc(boss)
    assert members.archetypes(saku) == ("狩猟者", "芸術家") and members.archetypes("gone") == ()
    assert members.pcs_without_archetypes() == []
    # an NPC's preset 縁故 names its target in text: matched by the current name
    empty_campaign_model.rename_character(shiori, "人里")
    assert members.held_archetype(boss, shiori) == "狩猟者"
    assert members.held_archetype(saku, shiori) is None
    empty_campaign_model.delete_character(toru)
    assert members.name(toru) == "（削除されたキャラクター）" and members.name(None) == ""
    assert members.name(elder) == "町の古老"


def test_the_notes_say_what_the_gm_has_not_filled_in(empty_campaign_model):
    notes = ArchetypeNotes(SessionRecord(empty_campaign_model))
    assert notes.impression_text("狩猟者") == "印象効果: 未設定（類型カタログ）"
    assert notes.bond_guidance("狩猟者") == "縁故の指針: 未設定（類型カタログ）"
    assert notes.impression_body("ラスボス") == "未設定（ラスボスの印象効果は本文にありません）"
    set_gm_catalog(empty_campaign_model)
    assert notes.impression_text("狩猟者") == "印象効果: GMの入力した印象"
    assert notes.bond_guidance("狩猟者") == "縁故の指針: GMの入力した指針"


def test_the_record_commits_one_undo_step_and_one_log_line(empty_campaign_model):
    record = SessionRecord(empty_campaign_model)
    assert record.state() == SengenshoSession() and record.problem() is None
    record.commit(start_session(record.state()), "開始", "セッション 1 開始", who="GM")
    assert record.state().running and empty_campaign_model.undo_stack.undoText() == "開始"
    [line] = [e.payload for e in empty_campaign_model.log_entries() if e.kind == "sengensho.session"]
    assert (line["summary"]["who"], line["summary"]["inputs"]) == ("GM", "セッション 1 開始")
    with pytest.raises(SessionRefused, match="この内容は保存できません"):
        record.commit(SengenshoSession(session_number=0), "壊す", "壊す")
    assert empty_campaign_model.session_value(SESSION_KEY)["running"] is True
