"""Enter in the skill catalog's form finishes the field; it does not press a button of the dialog."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tests.views.fourcard.test_catalog_dialog import make_dialog


def test_enter_in_the_skill_name_renames_and_adds_nothing(qtbot, empty_campaign_model):
    dialog = make_dialog(qtbot, empty_campaign_model)
    dialog.ask = lambda _question: True  # closing with the unsaved rename at the end of the test
    dialog.show()
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    dialog.select_row(0)
    dialog.name_edit.setFocus()
    dialog.name_edit.setText("近接戦闘")  # typed (keyClicks sends ASCII only)
    qtbot.keyClick(dialog.name_edit, Qt.Key.Key_Return)

    model = dialog.table_model
    assert model.rowCount() == 1  # no empty 「新しいスキル」 row
    assert model.index(0, 0).data() == "近接戦闘"
    assert dialog.isVisible()  # nor closed the dialog
