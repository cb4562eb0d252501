"""The one place that knows where shipped resources live.

Three layouts are supported:
- a PyInstaller bundle: ``sys._MEIPASS/resources``;
- an installed wheel: ``gmtool/_resources`` (pyproject force-includes resources/ there);
- a source checkout (also editable installs): ``<repo>/resources``.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

_PACKAGE_DIR = Path(__file__).resolve().parent
_ICON_PICTURE = re.compile(r"gmtool-(\d+)\.png")


def resource_root() -> Path:
    candidates = []
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        candidates.append(Path(bundle) / "resources")
    candidates.append(_PACKAGE_DIR / "_resources")
    candidates.append(_PACKAGE_DIR.parent / "resources")
    for candidate in candidates:
        if candidate.is_dir():
            return candidate
    searched = ", ".join(str(c) for c in candidates)
    raise FileNotFoundError(f"gmtool のリソースが見つかりません（探した場所: {searched}）")


def resource_path(*parts: str) -> Path:
    """Path of a shipped resource, e.g. ``resource_path("rules", "aw", "checks.toml")``."""
    return resource_root().joinpath(*parts)


def icon_pictures() -> dict[int, Path]:
    """The shipped renderings of gmtool's icon by size (``icons/gmtool-<size>.png``, made by
    packaging/make_icons.py): the window's icon and the Linux desktop's."""
    folder = resource_path("icons")
    paths = sorted(folder.iterdir()) if folder.is_dir() else []
    found = ((_ICON_PICTURE.fullmatch(path.name), path) for path in paths)
    return dict(sorted((int(match.group(1)), path) for match, path in found if match))
