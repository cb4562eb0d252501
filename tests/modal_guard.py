"""No test waits on a real modal dialog (registered for every test by tests/conftest.py).

A modal dialog's exec() — a QMessageBox, a QInputDialog or QFileDialog static helper, any QDialog's
exec() — runs an event loop until someone clicks, and nobody clicks in a test: a test that reached
one unpatched hung its worker until CI killed the whole run.  Here every such call fails the test
at once, naming the dialog's title and text and how to answer it.  A test answers a dialog by
patching it (its own monkeypatch of the class's exec or static helper, the window's ask_… hooks,
the `refusals` fixture): those patches are made after this guard's and win.  A test that answers
the real box through the event loop (a timer clicking its button) says so with
``@pytest.mark.answers_real_dialogs``; pytest-timeout (pyproject.toml) is the backstop then.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

HOW_TO_ANSWER = (
    "A test cannot click it, so the test would wait forever.  Answer it in the test: patch what "
    "asks (the window's ask_confirm / ask_choice / ask_item / ask_save_path …, the `refusals` "
    "fixture for a refusal box, the `window` marker's options), or monkeypatch the dialog class's "
    "`exec` or the QMessageBox / QInputDialog / QFileDialog static helper to return the answer; a "
    "test that clicks the real box from a timer is marked @pytest.mark.answers_real_dialogs."
)

# The static helpers that open a modal dialog of their own and wait on it (their first arguments:
# parent, title, then the text or label).
STATIC_HELPERS = {
    "QMessageBox": ("warning", "information", "question", "critical", "about", "aboutQt"),
    "QInputDialog": ("getText", "getInt", "getDouble", "getItem", "getMultiLineText"),
    "QFileDialog": (
        "getOpenFileName",
        "getOpenFileNames",
        "getSaveFileName",
        "getExistingDirectory",
        "getOpenFileUrl",
        "getOpenFileUrls",
        "getSaveFileUrl",
        "getExistingDirectoryUrl",
    ),
    "QColorDialog": ("getColor",),
    "QFontDialog": ("getFont",),
}


class ModalDialogInTest(AssertionError):
    """A test reached a real modal dialog that nothing answers."""


def _title_and_text(dialog: Any) -> tuple[str, str]:
    """What the dialog says: its title and a message box's text, else its labels' texts (a menu's:
    its entries)."""
    from PySide6.QtWidgets import QLabel, QMenu, QMessageBox, QWidget

    if isinstance(dialog, QMessageBox):
        return dialog.windowTitle(), dialog.text()
    if isinstance(dialog, QMenu):
        return dialog.title(), " / ".join(a.text() for a in dialog.actions() if a.text())
    if isinstance(dialog, QWidget):
        labels = [label.text() for label in dialog.findChildren(QLabel) if label.text()]
        return dialog.windowTitle(), " / ".join(labels)
    return "", repr(dialog)  # QMenu.exec(actions, pos): the static overload


class ModalGuard:
    """The dialogs a test opened that would have waited: each one fails the test."""

    def __init__(self) -> None:
        self.blocked: list[str] = []

    def refuse(self, what: str, title: str, text: str) -> ModalDialogInTest:
        message = f"a real modal dialog was opened: {what} 「{title}」: {text!r}.  {HOW_TO_ANSWER}"
        self.blocked.append(message)
        return ModalDialogInTest(message)

    def exec_(self) -> Callable[..., Any]:
        guard = self

        def exec_(dialog: Any, *_args: Any) -> int:
            raise guard.refuse(f"{type(dialog).__name__}.exec()", *_title_and_text(dialog))

        return exec_

    def static(self, kind: str, name: str) -> Callable[..., Any]:
        guard = self

        def helper(*args: Any, **_kwargs: Any) -> Any:
            title, text = ([str(a) for a in args[1:3]] + ["", ""])[:2]
            raise guard.refuse(f"{kind}.{name}()", title, text)

        return staticmethod(helper)  # type: ignore[return-value]


@pytest.fixture(autouse=True)
def no_modal_dialogs(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[ModalGuard]:
    """Every modal wait a test did not answer fails it, here and at its end (should the code that
    opened it have caught the error)."""
    guard = ModalGuard()
    if request.node.get_closest_marker("answers_real_dialogs") is not None:
        yield guard
        return
    from PySide6 import QtWidgets

    for method in ("exec", "exec_"):
        monkeypatch.setattr(QtWidgets.QDialog, method, guard.exec_())
        monkeypatch.setattr(QtWidgets.QMenu, method, guard.exec_())
    for kind, names in STATIC_HELPERS.items():
        for name in names:
            monkeypatch.setattr(getattr(QtWidgets, kind), name, guard.static(kind, name))
    yield guard
    if guard.blocked:
        pytest.fail("\n".join(guard.blocked), pytrace=False)
