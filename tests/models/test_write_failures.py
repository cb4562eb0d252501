"""A write that fails is said and taken back whole: the edit, its undo step and its log lines.

Real files throughout: another program holding SQLite's write lock, a campaign opened read-only,
the file deleted or replaced under the window, and a commit that fails (disk full) — each leaves
the characters in memory, the undo stack, the log and the file as they were, and says why.
"""

from __future__ import annotations

import os
import sqlite3
from contextlib import closing
from dataclasses import replace

import pytest

import gmtool.store.campaign as store_campaign
from gmtool.models.aw.supply_model import AWSupplyModel
from gmtool.models.campaign_model import CampaignModel
from gmtool.models.character_model import CharacterModel
from gmtool.rules.systems.aw.supply import SupplyKind
from gmtool.store.campaign import Campaign, CampaignDetached
from gmtool.store.errors import CampaignError
from tests.qt_fixtures import reopen_characters


@pytest.fixture
def failures(campaign_model):
    said: list[str] = []
    campaign_model.write_failed.connect(said.append)
    return said


def first_aw(campaign_model):
    return campaign_model.characters_of("aw")[0].id


def test_a_locked_file_refuses_the_edit_without_freezing_long(
    campaign_model, campaign_path, failures, monkeypatch
):
    monkeypatch.setattr(store_campaign, "LOCK_WAIT_MS", 50)
    cid = first_aw(campaign_model)
    sheet = CharacterModel(campaign_model, cid)
    before, depth = campaign_model.character(cid), campaign_model.undo_stack.count()
    refreshed: list[str] = []
    campaign_model.character_changed.connect(refreshed.append)
    waits: list[str] = []
    campaign_model.write_waiting.connect(waits.append)
    with closing(sqlite3.connect(campaign_path, isolation_level=None)) as other:
        other.execute("BEGIN IMMEDIATE")  # another program writing
        with pytest.raises(CampaignError) as refused:
            sheet.set_value("hp", before.hp - 3, "HP")
        assert refused.value.reported  # said once, by write_failed: the exception hook stays quiet
        other.execute("ROLLBACK")
    assert campaign_model.character(cid) == before
    assert campaign_model.undo_stack.count() == depth
    assert refreshed == [cid]  # the sheet shows the stored value again
    assert len(failures) == 1 and "他のプログラム" in failures[0]
    assert waits and waits[-1] == ""  # it said it waited, then that it stopped waiting
    sheet.set_value("hp", before.hp - 3, "HP")  # once the other program is done, it works
    assert campaign_model.flush()
    assert reopen_characters(campaign_path)[before.name].hp == before.hp - 3


def test_a_read_only_campaign_says_so_and_keeps_nothing(campaign_path, failures, qtbot):
    model = CampaignModel(Campaign.open(campaign_path, read_only="テスト"))
    said: list[str] = []
    model.write_failed.connect(said.append)
    try:
        cid = first_aw(model)
        before = model.character(cid)
        with pytest.raises(CampaignError):
            model.rename_character(cid, "新しい名前")
        assert model.character(cid) == before
        assert model.undo_stack.count() == 0
        assert len(said) == 1 and "読み取り専用" in said[0]
        assert model.read_only == "テスト"
    finally:
        model.campaign.close()


@pytest.mark.parametrize("how", ["deleted", "replaced"])
def test_a_file_gone_from_under_the_window_stops_writing_and_can_be_saved_elsewhere(
    campaign_model, campaign_path, failures, tmp_path, how
):
    cid = first_aw(campaign_model)
    campaign_model.rename_character(cid, "消える前")
    assert campaign_model.flush()
    if how == "deleted":
        campaign_path.unlink()
    else:
        Campaign.create(tmp_path / "other.gmcampaign").close()
        os.replace(tmp_path / "other.gmcampaign", campaign_path)
    states: list[bool] = []
    campaign_model.file_state_changed.connect(lambda: states.append(True))
    with pytest.raises(CampaignDetached):
        campaign_model.rename_character(cid, "消えた後")
    assert campaign_model.character(cid).name == "消える前"
    assert len(failures) == 1 and states
    assert campaign_model.read_only is not None
    with pytest.raises(CampaignDetached):
        campaign_model.campaign.append_log("x", {})
    if how == "replaced":  # the file now at the path is the other campaign, untouched
        assert reopen_characters(campaign_path) == {}
    saved = campaign_model.campaign.save_as(tmp_path / "rescued.gmcampaign")
    try:
        assert next(s.character.name for s in saved.list_characters()) == "消える前"
    finally:
        saved.close()


def _supply_over(campaign_model):
    model = AWSupplyModel(campaign_model, seed_source=lambda: 7)
    model.set_kind(SupplyKind.SHORT_SLEEP)
    for stored in campaign_model.characters_of("aw"):
        model.set_target(stored.id, True)
    model.set_separate(True)
    return model


def test_a_multi_character_step_failing_half_way_is_taken_back_whole(
    campaign_model, campaign_path, failures, monkeypatch
):
    before = {s.id: s.character for s in campaign_model.characters()}
    depth, logged = campaign_model.undo_stack.count(), len(campaign_model.log_entries())
    resets: list[bool] = []
    campaign_model.log_reset.connect(lambda: resets.append(True))
    real_put = Campaign.put_character
    calls = {"n": 0}

    def put_then_fail(self, *args, **kwargs):
        calls["n"] += 1
        if calls["n"] == 2:
            raise CampaignError("ディスクがいっぱいです", self.path)
        return real_put(self, *args, **kwargs)

    monkeypatch.setattr(Campaign, "put_character", put_then_fail)
    with pytest.raises(CampaignError):
        _supply_over(campaign_model).roll()
    monkeypatch.setattr(Campaign, "put_character", real_put)
    assert calls["n"] >= 2
    assert {s.id: s.character for s in campaign_model.characters()} == before
    assert campaign_model.undo_stack.count() == depth
    assert len(campaign_model.log_entries()) == logged
    assert len(failures) == 1 and "ディスク" in failures[0]
    on_disk = reopen_characters(campaign_path)
    assert {c.name: c for c in before.values()} == on_disk


def test_a_commit_that_fails_takes_the_step_and_its_log_lines_back(
    campaign_model, campaign_path, failures, monkeypatch
):
    before = {s.id: s.character for s in campaign_model.characters()}
    depth, logged = campaign_model.undo_stack.count(), len(campaign_model.log_entries())
    _supply_over(campaign_model).roll()  # characters and log lines, one open transaction
    assert len(campaign_model.log_entries()) > logged  # the window sees its own step at once

    def full(self):
        self.rollback()
        raise CampaignError("database or disk is full", self.path)

    monkeypatch.setattr(Campaign, "commit", full)
    assert not campaign_model.flush()
    monkeypatch.undo()
    assert {s.id: s.character for s in campaign_model.characters()} == before
    assert campaign_model.undo_stack.count() == depth
    assert len(campaign_model.log_entries()) == logged
    assert failures and "full" in failures[0]
    assert {c.name: c for c in before.values()} == reopen_characters(campaign_path)


def test_an_undo_that_cannot_be_written_leaves_the_step_done(campaign_model, campaign_path, failures):
    cid = first_aw(campaign_model)
    campaign_model.rename_character(cid, "変えた名前")
    assert campaign_model.flush()
    index = campaign_model.undo_stack.index()
    campaign_model.campaign.read_only = "テスト"
    campaign_model.undo_stack.undo()
    assert campaign_model.undo_stack.index() == index
    assert campaign_model.character(cid).name == "変えた名前"
    assert len(failures) == 1
    campaign_model.campaign.read_only = None
    campaign_model.undo_stack.undo()  # and once it can be written, the undo works
    assert campaign_model.character(cid).name != "変えた名前"


def test_a_step_and_the_lines_logged_after_its_push_commit_together(campaign_model, campaign_path):
    cid = first_aw(campaign_model)
    character = campaign_model.character(cid)
    campaign_model.update_character(cid, replace(character, hp=character.hp - 1), "HP")
    campaign_model.append_log("note", {"text": "同じ一歩"})
    # Not yet committed: a second reader sees neither (and then both).
    with Campaign.open(campaign_path, read_only="test") as other:
        assert other.get_character(cid).character.hp == character.hp
        assert not [e for e in other.log_entries() if e.kind == "note"]
    assert campaign_model.flush()
    with Campaign.open(campaign_path, read_only="test") as other:
        assert other.get_character(cid).character.hp == character.hp - 1
        assert [e.payload for e in other.log_entries() if e.kind == "note"] == [{"text": "同じ一歩"}]
