"""LotRMassBattleModel over the demo campaign: each action one undo step that also takes the
campaign file back, one log line, seeded hours that replay, and a damaged stored battle reported."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from gmtool.models.lotr.mass_battle_model import SESSION_KEY, LotRMassBattleModel
from gmtool.rules.systems.lotr.mass_battle import (
    VICTORY,
    BattleRefused,
    MassBattle,
    battle_odds,
    hour_step,
)
from tests.qt_fixtures import stored_session


@pytest.fixture
def model(campaign_model) -> LotRMassBattleModel:
    counter = iter(range(1000, 2000))
    return LotRMassBattleModel(campaign_model, seed_source=lambda: next(counter))


def in_file(path: Path) -> object:
    return stored_session(path, SESSION_KEY)


def last_summary(model: LotRMassBattleModel) -> dict:
    return model.campaign_model.log_entries()[-1].payload["summary"]


def undo_restores(model: LotRMassBattleModel, path: Path, action) -> None:
    before_state, before_file = model.state(), in_file(path)
    count = model.campaign_model.undo_stack.count()
    logs = len(model.campaign_model.log_entries())
    action()
    after_state, after_file = model.state(), in_file(path)
    assert after_state != before_state and after_file != before_file
    assert model.campaign_model.undo_stack.count() == count + 1
    assert len(model.campaign_model.log_entries()) == logs + 1
    model.campaign_model.undo_stack.undo()
    assert model.state() == before_state and in_file(path) == before_file
    model.campaign_model.undo_stack.redo()
    assert model.state() == after_state and in_file(path) == after_file


def refused(model: LotRMassBattleModel, action, reason: str) -> None:
    before = (model.state(), model.campaign_model.undo_stack.count(), len(model.campaign_model.log_entries()))
    with pytest.raises(BattleRefused) as refusal:
        action()
    assert reason in str(refusal.value)
    after = (model.state(), model.campaign_model.undo_stack.count(), len(model.campaign_model.log_entries()))
    assert after == before


def test_a_campaign_without_a_battle_starts_even(model):
    assert model.state() == MassBattle() and model.problem() is None
    assert model.odds() == battle_odds()
    assert model.current_odds() == battle_odds()[0]
    assert model.side_names() == ("味方", "敵")


def test_starting_is_one_undo_step_and_one_log_line(model, campaign_path):
    undo_restores(model, campaign_path, lambda: model.start(-2))
    assert model.state().position == -2 and in_file(campaign_path)["start"] == -2
    summary = last_summary(model)
    assert summary["inputs"] == "戦争開始: −2から"
    assert model.campaign_model.log_entries()[-1].payload["system"] == "lotr"
    refused(model, lambda: model.start(5), "戦況 5 は −3〜+3 の範囲外です")


def test_an_hour_is_seeded_logged_and_undoable(model, campaign_path):
    model.set_names("ローハン", "オーク")
    model.start(1)
    undo_restores(model, campaign_path, model.roll_hour)
    record = model.state().hours[-1]
    # The undo/redo above rolled once: seed 1000 (the names and start do not roll).
    rng = random.Random(1000)
    ours = (rng.randint(1, 6), rng.randint(1, 6))
    theirs = (rng.randint(1, 6), rng.randint(1, 6))
    assert (record.ours_faces, record.theirs_faces) == (ours, theirs)
    entry = model.campaign_model.log_entries()[-1].payload
    assert entry["seed"] == 1000 and entry["hour"] == 1 and entry["position"] == record.after
    assert entry["summary"]["inputs"] == "戦争 1時間目: ローハン 2d6+1（戦況） 対 オーク 2d6"
    assert entry["summary"]["dice"] == (f"{list(ours)} → {sum(ours) + 1} / {list(theirs)} → {sum(theirs)}")
    assert entry["summary"]["result"] in {"同値: +1のまま", "+1 → +2", "+1 → 互角（Even ±0）"}


def test_a_battle_runs_to_its_end_and_then_refuses_hours(model):
    model.start(3)
    for _ in range(200):
        if model.state().ended:
            break
        model.roll_hour()
    state = model.state()
    assert state.ended and [h.hour for h in state.hours] == list(range(1, len(state.hours) + 1))
    assert last_summary(model)["result"] in {"勝利！戦いは終わった", "敗北…戦いは終わった"}
    assert model.current_odds() == ((1 if state.position == VICTORY else 0), 0)
    refused(model, model.roll_hour, "戦いは")
    model.start(0)  # a restart clears the hours
    assert model.state().hours == () and not model.state().ended


def test_siegecraft_changes_the_odds_and_is_logged(model, campaign_path):
    model.set_names("ゴンドール", "モルドール")
    undo_restores(model, campaign_path, lambda: model.set_siegecraft(True, 4, 2))
    assert last_summary(model)["inputs"] == "戦争: Siegecraft を加える（ゴンドール 4・モルドール 2）"
    assert model.odds() == battle_odds(4, 2)
    model.set_siegecraft(False, 4, 2)
    assert last_summary(model)["inputs"] == "戦争: Siegecraft を加えない"
    assert model.odds() == battle_odds() and model.state().siegecraft_ours == 4
    count = model.campaign_model.undo_stack.count()
    model.set_siegecraft(False, 4, 2)  # no change: no step, no line
    assert model.campaign_model.undo_stack.count() == count
    refused(model, lambda: model.set_siegecraft(True, 31, 0), "Siegecraft のランク 31")


def test_siegecraft_is_added_to_the_hour(campaign_model):
    model = LotRMassBattleModel(campaign_model, seed_source=lambda: 7)
    model.start(0)
    model.set_siegecraft(True, 3, 1)
    record = model.roll_hour()
    assert record.ours_total == sum(record.ours_faces) + 3
    assert record.theirs_total == sum(record.theirs_faces) + 1
    assert "+3（Siegecraft）" in last_summary(model)["inputs"]
    assert hour_step(0, 3, 1)[record.after - record.before] > 0


def test_side_names_are_one_step_and_unchanged_names_none(model, campaign_path):
    undo_restores(model, campaign_path, lambda: model.set_names(" 自由の民 ", "サウロンの軍"))
    assert model.side_names() == ("自由の民", "サウロンの軍")
    assert last_summary(model)["inputs"] == "戦争の陣営: 自由の民 対 サウロンの軍"
    count = model.campaign_model.undo_stack.count()
    model.set_names("自由の民", "サウロンの軍")
    assert model.campaign_model.undo_stack.count() == count
    refused(model, lambda: model.set_names("x" * 201, ""), "この内容は保存できません")


def test_heroes_are_logged_as_the_gm_typed_them(model, campaign_path):
    model.start(0)
    assert "ナール" in model.characters()
    undo_restores(
        model, campaign_path, lambda: model.record_hero(1, "ナール", "Heart of Battle", "敵の旗手を倒した")
    )
    summary = last_summary(model)
    assert summary["who"] == "ナール"
    assert summary["inputs"] == "戦争 1時間目 英雄: Heart of Battle"
    assert summary["result"] == "敵の旗手を倒した"
    refused(model, lambda: model.record_hero(3, "ナール", "", ""), "3時間目の記録はできません")


def test_changed_follows_its_own_key_only(model, qtbot):
    with qtbot.waitSignal(model.changed, timeout=1000):
        model.start(1)
    with qtbot.waitSignal(model.changed, timeout=1000):
        model.campaign_model.undo_stack.undo()
    with qtbot.assertNotEmitted(model.changed):
        model.campaign_model.set_session_value("aw.session", {"scenario": "別"}, "AW")


def test_a_bad_stored_battle_is_reported_and_replaced_by_the_next_action(model, campaign_model):
    campaign_model.set_session_value(SESSION_KEY, {"position": "Winning"}, "壊す")
    assert "lotr.mass_battle.position" in model.problem()
    assert model.state() == MassBattle()
    model.start(2)
    assert model.problem() is None and model.state().position == 2
