"""追加 on an editable table opens the new row for typing: what the user types next goes into that
row, never into the text box that had focus before (特技を追加 used to leave the cursor in ライフパス)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLineEdit, QWidget

from gmtool.models.character_model import CharacterModel
from gmtool.models.fourcard.catalog_model import FourCardCatalogModel
from gmtool.models.lotr.army_model import LotRArmyModel
from gmtool.models.lotr.rules_model import LotRRulesModel
from gmtool.models.lotr.units_table_model import column_of
from gmtool.views.aw.sheet_view import AWSheetView
from gmtool.views.fourcard.catalog_dialog import SkillCatalogDialog
from gmtool.views.lotr.army.units_tab import UnitsTab
from gmtool.views.lotr.rules_dialog import LotRRulesDialog
from tests.views.fourcard.test_sheet_view import make_sheet


def shown_active(qtbot, widget: QWidget) -> None:
    qtbot.addWidget(widget)
    widget.show()
    widget.activateWindow()
    qtbot.waitUntil(widget.isActiveWindow)


def typing_box() -> QLineEdit:
    """The widget the next key goes to: a cell editor, or the test fails naming what has focus."""
    focused = QApplication.focusWidget()
    assert isinstance(focused, QLineEdit), f"the keys would go to {type(focused).__name__}"
    return focused


def type_and_enter(qtbot, text: str) -> None:
    editor = typing_box()
    editor.selectAll()
    qtbot.keyClicks(editor, text)
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    QApplication.processEvents()


def test_adding_a_feat_opens_its_name_and_keeps_the_lifepath(qtbot, campaign_model):
    """The reported case: click 特技を追加, type — the name lands in the new feat."""
    stored = campaign_model.characters_of("aw")[0]
    view = AWSheetView(CharacterModel(campaign_model, stored.id))
    shown_active(qtbot, view)
    lifepath = stored.character.lifepath
    feats = len(stored.character.feats)
    view.lifepath_edit.setFocus()  # where the cursor was before the click
    qtbot.mouseClick(view.add_feat_button, Qt.MouseButton.LeftButton)

    current = view.feat_table.currentIndex()
    assert (current.row(), current.column()) == (feats, 0)
    assert view.feat_table.isAncestorOf(typing_box())
    type_and_enter(qtbot, "Stealth")

    character = campaign_model.character(stored.id)
    assert [f.name for f in character.feats][feats:] == ["Stealth"]
    assert character.lifepath == lifepath


def test_adding_equipment_opens_its_name(qtbot, empty_campaign_model):
    view = make_sheet(qtbot, empty_campaign_model)
    shown_active(qtbot, view)
    rows = view.equipment_model.rowCount()
    view.notes_edit.setFocus()
    qtbot.mouseClick(view.add_equipment_button, Qt.MouseButton.LeftButton)

    assert view.equipment_table.currentIndex().row() == rows
    assert view.equipment_table.isAncestorOf(typing_box())
    type_and_enter(qtbot, "Lantern")
    assert view.equipment_model.index(rows, 0).data() == "Lantern"
    assert view.notes_edit.toPlainText() == view.model.value("notes")


def test_adding_a_specialisation_opens_its_name(qtbot, empty_campaign_model):
    dialog = SkillCatalogDialog(FourCardCatalogModel(empty_campaign_model))
    dialog.ask = lambda _question: True  # closed at the end unsaved: no question left open
    shown_active(qtbot, dialog)
    dialog.select_row(0)
    table = dialog.specialisation_table
    rows = table.rowCount()
    dialog.add_specialisation_button.click()

    assert (table.currentRow(), table.currentColumn()) == (rows, 0)
    assert table.isAncestorOf(typing_box())
    type_and_enter(qtbot, "Spear")
    assert table.item(rows, 0).text() == "Spear"


def test_adding_a_modifier_row_opens_its_upper_end(qtbot, empty_campaign_model, refusals):
    dialog = LotRRulesDialog(LotRRulesModel(empty_campaign_model))
    shown_active(qtbot, dialog)
    tab = dialog.modifier_tab
    dialog.tabs.setCurrentIndex(0)  # 能力値修正表
    qtbot.mouseClick(tab.add_button, Qt.MouseButton.LeftButton)

    table = tab.table
    assert (table.currentRow(), table.currentColumn()) == (table.rowCount() - 1, 1)  # まで: から is fixed
    assert table.isAncestorOf(typing_box())
    type_and_enter(qtbot, "20")
    assert table.item(table.rowCount() - 1, 1).text() == "20", refusals


def test_adding_a_unit_opens_its_name(qtbot, campaign_model):
    tab = UnitsTab(LotRArmyModel(campaign_model))
    shown_active(qtbot, tab)
    qtbot.mouseClick(tab.add_button, Qt.MouseButton.LeftButton)

    row = tab.table_model.rowCount() - 1
    current = tab.units_table.currentIndex()
    assert (current.row(), current.column()) == (row, column_of("name"))
    assert tab.units_table.isAncestorOf(typing_box())
    type_and_enter(qtbot, "Riders")
    assert tab.table_model.index(row, column_of("name")).data() == "Riders"
