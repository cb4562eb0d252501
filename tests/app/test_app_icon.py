"""gmtool's windows carry its icon (issue 38): the title bar, the task bar and Alt+Tab show the die,
and the desktop finds gmtool's entry (resources/desktop/gmtool.desktop) by the application's name."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QApplication

from gmtool.app.app_icon import DESKTOP_FILE_NAME, app_icon
from gmtool.app.gui import run_gui
from tests.linux_desktop import ROOT
from tests.qt_fixtures import no_translator_left


def test_the_icon_has_every_shipped_size(qapp):
    sizes = app_icon().availableSizes()
    assert {QSize(s, s) for s in (16, 32, 48, 256)} <= set(sizes)


def test_the_started_app_sets_the_icon_of_every_window_and_its_desktop_name(qapp):
    style = QApplication.style()
    QApplication.setWindowIcon(style.standardIcon(style.StandardPixmap.SP_FileIcon))  # not gmtool's
    with no_translator_left():  # the start installs Qt's Japanese catalogue: not for later tests
        assert run_gui(["--self-test"]) == 0
    shown = QApplication.windowIcon().pixmap(48, 48).toImage()
    assert shown == app_icon().pixmap(48, 48).toImage()
    assert QApplication.desktopFileName() == DESKTOP_FILE_NAME
    assert (ROOT / "resources" / "desktop" / f"{DESKTOP_FILE_NAME}.desktop").is_file()
