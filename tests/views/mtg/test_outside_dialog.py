"""ライブラリー外のカード through the widgets: the panel's button opens the dialog, a count entered
there is one undo step and moves the panel's odds under the library-only reading, each count is
bounded by the deck, a refused count is explained and the spin box goes back, and a deck with a
virtual library has no such button."""

from __future__ import annotations

from fractions import Fraction

import pytest

from gmtool.models.house_rules_model import HouseRulesModel
from gmtool.models.outcome_text import percent
from gmtool.rules.systems.mtg.checks import CheckColor, LibraryCard
from gmtool.rules.systems.mtg.house_rules import ODDS_LIBRARY_ONLY, PHYSICAL_ODDS
from gmtool.views.mtg import outside_dialog
from gmtool.views.mtg.check_view import MTGCheckView
from gmtool.views.mtg.outside_dialog import MTGOutsideDialog
from tests.models.mtg.test_house_rules_mtg_model import panel
from tests.rules.mtg.fixtures import BEAR, FOREST, RED
from tests.rules.mtg.test_physical_odds import DECK, count


@pytest.fixture
def opened(empty_campaign_model, qtbot):
    model = panel(empty_campaign_model, DECK)
    model.set_difficulty(4)
    view = MTGCheckView(model)
    qtbot.addWidget(view)
    dialogs: list[MTGOutsideDialog] = []
    view.outside_requested.connect(lambda: dialogs.append(MTGOutsideDialog(model)))
    view.outside_button.click()
    qtbot.addWidget(dialogs[0])
    return model, view, dialogs[0]


def test_counts_entered_in_the_dialog_move_the_panel_under_the_library_reading(opened):
    model, view, dialog = opened
    HouseRulesModel(model.campaign_model).set_reading(PHYSICAL_ODDS, ODDS_LIBRARY_ONLY)
    assert "ライブラリーに残るカードだけで数える" in dialog.reading_label.text()
    assert dialog.spins[LibraryCard(FOREST)].maximum() == 4 and dialog.spins[LibraryCard(RED)].maximum() == 1
    dialog.spins[LibraryCard(FOREST)].setValue(2)
    dialog.spins[LibraryCard(BEAR)].setValue(1)
    assert model.plan.success == count("FFBBRAA", 4)[0] == Fraction(10, 21)
    assert view.success_label.text() == f"成功率 {percent(10 / 21)}"
    assert view.outside_button.text() == "ライブラリー外（3枚）…" and "合計 3 枚" in dialog.total_label.text()
    model.campaign_model.undo_stack.undo()
    assert dialog.spins[LibraryCard(BEAR)].value() == 0
    assert "ライブラリー外（2枚）" in view.outside_button.text()
    dialog.clear_button.click()
    assert model.outside() == () and view.success_label.text() == f"成功率 {percent(8 / 15)}"


def test_a_refused_count_is_explained_and_the_spin_box_goes_back(opened, monkeypatch):
    model, _view, dialog = opened
    shown: list[str] = []
    monkeypatch.setattr(outside_dialog, "show_refusal", lambda _parent, text: shown.append(text))
    model.set_known_top([LibraryCard(RED)])  # the only 赤 is on top of the library
    dialog.spins[LibraryCard(RED)].setValue(1)
    assert shown and "PLの知っている上のカード" in shown[0]
    assert dialog.spins[LibraryCard(RED)].value() == 0 and model.outside() == ()


def test_a_virtual_library_has_no_cards_out_button(opened):
    model, view, dialog = opened
    model.set_color(CheckColor.GREEN)
    model.table.start_library(model.character_id)
    assert not view.outside_button.isVisibleTo(view)
    assert "仮想ライブラリー" in dialog.reading_label.text() and not dialog.table.isEnabled()
