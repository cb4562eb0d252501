"""A wizard page's reasons and warnings in the UI language (issue 35: 「種族を選んでください」 inline in
an English wizard whose popup was English): the generic page shows each engine Message translated."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QObject, Signal

from gmtool.rules.message import Message
from gmtool.views.wizard.creation_wizard import CreationPage
from tests.qt_fixtures import english_ui
from tests.text_audit import JAPANESE


@dataclass
class Blocker:
    reason: str
    overridable: bool = True


class Draft(QObject):
    changed = Signal()


class Page(CreationPage):
    def blockers(self):
        return [Blocker(Message("シークレットダイス"))]

    def warnings(self):
        return [Message("シークレットダイス公開: {0}", "2D6")]

    def override_on(self) -> bool:
        return True


def test_reasons_and_warnings_read_english(qtbot, tmp_path):
    with english_ui(tmp_path):
        page = Page(Draft())
        qtbot.addWidget(page)
        page.refresh()
        reasons, warnings = page.reason_label.text(), page.warning_label.text()
    assert "Secret dice" in reasons and "The GM override is on" in reasons
    assert warnings == "Secret dice revealed: 2D6"
    assert not JAPANESE.search(reasons + warnings), reasons + warnings


def test_the_japanese_page_is_as_before(qtbot):
    page = Page(Draft())
    qtbot.addWidget(page)
    page.refresh()
    assert page.reason_label.text().splitlines()[1] == "・シークレットダイス"
