"""The scripts of packaging/ as modules a test can import: that folder is no package (and its name
is taken by the `packaging` library), so each file is loaded by its path."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

PACKAGING = Path(__file__).resolve().parent.parent / "packaging"


def packaging_module(name: str) -> ModuleType:
    """packaging/<name>.py, loaded once per process."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, PACKAGING / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses and NamedTuples look their module up
    spec.loader.exec_module(module)
    return module
