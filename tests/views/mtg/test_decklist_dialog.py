"""The decklist dialog: a pasted list or a file resolved by English and Japanese names, unknown names
listed with their line (never guessed) and fixed by another spelling or a card entered by hand; the
deck can be made only when every line is resolved."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from gmtool.models.mtg.decklist_model import MTGDecklistModel
from gmtool.rules.systems.mtg.cards import Card
from gmtool.views.mtg.decklist_dialog import MTGDecklistDialog
from tests.rules.mtg.fixtures import BEAR, FOREST, GOLD, MYSTIC

KNOWN = (BEAR, FOREST, GOLD, MYSTIC)


def find(name: str) -> Card | None:
    return next((c for c in KNOWN if name in (c.name, c.name_ja)), None)


def decklist_dialog(find, enter_card, deck_name: str | None = None, **lookups) -> MTGDecklistDialog:
    """The dialog over its model, as the MTG menu builds them (``lookups``: search, candidates,
    data_date)."""
    return MTGDecklistDialog(MTGDecklistModel(find, enter_card, **lookups), deck_name)


@pytest.fixture
def dialog(qtbot):
    entered: list[str] = []

    def enter_card(name: str) -> Card | None:
        entered.append(name)
        return Card("Test Hand Entered", 4, ("G",), name_ja=name, types=("Creature",))

    view = decklist_dialog(find, enter_card, deck_name="")
    qtbot.addWidget(view)
    return view, entered


LIST = "4 エルフの神秘家\n《森》 20枚\nTest Gold Two x2\n3 謎のカード\n\nサイドボード\n1 ルーン爪の熊\n"


def test_a_pasted_list_with_japanese_names_lists_what_it_does_not_know(dialog, qtbot):
    view, _ = dialog
    view.text_edit.setPlainText(LIST)
    qtbot.mouseClick(view.read_button, Qt.MouseButton.LeftButton)
    resolution = view.resolution
    assert {c.name: n for c, n in resolution.library} == {MYSTIC.name: 4, FOREST.name: 20, GOLD.name: 2}
    assert [(c.name, n) for c, n in resolution.sideboard] == [(BEAR.name, 1)]
    assert view.unresolved_table.rowCount() == 1
    assert (
        view.unresolved_table.item(0, 0).text() == "4"
        and view.unresolved_table.item(0, 1).text() == "謎のカード"
    )
    assert "データベースにない名前が 1 行" in view.summary_label.text()
    assert not view.ok_button.isEnabled()


def test_an_unknown_name_is_fixed_by_another_spelling(dialog, qtbot, monkeypatch):
    view, _ = dialog
    view.read_text(LIST, "貼り付け")
    offered = []
    monkeypatch.setattr(
        view, "ask_name", lambda current, suggested: offered.append(current) or ("ルーン爪の熊", True)
    )
    qtbot.mouseClick(view.retype_button, Qt.MouseButton.LeftButton)
    assert offered == ["謎のカード"] and not view.resolution.unresolved and view.ok_button.isEnabled()
    assert dict((c.name, n) for c, n in view.resolution.library)[BEAR.name] == 3
    assert "メインデッキ 29枚（4種）・デッキ外 1枚（サイドボード 1枚）" in view.summary_label.text()


def test_an_unknown_name_is_entered_by_hand(dialog, qtbot):
    view, entered = dialog
    view.read_text(LIST, "貼り付け")
    qtbot.mouseClick(view.manual_button, Qt.MouseButton.LeftButton)
    assert entered == ["謎のカード"]
    # The card entered takes the line's place as it is (the lookup need not know it yet).
    assert not view.resolution.unresolved and view.ok_button.isEnabled()
    assert dict((c.name, n) for c, n in view.resolution.library)["Test Hand Entered"] == 3


def test_a_retyped_name_the_database_lacks_is_said_and_the_line_stays(dialog, monkeypatch):
    view, _ = dialog
    view.read_text(LIST, "貼り付け")
    monkeypatch.setattr(view, "ask_name", lambda current, suggested: ("《まだ謎》", True))
    view.retype_selected()
    assert "「まだ謎」もカードデータベースにありません" in view.summary_label.text()
    assert [u.name for u in view.resolution.unresolved] == ["謎のカード"]


def test_an_unknown_line_can_be_left_out(dialog, qtbot):
    view, _ = dialog
    view.read_text(LIST, "貼り付け")
    qtbot.mouseClick(view.drop_button, Qt.MouseButton.LeftButton)
    assert not view.resolution.unresolved and view.ok_button.isEnabled()
    assert sum(n for _c, n in view.resolution.library) == 26


def test_a_broken_list_names_the_line(dialog, qtbot):
    view, _ = dialog
    view.read_text("4 エルフの神秘家\n4x\n", "貼り付け")
    assert "2行目" in view.summary_label.text() and view.resolution is None
    assert not view.ok_button.isEnabled()


def test_a_cockatrice_file_fills_the_list_and_the_name(dialog, tmp_path):
    view, _ = dialog
    path = tmp_path / "緑.cod"
    path.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<cockatrice_deck version="1"><deckname>森の民</deckname>'
        '<zone name="main"><card number="20" name="Forest"/><card number="4" name="Elvish Mystic"/></zone>'
        '<zone name="side"><card number="2" name="Test Gold Two"/></zone></cockatrice_deck>',
        encoding="utf-8",
    )
    view.read_file(path)
    assert view.deck_name == "森の民"
    assert "20 Forest" in view.text_edit.toPlainText() and "サイドボード" in view.text_edit.toPlainText()
    assert view.ok_button.isEnabled()
    deck = view.resolution.deck(view.deck_name)
    assert deck.size == 24 and sum(e.count for e in deck.sideboard) == 2
    # The listing reads back to the same deck.
    view.read_text(view.text_edit.toPlainText(), "貼り付け")
    assert view.resolution.deck("x").size == 24


def test_an_empty_deck_can_be_started(dialog, qtbot):
    view, _ = dialog
    view.start_empty()
    assert view.empty and view.deck_name == "新しいデッキ" and view.result() == view.DialogCode.Accepted


def test_cards_on_one_xml_line_are_fixed_and_left_out_one_by_one(dialog, tmp_path):
    view, _ = dialog
    path = tmp_path / "one-line.cod"
    path.write_text(
        '<cockatrice_deck version="1"><zone name="main"><card number="20" name="Forest"/>'
        '<card number="2" name="謎A"/><card number="3" name="謎B"/></zone></cockatrice_deck>',
        encoding="utf-8",
    )
    view.read_file(path)
    assert [u.name for u in view.resolution.unresolved] == ["謎A", "謎B"]
    view.drop_selected()  # the first row: 謎A only
    assert [u.name for u in view.resolution.unresolved] == ["謎B"]
    assert sum(n for _c, n in view.resolution.library) == 20


def test_names_that_look_alike_are_offered_not_applied(qtbot, monkeypatch):
    view = decklist_dialog(find, lambda _n: None, deck_name="", search=lambda text: [
        c for c in KNOWN if text and (text in c.name or text in c.name_ja)
    ])  # fmt: skip
    qtbot.addWidget(view)
    view.read_text("4 エルフの神秘屋\n", "貼り付け")
    seen = []
    monkeypatch.setattr(view, "ask_name", lambda current, suggested: seen.append(suggested) or ("", False))
    view.retype_selected()
    assert "エルフの神秘家" in seen[0] and view.resolution.unresolved  # nothing chosen, nothing applied


def test_an_edited_list_must_be_read_again(dialog, qtbot):
    view, _ = dialog
    view.text_edit.setPlainText("4 エルフの神秘家\n")
    qtbot.mouseClick(view.read_button, Qt.MouseButton.LeftButton)
    assert view.ok_button.isEnabled()
    view.text_edit.setPlainText("4 エルフの神秘家\n2 森\n")
    assert not view.ok_button.isEnabled() and "読み込む" in view.summary_label.text()


def test_the_dialog_keeps_qwidget_find(dialog):
    # The card lookup once lived in `self.find`, hiding QWidget.find (the widget with a window id):
    # asking the dialog for a widget by its id looked the id up as a card name instead.
    view, _ = dialog
    assert view.find(view.winId()) is view


# ---- a name of two cards is asked about (issue 22) -------------------------------------------------

CONDUIT = Card("Conduit of Ruin", 6, (), name_ja="破滅を導くもの", types=("Creature",))
GUIDE = Card("Ruination Guide", 3, ("U",), name_ja="破滅を導くもの", types=("Creature",))


def candidates(name: str) -> list[Card]:
    """Every card a name names: 破滅を導くもの is two."""
    if name == "破滅を導くもの":
        return [CONDUIT, GUIDE]
    card = find(name)
    return [card] if card else []


def test_a_name_of_two_cards_asks_which_showing_name_mana_value_and_colour(qtbot, monkeypatch):
    view = decklist_dialog(find, lambda _n: None, deck_name="", candidates=candidates, data_date="2022-04-25")
    qtbot.addWidget(view)
    view.read_text("4 破滅を導くもの\n20 森\n", "貼り付け")
    assert view.unresolved_table.rowCount() == 1
    assert view.unresolved_table.item(0, 4).text() == "2枚のカードのどれか"
    assert "複数のカードに当たる名前が 1 行" in view.summary_label.text()
    assert not view.ok_button.isEnabled() and view.choose_button.isVisibleTo(view)
    offered: list[list[str]] = []

    def ask(line, cards):
        offered.append([view.card_label(card) for card in cards])
        return cards[1]

    monkeypatch.setattr(view, "ask_choice", ask)
    qtbot.mouseClick(view.choose_button, Qt.MouseButton.LeftButton)
    assert offered == [["Conduit of Ruin（マナ総量 6・無色）", "Ruination Guide（マナ総量 3・青）"]]
    assert dict(view.resolution.library)[GUIDE] == 4 and view.ok_button.isEnabled()


def test_an_unknown_name_shows_the_card_datas_date(qtbot):
    view = decklist_dialog(
        find, lambda _n: None, deck_name="", candidates=lambda n: [], data_date="2022-04-25"
    )
    qtbot.addWidget(view)
    view.read_text("4 最新のカード\n", "貼り付け")
    assert "2022-04-25 時点" in view.summary_label.text()


def test_the_summary_reads_in_english_in_the_english_ui(qtbot, tmp_path):
    from tests.qt_fixtures import english_ui

    with english_ui(tmp_path):
        view = decklist_dialog(find, lambda _n: None, deck_name="")
        qtbot.addWidget(view)
        # Arena's layout: the sideboard after one blank line, no header (a note says how it was read).
        view.text_edit.setPlainText(f"4 {MYSTIC.name}\n20 {FOREST.name}\n\n1 {BEAR.name}\n")
        qtbot.mouseClick(view.read_button, Qt.MouseButton.LeftButton)
        text = view.summary_label.text()
    assert [(c.name, n) for c, n in view.resolution.sideboard] == [(BEAR.name, 1)]
    assert "sideboard 1" in text and "MTG Arena / MTGO" in text
    assert not any("\u3040" <= ch <= "\u30ff" for ch in text), text  # no kana left


def test_a_pasted_list_without_a_title_makes_a_new_deck_not_one_called_paste(dialog, qtbot, tmp_path):
    view, _ = dialog
    view.text_edit.setPlainText(f"4 {MYSTIC.name}\n20 {FOREST.name}\n")
    qtbot.mouseClick(view.read_button, Qt.MouseButton.LeftButton)
    view.accept()
    assert view.deck_name == "新しいデッキ"
    opened = tmp_path / "森の民.txt"
    opened.write_text(f"4 {MYSTIC.name}\n20 {FOREST.name}\n", encoding="utf-8")
    again = decklist_dialog(find, lambda _n: None, deck_name="")
    qtbot.addWidget(again)
    again.read_file(opened)
    again.accept()
    assert again.deck_name == "森の民"  # a file's name when the list gives none


# ---- the list shows a retyped name (issue 34) ------------------------------------------------------


def test_a_retyped_name_is_written_in_the_list(dialog, qtbot, monkeypatch):
    """After 名前を直す the list still read 「3 謎のカード」: it now reads as the deck it makes."""
    view, _ = dialog
    view.text_edit.setPlainText(LIST)
    qtbot.mouseClick(view.read_button, Qt.MouseButton.LeftButton)
    monkeypatch.setattr(view, "ask_name", lambda current, suggested: ("《ルーン爪の熊》", True))
    qtbot.mouseClick(view.retype_button, Qt.MouseButton.LeftButton)
    assert view.text_edit.toPlainText().split("\n") == [
        "4 エルフの神秘家",
        "《森》 20枚",
        "Test Gold Two x2",
        "3 ルーン爪の熊",
        "",
        "サイドボード",
        "1 ルーン爪の熊",
        "",
    ]
    assert view.ok_button.isEnabled()  # the fix stands: writing it in is not an edit to read again
    fixed = view.resolution.deck("x")
    view.read_text(view.text_edit.toPlainText(), "貼り付け")  # read again, the list gives that deck
    assert view.resolution.complete and view.resolution.deck("x") == fixed


def test_a_retyped_name_in_a_files_listing(dialog, tmp_path, monkeypatch):
    view, _ = dialog
    path = tmp_path / "one-line.cod"
    path.write_text(
        '<cockatrice_deck version="1"><zone name="main"><card number="20" name="Forest"/>'
        '<card number="2" name="謎A"/></zone><zone name="side"><card number="3" name="謎B"/></zone>'
        "</cockatrice_deck>",
        encoding="utf-8",
    )
    view.read_file(path)
    names = iter(["Elvish Mystic", "ルーン爪の熊"])
    monkeypatch.setattr(view, "ask_name", lambda current, suggested: (next(names), True))
    view.retype_selected()
    view.retype_selected()
    assert view.text_edit.toPlainText() == "20 Forest\n2 Elvish Mystic\n\nサイドボード\n3 ルーン爪の熊"
    assert view.ok_button.isEnabled()


def test_a_retyped_name_of_two_cards_is_written_as_the_chosen_cards_english_name(qtbot, monkeypatch):
    view = decklist_dialog(find, lambda _n: None, deck_name="", candidates=candidates)
    qtbot.addWidget(view)
    view.text_edit.setPlainText("4 破滅を導く者\n20 森\n")
    view.read_button.click()
    monkeypatch.setattr(view, "ask_name", lambda current, suggested: ("破滅を導くもの", True))
    monkeypatch.setattr(view, "ask_choice", lambda line, cards: cards[1])
    view.retype_selected()
    assert view.text_edit.toPlainText() == "4 Ruination Guide\n20 森\n"  # the Japanese would ask again
