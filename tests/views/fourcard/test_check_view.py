"""The フォーカード judgement panel as the GM sees it: odds before the roll, plots fed the same numbers."""

from __future__ import annotations

import pytest

from gmtool.models.fourcard.check_model import COMPARE, FourCardCheckModel
from gmtool.models.outcome_text import percent
from gmtool.rules.checks import Outcome
from gmtool.rules.systems.fourcard.checks import Contestant
from gmtool.views.fourcard.check_view import FourCardCheckView
from tests.qt_fixtures import sample_fourcard_character


@pytest.fixture
def view(qtbot, empty_campaign_model):
    empty_campaign_model.insert_character("fourcard", sample_fourcard_character("ガルド"), "x")
    empty_campaign_model.insert_character("fourcard", sample_fourcard_character("ボルグ"), "x")
    seeds = iter(range(10_000))
    v = FourCardCheckView(FourCardCheckModel(empty_campaign_model, seed_source=lambda: next(seeds)))
    qtbot.addWidget(v)
    return v


def test_shows_the_odds_of_every_outcome_before_rolling(view):
    model = view.model
    for outcome, label in view.probability_labels.items():
        assert label.text() == percent(float(model.outcome_probabilities[outcome]))
    assert percent(float(model.success_probability)) in view.headline.text()
    assert view.result_label.text() == "まだ振っていません"


def test_choosing_a_ladder_step_sets_the_difficulty_and_names_it(view):
    combo = view.ladder_combo
    combo.setCurrentIndex(combo.findData(18))
    combo.activated.emit(combo.currentIndex())
    assert view.model.difficulty == 18 and view.difficulty_spin.value() == 18
    assert combo.currentText() == "18: 熟練者は緊張、最高峰なら容易"  # the step named whole, once
    assert view.curve_plot.curve_points()[18] == pytest.approx(float(view.model.success_probability) * 100)


def test_plots_are_fed_the_engines_numbers(view):
    bars = view.bars_plot.bar_heights()
    assert bars[12] == (pytest.approx(100 / 36), Outcome.AUTO_SUCCESS)
    assert bars[2] == (pytest.approx(100 / 36), Outcome.AUTO_FAILURE)
    assert view.curve_plot.curve_points() == pytest.approx(
        {d: float(p) * 100 for d, p in view.model.curve.items()}
    )


def test_compare_mode_shows_both_sides_and_the_tie_rule(view):
    view.mode_buttons[COMPARE].setChecked(True)
    assert view.model.mode == COMPARE
    assert view.b_box.isVisibleTo(view) and not view.difficulty_spin.isEnabled()
    assert "A の勝率 50.00%" in view.headline.text()
    assert "振り直し" in view.detail_label.text()
    view.b_box.modifier_spin.setValue(2)
    assert view.model.inputs(Contestant.B).modifier == 2
    assert view.model.wins[Contestant.B] > view.model.wins[Contestant.A]


def test_roll_button_shows_the_dice_and_logs(view):
    view.roll_button.click()
    result = view.model.last_result
    assert f"ロール値 {result.total}" in view.result_label.text()
    assert view.model.campaign_model.log_entries()[-1].payload["total"] == result.total


def test_another_kind_of_roll_clears_the_last_result(view):
    """A 目標ロール's result beside 比較ロール's inputs read as the comparison's."""
    view.roll_button.click()
    assert "ロール値" in view.result_label.text()
    view.mode_buttons[COMPARE].setChecked(True)
    assert view.result_label.text() == ""
    view.roll_button.click()
    assert "A " in view.result_label.text()
    view.mode_buttons[COMPARE].setChecked(True)  # the same kind again: the result stays
    assert view.result_label.text()


def test_the_outcomes_are_named_as_the_rule_text_names_them(view):
    """The odds box said 自動成功 / 自動失敗 beside a headline 「自動的成功を含む」: the rule text's
    自動的成功 / 自動的失敗 everywhere (the printed sheet reads the same term table)."""
    names = [w.text() for w in view.odds_box.row_widgets if w.text() and "%" not in w.text()]
    assert "自動的成功" in names and "自動的失敗" in names
    assert "自動成功" not in names and "自動失敗" not in names
    view.roll_button.click()
    assert "自動成功" not in view.result_label.text() and "自動失敗" not in view.result_label.text()


def test_the_margins_line_keeps_its_two_lines_as_its_text_grows_and_shrinks(qtbot, view):
    """Regression guard (issue 36): the 成功の度合 line is one line or two as the difficulty or the
    values change; the label grew and shrank with it, and the plots under it with the label, each
    time laid out and drawn anew."""
    from PySide6.QtCore import QRect, Qt
    from PySide6.QtWidgets import QApplication

    view.resize(420, 640)
    view.show()
    qtbot.waitExposed(view)
    text_lines, label_heights = set(), set()
    for difficulty in range(9, 20):  # steps the ladder gives (an inferred one adds a note above)
        view.difficulty_spin.setValue(difficulty)
        QApplication.processEvents()
        label, metrics = view.detail_label, view.detail_label.fontMetrics()
        wrapped = metrics.boundingRect(QRect(0, 0, label.width(), 0), Qt.TextFlag.TextWordWrap, label.text())
        text_lines.add(wrapped.height() // metrics.lineSpacing())
        label_heights.add(label.height())
    assert {1, 2} <= text_lines  # the text did grow and shrink over these steps
    assert label_heights == {2 * view.detail_label.fontMetrics().lineSpacing()}
