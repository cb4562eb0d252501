"""The 千幻抄 judgement panel as the GM sees it: odds before rolling, the plots fed the same numbers,
the thresholds, the identification table and the button that opens the opposed stepper."""

from __future__ import annotations

import pytest

from gmtool.models.outcome_text import percent
from gmtool.models.sengensho.check_model import SengenshoCheckModel
from gmtool.rules.checks import Outcome
from gmtool.rules.systems.sengensho.character import Attributes, SengenshoCharacter, Skill
from gmtool.rules.systems.sengensho.checks import CRITICAL, FUMBLE, NATURAL_DISTRIBUTION
from gmtool.views.sengensho.check_view import SengenshoCheckView
from tests.models.sengensho.test_check_model import without_sengensho_characters


def saku() -> SengenshoCharacter:
    return SengenshoCharacter(
        name="白峰 朔",
        attributes=Attributes(body=3, endurance=2, intellect=5, sense=4, will=3),
        skills=(Skill("交渉", 2), Skill("幻想知識", 3)),
    )


@pytest.fixture
def view(qtbot, empty_campaign_model):
    empty_campaign_model.insert_character("sengensho", saku(), "x")
    seeds = iter(range(10_000))
    v = SengenshoCheckView(SengenshoCheckModel(empty_campaign_model, seed_source=lambda: next(seeds)))
    qtbot.addWidget(v)
    return v


def choose(combo, data) -> None:
    index = combo.findData(data)
    assert index >= 0, data
    combo.setCurrentIndex(index)


def test_shows_the_odds_of_every_outcome_before_rolling(view):
    model = view.model
    names = [view.odds_box.grid.itemAtPosition(r, 1).widget().text() for r in range(4)]
    assert names == ["クリティカル（成功）", "成功", "失敗", "ファンブル（失敗）"]
    for outcome, label in view.probability_labels.items():
        assert label.text() == percent(float(model.outcome_probabilities[outcome]))
    assert view.headline.text() == f"成功率 {percent(float(model.success_probability))}（クリティカルを含む）"
    assert view.result_label.text() == "まだ振っていません"


def test_attribute_and_skill_combos_make_the_value(view):
    box = view.inputs_box
    choose(box.attribute_combo, "attribute:intellect")
    choose(box.skill_combo, "交渉")
    box.modifier_spin.setValue(1)
    assert box.value_spin.value() == 7 and not box.value_spin.isEnabled()
    assert box.attribute_combo.currentText() == "知性（5）"
    assert [box.skill_combo.itemText(i) for i in range(box.skill_combo.count())] == [
        "なし",
        "〈交渉〉（2）",
        "〈幻想知識〉（3）",
    ]
    assert "{知性}+〈交渉〉 5+2 修正+1 / 目標値 14" in view.detail_label.text()
    # 3D6 + 8 ≥ 14: only the fumbles fail
    assert view.probability_labels[Outcome.FAILURE].text() == percent(0.0)
    choose(box.attribute_combo, "custom")
    assert box.value_spin.isEnabled() and not box.skill_combo.isEnabled()
    box.value_spin.setValue(0)
    assert view.model.value() == 0


def test_plots_are_fed_the_engines_numbers(view):
    view.target_spin.setValue(12)
    view.inputs_box.modifier_spin.setValue(-5)  # 身体 3 − 5: 3D6 − 2 ≥ 12 ⇔ 3D6 ≥ 14
    bars = view.bars_plot.bar_heights()
    assert sorted(bars) == list(range(3, 19))
    assert bars[10][0] == pytest.approx(float(NATURAL_DISTRIBUTION[10]) * 100)
    assert [bars[t][1] for t in (5, 6, 13, 14, 16)] == [
        FUMBLE,
        Outcome.FAILURE,
        Outcome.FAILURE,
        Outcome.SUCCESS,
        CRITICAL,
    ]
    points = view.curve_plot.curve_points()
    assert points == pytest.approx({t: float(p) * 100 for t, p in view.model.curve.items()})
    assert points[12] == pytest.approx(float(view.model.success_probability) * 100)


def test_thresholds_change_the_colours_and_undo_puts_them_back(view):
    assert view.critical_spin.toolTip() and "BCDice" in view.critical_spin.toolTip()
    view.critical_spin.setValue(17)
    assert view.model.critical == 17
    assert view.bars_plot.bar_heights()[16][1] is not CRITICAL
    assert "ハウスルール" in view.target_box.thresholds_label.text()
    view.fumble_spin.setValue(2)
    assert view.bars_plot.bar_heights()[3][1] is not FUMBLE
    assert "ファンブルなし" in view.target_box.thresholds_label.text()
    view.model.campaign_model.undo_stack.undo()
    view.model.campaign_model.undo_stack.undo()
    assert (view.critical_spin.value(), view.fumble_spin.value()) == (16, 5)
    assert view.bars_plot.bar_heights()[16][1] is CRITICAL


def test_a_fumble_at_or_above_the_critical_is_refused_and_the_box_put_back(view, refusals):
    view.critical_spin.setValue(8)
    view.fumble_spin.setValue(9)
    assert refusals == ["ファンブルの出目 9 がクリティカルの出目 8 以上です"]
    assert view.fumble_spin.value() == 5 and view.model.fumble == 5


def test_the_identification_targets_are_a_menu_and_one_sets_the_low_one(view, qtbot):
    button = view.identification_button
    assert button.toolTip() == "類型を見抜く目標値の目安"
    actions = button.target_actions
    assert [a.text().split(": ")[0] for a in actions] == ["20", "14", "16", "14〜16"]
    assert actions[0].text() == "20: 名前や顔を知っているだけ"
    assert "交渉" in button.note_action.text() and not button.note_action.isEnabled()
    actions[0].trigger()
    assert view.model.target == 20 and view.target_spin.value() == 20
    actions[3].trigger()
    assert view.model.target == 14
    assert view.curve_plot.curve_points()[14] == pytest.approx(float(view.model.success_probability) * 100)


def test_the_opposed_button_asks_for_the_stepper(view, qtbot):
    assert view.opposed_button.text() == "対抗判定（7ステップ）…"
    with qtbot.waitSignal(view.opposed_requested, timeout=1000):
        view.opposed_button.click()


def test_roll_button_shows_the_dice_the_total_and_the_outcome(view):
    view.roll_button.click()
    result = view.model.last_result
    faces = ",".join(map(str, result.faces))
    assert view.result_label.text().startswith(
        f"3D6 [{faces}]={sum(result.faces)} → 達成値 {result.total} → "
    )
    assert view.model.campaign_model.log_entries()[-1].payload["total"] == result.total


def test_without_a_sengensho_character_the_roll_is_refused_and_said_so(qtbot, campaign_model, refusals):
    view = SengenshoCheckView(SengenshoCheckModel(without_sengensho_characters(campaign_model)))
    qtbot.addWidget(view)
    assert (
        view.inputs_box.note_label.text()
        == "千幻抄のキャラクターがいません。キャラクターを追加してから振ってください"
    )
    view.roll_button.click()
    assert refusals == ["千幻抄のキャラクターがいません。キャラクターを追加してから振ってください"]
    assert view.result_label.text() == "まだ振っていません"
