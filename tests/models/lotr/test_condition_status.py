"""What the sheet's 負傷と疲労 group shows, worked out by the sheet's actions (`actions.condition()`):
the track, the weariness level, the penalty with its unset levels, the recovery time, the courage
rest the house rule allows; and the care and hazard models the actions keep for the dialogs."""

from __future__ import annotations

from dataclasses import replace

from gmtool.models.house_rules_model import HouseRulesModel
from gmtool.models.lotr.actions import LOG_KIND
from gmtool.models.lotr.care_model import LotRCareModel
from gmtool.models.lotr.hazard_model import LotRHazardModel
from gmtool.rules.systems.lotr.derived import condition_penalty, wound_track
from gmtool.rules.systems.lotr.house_rules import COURAGE_REST_ON, COURAGE_WEARINESS
from gmtool.rules.systems.lotr.weariness import recovery_time
from tests.models.lotr.test_care_hazard_models import HEALTH, setup


def test_a_healthy_rested_character(empty_campaign_model):
    actions, _dice = setup(empty_campaign_model)
    status = actions.condition()
    assert status.track == wound_track(actions.character, actions.rules)
    assert status.weariness == actions.rules.weariness_levels[0]
    assert status.weariness_levels == tuple(actions.rules.weariness_levels)
    assert not status.unconscious and status.penalty == 0 and status.gap == ""
    assert status.recovery_time is None  # nothing to recover from
    assert not status.courage_rest  # 1.2.2 「GMが許可すれば」: off unless the campaign allows it


def test_the_penalty_and_its_unset_levels(empty_campaign_model):
    actions, _dice = setup(empty_campaign_model, damage=3 * HEALTH, weariness=2)
    status = actions.condition()
    assert status.penalty == condition_penalty(actions.character, actions.rules)
    # Wounded's penalty is not in the summary: it counts 0 and is named as unset
    assert any("Wounded" in name for name in status.unset)
    assert status.recovery_time == recovery_time(actions.rules, 2)


def test_the_last_weariness_level_is_unconscious(empty_campaign_model):
    actions, _dice = setup(empty_campaign_model)
    last = len(actions.rules.weariness_levels) - 1
    actions.set_weariness(last)
    assert actions.condition().unconscious


def test_the_house_rule_allows_the_courage_rest_and_the_box_hears_it(qtbot, empty_campaign_model):
    actions, _dice = setup(empty_campaign_model)
    with qtbot.waitSignal(actions.rules_changed, timeout=1000):
        HouseRulesModel(empty_campaign_model).set_reading(COURAGE_WEARINESS, COURAGE_REST_ON)
    assert actions.condition().courage_rest


def test_the_actions_keep_one_care_and_one_hazard_model(empty_campaign_model):
    actions, _dice = setup(empty_campaign_model)
    assert isinstance(actions.care, LotRCareModel) and actions.care is actions.care
    assert isinstance(actions.hazard, LotRHazardModel) and actions.hazard is actions.hazard
    assert actions.care.actions is actions and actions.care.parent() is actions


def test_a_step_is_one_undo_step_and_a_log_line_and_a_roll_alone_is_a_log_line(empty_campaign_model):
    actions, _dice = setup(empty_campaign_model, damage=5)
    stack = empty_campaign_model.undo_stack
    status = actions.apply_step("rest", replace(actions.character, damage=2), "休息", "休んだ")
    assert actions.character.damage == 2 and stack.count() == 1 and "休んだ — 負傷" in status
    logged = actions.log_step("natural_test", "自然治癒の判定", "回復なし")
    assert stack.count() == 1 and actions.last_status == logged
    entries = [e.payload for e in empty_campaign_model.log_entries() if e.kind == LOG_KIND]
    assert [e["action"] for e in entries[-2:]] == ["rest", "natural_test"]
