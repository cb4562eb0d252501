"""What the フォーカード sheet shows beyond the character's fields (`FourCardSheetModel`): 総合LV as
the campaign reads the table, the HP lines, 移動力 with its warning, every スキルLV, and a signal when
the campaign's reading or in-game day changes."""

from __future__ import annotations

from dataclasses import replace

from gmtool.models.character_model import CharacterModel
from gmtool.models.fourcard.sheet_model import FourCardSheetModel
from gmtool.models.house_rules_model import HouseRulesModel
from gmtool.rules.systems.fourcard.character import Equipment
from gmtool.rules.systems.fourcard.derived import SkillLevel
from gmtool.rules.systems.fourcard.house_rules import LEVEL_TABLE, LEVEL_UPPER
from tests.qt_fixtures import sample_fourcard_character


def make_sheet_model(campaign_model, **changes) -> FourCardSheetModel:
    """The sample character: DX 6, ST 6, WP 5, VT 5, 【接近戦】2TP specialised in 剣."""
    character = replace(sample_fourcard_character(), **changes)
    character_id = campaign_model.insert_character("fourcard", character, "x")
    return FourCardSheetModel(CharacterModel(campaign_model, character_id))


def test_the_sheet_values_of_the_sample_character(empty_campaign_model):
    sheet = make_sheet_model(empty_campaign_model)
    lines = sheet.hp_lines()
    assert (lines.weakened, lines.unconscious, lines.dead) == (17, 27, 37)
    assert sheet.level() == 1
    shown = sheet.movement()
    assert (shown.value, shown.dx, shown.base, shown.equipment_penalty, shown.warning) == (11, 6, 5, 0, "")
    assert sheet.skill_levels() == [
        SkillLevel("接近戦", "dx", 2, 6, True),  # outside 剣: 6 + 2 − 2
        SkillLevel("接近戦", "dx", 2, 8, True, "剣"),
    ]
    assert sheet.condition_text() == "平常"


def test_movement_warns_below_three_and_at_zero(empty_campaign_model):
    heavy = (Equipment("鎧", movement_penalty=9),)
    assert make_sheet_model(empty_campaign_model, equipment=heavy).movement().warning == "low"  # 2
    heavier = (Equipment("鎧", movement_penalty=11),)
    shown = make_sheet_model(empty_campaign_model, equipment=heavier).movement()
    assert (shown.value, shown.warning) == (0, "immobile")


def test_the_level_reading_and_the_day_signal_a_re_read(empty_campaign_model):
    sheet = make_sheet_model(empty_campaign_model)
    signalled = []
    sheet.context_changed.connect(lambda: signalled.append(True))
    HouseRulesModel(empty_campaign_model).set_reading(LEVEL_TABLE, LEVEL_UPPER)
    assert sheet.level() == 2 and len(signalled) == 1
    sheet.actions.next_day()
    assert len(signalled) == 2
    empty_campaign_model.set_session_value("unrelated.key", 1, "x")
    assert len(signalled) == 2
