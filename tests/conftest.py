"""Shared fixtures. Qt must be offscreen before any QApplication exists (DESIGN.md).

Every test gets a user data folder of its own (`private_data_dir`, tests/data_templates.py); the
Qt fixtures (a campaign, its model, the main window) are in tests/qt_fixtures.py.  The suite runs in
parallel (`make test`, pytest-xdist): a test must not depend on another having run, nor on running
alone — its files in tmp_path, its settings in its own QSettings file.  A real modal dialog
nobody answers fails the test at once (tests/modal_guard.py); any other hang ends at
pytest-timeout's limit (pyproject.toml).
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from pathlib import Path

# pydantic before PySide6, as the app loads them (gmtool.app.main opens the campaign before Qt is
# imported): PySide6's import hook reads the source of each module imported after it, and trips on
# pydantic's lazily imported submodules (a circular ImportError in whichever test imports the store
# first after a Qt one, at random under -n).
import pydantic.fields  # noqa: F401
import pytest

pytest_plugins = ["tests.data_templates", "tests.qt_fixtures", "tests.modal_guard"]

E2E = Path(__file__).resolve().parent / "e2e"


@pytest.fixture(scope="session")
def qapp(qapp):
    """pytest-qt's QApplication with what gmtool.app.gui installs on the real one: the wheel guard
    (a field takes the mouse wheel only with focus), so views under test behave as in the app."""
    from gmtool.views.wheel_guard import install_wheel_guard

    install_wheel_guard(qapp)
    return qapp


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> object:
    """The widgets a test leaves are deleted when it ends, not at some later test's event loop.

    pytest-qt closes the widgets a test gave `qtbot.addWidget` and calls deleteLater(); Qt runs a
    deferred delete only from an event loop, and a test outside qtbot.wait… never starts one, so
    every main window of every test stayed alive in its worker.  Each kept its F1 filter on the
    application (gmtool.app.help_menu) and went through every later language switch, so each test
    was slower than the one before: a test's [en] set-up after ~100 windows took 40 s, not 0.3."""
    try:
        return (yield)
    finally:
        from PySide6.QtCore import QCoreApplication, QEvent

        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def pytest_itemcollected(item: pytest.Item) -> None:
    """Everything under tests/e2e/ is marked e2e (`make test-fast` leaves it out)."""
    if item.path.is_relative_to(E2E):
        item.add_marker(pytest.mark.e2e)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests that walk every widget of the process first (all_widgets), then the slow ones.

    A walk of QApplication.allWidgets() in a process that ran some thousand tests before it has
    crashed on a widget those tests left half-gone (seen under -n, at random: the theme switch's
    refresh_tones, install_wheel_guard); run first, it sees only its own widgets.  The slow tests
    next: under -n the workers take them on at the start, side by side (two tests at a time,
    --maxschedchunk in pyproject.toml), rather than one worker finishing a half-minute test while
    the others have nothing left to do."""
    items.sort(
        key=lambda item: (not item.get_closest_marker("all_widgets"), not item.get_closest_marker("slow"))
    )
