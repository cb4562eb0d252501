"""The virtual library dialog: build, move cards, what the player knows, the end of the turn, undo."""

from __future__ import annotations

import itertools

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from gmtool.models.mtg.table_model import MTGTableModel
from gmtool.rules.systems.mtg.deck import deck_from_cards
from gmtool.views.mtg.library_dialog import MTGLibraryDialog
from tests.rules.mtg.fixtures import BEAR, FOREST, WURM


@pytest.fixture
def dialog(empty_campaign_model, qtbot):
    cm = empty_campaign_model
    first = cm.insert_character("mtg", deck_from_cards("緑のPC", [(FOREST, 10), (BEAR, 6), (WURM, 4)]), "x")
    seeds = itertools.count(3)
    model = MTGTableModel(cm, seed_source=lambda: next(seeds))
    view = MTGLibraryDialog(model, first)
    view.ask_confirm = lambda *_: True
    qtbot.addWidget(view)
    return cm, model, view, first


def click(qtbot, button):
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_build_draw_look_and_undo(dialog, qtbot, refusals):
    cm, model, view, first = dialog
    assert "物理デッキとして判定します" in view.status_label.text()
    click(qtbot, view.build_button)
    assert model.library(first).size == 20 and "ライブラリー 20 枚" in view.status_label.text()
    view.count_spin.setValue(3)
    click(qtbot, view.move_buttons["draw"])
    assert view.hand_list.count() == 3 and model.library(first).size == 17
    view.count_spin.setValue(2)
    click(qtbot, view.move_buttons["look"])
    assert "PLが知っている上の 2 枚" in view.status_label.text()
    assert view.library_list.item(0).text().startswith("（既知）")
    assert "順番の分からない 15 枚" in view.library_list.item(2).text()
    view.show_order.setChecked(True)
    assert view.library_list.count() == 17  # the GM may see the real order
    view.hand_list.setCurrentRow(0)
    click(qtbot, view.bottom_button)
    assert view.hand_list.count() == 2 and "下に置いたまとまり: 1" in view.status_label.text()
    cm.undo_stack.undo()
    assert view.hand_list.count() == 3
    assert not refusals


def test_refusals_name_the_reason(dialog, qtbot, refusals):
    _, _, view, _ = dialog
    click(qtbot, view.build_button)
    view.count_spin.setValue(50)
    click(qtbot, view.move_buttons["draw"])
    assert refusals and "ライブラリーは20枚しかありません" in refusals[-1]
    click(qtbot, view.bottom_button)
    assert "手札か墓地のカードを選んでください" in refusals[-1]


def test_the_end_of_the_turn_returns_boost_cards_and_advances(dialog, qtbot):
    from gmtool.rules.systems.mtg import library as lib

    _, model, view, first = dialog
    click(qtbot, view.build_button)
    model.change_library(first, lambda library, rng: lib.finish_check(library, True, rng), "テスト")
    assert view.exile_list.count() == 6
    click(qtbot, view.end_turn_button)
    assert view.exile_list.count() == 0 and view.turn_label.text() == "ターン 2"
    assert "下に置いたまとまり: 2 / 6" in view.status_label.text()


def test_an_edited_deck_marks_the_library_outdated(dialog, qtbot):
    cm, _, view, first = dialog
    click(qtbot, view.build_button)
    cm.update_character(first, deck_from_cards("緑のPC", [(FOREST, 12)]), "x")
    assert "デッキが変更されています" in view.status_label.text()
    click(qtbot, view.build_button)  # rebuilt (asked first)
    assert "デッキが変更されています" not in view.status_label.text()


def test_the_lists_take_half_the_dialog_and_no_button_moves(dialog, qtbot):
    """Issue 40: four lists side by side were 175 px each in a 750 px dialog, and a longer status
    above 仮想ライブラリーをやめる moved it under the pointer."""
    _, _, view, _ = dialog
    view.show()
    qtbot.waitExposed(view)
    buttons = (view.build_button, view.remove_button, *view.move_buttons.values(), view.bottom_button)
    before = [b.geometry().topLeft() for b in buttons]
    click(qtbot, view.build_button)
    view.count_spin.setValue(3)
    click(qtbot, view.move_buttons["look"])  # one more line: what the player knows on top
    assert "PLが知っている上の 3 枚" in view.status_label.text()
    QApplication.processEvents()
    assert [b.geometry().topLeft() for b in buttons] == before
    for zone in (view.library_list, view.hand_list, view.graveyard_list, view.exile_list):
        assert zone.width() >= 0.4 * view.width(), zone.width()
        assert zone.height() >= 5 * zone.fontMetrics().height()
