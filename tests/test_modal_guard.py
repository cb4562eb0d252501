"""The modal-dialog guard (tests/modal_guard.py): a real modal dialog nobody answers fails the test at
once, saying which dialog and how to answer it, where it used to wait for a click forever; a test's
own answer still wins."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialog, QFileDialog, QInputDialog, QMessageBox, QPushButton, QWidget

from gmtool.app.window_dialogs import WindowDialogs
from tests.modal_guard import HOW_TO_ANSWER, ModalDialogInTest, ModalGuard

ROOT = Path(__file__).resolve().parents[1]


class Host(WindowDialogs, QWidget):
    """The window's questions on a plain widget, as the main window carries them."""


def test_the_windows_question_fails_at_once_naming_its_title_and_text(qtbot, no_modal_dialogs: ModalGuard):
    host = Host()
    qtbot.addWidget(host)
    with pytest.raises(ModalDialogInTest) as refused:
        host.ask_choice("インポート", "「透」はもういます", ["名前を変える…", "両方残す"])
    assert "「インポート」" in str(refused.value) and "「透」はもういます" in str(refused.value)
    assert HOW_TO_ANSWER in str(refused.value)
    no_modal_dialogs.blocked.clear()  # seen: the test does not fail at its end for it


@pytest.mark.parametrize(
    "open_it",
    [
        lambda: QMessageBox.warning(None, "削除", "本当に削除しますか？"),
        lambda: QMessageBox.question(None, "削除", "本当に削除しますか？"),
        lambda: QInputDialog.getText(None, "削除", "本当に削除しますか？"),
        lambda: QFileDialog.getOpenFileName(None, "削除", "本当に削除しますか？"),
        lambda: QDialog().exec(),
    ],
    ids=["warning", "question", "getText", "getOpenFileName", "exec"],
)
def test_each_way_of_waiting_on_a_dialog_is_refused(qapp, open_it, no_modal_dialogs: ModalGuard):
    with pytest.raises(ModalDialogInTest):
        open_it()
    assert len(no_modal_dialogs.blocked) == 1
    no_modal_dialogs.blocked.clear()


def test_a_dialog_opened_by_a_slot_is_remembered_for_the_tests_end(qtbot, no_modal_dialogs: ModalGuard):
    """Opened from a click, the error goes to Qt's event loop, not to the test: the guard keeps it
    and fails the test when it ends."""
    button = QPushButton("削除")
    qtbot.addWidget(button)
    button.clicked.connect(lambda: QMessageBox.critical(button, "削除できません", "使用中です"))
    with qtbot.captureExceptions() as raised:
        button.click()
    assert [type(e[1]) for e in raised] == [ModalDialogInTest]
    assert no_modal_dialogs.blocked and "「削除できません」" in no_modal_dialogs.blocked[0]
    no_modal_dialogs.blocked.clear()


def test_a_tests_own_answer_wins(qapp, monkeypatch):
    monkeypatch.setattr(QMessageBox, "question", lambda *_args: QMessageBox.StandardButton.Yes)
    monkeypatch.setattr(QDialog, "exec", lambda _self: QDialog.DialogCode.Accepted)
    assert QMessageBox.question(None, "削除", "本当に？") == QMessageBox.StandardButton.Yes
    assert QDialog().exec() == QDialog.DialogCode.Accepted


HUNG = """
from PySide6.QtWidgets import QMessageBox


def test_forgets_to_answer(qapp):
    QMessageBox.warning(None, "読み込めません", "ファイルが壊れています")
"""


@pytest.mark.slow
def test_a_test_that_used_to_hang_fails_in_seconds(tmp_path):
    """A test as the one that hung CI: it opens a real message box and answers nothing.  With the
    guard it fails at once naming the box; the run ends long before the 60 s given to it here."""
    (tmp_path / "test_hung.py").write_text(textwrap.dedent(HUNG), encoding="utf-8")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "tests.modal_guard",
            "-p",
            "no:cacheprovider",
            "-n",
            "0",
            "--timeout",
            "0",
            str(tmp_path / "test_hung.py"),
        ],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1, done.stdout[-2000:] + done.stderr[-2000:]
    assert "1 failed" in done.stdout
    assert "QMessageBox.warning()" in done.stdout and "「読み込めません」" in done.stdout
    assert "ファイルが壊れています" in done.stdout
