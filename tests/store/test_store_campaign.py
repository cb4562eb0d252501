"""Campaign files: round trip, write-through, the append-only log, save as."""

from __future__ import annotations

import dataclasses
import os
import sqlite3
from contextlib import closing
from datetime import datetime

import pytest

from gmtool.store.campaign import Campaign, LogEntry, StoredCharacter
from gmtool.store.campaign_lock import CampaignLocked
from gmtool.store.errors import CampaignError


@pytest.fixture
def path(tmp_path):
    return tmp_path / "卓.gmcampaign"


def test_characters_survive_close_and_reopen_in_order(path, make_character):
    first = make_character("霧島 ユウ")
    second = make_character("ネロ", is_pc=False)
    third = make_character("三番目")
    with Campaign.create(path) as campaign:
        ids = [campaign.new_character_id() for _ in range(3)]
        assert len(set(ids)) == 3 and all(len(i) == 32 for i in ids)
        campaign.put_character(ids[0], "aw", first)
        campaign.put_character(ids[1], "aw", second)
        campaign.put_character(ids[2], "aw", third)
        # Editing keeps the place in the list.
        first = dataclasses.replace(first, hp=12, notes="毒を受けた")
        campaign.put_character(ids[0], "aw", first)

    with Campaign.open(path) as campaign:
        stored = campaign.list_characters()
        assert [s.character for s in stored] == [first, second, third]
        assert [s.id for s in stored] == ids
        assert stored[0] == StoredCharacter(ids[0], "aw", 0, first)
        assert campaign.get_character(ids[1]).character.name == "ネロ"
        assert campaign.get_character("nope") is None

        # An explicit position reorders; deleting removes.
        campaign.put_character(ids[2], "aw", third, position=-1)
        assert [s.id for s in campaign.list_characters()] == [ids[2], ids[0], ids[1]]
        assert campaign.delete_character(ids[0]) is True
        assert campaign.delete_character(ids[0]) is False
        campaign.put_character("new", "aw", make_character("新入り"))

    with Campaign.open(path) as campaign:
        assert [s.character.name for s in campaign.list_characters()] == ["三番目", "ネロ", "新入り"]


def test_session_values(path):
    with Campaign.create(path) as campaign:
        assert campaign.get_session("round") is None
        assert campaign.get_session("round", 1) == 1
        campaign.set_session("round", 3)
        campaign.set_session("scene", {"name": "港町", "keys": ["赤い鍵"], "令呪": 2})
        campaign.set_session("round", 4)
    with Campaign.open(path) as campaign:
        assert campaign.get_session("round") == 4
        assert campaign.get_session("scene") == {"name": "港町", "keys": ["赤い鍵"], "令呪": 2}


def test_log_is_ordered_timestamped_and_append_only(path):
    with Campaign.create(path) as campaign:
        first = campaign.append_log("roll", {"check": "反射", "dice": [3, 5], "total": 18})
        second = campaign.append_log("note", {"text": "第2話 開始"})
        third = campaign.append_log("roll", {"dice": (6, 6)})
    assert isinstance(first, LogEntry) and first.id < second.id < third.id
    assert third.payload == {"dice": [6, 6]}  # what a later reader gets back
    with Campaign.open(path) as campaign:
        entries = campaign.log_entries()
        assert entries == [first, second, third]
        assert [e.kind for e in entries] == ["roll", "note", "roll"]
        for entry in entries:
            assert datetime.fromisoformat(entry.at).utcoffset().total_seconds() == 0
        assert entries[0].at <= entries[1].at <= entries[2].at
        assert campaign.log_entries(after_id=first.id) == [second, third]
        assert campaign.log_entries(limit=1) == [first]

    with closing(sqlite3.connect(path)) as conn:
        with pytest.raises(sqlite3.DatabaseError, match="append-only"):
            conn.execute("UPDATE log SET kind = 'forged'")
        with pytest.raises(sqlite3.DatabaseError, match="append-only"):
            conn.execute("DELETE FROM log")
    with Campaign.open(path) as campaign:
        assert campaign.log_entries() == [first, second, third]


def test_edits_are_written_through_without_save(path, make_character):
    campaign = Campaign.create(path)
    try:
        campaign.put_character("a", "aw", make_character("霧島", hp=7))
        campaign.set_session("round", 2)
        campaign.append_log("roll", {"total": 9})

        # A second, independent connection sees everything at once.
        with closing(sqlite3.connect(path)) as conn:
            assert conn.execute("SELECT count(*) FROM characters").fetchone() == (1,)
            assert conn.execute("SELECT value FROM session WHERE key = 'round'").fetchone() == ("2",)
            assert conn.execute("SELECT count(*) FROM log").fetchone() == (1,)

        # So does a second Campaign opened read-only (a second writer is refused: one writer
        # per campaign), and it sees the first one's later edits too.
        with pytest.raises(CampaignLocked):
            Campaign.open(path)
        with Campaign.open(path, read_only="見るだけ") as other:
            assert other.get_character("a").character.hp == 7
            campaign.put_character("a", "aw", make_character("霧島", hp=5))
            assert other.get_character("a").character.hp == 5
            with pytest.raises(CampaignError, match="読み取り専用"):
                other.put_character("a", "aw", make_character("霧島", hp=1))
        assert campaign.get_character("a").character.hp == 5
    finally:
        campaign.close()


def test_invalid_character_is_refused_and_file_stays_openable(path, make_character):
    with Campaign.create(path) as campaign:
        campaign.put_character("a", "aw", make_character("良い人"))
        with pytest.raises(CampaignError) as info:
            campaign.put_character("b", "aw", make_character("悪い人", hp="12"))
        assert "hp" in str(info.value)
    with Campaign.open(path) as campaign:
        assert [s.character.name for s in campaign.list_characters()] == ["良い人"]


def test_create_refuses_existing_file(path, snapshot):
    path.write_text("大事なメモ", encoding="utf-8")
    before = snapshot(path.parent)
    with pytest.raises(CampaignError, match="既にあります"):
        Campaign.create(path)
    assert snapshot(path.parent) == before


def test_save_as_copies_everything_and_refuses_to_clobber(path, tmp_path, make_character):
    copy_path = tmp_path / "copy.gmcampaign"
    with Campaign.create(path) as campaign:
        campaign.put_character("a", "aw", make_character("霧島"))
        campaign.set_session("round", 5)
        campaign.append_log("roll", {"total": 10})
        copy = campaign.save_as(copy_path)
        with copy:
            assert copy.path == copy_path
            assert [s.character.name for s in copy.list_characters()] == ["霧島"]
            assert copy.get_session("round") == 5
            assert [e.payload for e in copy.log_entries()] == [{"total": 10}]
            copy.put_character("b", "aw", make_character("コピーだけ"))
        # The original is untouched by edits to the copy.
        assert [s.id for s in campaign.list_characters()] == ["a"]

        with pytest.raises(CampaignError, match="既にあります"):
            campaign.save_as(copy_path)
        with pytest.raises(CampaignError, match="同じファイル"):
            campaign.save_as(path, overwrite=True)
        campaign.save_as(copy_path, overwrite=True).close()
    with Campaign.open(copy_path) as copy:
        assert [s.id for s in copy.list_characters()] == ["a"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["copy.gmcampaign", "卓.gmcampaign"]


def test_closed_campaign_refuses_use(path):
    campaign = Campaign.create(path)
    campaign.close()
    campaign.close()  # twice is fine
    with pytest.raises(CampaignError, match="閉じられています"):
        campaign.list_characters()
    assert list(path.parent.iterdir()) == [path]  # WAL folded back on close


@pytest.mark.skipif(os.name == "nt", reason="'?' is not allowed in Windows file names")
def test_odd_file_names_are_not_taken_for_uri_syntax(tmp_path, make_character):
    # The validation pass opens a file: URI; "?", "#" and "%" must stay part of the name.
    path = tmp_path / "第1話?mode=rw#x%20y.gmcampaign"
    with Campaign.create(path) as campaign:
        campaign.put_character("a", "aw", make_character("霧島"))
    with Campaign.open(path) as campaign:
        assert [s.character.name for s in campaign.list_characters()] == ["霧島"]
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]
