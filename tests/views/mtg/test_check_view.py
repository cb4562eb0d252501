"""The MTG judgement panel, driven through its widgets: odds and plots from the model's exact numbers,
the six colors, and a check walked to its end with physical cards and with a virtual library."""

from __future__ import annotations

import itertools

import pytest
from PySide6.QtCore import Qt

from gmtool.models.mtg.check_model import MTGCheckModel
from gmtool.models.mtg.table_model import LOG_KIND
from gmtool.models.outcome_text import percent
from gmtool.rules.systems.mtg.checks import CheckColor, LibraryCard, MTGOutcome
from gmtool.rules.systems.mtg.deck import deck_from_cards
from gmtool.views.mtg.check_view import MTGCheckView
from tests.rules.mtg.fixtures import BEAR, FOREST, GOLD, MYSTIC, WURM


@pytest.fixture
def panel(empty_campaign_model, qtbot):
    cm = empty_campaign_model
    deck = deck_from_cards("緑のPC", [(FOREST, 10), (BEAR, 6), (MYSTIC, 6), (WURM, 2), (GOLD, 2)])
    character_id = cm.insert_character("mtg", deck, "x")
    seeds = itertools.count(7)
    model = MTGCheckModel(cm, seed_source=lambda: next(seeds))
    view = MTGCheckView(model)
    qtbot.addWidget(view)
    return cm, model, view, character_id


def test_the_plot_and_the_labels_show_the_exact_odds(panel, qtbot):
    _, model, view, _ = panel
    qtbot.mouseClick(view.color_buttons[CheckColor.GREEN], Qt.MouseButton.LeftButton)
    view.difficulty_spin.setValue(5)
    assert model.color is CheckColor.GREEN and model.difficulty == 5
    assert view.plot.curve_points() == {d: pytest.approx(float(p) * 100) for d, p in model.curve.items()}
    assert view.plot.curve_points(boosted=True)[5] == pytest.approx(
        float(model.plan.success_with_boost) * 100
    )
    assert view.probability_labels[MTGOutcome.SUCCESS].text() == percent(float(model.plan.success))
    assert percent(float(model.plan.success_with_boost)) in view.boost_label.text()
    assert view.plot.marker.value() == 5
    for color in CheckColor:  # each color's odds under its button: as revealed, with a boost
        plain, boosted = view.color_odds[color]
        assert plain.text() == percent(float(model.color_table[color][0]))
        assert boosted.text() == percent(float(model.color_table[color][1]))
        assert plain.font().bold() == (color is CheckColor.GREEN)


def test_an_unusual_difficulty_is_noted_not_refused(panel):
    _, model, view, _ = panel
    view.difficulty_spin.setValue(11)
    assert model.difficulty == 11 and "通常の難易度は 0〜8" in view.difficulty_note.text()


def test_a_physical_check_through_the_panel(panel, qtbot, refusals):
    cm, model, view, _ = panel
    box = view.procedure_box
    model.set_color(CheckColor.GREEN)
    view.difficulty_spin.setValue(2)
    assert box.top_combo.select(LibraryCard(MYSTIC))
    assert box.second_combo.select(LibraryCard(BEAR))
    view.difficulty_spin.setValue(1)
    view.difficulty_spin.setValue(2)  # the panel re-syncs: the chosen cards stay chosen
    assert box.top_combo.card() == LibraryCard(MYSTIC)
    qtbot.mouseClick(box.reveal_button, Qt.MouseButton.LeftButton)
    assert "目標値 3" in box.shown_label.text() and "達成値 7" in box.shown_label.text()
    assert not box.boost_button.isEnabled()  # a success needs no boost
    qtbot.mouseClick(box.finish_button, Qt.MouseButton.LeftButton)
    assert "成功" in box.result_label.text()
    assert [e for e in cm.log_entries() if e.kind == LOG_KIND]
    # The same check again is refused with its reason, and 「状況が変わった」 lets it through.
    assert "同じ行動判定" in box.refusal_label.text() and box.changed_check.isVisible() is not None
    box.changed_check.setChecked(True)
    assert model.situation_changed and not box.refusal_label.text()


def test_a_virtual_check_with_a_boost_through_the_panel(panel, qtbot, refusals):
    _, model, view, character_id = panel
    box = view.procedure_box
    model.table.start_library(character_id)
    model.set_color(CheckColor.BLUE)
    view.difficulty_spin.setValue(12)  # hard enough that the reveal fails
    qtbot.mouseClick(box.reveal_button, Qt.MouseButton.LeftButton)
    revealed = model.procedure.revealed
    assert revealed is not None and not revealed.shown.succeeded
    assert box.boost_button.isEnabled()
    qtbot.mouseClick(box.boost_button, Qt.MouseButton.LeftButton)
    assert "ブースト" in box.result_label.text()
    assert len(model.table.library(character_id).exiled) == 6
    view.difficulty_spin.setValue(11)
    assert "ブースト済み" in view.boost_label.text()
    assert not refusals


def test_a_refused_check_says_why(panel, qtbot, refusals):
    cm, model, view, _ = panel
    only = deck_from_cards("森だけ", [(FOREST, 10)])
    forests = cm.insert_character("mtg", only, "x")
    view.deck_combo.setCurrentIndex(view.deck_combo.findData(forests))
    model.set_color(CheckColor.GREEN)
    assert "必ず成功します" in view.procedure_box.refusal_label.text()
    qtbot.mouseClick(view.procedure_box.reveal_button, Qt.MouseButton.LeftButton)
    assert refusals and "必ず成功します" in refusals[-1]
