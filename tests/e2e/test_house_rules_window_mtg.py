"""House rules through the window, MTGでTRPG's four switches: a deck entered on the demo campaign,
編集 → ハウスルール… flips the switch, the judgement panel shows another number or lets another step
at once, and Ctrl+Z puts it back (the rows of tests/e2e/test_house_rules_window.py, for MTG)."""

from __future__ import annotations

import pytest

from gmtool.app.main_window import MainWindow
from gmtool.rules.checks import Side
from gmtool.rules.house_rules import HouseRules
from gmtool.rules.systems.mtg.checks import CheckColor, LibraryCard
from gmtool.rules.systems.mtg.deck import deck_from_cards
from gmtool.rules.systems.mtg.house_rules import (
    BOOST_ANY,
    BOOST_CARDS,
    BOOST_INCLUDING_REVEALED,
    BOOST_TIMING,
    KNOWN_RESULT,
    KNOWN_WITHOUT_BOOST,
    ODDS_LIBRARY_ONLY,
    PHYSICAL_ODDS,
)
from gmtool.views.mtg.check_view import MTGCheckView
from gmtool.views.mtg.outside_dialog import MTGOutsideDialog
from tests.e2e.test_house_rules_window import Flip, Shown, open_house_rules
from tests.rules.mtg.fixtures import BEAR, FOREST, RED, RELIC

pytestmark = pytest.mark.window(record_dialogs=True)

EIGHT = [(FOREST, 3), (BEAR, 2), (RED, 1), (RELIC, 2)]
TEN = [(FOREST, 4), (BEAR, 3), (RED, 1), (RELIC, 2)]


def mtg_panel(w: MainWindow, cards: list[tuple], difficulty: int) -> MTGCheckView:
    """A physical deck added to the campaign, chosen on the judgement panel: 緑判定 at `difficulty`."""
    character_id = w.campaign_model.insert_character("mtg", deck_from_cards("緑のPC", cards), "デッキ追加")
    w.select_character(character_id)
    view = w.panel_view("mtg")
    assert isinstance(view, MTGCheckView)
    view.model.set_character(Side.ACTION, character_id)
    view.model.set_color(CheckColor.GREEN)
    view.model.set_difficulty(difficulty)
    return view


def mtg_boost_odds(w: MainWindow) -> Shown:
    """Eight cards at 難易度 5: the odds when boosting (6/7 today, 73/84 with the revealed two)."""
    view = mtg_panel(w, EIGHT, 5)
    return lambda: f"{view.boost_label.text()} | {view.success_label.text()}"


def mtg_known_result(w: MainWindow) -> Shown:
    """森 6 and 熊 2 at 難易度 5: certain with the boost, uncertain without it."""
    view = mtg_panel(w, [(FOREST, 6), (BEAR, 2)], 5)
    box = view.procedure_box
    return lambda: f"{box.refusal_label.text()} | {box.reveal_button.isEnabled()}"


def mtg_boost_after_success(w: MainWindow) -> Shown:
    """熊 then 熊 entered at 難易度 4 (7 against 6, a success): whether the boost button is open."""
    view = mtg_panel(w, EIGHT, 4)
    box = view.procedure_box
    view.model.procedure.reveal_physical(LibraryCard(BEAR), LibraryCard(BEAR))
    return lambda: (
        f"{'ブースト可' if box.boost_button.isEnabled() else 'ブースト不可'} | {box.boost_button.toolTip()}"
    )


def mtg_library_odds(w: MainWindow) -> Shown:
    """Ten cards at 難易度 4, 2 森 and 1 熊 entered out of the library through the panel's dialog:
    8/15 from the whole deck today, 10/21 from the seven cards left under the other reading."""
    view = mtg_panel(w, TEN, 4)
    view.outside_button.click()
    dialog = w.findChildren(MTGOutsideDialog)[0]
    dialog.spins[LibraryCard(FOREST)].setValue(2)
    dialog.spins[LibraryCard(BEAR)].setValue(1)
    return lambda: f"{view.success_label.text()} | {view.basis_label.text()} | {dialog.reading_label.text()}"


SWITCHES = [
    Flip(BOOST_CARDS, BOOST_INCLUDING_REVEALED, mtg_boost_odds, "86.9"),
    Flip(KNOWN_RESULT, KNOWN_WITHOUT_BOOST, mtg_known_result),
    Flip(BOOST_TIMING, BOOST_ANY, mtg_boost_after_success, "ブースト可"),
    Flip(PHYSICAL_ODDS, ODDS_LIBRARY_ONLY, mtg_library_odds, "成功率 47.62%"),
]


@pytest.mark.parametrize("flip", SWITCHES, ids=lambda flip: flip.rule_id)
def test_a_switch_flipped_in_the_window_changes_the_panel_and_ctrl_z_restores_it(window, flip):
    shown = flip.setup(window)
    before = shown()
    open_house_rules(window.services).choose(flip.rule_id, flip.reading_id)
    after = shown()
    assert after != before
    assert flip.shows in after and (not flip.shows or flip.shows not in before)
    stored = HouseRules.from_document(window.campaign_model.session_value("house_rules"))
    assert stored.get(flip.rule_id) == flip.reading_id
    window.campaign_model.undo_stack.undo()  # Ctrl+Z
    assert shown() == before


def test_the_cards_out_of_the_library_entered_in_the_dialog_are_each_one_undo_step(window):
    shown = mtg_library_odds(window)
    open_house_rules(window.services).choose(PHYSICAL_ODDS, ODDS_LIBRARY_ONLY)
    assert "成功率 47.62%" in shown() and "ライブラリーに残る 7 枚" in shown()  # 10/21
    window.campaign_model.undo_stack.undo()  # the house rule
    window.campaign_model.undo_stack.undo()  # 熊 back in the library
    open_house_rules(window.services).choose(PHYSICAL_ODDS, ODDS_LIBRARY_ONLY)
    assert "ライブラリーに残る 8 枚" in shown() and "成功率 53.57%" in shown()  # 15/28
    dialog = window.findChildren(MTGOutsideDialog)[0]
    assert dialog.spins[LibraryCard(BEAR)].value() == 0 and dialog.spins[LibraryCard(FOREST)].value() == 2
