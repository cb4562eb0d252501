"""ファイル → 保存 (Ctrl+S) in a program that writes every step as it is made (the walk: a new user's
Ctrl+S did nothing and said nothing, and the File menu had no 保存): it commits the step being made and
the status bar says the changes are saved; a campaign opened read-only says why and where to save."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence

from tests.qt_fixtures import language, reopen_characters  # noqa: F401 (a fixture)

SAVED = {
    "ja": "保存済みです — 変更はその都度ファイルに保存されています",
    "en": "Already saved — every change is written to the file as you make it",
}


def save_action(window):
    menu = next(a.menu() for a in window.menuBar().actions() if a.menu() and a.menu().actions())
    return next(a for a in menu.actions() if a.shortcut() == QKeySequence(QKeySequence.StandardKey.Save))


@pytest.mark.window(shown=True)
def test_ctrl_s_says_everything_is_saved(language, window, qtbot):  # noqa: F811
    action = save_action(window)
    assert action.text() == {"ja": "保存", "en": "Save"}[language]
    window.campaign_model.rename_character(window.character_list.id_at(0), "改名")
    window.activateWindow()
    qtbot.keyClick(window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert window.statusBar().currentMessage() == SAVED[language]
    assert "改名" in reopen_characters(window.campaign_model.campaign.path)  # in the file already


@pytest.mark.window(shown=True)
def test_ctrl_s_on_a_read_only_campaign_says_where_to_save(window, qtbot):
    window.campaign_model.campaign.read_only = "別の gmtool が編集中"
    save_action(window).trigger()
    message = window.statusBar().currentMessage()
    assert message.startswith("このキャンペーンは読み取り専用で開いています（別の gmtool が編集中）")
    assert "名前を付けて保存…" in message
