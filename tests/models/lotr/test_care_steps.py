"""The rolls the recovery and hazard dialogs share (CareSteps, `model.steps`): who else may heal or
help, a typed bonus within its bounds, the roll's text, and damage or healing through the sheet's
one step."""

from __future__ import annotations

import pytest

from gmtool.models.lotr.actions import MAX_DAMAGE
from gmtool.models.lotr.care_steps import CUSTOM, CareSteps
from gmtool.rules.systems.lotr.checks import LotRRoller, RollSpec
from gmtool.rules.systems.lotr.healing import MAX_BONUS
from tests.models.lotr.test_care_hazard_models import NAME, setup


def test_others_are_the_other_lotr_characters(empty_campaign_model):
    actions, dice = setup(empty_campaign_model)
    steps = CareSteps(actions, dice)
    assert steps.others() == []  # the hobbit is alone in an empty campaign
    assert NAME not in [name for _id, name in steps.others()]


def test_a_typed_bonus_heals_or_helps_within_its_bounds(empty_campaign_model):
    actions, dice = setup(empty_campaign_model)
    steps = CareSteps(actions, dice)
    roller, name = steps.healer(CUSTOM, 3)
    assert roller == LotRRoller(rank=3) and "+3" in name
    assert steps.helper(CUSTOM, -2, "reaction:swiftness")[0] == LotRRoller(rank=-2)
    with pytest.raises(ValueError, match="ボーナスは"):
        steps.healer(CUSTOM, MAX_BONUS + 1)


def test_a_roll_and_its_text(empty_campaign_model):
    actions, dice = setup(empty_campaign_model, 4, 5)
    steps = CareSteps(actions, dice)
    result = steps.roll(RollSpec(LotRRoller(rank=2), 9))
    assert result.faces == (4, 5) and result.total == 11
    assert steps.roll_text("Stamina 判定", result).startswith("Stamina 判定 [4,5]=9 +2 = 11（目標値 9）")
    assert steps.roll_details(result) == {"faces": [4, 5], "bonus": 2, "tn": 9, "degree": str(result.degree)}
    assert CareSteps.sentences(["a", "b"]) == "a。b"


def test_damage_and_healing_go_through_the_sheets_one_step(empty_campaign_model):
    actions, dice = setup(empty_campaign_model, damage=5)
    steps = CareSteps(actions, dice)
    steps.heal(9, "rest", "休息で回復", "回復")
    assert actions.character.damage == 0  # never below 0
    steps.damage(MAX_DAMAGE + 5, "fire", "火炎", "燃えた")
    assert actions.character.damage == MAX_DAMAGE  # the stored limit
    assert empty_campaign_model.undo_stack.count() == 2
    steps.log_only("poison", "毒への抵抗", "抵抗した")
    assert empty_campaign_model.undo_stack.count() == 2  # nothing changed: no undo step
