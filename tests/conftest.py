"""Shared fixtures. Qt must be offscreen before any QApplication exists (DESIGN.md)."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch):
    """Every test gets its own user data folder (card cache, demo campaign): none touches the real one."""
    directory = tmp_path_factory.mktemp("gmtool-data")
    monkeypatch.setenv("GMTOOL_DATA_DIR", str(directory))
    return directory
