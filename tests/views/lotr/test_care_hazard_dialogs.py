"""The 「回復・手当て…」 and 「危険…」 dialogs as the GM uses them: the exact chance shown before the
roll, the roll applied on a click, refusals while a table is 未設定, and a size that fits a laptop."""

from __future__ import annotations

from fractions import Fraction

import pytest

from gmtool.models.lotr.care_base import CUSTOM, percent_text
from gmtool.models.lotr.care_model import LotRCareModel
from gmtool.models.lotr.hazard_model import LotRHazardModel
from gmtool.rules.systems.lotr import reference_catalog as catalog
from gmtool.rules.systems.lotr.checks import LotRRoller, success_probability
from gmtool.rules.systems.lotr.healing import healing_spec
from gmtool.views.lotr.care_dialog import LotRCareDialog
from gmtool.views.lotr.condition_box import LotRConditionBox
from gmtool.views.lotr.hazard_dialog import LotRHazardDialog
from tests.models.lotr.test_care_hazard_models import HEALTH, hazard_table, setup

MAX_WIDTH, MAX_HEIGHT = 600, 500


@pytest.fixture
def wounded(empty_campaign_model):
    return setup(empty_campaign_model, damage=2 * HEALTH + 3)  # Injured, TNs 8 / 9 filled in


def test_the_healing_odds_are_the_exact_chance_and_follow_the_bonus(qtbot, wounded):
    actions, dice = wounded
    dialog = LotRCareDialog(LotRCareModel(actions, dice))
    qtbot.addWidget(dialog)
    dialog.healer_bonus.setValue(3)
    exact = success_probability(healing_spec(LotRRoller(rank=3), 9, actions.rules))
    assert f"目標値 9、成功 {percent_text(exact)} で 4 点回復" in dialog.healing_label.text()
    dialog.advanced_check.setChecked(True)
    advanced = success_probability(healing_spec(LotRRoller(rank=3), 9, actions.rules, advanced=True))
    assert f"成功 {percent_text(advanced)} で 7 点回復" in dialog.healing_label.text()
    dice.faces += [5, 4]
    dialog.healing_button.click()
    assert actions.character.damage == HEALTH + 3
    assert "高度な治療" in dialog.status_label.text()


def test_the_weekly_test_says_how_many_tests_a_week(qtbot, wounded):
    actions, dice = wounded
    dialog = LotRCareDialog(LotRCareModel(actions, dice))
    qtbot.addWidget(dialog)
    assert "今週 1 回まで" in dialog.weekly_label.text()
    dialog.cared_check.setChecked(True)
    assert "今週 2 回まで" in dialog.weekly_label.text()


def test_an_unset_wound_level_disables_its_tests(qtbot, empty_campaign_model):
    actions, dice = setup(empty_campaign_model, damage=3 * HEALTH)  # Wounded: 未設定
    dialog = LotRCareDialog(LotRCareModel(actions, dice))
    qtbot.addWidget(dialog)
    assert "未設定" in dialog.weekly_label.text() and not dialog.weekly_button.isEnabled()
    assert not dialog.healing_button.isEnabled()
    assert dialog.rest_button.isEnabled()  # rest needs no table


def test_recovery_from_exhausted_shows_the_helped_chance(qtbot, empty_campaign_model):
    actions, dice = setup(empty_campaign_model, weariness=5)
    model = LotRCareModel(actions, dice)
    dialog = LotRCareDialog(model)
    qtbot.addWidget(dialog)
    alone = model.recovery_odds(None)
    assert percent_text(alone) in dialog.recovery_label.text()
    dialog.helper_combo.setCurrentIndex(dialog.helper_combo.findData(CUSTOM))
    dialog.helper_bonus.setValue(6)
    helped = model.recovery_odds(CUSTOM, 6)
    assert helped > alone and percent_text(helped) in dialog.recovery_label.text()


def test_the_age_set_on_the_sheet_lowers_the_resistance_bonus(qtbot, wounded):
    actions = wounded[0]
    box = LotRConditionBox(actions)
    qtbot.addWidget(box)
    box.sync()
    box.age_combo.setCurrentIndex(box.age_combo.findData("old"))
    box.age_combo.activated.emit(box.age_combo.currentIndex())
    assert actions.character.age == "old"
    dialog = LotRCareDialog(box.care_model)
    qtbot.addWidget(dialog)
    # 0 − 4: Injured's penalty is not in the summary (未設定, no lighter wound level set)
    assert "年齢 Old" in dialog.resist_label.text() and "ボーナス -4" in dialog.resist_label.text()


def test_an_empty_hazard_table_says_so_and_cannot_roll(qtbot, wounded):
    actions, dice = wounded
    dialog = LotRHazardDialog(LotRHazardModel(actions, dice))
    qtbot.addWidget(dialog)
    for page in dialog.pages.values():
        assert "未設定" in page.odds_label.text()
        assert not any(button.isEnabled() for button in page.buttons)


def test_a_fire_round_failed_shows_the_burning_and_enables_putting_it_out(qtbot, empty_campaign_model):
    actions, dice = setup(empty_campaign_model, 2, 1, 1, 3, 3)
    hazard_table(empty_campaign_model, catalog.FIRE, "たき火", damage="1d6", tn=10)
    dialog = LotRHazardDialog(LotRHazardModel(actions, dice))
    qtbot.addWidget(dialog)
    fire = dialog.pages[catalog.FIRE]
    assert "炎に包まれない確率" in fire.odds_label.text()
    assert not dialog.extinguish_button.isEnabled()
    dialog.fire_button.click()
    assert actions.character.damage == 12
    assert "炎に包まれています" in fire.info_label.text() and dialog.extinguish_button.isEnabled()
    assert dialog.burn_button.isEnabled() and dialog.put_out_button.isEnabled()
    assert dialog.fire_button.text() == "炎の中で 1 ラウンド（ダメージと燃えている 2d6+4）"
    dialog.put_out_button.click()  # the GM's own: one undo step
    assert "炎に包まれていません" in fire.info_label.text() and not dialog.burn_button.isEnabled()
    empty_campaign_model.undo_stack.undo()
    assert "炎に包まれています" in fire.info_label.text() and dialog.burn_button.isEnabled()
    empty_campaign_model.undo_stack.undo()  # the fire round itself: its damage and the burning go
    assert actions.character.damage == 0 and "炎に包まれていません" in fire.info_label.text()
    assert not dialog.extinguish_button.isEnabled()


def test_the_falling_expectation_is_the_exact_mean(qtbot, empty_campaign_model):
    actions, dice = setup(empty_campaign_model)
    hazard_table(empty_campaign_model, catalog.FALLING, "10 フィート", damage="1d6", tn=8)
    model = LotRHazardModel(actions, dice)
    dialog = LotRHazardDialog(model)
    qtbot.addWidget(dialog)
    p, mean = model.falling_odds("10 フィート")
    assert mean == p * Fraction(2) + (1 - p) * Fraction(7, 2)  # 1d6 halved: mean 2; whole: 3.5
    assert f"期待値 {float(mean):.2f} 点" in dialog.pages[catalog.FALLING].odds_label.text()


def test_the_dialogs_fit_a_laptop_screen(qtbot, wounded):
    actions, dice = wounded
    for dialog in (
        LotRCareDialog(LotRCareModel(actions, dice)),
        LotRHazardDialog(LotRHazardModel(actions, dice)),
    ):
        qtbot.addWidget(dialog)
        hint = dialog.sizeHint()
        assert hint.width() <= MAX_WIDTH and hint.height() <= MAX_HEIGHT, type(dialog).__name__
