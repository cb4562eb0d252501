"""MTGでTRPG at the table, from the main window: a deck made from a decklist with Japanese names
(resolved against the shipped sample in the card database), its sheet and the judgement panel's exact
numbers, a virtual-library check with a boost, and the end of the turn returning the boost cards."""

from __future__ import annotations

from fractions import Fraction

import pytest
from PySide6.QtCore import Qt

from gmtool.app.main_window import MainWindow
from gmtool.models.outcome_text import percent
from gmtool.rules.systems.mtg.checks import CheckColor, MTGOutcome
from gmtool.rules.systems.mtg.odds import check_odds
from gmtool.rules.systems.mtg.procedure import physical_view
from gmtool.views.mtg.card_entry_dialog import MTGCardEntryDialog
from gmtool.views.mtg.check_view import MTGCheckView
from gmtool.views.mtg.decklist_dialog import MTGDecklistDialog
from gmtool.views.mtg.library_dialog import MTGLibraryDialog
from gmtool.views.mtg.sheet_view import MTGSheetView

MENU = "MTGでTRPG(&M)"
DECKLIST = "20 森\n4 エルフの神秘家\n《ルーン爪の熊》 4枚\n\nサイドボード\n2 ラノワールのエルフ\n"


pytestmark = pytest.mark.window(empty=True, record_dialogs=True)


@pytest.fixture
def window(window):
    window.dialog_steps: list[object] = []  # what to do in each modal dialog, in order

    def run_wizard(dialog):
        return window.dialog_steps.pop(0)(dialog)

    window.run_wizard = run_wizard
    return window


def menu_actions(window: MainWindow, title: str) -> dict[str, object]:
    menu = next(a.menu() for a in window.menuBar().actions() if a.text() == title)
    return {a.text(): a for a in menu.actions() if a.text()}


def paste_decklist(dialog: MTGDecklistDialog) -> bool:
    assert isinstance(dialog, MTGDecklistDialog)
    dialog.name_edit.setText("森の民")
    dialog.text_edit.setPlainText(DECKLIST)
    dialog.read_button.click()
    assert dialog.ok_button.isEnabled(), dialog.summary_label.text()
    dialog.accept()
    return True


def make_deck(window: MainWindow) -> str:
    window.dialog_steps.append(paste_decklist)
    menu_actions(window, MENU)["デッキを作る（デッキリストから）…"].trigger()
    return window.selected_character_id()


def test_a_decklist_in_japanese_becomes_a_deck_with_its_sheet_and_exact_panel(window, qtbot):
    character_id = make_deck(window)
    deck = window.campaign_model.character(character_id)
    assert deck.name == "森の民" and deck.size == 28
    library = {e.card.name_ja: e.count for e in deck.library}
    assert library == {"森": 20, "エルフの神秘家": 4, "ルーン爪の熊": 4}
    assert [(e.card.name_ja, e.count) for e in deck.sideboard] == [("ラノワールのエルフ", 2)]
    assert isinstance(window.sheet_view, MTGSheetView)
    assert "ライブラリー 28枚" in window.sheet_view.summary_label.text()
    panel = window.check_stack.currentWidget()
    assert isinstance(panel, MTGCheckView)

    qtbot.mouseClick(panel.color_buttons[CheckColor.GREEN], Qt.MouseButton.LeftButton)
    panel.difficulty_spin.setValue(5)
    # By hand: every card is green for 色の修正 (《森》 by its land type), so 達成値 = MV(2nd) + 5 against
    # 目標値 = MV(top) + 5: it fails only when the 2nd card's MV is lower — 神秘家 or 熊 over 森 (4·20 +
    # 4·20) or 熊 over 神秘家 (4·4): 176 of the 28·27 ordered pairs.
    assert panel.model.plan.success == 1 - Fraction(176, 28 * 27) == Fraction(145, 189)
    assert panel.probability_labels[MTGOutcome.SUCCESS].text() == percent(145 / 189)
    odds = check_odds(physical_view(deck), CheckColor.GREEN)  # the boost, computed apart from the panel
    assert percent(float(odds.success_with_boost(5))) in panel.boost_label.text()
    # 難易度 3: 達成値 5 to 7 against 目標値 3 to 5 — always a success, so the check is refused.
    panel.difficulty_spin.setValue(3)
    assert "必ず成功" in panel.procedure_box.refusal_label.text()
    # Undo takes the deck away again.
    window.campaign_model.undo_stack.undo()
    assert not window.campaign_model.has_character(character_id)


def test_a_virtual_library_check_with_a_boost_and_the_end_of_the_turn(window, qtbot, refusals):
    character_id = make_deck(window)
    panel = window.check_stack.currentWidget()
    model = panel.model
    menu_actions(window, MENU)["仮想ライブラリー…"].trigger()
    library_dialog = next(d for d in window.opened if isinstance(d, MTGLibraryDialog))
    qtbot.mouseClick(library_dialog.build_button, Qt.MouseButton.LeftButton)
    assert (
        model.table.library(character_id).size == 28
        and "仮想ライブラリー" in panel.procedure_box.title()  # the box says which kind of deck
    )
    results = []
    model.check_resolved.connect(results.append)
    qtbot.mouseClick(panel.color_buttons[CheckColor.GREEN], Qt.MouseButton.LeftButton)
    # 難易度 8: 目標値 8–10 against 達成値 5–7 — every reveal fails, and only a boost can save it.
    panel.difficulty_spin.setValue(8)
    assert model.plan.success == 0 and Fraction(0) < model.plan.success_with_boost < 1
    box = panel.procedure_box
    qtbot.mouseClick(box.reveal_button, Qt.MouseButton.LeftButton)
    assert not model.procedure.revealed.shown.succeeded and box.boost_button.isEnabled()
    qtbot.mouseClick(box.boost_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(box.finish_button, Qt.MouseButton.LeftButton)
    assert "ブースト" in box.result_detail.text()  # the six exiled, under the outcome
    library = model.table.library(character_id)
    assert len(library.exiled) == 6 and library.size == 22  # the two revealed cards went to the bottom
    exiled = library.cards_of(library.exiled)
    (result,) = results
    # The bonus is the colorless cards among the six exiled: the 《森》 (lands count as colorless here).
    assert result.boost_cards == tuple(exiled) or list(result.boost_cards) == exiled
    assert result.bonus == sum(c.card.name == "Forest" for c in exiled)
    assert result.final_achievement == result.reveal.achievement + result.bonus
    assert result.outcome is (
        MTGOutcome.BOOSTED if result.final_achievement >= result.reveal.target else MTGOutcome.FAILURE
    )
    log = window.campaign_model.log_entries()
    assert any("ブースト" in str(e.payload) for e in log)

    exiled_instances = set(library.exiled)
    menu_actions(window, MENU)["ターン終了（シーン終了）"].trigger()
    library = model.table.library(character_id)
    assert not library.exiled and library.size == 28
    assert set(library.order[-6:]) == exiled_instances  # the six went to the bottom, in random order
    assert "ターン 1 を終了" in window.statusBar().currentMessage()
    assert not refusals


def test_the_sheet_adds_a_card_the_database_lacks_by_hand(window, qtbot):
    character_id = make_deck(window)
    sheet = window.sheet_view

    def typed_card(dialog: MTGCardEntryDialog) -> bool:
        assert isinstance(dialog, MTGCardEntryDialog) and dialog.name_ja_edit.text() == "見知らぬ獣"
        dialog.name_edit.setText("Test Unknown Beast")
        dialog.mana_spin.setValue(3)
        dialog.color_checks["G"].setChecked(True)
        dialog.accept()
        return True

    window.dialog_steps.append(typed_card)
    sheet.main_box.picker.name_edit.setText("見知らぬ獣")
    qtbot.mouseClick(sheet.main_box.picker.add_button, Qt.MouseButton.LeftButton)
    deck = window.campaign_model.character(character_id)
    assert deck.entry("Test Unknown Beast").count == 1
    # The card is kept in the database: the next time the name is found.
    assert window.menus["mtg"].card_database().find("見知らぬ獣").mana_value == 3


def test_the_card_database_dialog_opens_once_and_finds_the_sample(window):
    actions = menu_actions(window, MENU)
    actions["カードデータベース…"].trigger()
    actions["カードデータベース…"].trigger()
    dialogs = [d for d in window.opened if d.windowTitle() == "カードデータベース"]
    assert len(dialogs) == 1
    dialog = dialogs[0]
    dialog.search_edit.setText("熊")  # the shipped table has many bears: the sample's is among them
    names = [dialog.results.item(row, 0).text() for row in range(dialog.results.rowCount())]
    assert len(names) > 1 and any("ルーン爪の熊" in name for name in names)


def test_a_damaged_card_cache_is_reported_once_and_rebuilt_on_request(window, private_data_dir, refusals):
    cache = private_data_dir / "cards.sqlite"
    cache.write_bytes(b"not a database at all")
    asked: list[str] = []
    window.ask_confirm = lambda _title, text: asked.append(text) or False
    window.dialog_steps.append(paste_decklist)
    menu_actions(window, MENU)["デッキを作る（デッキリストから）…"].trigger()
    # Refused to rebuild: the cache is left as it is, and the deck may still start empty (refused too).
    assert "cards.sqlite" in asked[0] and "作り直しますか" in asked[0] and "空のデッキ" in asked[1]
    assert cache.read_bytes() == b"not a database at all" and not window.campaign_model.characters()
    window.ask_confirm = lambda _title, text: asked.append(text) or True
    window.menus["mtg"]._damage_reported = False  # a new window would ask again
    window.dialog_steps.clear()  # the first decklist dialog never opened
    character_id = make_deck(window)
    assert window.campaign_model.character(character_id).size == 28
    kept = [p for p in private_data_dir.iterdir() if p.name.startswith("cards.sqlite.damaged-")]
    assert [p.read_bytes() for p in kept] == [b"not a database at all"]  # set aside, not deleted


def test_the_sheet_reads_a_decklist_into_its_deck_as_one_undo_step(window, qtbot):
    character_id = make_deck(window)
    sheet = window.sheet_view
    sheet.creature_edit.setText("エルフ")
    sheet.creature_edit.editingFinished.emit()

    def other_list(dialog: MTGDecklistDialog) -> bool:
        assert not dialog.name_edit.isVisibleTo(dialog)  # the deck keeps its name
        dialog.text_edit.setPlainText("30 山\n2 火 // 氷\n")
        dialog.read_button.click()
        dialog.accept()
        return True

    window.dialog_steps.append(other_list)
    qtbot.mouseClick(sheet.decklist_button, Qt.MouseButton.LeftButton)
    deck = window.campaign_model.character(character_id)
    assert {e.card.name_ja: e.count for e in deck.library} == {"山": 30, "火 // 氷": 2}
    assert not deck.sideboard and deck.name == "森の民" and deck.creature_type == "エルフ"
    assert "ライブラリー 32枚" in window.sheet_view.summary_label.text()
    window.campaign_model.undo_stack.undo()
    assert window.campaign_model.character(character_id).size == 28
