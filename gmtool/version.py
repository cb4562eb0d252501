"""Which gmtool this is: the version a player reads in `gmtool --version`, the About box and the
title of a packaged build's windows (a bug report then says which build it came from).

The version is pyproject.toml's, read from the installed package's metadata. The packaged app
carries that metadata too (packaging/gmtool.spec copies it); ``gmtool.__version__`` stands in
where there is none (a source tree run without installing it), and tests/test_version.py keeps it
equal to pyproject.toml's. Qt-free, outside the layers, like gmtool.resources.
"""

from __future__ import annotations

import sys
from functools import cache
from importlib import metadata

DISTRIBUTION = "gmtool"


@cache  # a title is set on every campaign opened; the installed metadata does not change meanwhile
def app_version() -> str:
    """pyproject.toml's version of gmtool, e.g. ``0.1.0``."""
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        from gmtool import __version__

        return __version__


def is_packaged() -> bool:
    """True in the PyInstaller build (it sets ``sys.frozen``)."""
    return bool(getattr(sys, "frozen", False))


def with_version(title: str) -> str:
    """A window title as the packaged build shows it: ``gmtool 0.1.0 — …`` (its first "gmtool"
    followed by the version). From a source tree the title is left as it is: the developer
    knows which checkout runs."""
    if not is_packaged() or not title.startswith(DISTRIBUTION):
        return title
    return f"{DISTRIBUTION} {app_version()}{title.removeprefix(DISTRIBUTION)}"
