"""Undo the GM can see: 編集 → 元に戻す names the step, Ctrl+Z / Ctrl+Shift+Z reach the campaign
from a sheet's spin box, and an undone step's log lines are marked undone (a redo unmarks them, it
adds no second line)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from gmtool.models.aw.session_model import AWSessionModel
from gmtool.rules.systems.aw.session import SpellEffect
from tests.qt_fixtures import reopen_characters, stored_session


@pytest.fixture
def window(window, qtbot):
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    return window


def ids(window) -> dict[str, str]:
    return {s.character.name: s.id for s in window.campaign_model.characters()}


def test_the_edit_menu_names_the_step(window, qtbot):
    assert window.undo_action.text() == "元に戻す" and not window.undo_action.isEnabled()
    window.sheet_view.spins["hp"].setValue(12)
    assert window.undo_action.text() == "元に戻す: HPを変更"
    window.undo_action.trigger()
    assert window.undo_action.text() == "元に戻す"
    assert window.redo_action.text() == "やり直し: HPを変更"
    window.redo_action.trigger()
    assert window.sheet_view.spins["hp"].value() == 12


def test_ctrl_z_in_a_sheet_spin_box_undoes_the_campaign_step(window, qtbot, campaign_path):
    spin = window.sheet_view.spins["hp"]
    before = spin.value()
    spin.setFocus()
    qtbot.waitUntil(spin.hasFocus)
    spin.lineEdit().selectAll()
    qtbot.keyClicks(spin, "12")
    qtbot.keyClick(spin, Qt.Key.Key_Return)  # committed: one step
    assert window.campaign_model.undo_stack.index() == 1 and spin.hasFocus()

    qtbot.keyClick(spin, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.campaign_model.undo_stack.index() == 0
    assert spin.value() == before and reopen_characters(campaign_path)["朝霧 透"].hp == before

    redo = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    qtbot.keyClick(spin, Qt.Key.Key_Z, redo)
    assert spin.value() == 12 and window.campaign_model.undo_stack.index() == 1


def test_ctrl_z_while_typing_takes_back_the_typing_first(window, qtbot):
    spin = window.sheet_view.spins["hp"]
    window.sheet_view.spins["mp"].setValue(3)  # an earlier step
    spin.setFocus()
    qtbot.waitUntil(spin.hasFocus)
    shown = spin.text()
    spin.lineEdit().selectAll()
    qtbot.keyClicks(spin, "99")  # not committed yet
    qtbot.keyClick(spin, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert spin.text() != "99"  # the typing went back …
    assert window.campaign_model.undo_stack.index() == 1  # … and the MP step stayed
    while spin.lineEdit().isUndoAvailable():
        qtbot.keyClick(spin, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert spin.text() == shown
    qtbot.keyClick(spin, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # then the campaign's
    assert window.campaign_model.undo_stack.index() == 0


def shown_rows(window) -> list[list[str]]:
    return [window.log_model.row_texts(r) for r in range(window.log_model.rowCount())]


def test_an_undone_command_spell_is_marked_in_the_log_and_a_redo_unmarks_it(window, qtbot, campaign_path):
    names = ids(window)
    master, servant = names["ミナ・クローデル"], names["朝霧 透"]
    session = AWSessionModel(window.campaign_model, window)
    session.contracts.form_contract(master, servant)
    qtbot.wait(1)  # a separate click
    session.contracts.use_command_spell(master, servant, SpellEffect.ORDER, "逃げるな")
    qtbot.wait(1)
    log = window.log_model
    last = log.rowCount() - 1
    assert "令呪" in log.row_texts(last)[2] and not log.is_undone(last)

    window.undo_action.trigger()  # the 令呪
    assert log.rowCount() == last + 1 and log.is_undone(last)
    assert log.row_texts(last)[4].startswith("（取り消し）")
    assert log.index(last, 2).data(Qt.ItemDataRole.FontRole).strikeOut()
    assert not log.is_undone(last - 1)  # the contract still stands
    assert stored_session(campaign_path, "log.undone") == [window.campaign_model.log_entries()[last].id]

    window.redo_action.trigger()
    assert log.rowCount() == last + 1 and not log.is_undone(last)  # no second line
    assert not log.row_texts(last)[4].startswith("（取り消し）")


def test_a_command_spell_boost_roll_is_marked_with_its_spell(window, qtbot):
    names = ids(window)
    master, servant = names["ミナ・クローデル"], names["朝霧 透"]
    AWSessionModel(window.campaign_model, window).contracts.form_contract(master, servant)
    window.select_character(servant)
    qtbot.wait(1)
    window.panel_view("aw").boost_check.setChecked(True)
    window.panel_model("aw").roll()  # the 令呪 (a macro) and the roll's line, one click
    qtbot.wait(1)
    window.panel_model("aw").roll()  # a plain roll, a later click: nothing to undo
    qtbot.wait(1)
    log = window.log_model
    boosted, plain = log.rowCount() - 2, log.rowCount() - 1

    window.undo_action.trigger()
    assert log.is_undone(boosted) and not log.is_undone(plain)
    QApplication.processEvents()
