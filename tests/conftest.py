"""Shared fixtures. Qt must be offscreen before any QApplication exists (DESIGN.md)."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest


@pytest.fixture(scope="session")
def qapp(qapp):
    """pytest-qt's QApplication with what gmtool.app.gui installs on the real one: the wheel guard
    (a field takes the mouse wheel only with focus), so views under test behave as in the app."""
    from gmtool.views.wheel_guard import install_wheel_guard

    install_wheel_guard(qapp)
    return qapp


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch):
    """Every test gets its own user data folder (card cache, demo campaign): none touches the real one."""
    directory = tmp_path_factory.mktemp("gmtool-data")
    monkeypatch.setenv("GMTOOL_DATA_DIR", str(directory))
    return directory
