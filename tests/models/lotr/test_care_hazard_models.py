"""The recovery and hazard dialogs' models with fixed dice: what each roll does to the sample hobbit
(Health 7, Stamina 0, Swiftness 1, VIT 7), one undo step and one log line when it changes
something, a log line alone when it does not, and clear refusals while a table is 未設定."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from gmtool.models.lotr.actions import LOG_KIND, LotRActions
from gmtool.models.lotr.care_base import CUSTOM
from gmtool.models.lotr.care_model import LotRCareModel
from gmtool.models.lotr.hazard_model import LotRHazardModel
from gmtool.models.lotr.rules_model import LotRRulesModel
from gmtool.rules.systems.lotr import reference_catalog as catalog
from tests.qt_fixtures import reopen_characters, sample_lotr_character

NAME = "ピピン"
HEALTH = 7


class Dice(random.Random):
    """Every die given in order; a test that rolls more than it scripted fails."""

    def __init__(self, *faces: int) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        face = self.faces.pop(0)
        assert a <= face <= b
        return face


def setup(campaign_model, *faces, **changes):
    character = replace(sample_lotr_character(NAME), **changes)
    character_id = campaign_model.insert_character("lotr", character, "x")
    rules = LotRRulesModel(campaign_model)
    for i, _row in enumerate(catalog.WOUND_ROWS[:2]):  # Dazed and Injured filled; the rest 未設定
        rules.reference.set_cell(catalog.HEALING, i, "natural_tn", 8)
        rules.reference.set_cell(catalog.HEALING, i, "healing_tn", 9)
    campaign_model.undo_stack.clear()
    actions = LotRActions(campaign_model, character_id)
    return actions, Dice(*faces)


def logs(campaign_model):
    return [e.payload for e in campaign_model.log_entries() if e.kind == LOG_KIND]


# ---- 1.2.1 ---------------------------------------------------------------------------------------
def test_rest_heals_a_point_a_day_in_one_undo_step(empty_campaign_model):
    actions, dice = setup(empty_campaign_model, damage=5)
    care = LotRCareModel(actions, dice)
    status = care.rest(3)
    assert actions.character.damage == 2 and "3 日休んで負傷が 3 点回復" in status
    assert empty_campaign_model.undo_stack.count() == 1 and logs(empty_campaign_model)[-1]["action"] == "rest"
    empty_campaign_model.undo_stack.undo()
    assert actions.character.damage == 5


def test_a_successful_weekly_test_heals_the_vit_modifier_minimum_one(empty_campaign_model):
    actions, dice = setup(empty_campaign_model, 6, 5, damage=2 * HEALTH + 3)  # Injured
    care = LotRCareModel(actions, dice)
    assert care.natural_target().tn == 8
    status = care.natural_test()  # 11 − 1 (Injured) = 10 ≥ 8
    assert actions.character.damage == 2 * HEALTH + 2  # VIT 7: modifier 0, at least 1
    assert "[6,5]=11" in status and "1 点回復" in status
    assert logs(empty_campaign_model)[-1]["faces"] == [6, 5]


def test_a_failed_weekly_test_is_a_log_line_and_no_undo_step(empty_campaign_model):
    actions, dice = setup(empty_campaign_model, 1, 2, damage=2 * HEALTH + 3)
    care = LotRCareModel(actions, dice)
    status = care.natural_test()
    assert actions.character.damage == 2 * HEALTH + 3
    assert empty_campaign_model.undo_stack.count() == 0
    assert "追加の回復なし" in status and logs(empty_campaign_model)[-1]["action"] == "natural_test"


def test_healing_brings_injured_back_to_dazed_with_one_point_left(empty_campaign_model):
    actions, dice = setup(empty_campaign_model, 4, 4, damage=2 * HEALTH + 3)  # 3 points into Injured
    care = LotRCareModel(actions, dice)
    assert care.healing_heals(False) == 4
    care.healing_test(CUSTOM, 2, advanced=False)  # 8 + 2 ≥ 9
    track = actions.track()
    assert track.level.name == "Dazed" and track.points_left_in_level == 1  # 「Dazed の残り1点」
    assert empty_campaign_model.undo_stack.count() == 1


def test_advanced_care_adds_five_and_heals_health_at_once(empty_campaign_model):
    actions, dice = setup(empty_campaign_model, 2, 2, damage=2 * HEALTH + 3)
    care = LotRCareModel(actions, dice)
    status = care.healing_test(CUSTOM, 0, advanced=True)  # 4 + 5 ≥ 9: only with the +5
    assert actions.character.damage == HEALTH + 3
    assert "Health と同じ 7 点回復" in status and "週 2 回" in status
    assert care.healing_odds(CUSTOM, 0, True) > care.healing_odds(CUSTOM, 0, False)


def test_an_unset_target_number_refuses_and_changes_nothing(empty_campaign_model):
    actions, dice = setup(empty_campaign_model, damage=3 * HEALTH)  # Wounded: not filled in
    care = LotRCareModel(actions, dice)
    with pytest.raises(ValueError, match=r"Wounded.*未設定"):
        care.natural_test()
    with pytest.raises(ValueError, match="未設定"):
        care.healing_odds(CUSTOM, 3, False)
    assert actions.character.damage == 3 * HEALTH and not logs(empty_campaign_model)


# ---- 1.2.2 ---------------------------------------------------------------------------------------
def test_age_is_stored_with_the_character_and_undone_in_one_step(empty_campaign_model):
    actions, dice = setup(empty_campaign_model)
    care = LotRCareModel(actions, dice)
    care.set_age("aged")
    assert reopen_characters(empty_campaign_model.campaign.path)[NAME].age == "aged"
    assert care.resistance_bonus().bonus == -8  # Stamina 0, Hale, Aged −8
    empty_campaign_model.undo_stack.undo()
    assert actions.character.age == ""
    with pytest.raises(ValueError, match="年齢"):
        care.set_age("ancient")


def test_a_helpers_extraordinary_healing_brings_exhausted_to_spent_at_once(empty_campaign_model):
    actions, dice = setup(empty_campaign_model, 6, 6, 6, 3, weariness=5)  # 12 + 9 = 21 ≥ 10 + 11
    care = LotRCareModel(actions, dice)
    status = care.recovery_test(CUSTOM, 0)
    assert actions.rules.weariness_levels[actions.character.weariness].id == "spent"
    assert "ただちに Spent" in status and not dice.faces


def test_the_recovery_test_at_minus_ten_leaves_exhausted_on_a_failure(empty_campaign_model):
    actions, dice = setup(empty_campaign_model, 6, 5, weariness=5)  # 11 − 10 = 1 < 10
    care = LotRCareModel(actions, dice)
    status = care.recovery_test(None)
    assert actions.character.weariness == 5 and "Exhausted のまま" in status
    with pytest.raises(ValueError, match="Exhausted ではありません"):
        LotRCareModel(setup(empty_campaign_model, weariness=4)[0]).recovery_odds(None)


# ---- 1.2.1.1 -------------------------------------------------------------------------------------
def hazard_table(campaign_model, table_id, row, **cells):
    rules = LotRRulesModel(campaign_model)
    rules.reference.add_row(table_id, row)
    index = len(rules.reference.table(table_id).rows) - 1
    for column, value in cells.items():
        rules.reference.set_cell(table_id, index, column, value)
    campaign_model.undo_stack.clear()


def test_a_successful_acrobatics_test_halves_the_fall_rounding_up(empty_campaign_model):
    actions, dice = setup(empty_campaign_model, 5, 5, 3, 4)  # Acrobatics 10 + bonus ≥ 8; 1d6… 3+4 = 7
    hazard_table(empty_campaign_model, catalog.FALLING, "20 フィート", damage="2d6", tn=8)
    status = LotRHazardModel(actions, dice).fall("20 フィート")
    assert actions.character.damage == 4  # 7 halved, rounded up
    assert "を半減して 4 点" in status and empty_campaign_model.undo_stack.count() == 1


def test_drowning_unconscious_takes_the_tables_damage(empty_campaign_model):
    actions, dice = setup(empty_campaign_model, 1, 1, 4)
    hazard_table(empty_campaign_model, catalog.DROWNING, "3 ラウンド目", tn=7, damage="1d6")
    hazards = LotRHazardModel(actions, dice)
    assert hazards.breath_minutes() == 1  # 1 + Stamina 0
    status = hazards.drowning_test("3 ラウンド目")
    assert actions.character.damage == 4 and "意識を失い" in status


def test_a_failed_poison_resistance_gives_the_primary_effect(empty_campaign_model):
    actions, dice = setup(empty_campaign_model, 2, 3)
    hazard_table(
        empty_campaign_model, catalog.POISONS, "大蛇の毒", potency=2, treatment=1, primary="麻痺 1d6 時間"
    )
    hazards = LotRHazardModel(actions, dice)
    assert hazards.poison("大蛇の毒").resist_tn == 9
    status = hazards.resist_poison("大蛇の毒")
    assert "Primary: 麻痺 1d6 時間" in status
    assert logs(empty_campaign_model)[-1]["resisted"] is False


def test_an_unfilled_hazard_table_refuses_to_roll(empty_campaign_model):
    actions, dice = setup(empty_campaign_model)
    hazards = LotRHazardModel(actions, dice)
    assert hazards.rows(catalog.FALLING) == []
    with pytest.raises(ValueError, match=r"落下の表.*未設定"):
        hazards.fall("10 フィート")
