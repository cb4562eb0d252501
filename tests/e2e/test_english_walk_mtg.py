"""Issue 35, MTGでTRPG: the main window on the demo deck (リーフ・ウォーカー) and every window and dialog its
menu, sheet and panel open — the virtual library, a physical deck's check, the cards out of the library,
the card database, a decklist read in, a card entered by hand — walked at 1366×768 as a user meets them.

In the English UI no text of gmtool's is left in Japanese and every card is named by its English name;
in the Japanese UI the cards keep their Japanese names, and no text in either shows a raw id.
"""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtWidgets import QApplication, QWidget

from gmtool.app.house_rules_menu import open_house_rules
from gmtool.app.main_window import MainWindow
from gmtool.rules.systems.mtg.checks import CheckColor
from gmtool.rules.systems.mtg.house_rules import HOUSE_RULES, ODDS_LIBRARY_ONLY, PHYSICAL_ODDS
from gmtool.views.mtg.card_database_dialog import MTGCardDatabaseDialog
from gmtool.views.mtg.card_entry_dialog import MTGCardEntryDialog
from gmtool.views.mtg.check_view import MTGCheckView
from gmtool.views.mtg.decklist_dialog import MTGDecklistDialog
from gmtool.views.mtg.library_dialog import MTGLibraryDialog
from gmtool.views.mtg.outside_dialog import MTGOutsideDialog
from gmtool.views.mtg.sheet_view import MTGSheetView
from tests.qt_fixtures import DEMO_NAMES
from tests.text_audit import japanese_leftovers, japanese_punctuation, raw_ids, report, visible_texts

pytestmark = [pytest.mark.e2e, pytest.mark.window(record_dialogs=True, confirm=True, shown=False)]

DECK = "リーフ・ウォーカー"
# The demo deck's own words (the user's data once the demo is made), and the deck read in below.
USER_DATA = (
    *DEMO_NAMES,
    "エルフ",
    "同梱のサンプルカードだけで組んだデモ用のデッキ（緑赤）。クリティカル・カードは《甲鱗のワーム》2枚と"
    "《自由なる者ルーリク・サー》1枚。",
    "赤い速攻",
    "ほげほげの魔法",  # a name the card database does not know, as typed
)
# The rule text quoted on the house-rule page, with the heading it is quoted from: kept as the rule
# text says it (the English page sums each switch up beside it).
RULE_QUOTES = tuple(text for rule in HOUSE_RULES for text in (rule.quote, rule.section))
# Scryfall's names of its bulk files, as its download page lists them: the card database dialog names
# them so the user finds them there (the source's names, none of gmtool's ids).
SOURCE_NAMES = ("oracle_cards", "default_cards", "all_cards")
# An English decklist, as an English-speaking player pastes it, with a line the database lacks.
DECKLIST = "16 Mountain\n4 Lightning Bolt\n4 Goblin Guide\n1 ほげほげの魔法\n\nSideboard\n2 Shock\n"
# The engine's and the store's ids that must never be shown as text: outcomes, deck sections, card
# layouts, the table's parts, the check kinds.
IDS = (
    "success",
    "boosted_success",
    "failure",
    "cancelled",
    "main",
    "sideboard",
    "normal",
    "split",
    "modal_dfc",
    "transform",
    "adventure",
    "library",
    "outside",
    "check:G",
    "check:R",
)
SHOWN = {"en": ("Lightning Bolt", "Goblin Guide", "Mountain"), "ja": ("稲妻", "ゴブリンの先達", "山")}


@pytest.fixture
def walked(language: str, request: pytest.FixtureRequest) -> MainWindow:
    """The main window, made in the walk's language, at 1366×768 on the demo deck."""
    window: Any = request.getfixturevalue("window")
    window.show()
    window.resize(1366, 768)
    window.wizard_steps = []  # what to do in each modal dialog, in order
    window.run_wizard = lambda dialog: window.wizard_steps.pop(0)(dialog)
    return window


class Walk:
    """Every text read on the way, with the window it was read in."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self.texts: list[tuple[str, str]] = []

    def read(self, widget: QWidget, name: str) -> None:
        QApplication.processEvents()
        self.texts += [(f"{name} › {where}", text) for where, text in visible_texts(widget)]
        if widget.isWindow() and widget is not self.window:
            widget.hide()  # read: a dialog left open would be read again with the main window

    def read_window(self, name: str) -> None:
        """The main window's MTGでTRPG parts: its menu, the deck's sheet, the panel and the log's lines
        (the window's shared parts, every system's, are the app walk's to read)."""
        window: Any = self.window
        QApplication.processEvents()
        self.texts += [(f"{name} › menu", text) for text in system_menu_texts(window)]
        self.read(window.sheet_view, f"{name} › sheet")
        self.read(window.check_stack.currentWidget(), f"{name} › panel")
        self.read(window.log_view, f"{name} › log")

    def opened(self, kind: type) -> Any:
        found = [d for d in self.window.opened if isinstance(d, kind)]
        assert found, f"no {kind.__name__} opened"
        dialog = found[-1]
        dialog.show()
        return dialog


def system_menu_texts(window: MainWindow) -> list[str]:
    title = window.menus["mtg"].title()
    menu = next(a.menu() for a in window.menuBar().actions() if a.text() == title)
    return [title, *(f"{a.text()} {a.toolTip()}" for a in menu.actions() if a.text())]


def select(window: MainWindow, name: str) -> None:
    stored = next(s for s in window.campaign_model.characters() if s.character.name == name)
    window.select_character(stored.id)
    QApplication.processEvents()


def walk(window: MainWindow, ui_language: str) -> Walk:
    walk = Walk(window)
    select(window, DECK)
    menu = window.menus["mtg"]
    panel = window.check_stack.currentWidget()
    assert isinstance(panel, MTGCheckView) and isinstance(window.sheet_view, MTGSheetView)
    walk.read_window("main window")

    # The cards out of the library counted apart (the house rule), two entered in their dialog.
    house_rules = open_house_rules(window.services)  # on the selected deck's system: MTG's page
    house_rules.choose(PHYSICAL_ODDS, ODDS_LIBRARY_ONLY)
    walk.read(house_rules.tabs.currentWidget(), "house rules, MTG's page")
    house_rules.hide()
    panel.outside_button.click()
    outside = walk.opened(MTGOutsideDialog)
    next(iter(outside.spins.values())).setValue(2)
    walk.read(outside, "out of the library")

    # A physical deck's check: the cards entered, revealed, a boost tried, confirmed (a log line).
    panel.color_buttons[CheckColor.GREEN].click()
    box = panel.procedure_box
    box.top_combo.setCurrentIndex(box.top_combo.count() - 1)
    box.second_combo.setCurrentIndex(0)
    box.reveal_button.click()
    box.boost_button.click()
    walk.read_window("physical deck revealed")
    box.finish_button.click()

    # The virtual library: built, moved, its order shown; a check revealed from it.
    panel.library_button.click()
    library = walk.opened(MTGLibraryDialog)
    library.build_button.click()
    library.count_spin.setValue(2)
    for move in ("draw", "mill", "look"):
        library.move_buttons[move].click()
    library.show_order.setChecked(True)
    walk.read(library, "virtual library")
    panel.color_buttons[CheckColor.RED].click()
    box.reveal_button.click()
    box.boost_button.click()
    walk.read_window("virtual library revealed")
    box.finish_button.click()
    menu.end_turn()

    # The card database, searched by a name in the other language: found, and named in the UI's.
    menu.show_card_database()
    database = walk.opened(MTGCardDatabaseDialog)
    database.search_edit.setText("稲妻" if ui_language == "en" else "Lightning Bolt")
    found = [database.results.item(row, 0).text() for row in range(database.results.rowCount())]
    assert ("Lightning Bolt" if ui_language == "en" else "稲妻（Lightning Bolt）") in found
    walk.read(database, "card database")

    # A deck read from an English decklist, its unknown line entered by hand.
    def read_decklist(dialog: MTGDecklistDialog) -> bool:
        dialog.show()
        dialog.name_edit.setText("赤い速攻")
        dialog.text_edit.setPlainText(DECKLIST)
        dialog.read_button.click()
        walk.read(dialog, "decklist")
        window.wizard_steps.append(enter_card)
        dialog.unresolved_table.selectRow(0)
        dialog.manual_button.click()
        walk.read(dialog, "decklist resolved")
        dialog.accept()
        return True

    def enter_card(dialog: MTGCardEntryDialog) -> bool:
        dialog.show()
        walk.read(dialog, "card entry")
        dialog.mana_spin.setValue(1)
        dialog.accept()
        return dialog.card is not None

    window.wizard_steps.append(read_decklist)
    menu.create_deck()
    walk.read_window("main window, the new deck")
    return walk


def test_the_walk_reads_the_ui_language_with_card_names_in_it_and_no_raw_id(walked, language, refusals):
    texts = walk(walked, language).texts + [("refusal box", text) for text in refusals]
    shown = "\n".join(text for _, text in texts)
    if language == "en":
        kept = (*USER_DATA, *RULE_QUOTES)
        found = japanese_leftovers(texts, kept) + japanese_punctuation(texts, kept)
        assert found == [], report(found)
        # English words are no ids in English: only the ids no sentence uses are looked for.
        ids = [i for i in IDS if "_" in i or ":" in i]
    else:
        ids = list(IDS)
    found = raw_ids(texts, ids, (*USER_DATA, *SOURCE_NAMES))
    assert found == [], report(found)
    for name in SHOWN[language]:
        assert name in shown, name
