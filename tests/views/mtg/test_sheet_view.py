"""The MTG deck sheet, driven through its widgets over a real campaign: cards added by name, counts and
クリティカル・カード edited in the table with the deck's limit, the sideboard, the statistics plots,
and every edit one undo step."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from gmtool.models.character_model import CharacterModel
from gmtool.models.mtg.deck_model import MTGDeckModel
from gmtool.models.mtg.deck_table_model import COUNT, CRITICAL, NAME, TYPES
from gmtool.rules.systems.mtg.deck import deck_from_cards
from gmtool.rules.systems.mtg.deck_stats import deck_statistics
from gmtool.views.mtg.sheet_view import MTGSheetView
from tests.rules.mtg.fixtures import BEAR, DUAL, ELDRAZI, FOREST, GOLD, MYSTIC, WURM

CARDS = {c.name_ja or c.name: c for c in (BEAR, DUAL, ELDRAZI, FOREST, GOLD, MYSTIC, WURM)}


def _find(name):
    return CARDS.get(name) or next((c for c in CARDS.values() if c.name == name), None)


@pytest.fixture
def sheet(empty_campaign_model, qtbot):
    cm = empty_campaign_model
    deck = deck_from_cards("緑のPC", [(FOREST, 24), (MYSTIC, 4), (BEAR, 28), (WURM, 4)], [(GOLD, 2)])
    character_id = cm.insert_character("mtg", deck, "x")
    view = MTGSheetView(MTGDeckModel(CharacterModel(cm, character_id)))
    view.set_card_database(_find, lambda text: [c for c in CARDS.values() if text in (c.name_ja or c.name)])
    qtbot.addWidget(view)
    return cm, character_id, view


def _deck(cm, character_id):
    return cm.character(character_id)


def test_the_sheet_shows_the_deck_and_its_statistics(sheet):
    cm, character_id, view = sheet
    stats = deck_statistics(_deck(cm, character_id))
    summary = view.summary_label.text()
    assert "ライブラリー 60枚" in summary and "サイドボード 2枚" in summary
    assert view.main_box.table_model.rowCount() == 4 and view.side_box.table_model.rowCount() == 1
    curve = view.curve_plot.heights()
    assert curve["1"] == 4 and curve["2"] == 28 and curve["7+"] == 4 and curve["0"] == 0  # lands left out
    colors = view.color_plot.heights()
    assert colors["緑"] == stats.by_modifier_color["G"] == 60  # 《森》 is green for 色の修正
    assert colors["無色"] == stats.colorless == 24  # and colorless for the boost
    assert "指定 0 ／ 3枚まで（60枚デッキの既定）" in view.critical_label.text()
    main, side = view.main_box.table_model, view.side_box.table_model
    headers = [main.headerData(i, Qt.Orientation.Horizontal) for i in range(main.columnCount())]
    assert headers[:3] == ["枚数", "クリティカル", "カード"]
    side_headers = [side.headerData(i, Qt.Orientation.Horizontal) for i in range(side.columnCount())]
    assert "クリティカル" not in side_headers  # the sideboard is not in the library
    forest_type = main.index(main.row_of(FOREST.name), main.column_of(TYPES))
    assert forest_type.data() == "基本土地 — Forest"
    name = main.index(main.row_of(MYSTIC.name), main.column_of(NAME))
    assert name.data() == "エルフの神秘家" and "Elvish Mystic" in name.data(Qt.ItemDataRole.ToolTipRole)


def test_a_card_added_by_name_is_one_undo_step(sheet, qtbot):
    cm, character_id, view = sheet
    picker = view.main_box.picker
    picker.name_edit.setText("《変異エルドラージ》")
    picker.count_spin.setValue(2)
    qtbot.keyClick(picker.name_edit, Qt.Key.Key_Return)
    assert _deck(cm, character_id).entry(ELDRAZI.name).count == 2
    assert "ライブラリー 62枚" in view.summary_label.text()
    assert view.main_box.selected_name() == ELDRAZI.name
    assert picker.name_edit.text() == ""
    cm.undo_stack.undo()
    assert _deck(cm, character_id).entry(ELDRAZI.name) is None
    assert "ライブラリー 60枚" in view.summary_label.text()


def test_an_unknown_name_asks_for_the_card_by_hand(sheet, qtbot):
    cm, character_id, view = sheet
    asked = []
    view.manual_card_requested.connect(lambda *args: asked.append(args))
    view.side_box.picker.name_edit.setText("存在しないカード")
    view.side_box.picker.count_spin.setValue(3)
    qtbot.mouseClick(view.side_box.picker.add_button, Qt.MouseButton.LeftButton)
    assert asked == [("存在しないカード", "sideboard", 3)] and _deck(cm, character_id).size == 60
    # The card entered by hand goes where the player was adding it, as many as asked.
    view.add_card(ELDRAZI, 3, "sideboard")
    assert next(e for e in _deck(cm, character_id).sideboard if e.card == ELDRAZI).count == 3
    assert view.side_box.picker.name_edit.text() == "" and _deck(cm, character_id).size == 60


def test_no_card_database_disables_adding_with_the_reason(sheet):
    _, _, view = sheet
    view.set_card_database(None, None)
    assert not view.main_box.picker.add_button.isEnabled()
    assert "カードデータベース" in view.main_box.picker.toolTip()


def test_counts_and_criticals_are_edited_in_the_table_within_the_limit(sheet, refusals):
    cm, character_id, view = sheet
    table = view.main_box.table_model
    bear_row = table.row_of(BEAR.name)
    assert table.setData(table.index(bear_row, table.column_of(CRITICAL)), 3)
    assert _deck(cm, character_id).critical_marked == 3
    assert "指定 3 ／ 3枚まで" in view.critical_label.text()
    # A fourth is over the 60-card default: refused with the reason, nothing written.
    assert not table.setData(table.index(table.row_of(WURM.name), table.column_of(CRITICAL)), 1)
    assert refusals and "3枚まで" in refusals[-1]
    assert _deck(cm, character_id).critical_marked == 3
    # The GM override lets it pass and is recorded on the deck and shown.
    view.override_check.setChecked(True)
    assert table.setData(table.index(table.row_of(WURM.name), table.column_of(CRITICAL)), 1)
    deck = _deck(cm, character_id)
    assert deck.critical_marked == 4 and "GMオーバーライド" in deck.overrides[-1]
    assert view.overrides_label.isVisibleTo(view) and "1枚多すぎます" in view.critical_label.text()
    # Fewer copies than criticals is refused.
    assert not table.setData(table.index(table.row_of(BEAR.name), table.column_of(COUNT)), 2)
    assert "クリティカル・カードが3枚" in refusals[-1]
    assert table.setData(table.index(table.row_of(BEAR.name), table.column_of(COUNT)), 20)
    assert _deck(cm, character_id).entry(BEAR.name).count == 20


def test_the_deck_sets_its_own_critical_limit(sheet):
    cm, character_id, view = sheet
    view.default_limit_check.setChecked(False)
    assert _deck(cm, character_id).critical_limit == 3 and view.limit_spin.isEnabled()
    view.limit_spin.setValue(5)
    assert _deck(cm, character_id).critical_limit == 5
    assert "このデッキの設定" in view.critical_label.text()
    view.default_limit_check.setChecked(True)
    assert _deck(cm, character_id).critical_limit is None


def test_cards_move_between_main_deck_and_sideboard(sheet, qtbot, refusals):
    cm, character_id, view = sheet
    view.side_box.select(GOLD.name)
    qtbot.mouseClick(view.side_box.move_button, Qt.MouseButton.LeftButton)
    deck = _deck(cm, character_id)
    assert deck.entry(GOLD.name).count == 1 and deck.size == 61
    view.main_box.table.clearSelection()
    qtbot.mouseClick(view.main_box.remove_button, Qt.MouseButton.LeftButton)
    assert refusals[-1] == "取り除くカードを選んでください"
    view.main_box.select(WURM.name)
    qtbot.mouseClick(view.main_box.remove_button, Qt.MouseButton.LeftButton)
    assert _deck(cm, character_id).entry(WURM.name) is None


def test_creature_type_and_notes_are_saved(sheet, qtbot):
    cm, character_id, view = sheet
    view.creature_edit.setText("エルフ")
    view.creature_edit.editingFinished.emit()
    assert _deck(cm, character_id).creature_type == "エルフ"
    cm.undo_stack.undo()
    assert view.creature_edit.text() == ""


def test_a_small_library_is_warned_about(empty_campaign_model, qtbot):
    cm = empty_campaign_model
    character_id = cm.insert_character("mtg", deck_from_cards("小さなPC", [(FOREST, 1)]), "x")
    view = MTGSheetView(MTGDeckModel(CharacterModel(cm, character_id)))
    qtbot.addWidget(view)
    assert "2枚未満" in view.library_warning.text()
    assert "既定の枚数がありません" in view.critical_label.text()


def test_the_delete_key_removes_the_selected_card_of_its_own_table(sheet, qtbot, refusals):
    cm, character_id, view = sheet
    view.show()
    qtbot.waitExposed(view)
    view.activateWindow()
    qtbot.waitUntil(view.isActiveWindow)  # a shortcut fires only in the active window
    view.main_box.select(WURM.name)
    view.main_box.table.setFocus()
    qtbot.waitUntil(view.main_box.table.hasFocus)
    qtbot.keyClick(view.main_box.table, Qt.Key.Key_Delete)
    deck = _deck(cm, character_id)
    assert not refusals, refusals
    assert deck.entry(WURM.name) is None and deck.sideboard[0].card == GOLD  # the sideboard is untouched


def test_the_card_pickers_keep_qwidget_find(sheet):
    # The card lookup once lived in `self.find`, hiding QWidget.find (the widget with a window id):
    # asking a picker for a widget by its id called the card database instead.
    _, _, view = sheet
    for picker in (view.main_box.picker, view.side_box.picker):
        assert picker.find(picker.winId()) is picker


def test_the_sheet_says_what_is_left_in_the_virtual_library(sheet):
    """Issue 40: the sheet said 「ライブラリー 60枚」 while the virtual library held 53."""
    from gmtool.models.mtg.table_model import MTGTableModel

    cm, character_id, view = sheet
    assert "ライブラリー 60枚" in view.summary_label.text()
    table = MTGTableModel(cm)
    table.start_library(character_id)
    table.draw(character_id, 7)
    assert "デッキ 60枚（仮想ライブラリーの残り 53枚）" in view.summary_label.text()
    table.remove_library(character_id)
    assert "ライブラリー 60枚" in view.summary_label.text() and "残り" not in view.summary_label.text()
