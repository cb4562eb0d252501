"""Issue 40: the MTG judgement panel in the default layout of a 1366×768 laptop, in Japanese and
English, through a check with physical cards and one with a virtual library: the outcome 「→ 成功 /
失敗」 in view without scrolling at each step, and no button moving under the pointer when the
revealed cards, the result or a note appear."""

from __future__ import annotations

from PySide6.QtCore import QRect
from PySide6.QtWidgets import QApplication, QWidget

from gmtool.app.main_window import MainWindow
from gmtool.views.mtg.check_view import MTGCheckView
from tests.e2e.test_docks_at_1366 import laptop as laptop  # the window at 1366×768, ja and en


def mtg_panel(window: MainWindow) -> MTGCheckView:
    deck = next(s.id for s in window.campaign_model.characters_of("mtg"))
    window.select_character(deck)
    QApplication.processEvents()
    panel = window.check_stack.currentWidget()
    assert isinstance(panel, MTGCheckView)
    return panel


def in_view(widget: QWidget, window: MainWindow) -> QRect:
    """The widget's rectangle in the panel's scroll area's viewport: what of the panel shows it."""
    viewport = window.panel_area.viewport()
    return QRect(widget.mapTo(viewport, widget.rect().topLeft()), widget.size())


def assert_outcome_in_view(panel: MTGCheckView, window: MainWindow) -> None:
    for _ in range(2):
        QApplication.processEvents()
    box = panel.procedure_box
    shown = window.panel_area.viewport().rect()
    assert window.panel_area.verticalScrollBar().value() == 0  # as it opens: nothing scrolled
    notes = [n for n in (box.boost_note, box.changed_check, box.refusal_label) if n.isVisible()]
    for line in (box.result_label, box.result_detail):
        assert line.isVisible()
        assert shown.contains(in_view(line, window)), (line.text(), in_view(line, window), shown)
        # Above the notes that come and go: a note, or a banner taking the panel's height, never
        # pushes the outcome out of view (the notes go first).
        for note in notes:
            assert in_view(line, window).bottom() < in_view(note, window).top(), note.text()


def test_the_outcome_of_a_physical_check_shows_without_scrolling(laptop: MainWindow) -> None:
    panel = mtg_panel(laptop)
    box = panel.procedure_box
    assert not panel.model.virtual
    box.reveal_button.click()  # the first cards of the lists: 目標値 and 達成値 computed
    assert box.result_label.text().startswith("→ ")  # the outcome the revealed cards give
    assert_outcome_in_view(panel, laptop)
    box.finish_button.click()
    assert box.result_label.text().startswith("→ ") and box.result_detail.text()
    assert box.refusal_label.isVisible()  # the same check again is refused: a note under it
    assert_outcome_in_view(panel, laptop)


def buttons_at(panel: MTGCheckView, window: MainWindow) -> dict[str, QRect]:
    for _ in range(2):  # a switch of deck kind relays the panel out in two passes
        QApplication.processEvents()
    box = panel.procedure_box
    buttons = (box.reveal_button, box.boost_button, box.finish_button, box.cancel_button)
    return {b.text(): in_view(b, window) for b in buttons if b.isVisible()}


def test_no_button_of_the_check_moves_when_text_appears(laptop: MainWindow) -> None:
    panel = mtg_panel(laptop)
    model, box = panel.model, panel.procedure_box
    # Physical cards: the revealed cards take the place of their lists; the result and the
    # refusal of the same check come under the buttons.
    physical = buttons_at(panel, laptop)
    box.reveal_button.click()
    step_2 = buttons_at(panel, laptop)
    assert {k: v for k, v in physical.items() if k in step_2} == {
        k: v for k, v in step_2.items() if k in physical
    }
    box.finish_button.click()
    assert buttons_at(panel, laptop) == physical
    # A virtual library: the revealed cards' line, the result, 「状況が変わった」 and the refusal.
    assert model.character_id is not None
    model.table.start_library(model.character_id)
    virtual = buttons_at(panel, laptop)
    assert len(virtual) == 4
    model.set_difficulty(12)  # the reveal fails: a boost is offered
    box.reveal_button.click()
    assert buttons_at(panel, laptop) == virtual
    box.finish_button.click()
    assert box.changed_check.isVisible() and box.refusal_label.text()
    assert buttons_at(panel, laptop) == virtual
    assert_outcome_in_view(panel, laptop)


def test_the_virtual_library_button_stays_put_as_the_library_is_made(laptop: MainWindow) -> None:
    """Walk after issue 40: 「ライブラリー外 0枚…」 went away with a virtual library, and the
    仮想ライブラリー… button beside it moved ~140 px to the right under the pointer."""
    panel = mtg_panel(laptop)
    model = panel.model
    QApplication.processEvents()
    before = in_view(panel.library_button, laptop)
    assert panel.outside_button.isVisible()
    assert model.character_id is not None
    model.table.start_library(model.character_id)
    for _ in range(2):
        QApplication.processEvents()
    assert not panel.outside_button.isVisible()
    assert in_view(panel.library_button, laptop) == before
