"""Helpers of the Linux desktop-entry tests: `gmtool install-desktop` run as a user whose home, data
and settings are in a temporary folder, and a clear skip when a desktop tool is missing."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def require(*programs: str) -> None:
    """Skips the test, naming the Debian package, when a desktop tool is missing."""
    packages = {
        "xdg-mime": "xdg-utils",
        "xdg-open": "xdg-utils",
        "update-mime-database": "shared-mime-info",
        "desktop-file-validate": "desktop-file-utils",
        "gio": "libglib2.0-bin",
        "Xvfb": "xvfb",
    }
    missing = [p for p in programs if shutil.which(p) is None]
    if missing:
        wanted = " ".join(sorted({packages.get(p, p) for p in missing}))
        how = f"Debian: apt-get install {wanted}; packaging/sysdeps.sh"
        pytest.skip(f"{', '.join(missing)} がありません（{how}）")


def user_environment(home: Path) -> dict[str, str]:
    """A user whose home, data and settings are under ``home``, on a GNOME desktop (xdg-utils then
    asks GLib's shared-mime-info reader for a file's type, as GNOME's file manager does; its generic
    mode asks `file`, which knows no installed type)."""
    env = {
        **os.environ,
        "HOME": str(home),
        "XDG_DATA_HOME": str(home / "data"),
        "XDG_CONFIG_HOME": str(home / "config"),
        "XDG_CURRENT_DESKTOP": "GNOME",
        "GMTOOL_DATA_DIR": str(home / "gmtool-data"),
        "GMTOOL_LANGUAGE": "en",
    }
    env.pop("XDG_DATA_DIRS", None)  # the system's: /usr/local/share:/usr/share
    return env


def gmtool(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    """`python -m gmtool ARGS` from this checkout, as ``env``'s user."""
    command = [sys.executable, "-m", "gmtool", *args]
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
