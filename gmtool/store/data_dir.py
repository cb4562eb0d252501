"""The user's gmtool data folder (the demo campaign, the MTG card cache).

Where each platform keeps an application's data (platformdirs): ``%LOCALAPPDATA%\\gmtool`` on
Windows — local, not roaming: the card cache runs to hundreds of MB, which a roaming profile would
copy at every log-on —, ``~/Library/Application Support/gmtool`` on macOS, and
``$XDG_DATA_HOME/gmtool`` (``~/.local/share/gmtool``) on Linux and the other Unixes.
``GMTOOL_DATA_DIR`` overrides it, so tests and scripted runs never touch the real one.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from platformdirs.api import PlatformDirsABC

DATA_DIR_ENV = "GMTOOL_DATA_DIR"
APP_NAME = "gmtool"


def platform_data_dir(platform: str = sys.platform) -> Path:
    """The platform's data folder for gmtool (``platform``: a ``sys.platform`` value)."""
    dirs: type[PlatformDirsABC]
    if platform == "win32":
        from platformdirs.windows import Windows as dirs
    elif platform == "darwin":
        from platformdirs.macos import MacOS as dirs
    else:
        from platformdirs.unix import Unix as dirs
    return Path(dirs(APP_NAME, appauthor=False, roaming=False).user_data_dir)


def user_data_dir() -> Path:
    override = os.environ.get(DATA_DIR_ENV)
    return Path(override) if override else platform_data_dir()
