"""全員を CCFolia へ…: CCFolia's clipboard takes one ``{"kind": "character", …}`` per paste, so the
tracker's participants go one by one — 次をコピー (Enter) copies the next, a コピー button copies
any, each copy is one valid CCFolia character, and a hidden NPC included is marked as standing on
the board."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication

from gmtool.models.battle_model import BattleModel
from gmtool.models.ccfolia_queue import CCFoliaQueueModel
from gmtool.store.ccfolia import validate_ccfolia
from gmtool.views.battle.ccfolia_queue_dialog import CCFoliaQueueDialog


@pytest.fixture
def battle(campaign_model):
    model = BattleModel(campaign_model)
    model.new_encounter("aw", "遭遇")
    for cid, name in model.roster.characters():
        if name in ("朝霧 透", "ミナ・クローデル"):
            model.roster.add_character(cid)
    model.roster.add_quick("怨霊", {"initiative": 3, "hp": 12}, hidden=True)
    return model


def clipboard_character() -> dict:
    document = json.loads(QGuiApplication.clipboard().text())
    validate_ccfolia(document)  # one character object, as CCFolia pastes it: never a list
    return document


def test_enter_copies_each_participant_in_turn_as_one_ccfolia_character(qtbot, battle):
    dialog = CCFoliaQueueDialog(battle.exports.ccfolia_queue())
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert "1人のキャラクターだけ" in dialog.why.text()  # it says why one at a time
    assert [c.name for c in dialog.model.characters] == ["朝霧 透", "ミナ・クローデル"]
    assert dialog.secret_note.isHidden()  # no hidden NPC asked for
    qtbot.keyClick(dialog, Qt.Key.Key_Return)
    assert clipboard_character()["data"]["name"] == "朝霧 透"
    assert dialog.marks[0].text() == "✓" and dialog.marks[1].text() == "▶"
    assert "次は「ミナ・クローデル」" in dialog.progress.text()
    assert dialog.focusWidget() is dialog.next_button  # Enter again goes on
    qtbot.keyClick(dialog, Qt.Key.Key_Return)
    assert clipboard_character()["data"]["name"] == "ミナ・クローデル"
    assert not dialog.next_button.isEnabled() and "すべて" in dialog.progress.text()
    assert dialog.isVisible()  # Enter copied; it did not close the dialog


def test_a_copy_button_copies_that_one_and_next_goes_on_after_it(qtbot, battle):
    dialog = CCFoliaQueueDialog(battle.exports.ccfolia_queue(include_hidden=True))
    qtbot.addWidget(dialog)
    dialog.copy_buttons[1].click()
    assert clipboard_character()["data"]["name"] == "ミナ・クローデル"
    dialog.next_button.click()
    ghost = clipboard_character()["data"]
    assert ghost["name"] == "怨霊" and ghost["secret"] is True
    dialog.next_button.click()  # back to the one skipped
    assert clipboard_character()["data"]["name"] == "朝霧 透"


def test_a_hidden_npc_included_is_marked_as_standing_on_the_board(qtbot, battle):
    dialog = CCFoliaQueueDialog(battle.exports.ccfolia_queue(include_hidden=True))
    qtbot.addWidget(dialog)
    assert not dialog.secret_note.isHidden()
    assert "盤面" in dialog.secret_note.text() and '"secret": true' in dialog.secret_note.text()
    [ghost_label] = [w for w in dialog.findChildren(type(dialog.progress)) if w.text().startswith("怨霊")]
    assert "盤面" in ghost_label.text()


def test_nobody_to_copy_is_refused_with_the_reason(battle):
    battle.new_encounter("aw", "")
    with pytest.raises(ValueError, match="書き出す参加者がいません"):
        battle.exports.ccfolia_queue()
    with pytest.raises(ValueError, match="いません"):
        CCFoliaQueueModel([])
