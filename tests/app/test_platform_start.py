"""The start's platform branches (issue 38), each run here by simulating the platform: whether there
is a screen to show a window on, and the clean-up of a killed offscreen run's folder, which only
POSIX can tell dead from alive."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import types
from pathlib import Path

import pytest

from gmtool.app import gui
from tests.platform_os import simulate_os_name


def simulate_platform(monkeypatch, platform: str) -> None:
    monkeypatch.setattr(gui, "sys", types.SimpleNamespace(platform=platform))
    for name in ("QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"):
        monkeypatch.delenv(name, raising=False)


@pytest.mark.parametrize(("platform", "shown"), [("linux", False), ("win32", True), ("darwin", True)])
def test_only_linux_without_an_x_or_wayland_display_has_no_screen(monkeypatch, platform, shown):
    simulate_platform(monkeypatch, platform)
    assert gui.has_display() is shown


@pytest.mark.parametrize("variable", ["DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"])
def test_linux_has_a_screen_with_a_display_or_a_chosen_platform(monkeypatch, variable):
    simulate_platform(monkeypatch, "linux")
    monkeypatch.setenv(variable, ":1" if variable == "DISPLAY" else "wayland-0")
    assert gui.has_display()


@pytest.fixture
def dead_runs_folder(monkeypatch, tmp_path):
    """The folder an offscreen run left when it was killed (its process is gone)."""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True)
    folder = tmp_path / f"{gui.SCRATCH_PREFIX}{int(gone.stdout)}-x"
    folder.mkdir()
    return folder


@pytest.mark.skipif(os.name != "posix", reason="the real POSIX branch")
def test_on_posix_a_killed_runs_folder_is_removed(dead_runs_folder: Path):
    gui._remove_stale_scratch()
    assert not dead_runs_folder.exists()


def test_on_windows_no_folder_is_removed_as_no_process_can_be_probed(monkeypatch, dead_runs_folder: Path):
    simulate_os_name(monkeypatch, gui, "nt")
    gui._remove_stale_scratch()
    assert dead_runs_folder.is_dir()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Qt keeps an INI file only on Linux")
def test_the_settings_the_window_saves_are_the_file_the_command_line_reads(tmp_path):
    """Linux's settings folder: QSettings writes $XDG_CONFIG_HOME/gmtool/gmtool.conf, the file
    `gmtool prob` reads without Qt for the UI language (on Windows and macOS, GMTOOL_LANGUAGE)."""
    from gmtool.app.cli_common import saved_language

    write = (
        "from PySide6.QtCore import QCoreApplication, QSettings\n"
        "QCoreApplication.setOrganizationName('gmtool'); QCoreApplication.setApplicationName('gmtool')\n"
        "settings = QSettings(); settings.setValue('ui/language', 'en'); settings.sync()\n"
        "print(settings.fileName())\n"
    )
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", write], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert Path(done.stdout.strip()) == tmp_path / "gmtool" / "gmtool.conf"
    assert saved_language(tmp_path) == "en"
