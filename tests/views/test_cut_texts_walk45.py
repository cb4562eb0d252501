"""Walk 45, item 9: texts a new user found cut at 1366×768, each now read whole — measured as the
user reads it: the text's width in the font it is drawn in against the room the widget gives it."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QInputDialog, QWidget

from gmtool.app.window_dialogs import WindowDialogs

# The title bar's icon and three buttons (about a line each with their spacing, measured under
# openbox), and room for a window manager's title font a little wider than the application's.
TITLE_BAR_LINES = 7


class _Asker(WindowDialogs, QWidget):
    """The main window's questions, on a plain widget."""


@pytest.mark.parametrize("asked", ["item", "text"])
def test_a_small_question_is_as_wide_as_its_title(
    qtbot: Any, language: str, monkeypatch: pytest.MonkeyPatch, asked: str
) -> None:
    """キャラクター → 追加 asks which system in a dialog the window manager titled 「キャラク… の追加」."""
    asker = _Asker()
    qtbot.addWidget(asker)
    widths: list[int] = []

    def shown(dialog: QInputDialog) -> int:
        dialog.show()
        qtbot.waitExposed(dialog)
        widths.append(dialog.width())
        bold = QFont(dialog.font())
        bold.setBold(True)
        metrics = QFontMetrics(bold)
        needed = metrics.horizontalAdvance(dialog.windowTitle()) + TITLE_BAR_LINES * metrics.height()
        assert needed <= dialog.width(), (dialog.windowTitle(), needed, dialog.width())
        dialog.hide()
        return 0

    monkeypatch.setattr(QInputDialog, "exec", shown)
    title = QCoreApplication.translate("MainWindow", "キャラクターの追加")
    assert (title == "Add character") == (language == "en")
    if asked == "item":
        assert asker.ask_item(title, "System:", ["AW", "LotR"], 1) == ("", False)
    else:
        assert asker.ask_text(QCoreApplication.translate("MainWindow", "名前の変更"), "Name:", "x") == (
            "",
            False,
        )
    assert widths
