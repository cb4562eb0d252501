"""Every editable table in gmtool, filled by keyboard: a value typed, Tab or Enter, the next value
typed — each value is found in the cell it was typed into, and no other cell changed.

The reported case: in ルール表 → 参照表, Tab after row 2's 目標値 opened row 1's 名前 with its text
selected, and the next keys renamed row 1.  Every editable table edits through
gmtool/views/edit_table.py; a new editable table is added to TABLES below.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QInputMethodEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QAbstractSpinBox,
    QApplication,
    QLineEdit,
    QWidget,
)

from gmtool.models.character_model import CharacterModel
from gmtool.models.fourcard.catalog_model import FourCardCatalogModel
from gmtool.models.lotr.army_model import LotRArmyModel
from gmtool.models.lotr.rules_model import LotRRulesModel
from gmtool.models.lotr.units_table_model import column_of
from gmtool.models.mtg.deck_model import MTGDeckModel
from gmtool.models.mtg.deck_table_model import COUNT, CRITICAL
from gmtool.rules.systems.lotr import reference_catalog as catalog
from gmtool.rules.systems.mtg.deck import deck_from_cards, set_critical_limit
from gmtool.views.aw.sheet_view import AWSheetView
from gmtool.views.fourcard.catalog_dialog import SkillCatalogDialog
from gmtool.views.lotr.army.structures_tab import StructuresTab
from gmtool.views.lotr.army.units_tab import UnitsTab
from gmtool.views.lotr.rules_dialog import LotRRulesDialog
from gmtool.views.mtg.sheet_view import MTGSheetView
from tests.rules.mtg.fixtures import BEAR, FOREST, GOLD, MYSTIC, WURM
from tests.views.fourcard.test_sheet_view import make_sheet

Cell = tuple[int, int]


@dataclass
class Typing:
    """A table opened the way the GM opens it: `top` is its window, `view` the table; the GM
    starts typing in the first entry's cell and types each text in turn, the cell it must land in
    beside it (Tab after the 1st, 3rd, … value, Enter after the 2nd, 4th, …)."""

    top: QWidget
    view: QAbstractItemView
    entries: list[tuple[str, Cell]]


def aw_feats(qtbot, campaign_model) -> Typing:
    view = AWSheetView(CharacterModel(campaign_model, campaign_model.characters_of("aw")[0].id))
    while view.feat_model.rowCount() < 2:
        view.feat_model.add_feat()
    return Typing(view, view.feat_table, [("隠密", (1, 0)), ("メジャー", (1, 1)), ("自身", (1, 2))])


def fourcard_equipment(qtbot, campaign_model) -> Typing:
    view = make_sheet(qtbot, campaign_model)
    while view.equipment_model.rowCount() < 2:
        view.add_equipment_button.click()
    return Typing(view, view.equipment_table, [("ランタン", (1, 0)), ("1", (1, 1)), ("油つき", (1, 2))])


def fourcard_specialisations(qtbot, campaign_model) -> Typing:
    dialog = SkillCatalogDialog(FourCardCatalogModel(campaign_model))
    dialog.ask = lambda _question: True  # closed at the end unsaved: no question left open
    dialog.select_row(0)
    table = dialog.specialisation_table
    while table.rowCount() < 3:
        dialog.add_specialisation_button.click()
    return Typing(dialog, table, [("槍", (1, 0)), ("3", (1, 1)), ("斧", (2, 0))])


def lotr_reference(qtbot, campaign_model) -> Typing:
    dialog = LotRRulesDialog(LotRRulesModel(campaign_model))
    tab = dialog.reference_tab
    dialog.tabs.setCurrentWidget(tab)
    ids = [tab.table_list.item(i).data(Qt.ItemDataRole.UserRole) for i in range(tab.table_list.count())]
    tab.table_list.setCurrentRow(ids.index(catalog.STUN))
    for name in ("棍棒", "メイス", "槌"):
        tab.new_row.setText(name)
        tab.add_button.click()
    # row 2's 目標値, then its ペナルティ and 効果時間, then row 3's name (the reported sequence)
    return Typing(dialog, tab.grid, [("12", (1, 1)), ("-2", (1, 2)), ("3", (1, 3)), ("大槌", (2, 0))])


def lotr_modifiers(qtbot, campaign_model) -> Typing:
    dialog = LotRRulesDialog(LotRRulesModel(campaign_model))
    dialog.tabs.setCurrentWidget(dialog.modifier_tab)
    # the last row (16–17 → +5): its まで and its 修正; Enter there ends typing
    return Typing(dialog, dialog.modifier_tab.table, [("19", (8, 1)), ("6", (8, 2))])


def lotr_skills(qtbot, campaign_model) -> Typing:
    dialog = LotRRulesDialog(LotRRulesModel(campaign_model))
    dialog.tabs.setCurrentWidget(dialog.skills_tab)
    # only 日本語名 is typed in (the rest are lists and ticks): Tab goes down that column
    return Typing(dialog, dialog.skills_tab.table, [("曲芸", (1, 1)), ("武器戦闘", (2, 1)), ("弓", (3, 1))])


def lotr_structures(qtbot, campaign_model) -> Typing:
    tab = StructuresTab(LotRArmyModel(campaign_model))
    for name in ("城門", "塔"):
        tab.new_structure_edit.setText(name)
        tab.add_structure_button.click()
    row = tab.structures_table.rowCount() - 1
    return Typing(tab, tab.structures_table, [("見張り塔", (row, 0)), ("8", (row, 1)), ("20", (row, 5))])


def lotr_units(qtbot, campaign_model) -> Typing:
    tab = UnitsTab(LotRArmyModel(campaign_model))
    while tab.table_model.rowCount() < 2:
        tab.add_button.click()
    name, size = column_of("name"), column_of("size")
    return Typing(tab, tab.units_table, [("騎兵", (1, name)), ("12", (1, name + 1)), ("5", (1, size))])


def mtg_deck(qtbot, campaign_model) -> Typing:
    deck = deck_from_cards("緑のPC", [(FOREST, 24), (MYSTIC, 4), (BEAR, 28), (WURM, 4)], [(GOLD, 2)])
    deck = set_critical_limit(deck, 5)  # its own limit: a count other than 60 keeps one
    view = MTGSheetView(
        MTGDeckModel(CharacterModel(campaign_model, campaign_model.insert_character("mtg", deck, "x")))
    )
    table = view.main_box.table_model
    count, critical = table.column_of(COUNT), table.column_of(CRITICAL)
    return Typing(view, view.main_box.table, [("2", (1, critical)), ("30", (2, count)), ("1", (2, critical))])


TABLES: dict[str, Callable[[object, object], Typing]] = {
    "AW 特技": aw_feats,
    "フォーカード 装備": fourcard_equipment,
    "フォーカード 特化分野": fourcard_specialisations,
    "LotR 参照表": lotr_reference,
    "LotR 能力値修正表": lotr_modifiers,
    "LotR 技能": lotr_skills,
    "LotR 建造物": lotr_structures,
    "LotR 部隊": lotr_units,
    "MTG デッキ": mtg_deck,
}


def cells(view: QAbstractItemView) -> dict[Cell, str]:
    model = view.model()
    return {
        (r, c): str(model.index(r, c).data() or "")
        for r in range(model.rowCount())
        for c in range(model.columnCount())
    }


def typing_into(view: QAbstractItemView) -> QWidget:
    """The cell editor the next keys go to (the test fails naming what has the focus instead)."""
    focused = QApplication.focusWidget()
    assert isinstance(focused, (QLineEdit, QAbstractSpinBox)), f"the keys go to {type(focused).__name__}"
    assert view.isAncestorOf(focused), "the keys go to a field outside the table"
    return focused


def type_text(qtbot, editor: QWidget, text: str) -> None:
    """Keys as typed; Japanese as an input method commits it."""
    if text.isascii():
        qtbot.keyClicks(editor, text)
        return
    event = QInputMethodEvent("", [])
    event.setCommitString(text)
    QApplication.sendEvent(editor, event)


@pytest.mark.parametrize("name", list(TABLES))
def test_values_typed_with_tab_and_enter_land_where_they_were_typed(
    qtbot, empty_campaign_model, campaign_model, monkeypatch, name
):
    refusals: list[str] = []
    monkeypatch.setattr("gmtool.views.widgets.QMessageBox.warning", lambda *a: refusals.append(str(a[2])))
    builder = TABLES[name]
    model = empty_campaign_model if builder in (fourcard_equipment, mtg_deck) else campaign_model
    typing = builder(qtbot, model)
    qtbot.addWidget(typing.top)
    typing.top.resize(1366, 740)
    typing.top.show()
    typing.top.activateWindow()
    qtbot.waitUntil(typing.top.isActiveWindow)
    view = typing.view
    before = cells(view)
    first = view.model().index(*typing.entries[0][1])
    view.setFocus()
    view.setCurrentIndex(first)
    view.edit(first)

    keys = [Qt.Key.Key_Tab, Qt.Key.Key_Return] * len(typing.entries)
    for number, (text, cell) in enumerate(typing.entries):
        current = view.currentIndex()
        assert (current.row(), current.column()) == cell, f"value {number + 1} would go elsewhere"
        editor = typing_into(view)
        editor.selectAll()
        type_text(qtbot, editor, text)
        qtbot.keyClick(editor, keys[number])
        QApplication.processEvents()
        assert not refusals, refusals

    after = cells(view)
    for text, cell in typing.entries:
        assert after[cell] == text, f"{text!r} is not in {cell}"
    typed = {cell for _text, cell in typing.entries}
    editable = {
        cell for cell in before if view.model().flags(view.model().index(*cell)) & Qt.ItemFlag.ItemIsEditable
    }
    changed = {cell for cell in editable - typed if after.get(cell) != before[cell]}
    assert not changed, f"cells the keys never went to changed: {changed}"
    assert view.currentIndex().row() >= typing.entries[-1][1][0], "the cursor went back to the top"


def test_a_refused_value_opens_the_same_cell_again(qtbot, empty_campaign_model, monkeypatch):
    refusals: list[str] = []
    monkeypatch.setattr("gmtool.views.widgets.QMessageBox.warning", lambda *a: refusals.append(str(a[2])))
    typing = lotr_reference(qtbot, empty_campaign_model)
    qtbot.addWidget(typing.top)
    typing.top.show()
    typing.top.activateWindow()
    qtbot.waitUntil(typing.top.isActiveWindow)
    grid = typing.view
    grid.setFocus()
    grid.setCurrentIndex(grid.model().index(1, 1))
    grid.edit(grid.model().index(1, 1))
    editor = typing_into(grid)
    editor.selectAll()
    qtbot.keyClicks(editor, "many")
    qtbot.keyClick(editor, Qt.Key.Key_Tab)
    assert refusals and "many" in refusals[-1]
    assert (grid.currentIndex().row(), grid.currentIndex().column()) == (1, 1)
    editor = typing_into(grid)  # row 2's 目標値 again, to type it right
    editor.selectAll()
    qtbot.keyClicks(editor, "12")
    qtbot.keyClick(editor, Qt.Key.Key_Tab)
    assert grid.model().index(1, 1).data() == "12"
    assert (grid.currentIndex().row(), grid.currentIndex().column()) == (1, 2)
