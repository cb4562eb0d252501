"""Issue 20's judgement-panel bugs, as the GM met them: what the panel shows in 対決 and 比較ロール, a
令呪 note that squeezed the fields, a roll with nobody to roll for, buttons that moved between two
clicks, the dice box's recent results, and 普通 left in Japanese in the English UI."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import QCoreApplication, QPoint, Qt
from PySide6.QtGui import QFont, QTextLayout
from PySide6.QtWidgets import QApplication, QWidget

from gmtool.models.aw.check_model import AWCheckModel
from gmtool.models.aw.session_model import AWSessionModel
from gmtool.models.dice_box_model import DiceBoxModel
from gmtool.models.fourcard.check_model import COMPARE, TARGET, FourCardCheckModel
from gmtool.models.lotr.check_model import LotRCheckModel
from gmtool.rules.checks import Side
from gmtool.rules.command import roll as roll_command
from gmtool.rules.dice import roll
from gmtool.views.aw.check_view import AWCheckView
from gmtool.views.dice_box import DiceBoxView
from gmtool.views.fourcard.check_view import FourCardCheckView
from gmtool.views.lotr.check_view import LotRCheckView

# A seed whose 2D6 is neither a fumble nor a critical (as tests/views/aw/test_check_view_session.py).
SEED = next(s for s in range(1000) if 3 <= sum(roll(random.Random(s), 2, 6)) <= 11)


def shown(qtbot, widget: QWidget, width: int = 700, height: int = 700) -> QWidget:
    qtbot.addWidget(widget)
    widget.resize(width, height)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def at(widget: QWidget) -> QPoint:
    """Where the widget is in its window: what the mouse aims at."""
    QApplication.processEvents()
    return widget.mapTo(widget.window(), QPoint(0, 0))


# ---- 対決 / 比較ロール show their own odds, not the single check's table --------------------------


def test_opposed_shows_the_chance_to_win_without_the_single_checks_table(qtbot, campaign_model):
    view = shown(qtbot, AWCheckView(AWCheckModel(campaign_model)))
    table = list(view.probability_labels.values())  # 自動成功 / 成功 / 失敗 / 自動失敗
    assert all(w.isVisible() for w in table)
    view.opposed_check.setChecked(True)
    assert view.success_label.text().startswith("アクション側の勝率")
    assert not any(w.isVisible() for w in table)
    view.opposed_check.setChecked(False)
    assert all(w.isVisible() for w in table)


def test_compare_roll_has_no_dash_legend_and_no_difficulty_labels_over_its_curve(qtbot, campaign_model):
    view = shown(qtbot, FourCardCheckView(FourCardCheckModel(campaign_model)))
    view.mode_buttons[COMPARE].setChecked(True)
    assert view.model.mode == COMPARE
    assert not any(w.isVisible() for w in view.odds_box.row_widgets)  # no 自動成功 … "—"
    assert view.headline.text().startswith("A の勝率")
    assert not any(item.isVisible() for item, _label in view.curve_plot.guide_items)
    assert view.curve_plot.curve_points()  # the curve itself is drawn
    view.mode_buttons[TARGET].setChecked(True)
    assert all(w.isVisible() for w in view.odds_box.row_widgets)
    assert all(item.isVisible() for item, _label in view.curve_plot.guide_items)


# ---- the 令呪 note does not squeeze the fields above it ----------------------------------------


def test_the_command_spell_note_leaves_the_fields_their_height(qtbot, campaign_model):
    toru, _mina, shadow = (s.id for s in campaign_model.characters_of("aw"))
    AWSessionModel(campaign_model).contracts.form_contract(toru, shadow)
    view = shown(qtbot, AWCheckView(AWCheckModel(campaign_model, seed_source=lambda: SEED)))
    box = view.action_box
    box.character_combo.setCurrentIndex(box.character_combo.findData(shadow))
    view.boost_check.setChecked(True)
    assert view.boost_note.isVisible() and view.boost_note.text()
    QApplication.processEvents()
    view.resize(view.minimumSizeHint())  # all the room a splitter or a short window gives it
    QApplication.processEvents()
    for field in (box.character_combo, box.source_combo, box.value_spin, box.modifier_spin):
        assert field.height() >= field.minimumSizeHint().height(), type(field).__name__
    note = view.boost_note
    assert note.height() >= note.heightForWidth(note.width())  # the note is whole, too


# ---- no character, no roll ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "model_class, view_class",
    [(AWCheckModel, AWCheckView), (FourCardCheckModel, FourCardCheckView), (LotRCheckModel, LotRCheckView)],
)
def test_a_panel_without_a_character_refuses_to_roll(
    qtbot, empty_campaign_model, refusals, model_class, view_class
):
    model = model_class(empty_campaign_model)
    view = shown(qtbot, view_class(model))
    view.roll_button.click()
    assert model.roll() is None  # Ctrl+R from the menu, too
    assert refusals and all("判定するキャラクターを選んでください" in r for r in refusals)
    assert empty_campaign_model.log_entries() == []  # nothing rolled, nothing logged


def test_the_aw_panel_refuses_a_character_that_is_gone(qtbot, campaign_model, refusals):
    model = AWCheckModel(campaign_model)
    view = shown(qtbot, AWCheckView(model))
    model.set_character(Side.ACTION, None)
    before = len(campaign_model.log_entries())
    view.roll_button.click()
    assert refusals and len(campaign_model.log_entries()) == before


# ---- the buttons stay under the mouse ------------------------------------------------------------


def test_rolling_does_not_move_the_roll_button(qtbot, campaign_model):
    """A 対決's result runs to two lines or more: the button beside it stays where it was."""
    view = shown(qtbot, AWCheckView(AWCheckModel(campaign_model, seed_source=lambda: SEED)))
    view.opposed_check.setChecked(True)
    view.resize(view.minimumSizeHint().width(), 700)
    where = at(view.roll_button)
    qtbot.mouseClick(view.roll_button, Qt.MouseButton.LeftButton)
    assert "勝利" in view.result_label.text()
    assert at(view.roll_button) == where
    qtbot.mouseClick(view.roll_button, Qt.MouseButton.LeftButton)  # the second click lands too
    assert len([e for e in campaign_model.log_entries() if e.kind == "check"]) == 2


def test_courage_clicks_land_where_the_first_did(qtbot, campaign_model, refusals):
    """Three 勇気 clicks spent one point: the first moved the button away from the mouse."""
    model = LotRCheckModel(campaign_model, seed_source=lambda: SEED)
    view = shown(qtbot, LotRCheckView(model), 650, 900)
    where = at(view.courage_button)
    qtbot.mouseClick(view.roll_button, Qt.MouseButton.LeftButton)
    assert at(view.courage_button) == where
    spent = []
    for _ in range(2):
        qtbot.mouseClick(view.courage_button, Qt.MouseButton.LeftButton)
        spent.append(model.courage.spent_this_round(model.a.character_id))
        assert at(view.courage_button) == where
    assert spent == [1, 2] and not refusals


# ---- 最近の結果 ----------------------------------------------------------------------------------


def missing_glyphs(text: str, font: QFont) -> int:
    """Characters the fonts have no glyph for (drawn as an empty box)."""
    layout = QTextLayout(text, font)
    layout.beginLayout()
    layout.createLine()
    layout.endLayout()
    return sum(1 for run in layout.glyphRuns() for glyph in run.glyphIndexes() if glyph == 0)


def test_a_revealed_secret_roll_is_listed_once_and_readable(qtbot, campaign_model):
    view = shown(qtbot, DiceBoxView(DiceBoxModel(campaign_model, seed_source=lambda: 4242)))
    view.line.insert("S2D6>=7")
    view.roll()
    assert view.results.count() == 1
    hidden = view.results.item(0).text()
    assert "シークレットダイス" in hidden
    assert missing_glyphs(hidden, view.results.font()) == 0  # no empty box where 🔒 was
    view.results.setCurrentRow(0)
    view.reveal_selected()
    texts = [view.results.item(i).text() for i in range(view.results.count())]
    expected = roll_command("S2D6>=7", random.Random(4242)).text
    assert len(texts) == 1 and expected in texts[0]  # once, and no longer hidden
    view.line.insert("1D6")
    view.roll()
    assert view.results.count() == 2


# ---- 普通 in English ------------------------------------------------------------------------------


@pytest.fixture
def english(qapp):
    from gmtool.app.i18n import FallbackTranslator, catalog_path

    translator = FallbackTranslator()
    assert translator.load(catalog_path("en"))
    qapp.installTranslator(translator)
    yield
    qapp.removeTranslator(translator)


def test_the_difficulty_band_is_english_in_the_english_ui(qtbot, campaign_model, english):
    view = shown(qtbot, AWCheckView(AWCheckModel(campaign_model)))
    view.difficulty_spin.setValue(10)
    assert view.band_label.text() == QCoreApplication.translate("", "普通") == "Normal"


def test_the_fourcard_difficulty_is_english_in_the_english_ui(qtbot, campaign_model, english):
    view = shown(qtbot, FourCardCheckView(FourCardCheckModel(campaign_model)))
    step = view.model.rules.difficulty_steps[0]
    view.model.set_difficulty(step.value)
    step_text = view.ladder_combo.currentText()
    assert step_text.isascii() and len(step_text) > 4, step_text
