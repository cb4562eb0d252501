"""The window's questions as the user meets them: a real message box, answered by a click."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox, QPushButton, QWidget

from gmtool.app.window_dialogs import WindowDialogs

# Real message boxes, clicked from a timer (tests/modal_guard.py lets them open).
pytestmark = pytest.mark.answers_real_dialogs


class Host(WindowDialogs, QWidget):
    """The questions' mixin on a plain widget, as the main window carries it."""


def click_when_asked(text: str | None) -> list[str]:
    """Once the box is up: the button reading `text` clicked (None: Esc); its buttons returned."""
    seen: list[str] = []

    def answer() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(10, answer)
            return
        buttons = {b.text(): b for b in box.findChildren(QPushButton)}
        seen.extend(buttons)
        if text is None:
            box.reject()
        else:
            buttons[text].click()

    QTimer.singleShot(0, answer)
    return seen


def test_ask_choice_gives_the_index_of_the_button_clicked(qtbot):
    host = Host()
    qtbot.addWidget(host)
    choices = ["名前を変える…", "「透 (2)」として両方残す"]
    seen = click_when_asked("「透 (2)」として両方残す")
    assert host.ask_choice("インポート", "「透」はもういます", choices) == 1
    assert set(choices) <= set(seen)
    click_when_asked("名前を変える…")
    assert host.ask_choice("インポート", "「透」はもういます", choices) == 0


def test_ask_choice_cancelled_with_esc_is_minus_one(qtbot):
    host = Host()
    qtbot.addWidget(host)
    click_when_asked(None)
    assert host.ask_choice("インポート", "「透」はもういます", ["名前を変える…", "両方残す"]) == -1
