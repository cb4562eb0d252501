"""Courage on the LotR judgement panel (`model.courage`, 1.2.3): spent after the roll, the degree
read again and logged, at most four a round until the next round, undoable in one step, refused
before a roll, with none left, or on an old roll of another test."""

from __future__ import annotations

import pytest

from gmtool.models.lotr.check_courage import CourageRefused
from gmtool.models.lotr.check_model import CORRUPTION, COURAGE_KEY, TEST, LotRCheckModel
from gmtool.rules.systems.lotr import exploding
from gmtool.rules.systems.lotr.rules_data import Degree
from tests.models.lotr.check_fixtures import A, courage_setup, faces_of, nar_id, seed_where, set_nar
from tests.qt_fixtures import reopen_characters, sample_lotr_character


def test_courage_after_the_roll_reads_the_degree_again_and_is_logged(campaign_model):
    model = courage_setup(campaign_model)
    assert model.roll().degree is Degree.FAILURE
    result = model.courage.spend()
    assert result.degree is Degree.COMPLETE_SUCCESS and result.courage_bonus == 3
    assert model.last_result == result
    assert campaign_model.character(nar_id(campaign_model)).courage_spent == 1
    assert reopen_characters(campaign_model.campaign.path)["ナール"].courage_spent == 1
    assert model.courage.spent_this_round(nar_id(campaign_model)) == 1
    follow_up = campaign_model.log_entries()[-1].payload
    assert follow_up["follow_up"] == "courage" and follow_up["points"] == 1
    assert (follow_up["degree_before"], follow_up["degree"]) == ("failure", "complete_success")
    assert follow_up["of_log_id"] == campaign_model.log_entries()[-2].id
    assert "勇気 1 点（+3）" in follow_up["summary"]["inputs"]


def test_courage_odds_count_what_may_still_be_spent(campaign_model):
    model = courage_setup(campaign_model, courage=9)
    assert list(model.odds.courage_probabilities) == [0, 1, 2, 3, 4]
    assert model.odds.courage_probabilities[0] == model.odds.success_probability
    tn, bonus = model.tn, model.roller(A).bonus
    assert model.odds.courage_probabilities[2] == exploding.at_least(tn - bonus - 6)
    model.roll()
    model.courage.spend(3)
    assert list(model.odds.courage_probabilities) == [0, 1]  # 4 − 3 this round
    set_nar(campaign_model, courage=9, courage_spent=9)
    assert list(model.odds.courage_probabilities) == [0]  # none left


def test_at_most_four_courage_a_round_until_the_next_round(campaign_model):
    model = courage_setup(campaign_model, courage=9)
    model.roll()
    for _ in range(4):
        model.courage.spend()
    with pytest.raises(CourageRefused, match="4 点まで"):
        model.courage.spend()
    assert campaign_model.character(nar_id(campaign_model)).courage_spent == 4
    model.courage.next_round()
    assert model.courage.round == 2 and model.courage.spent_this_round(nar_id(campaign_model)) == 0
    model.roll()
    assert model.courage.spend().courage == 1
    campaign_model.undo_stack.undo()  # the spend
    campaign_model.undo_stack.undo()  # 次のラウンド
    assert model.courage.round == 1 and model.courage.spent_this_round(nar_id(campaign_model)) == 4


def test_courage_is_refused_when_none_is_left_or_before_a_roll(campaign_model):
    model = courage_setup(campaign_model, courage=3, spent=3)
    with pytest.raises(CourageRefused, match="まだ振っていません"):
        model.courage.spend()
    model.roll()
    with pytest.raises(CourageRefused, match="残っていません"):
        model.courage.spend()
    assert campaign_model.session_value(COURAGE_KEY) is None  # nothing was counted


def test_undo_of_a_spend_restores_courage_count_and_degree_in_one_step(campaign_model):
    model = courage_setup(campaign_model)
    model.roll()
    model.courage.spend()
    campaign_model.undo_stack.undo()
    assert campaign_model.character(nar_id(campaign_model)).courage_spent == 0
    assert model.courage.spent_this_round(nar_id(campaign_model)) == 0
    assert model.last_result.degree is Degree.FAILURE and model.last_result.courage == 0
    campaign_model.undo_stack.redo()
    assert model.last_result.degree is Degree.COMPLETE_SUCCESS


def test_a_roll_without_a_character_cannot_take_courage(campaign_model):
    model = LotRCheckModel(campaign_model, seed_source=lambda: 1)
    model.set_character(A, None)
    assert model.source_label(A) == "直接入力" and model.odds.courage_probabilities == {
        0: model.odds.success_probability
    }
    refused: list[str] = []
    model.roll_refused.connect(refused.append)
    assert model.roll() is None and refused  # nobody to roll for (issue 20): nothing rolled
    with pytest.raises(CourageRefused):
        model.courage.spend()


def test_courage_on_a_corruption_test_changes_the_corruption_it_gave(campaign_model):
    seed = seed_where(lambda f: len(f) == 2)
    model = LotRCheckModel(campaign_model, seed_source=lambda: seed)
    model.set_mode(CORRUPTION)
    model.set_tn(sum(faces_of(seed)) + model.roller(A).bonus + 2)  # margin −2: Failure, +1
    model.roll()
    assert campaign_model.character(nar_id(campaign_model)).corruption == 3
    model.courage.spend()  # margin +1: Complete Success, no change
    nar = campaign_model.character(nar_id(campaign_model))
    assert nar.corruption == 2 and nar.courage_spent == 2
    assert campaign_model.log_entries()[-1].payload["corruption_after"] == 2


def test_an_old_roll_takes_no_courage_once_the_mode_leader_or_tn_changes(campaign_model):
    campaign_model.insert_character("lotr", sample_lotr_character("ピピン"), "x")
    seed = seed_where(lambda f: len(f) == 2)
    set_nar(campaign_model, courage=9, courage_spent=0)
    model = LotRCheckModel(campaign_model, seed_source=lambda: seed)
    model.set_mode(CORRUPTION)
    model.roll()
    assert model.roll_is_current
    model.set_mode(TEST)
    assert not model.roll_is_current
    with pytest.raises(CourageRefused, match="前回の堕落判定は今の判定と違います"):
        model.courage.spend()
    assert campaign_model.character(nar_id(campaign_model)).courage_spent == 0
    model.set_mode(CORRUPTION)  # back to the very same test: the roll is current again
    assert model.courage.refusal() == ""
    model.set_tn(model.tn + 1)
    with pytest.raises(CourageRefused, match="目標値"):
        model.courage.spend()
    model.set_tn(model.tn - 1)
    pippin = next(s.id for s in model.characters() if s.character.name == "ピピン")
    model.set_character(A, pippin)
    with pytest.raises(CourageRefused, match="前回の堕落判定"):
        model.courage.spend()
    assert model.last_result is not None  # still there to be shown (greyed) by the panel
