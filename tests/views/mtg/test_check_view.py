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
    assert "神秘家" in box.shown_label.text() and "熊" in box.shown_label.text()
    assert "目標値 3" in box.result_detail.text() and "達成値 7" in box.result_detail.text()
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
    assert "ブースト" in box.result_detail.text()  # the six exiled, under the outcome
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


def finish_a_physical_check(view, qtbot, difficulty=2):
    """《エルフの神秘家》 over 《ルーン爪の熊》 as a green check: 目標値 1 + 難易度 against 達成値 7."""
    box = view.procedure_box
    view.difficulty_spin.setValue(difficulty)
    assert box.top_combo.select(LibraryCard(MYSTIC)) and box.second_combo.select(LibraryCard(BEAR))
    qtbot.mouseClick(box.reveal_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(box.finish_button, Qt.MouseButton.LeftButton)
    return box


def test_the_last_result_is_wiped_when_the_check_changes(panel, qtbot):
    """Issue 40: 「→ 成功」 of the last check stayed beside another color's, another 難易度's or the
    virtual library's check, as if it were theirs."""
    _, model, view, character_id = panel
    cleared = []
    model.result_cleared.connect(lambda: cleared.append(True))
    model.set_color(CheckColor.GREEN)
    box = finish_a_physical_check(view, qtbot)
    assert box.result_label.text() == "→ 成功" and "目標値 3" in box.result_detail.text()
    qtbot.mouseClick(view.color_buttons[CheckColor.BLUE], Qt.MouseButton.LeftButton)
    assert (box.result_label.text(), box.result_detail.text()) == ("", "") and len(cleared) == 1
    model.set_color(CheckColor.GREEN)  # back to the check made: its result is not brought back
    assert box.result_label.text() == ""
    finish_a_physical_check(view, qtbot, difficulty=3)
    assert box.result_label.text() == "→ 成功"
    view.difficulty_spin.setValue(9)
    assert box.result_label.text() == "" and len(cleared) == 2
    view.difficulty_spin.setValue(3)
    model.set_situation_changed(True)
    finish_a_physical_check(view, qtbot, difficulty=3)
    assert box.result_label.text() == "→ 成功"
    model.table.start_library(character_id)  # the same check, now from the virtual library
    assert box.result_label.text() == "" and len(cleared) == 3


def test_an_undone_check_takes_its_result_with_it(panel, qtbot):
    cm, model, view, _ = panel
    model.set_color(CheckColor.GREEN)
    box = finish_a_physical_check(view, qtbot)
    assert box.result_label.text() == "→ 成功"
    cm.undo_stack.undo()
    assert box.result_label.text() == "" and not box.result_detail.text()


def test_the_revealed_cards_outcome_shows_before_it_is_confirmed(panel, qtbot):
    """Issue 40: 「まだ判定していません」 stood under the revealed cards whose outcome was decided."""
    _, model, view, _ = panel
    box = view.procedure_box
    assert box.result_detail.text() == "まだ判定していません"  # nothing revealed yet
    model.set_color(CheckColor.GREEN)
    view.difficulty_spin.setValue(2)
    assert box.top_combo.select(LibraryCard(MYSTIC)) and box.second_combo.select(LibraryCard(BEAR))
    qtbot.mouseClick(box.reveal_button, Qt.MouseButton.LeftButton)
    assert box.result_label.text() == "→ 成功"
    assert "まだ判定していません" not in box.result_detail.text()
    assert "目標値 3" in box.result_detail.text() and "まだ確定していません" in box.result_detail.text()
    qtbot.mouseClick(box.cancel_button, Qt.MouseButton.LeftButton)  # nothing stored: nothing shown
    assert box.result_label.text() == ""
    view.difficulty_spin.setValue(12)
    qtbot.mouseClick(box.reveal_button, Qt.MouseButton.LeftButton)
    assert box.result_label.text() == "→ 失敗"
