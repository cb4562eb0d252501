"""The app knows which version it is (gmtool.version): `--version`, the About box, and the window
titles of a packaged build, all pyproject.toml's version."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path
from typing import Any

import pytest

import gmtool
from gmtool.version import app_version, with_version

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT_VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]


@pytest.fixture
def packaged(monkeypatch: pytest.MonkeyPatch) -> None:
    """As in the PyInstaller build, which sets sys.frozen."""
    monkeypatch.setattr(sys, "frozen", True, raising=False)


def test_version_flag_prints_the_package_version() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "gmtool", "--version"], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"gmtool {PYPROJECT_VERSION}"


def test_the_version_is_pyprojects_through_the_package_metadata() -> None:
    assert app_version() == PYPROJECT_VERSION == metadata.version("gmtool")


def test_without_metadata_the_version_is_still_pyprojects(monkeypatch: pytest.MonkeyPatch) -> None:
    """A source tree run without installing it has no metadata: gmtool.__version__ stands in, and
    must not drift from pyproject.toml's."""

    def no_metadata(name: str) -> str:
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(metadata, "version", no_metadata)
    app_version.cache_clear()  # read once per run: read again here, without the metadata
    try:
        assert app_version() == gmtool.__version__ == PYPROJECT_VERSION
    finally:
        app_version.cache_clear()


def test_a_packaged_build_puts_its_version_in_a_title(packaged: None) -> None:
    assert with_version("gmtool — table.gmcampaign") == f"gmtool {PYPROJECT_VERSION} — table.gmcampaign"
    assert with_version("キャラクターシートに記入") == "キャラクターシートに記入"  # not an app title


def test_from_source_the_title_is_left_as_it_is() -> None:
    assert not getattr(sys, "frozen", False)
    assert with_version("gmtool — table.gmcampaign") == "gmtool — table.gmcampaign"


def test_the_packaged_main_window_names_its_version(packaged: None, window: Any) -> None:
    assert window.windowTitle() == f"gmtool {PYPROJECT_VERSION} — table.gmcampaign"


def test_the_main_window_from_source_has_no_version(window: Any) -> None:
    assert window.windowTitle() == "gmtool — table.gmcampaign"


def test_the_about_box_shows_the_version(qtbot: Any) -> None:
    from gmtool.app.about_menu import about_text

    assert f"バージョン {PYPROJECT_VERSION}" in about_text().splitlines()


def test_the_english_about_box_shows_the_version(qtbot: Any, tmp_path: Path) -> None:
    from gmtool.app.about_menu import about_text
    from tests.qt_fixtures import english_ui

    with english_ui(tmp_path):
        assert f"Version {PYPROJECT_VERSION}" in about_text().splitlines()
