"""The store's platform branches (issue 38), each run here by simulating the platform: the data
folder on Windows, macOS and Linux, and the rename made durable without opening a folder on Windows
(which cannot open one)."""

from __future__ import annotations

from pathlib import Path

import platformdirs.windows
import pytest

from gmtool.store import exchange
from gmtool.store.data_dir import DATA_DIR_ENV, platform_data_dir, user_data_dir
from gmtool.store.exchange import atomic_file, fsync_directory
from tests.platform_os import simulate_os_name

WINDOWS_FOLDERS = {
    "CSIDL_LOCAL_APPDATA": r"C:\Users\gm\AppData\Local",
    "CSIDL_APPDATA": r"C:\Users\gm\AppData\Roaming",
}


def test_on_windows_the_data_folder_is_local_appdata_not_the_roaming_profile(monkeypatch):
    """What Windows' known-folder call answers, simulated: the card cache stays on this computer."""
    monkeypatch.setattr(platformdirs.windows, "get_win_folder", WINDOWS_FOLDERS.__getitem__)
    folder = platform_data_dir("win32")
    assert folder == Path(WINDOWS_FOLDERS["CSIDL_LOCAL_APPDATA"]) / "gmtool"


def test_on_macos_the_data_folder_is_in_application_support(monkeypatch, tmp_path):
    monkeypatch.setenv("HOME", str(tmp_path))
    assert platform_data_dir("darwin") == tmp_path / "Library" / "Application Support" / "gmtool"


@pytest.mark.parametrize("platform", ["linux", "freebsd14"])
def test_on_linux_the_data_folder_follows_xdg_data_home(monkeypatch, tmp_path, platform):
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert platform_data_dir(platform) == tmp_path / "data" / "gmtool"
    monkeypatch.delenv("XDG_DATA_HOME")
    assert platform_data_dir(platform) == tmp_path / ".local" / "share" / "gmtool"


def test_the_override_wins_on_every_platform(monkeypatch, tmp_path):
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "elsewhere"))
    assert user_data_dir() == tmp_path / "elsewhere"
    monkeypatch.delenv(DATA_DIR_ENV)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert user_data_dir() == platform_data_dir()


def test_on_windows_a_write_never_opens_its_folder(monkeypatch, tmp_path):
    """Windows cannot open a folder (and needs no folder fsync for a rename to last)."""
    windows = simulate_os_name(monkeypatch, exchange, "nt")
    target = tmp_path / "朝霧.gmchar.json"
    with atomic_file(target) as handle:
        handle.write("{}\n")
    assert target.read_text(encoding="utf-8") == "{}\n"
    assert str(tmp_path) not in windows.opened
    fsync_directory(tmp_path)
    assert windows.opened == []


def test_on_posix_the_folder_is_synced_after_the_rename(monkeypatch, tmp_path):
    posix = simulate_os_name(monkeypatch, exchange, "posix")
    synced: list[int] = []
    monkeypatch.setattr(posix, "fsync", synced.append, raising=False)
    fsync_directory(tmp_path)
    assert posix.opened == [str(tmp_path)] and len(synced) == 1
