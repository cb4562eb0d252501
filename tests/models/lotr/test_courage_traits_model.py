"""1.2.3 in the judgement panel: a point of courage is +3 plus every courage trait the roller has for
the test's skill (Bold + Horselord on Ride: +7), in the odds with courage, the result, the log line,
and refused while such a trait's value is 未設定."""

from __future__ import annotations

from dataclasses import replace

from gmtool.models.lotr.check_courage import CourageRefused
from gmtool.models.lotr.check_model import LotRCheckModel
from gmtool.models.lotr.rules_model import RULES_KEY
from gmtool.rules.systems.lotr import exploding
from gmtool.rules.systems.lotr.character import Skill
from gmtool.rules.systems.lotr.checks import Contestant
from gmtool.rules.systems.lotr.rules_data import Degree
from tests.models.lotr.test_check_model import faces_of, nar_id, seed_where

A = Contestant.A


def rider(campaign_model, edges=("Bold", "Horselord")):
    """ナール rides (Ride 2) with the two traits; the roll fails by 5, so one point (+7) makes it
    a Complete Success where a plain +3 would not."""
    character_id = nar_id(campaign_model)
    c = campaign_model.character(character_id)
    campaign_model.update_character(
        character_id,
        replace(c, edges=edges, courage=9, courage_spent=0, skills=(*c.skills, Skill("Ride", 2))),
        "x",
    )
    seed = seed_where(lambda f: len(f) == 2)
    model = LotRCheckModel(campaign_model, seed_source=lambda: seed)
    model.set_source(A, "skill:Ride")
    model.set_tn(sum(faces_of(seed)) + model.roller(A).bonus + 5)
    return model


def test_bold_and_horselord_make_a_point_worth_seven_on_ride(campaign_model):
    model = rider(campaign_model)
    assert model.courage.per_point().total == 7
    tn, bonus = model.tn, model.roller(A).bonus
    # the odds with courage count +7 a point, against the exploding dice counted on their own
    assert model.odds.courage_probabilities[1] == exploding.at_least(tn - bonus - 7)
    assert model.odds.courage_probabilities[2] == exploding.at_least(tn - bonus - 14)
    assert model.roll().degree is Degree.FAILURE
    result = model.courage.spend()
    assert result.courage_bonus == 7 and result.degree is Degree.COMPLETE_SUCCESS
    line = campaign_model.log_entries()[-1].payload
    assert line["per_point"] == 7
    assert "勇気 1 点（+7）" in line["summary"]["inputs"]
    assert "+3 + Bold 2 + Horselord 2 = +7" in line["summary"]["inputs"]
    campaign_model.undo_stack.undo()  # one step: the spend and its reading go back together
    assert model.last_result.courage_bonus == 0
    assert campaign_model.character(nar_id(campaign_model)).courage_spent == 0


def test_another_skill_keeps_three(campaign_model):
    model = rider(campaign_model)
    model.set_source(A, "attribute:wit")
    assert model.courage.per_point().total == 3
    model.roll()
    assert model.courage.spend().courage_bonus == 3


def test_an_unset_trait_value_refuses_the_spend(campaign_model):
    model = rider(campaign_model)
    stored = {"courage_traits": [{"name": "Horselord", "per_point": None, "skills": "Ride"}]}
    campaign_model.set_session_value(RULES_KEY, {"tables": stored}, "x")
    assert model.courage.per_point().unset == ("Horselord",)
    model.roll()
    refusal = model.courage.refusal()
    assert "Horselord" in refusal and "未設定" in refusal
    try:
        model.courage.spend()
    except CourageRefused as e:
        assert "未設定" in str(e)
    else:  # pragma: no cover
        raise AssertionError("spent on an unset trait")
