"""The user's gmtool data folder (the demo campaign, the MTG card cache).

``GMTOOL_DATA_DIR`` overrides it, so tests and scripted runs never touch the real one.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

DATA_DIR_ENV = "GMTOOL_DATA_DIR"


def user_data_dir() -> Path:
    override = os.environ.get(DATA_DIR_ENV)
    return Path(override) if override else Path(platformdirs.user_data_dir("gmtool", appauthor=False))
