"""A module's ``os`` as another platform shows it: ``os.name`` and ``sys.platform`` simulated for the
module under test only (never for the test run), each call to ``os.open`` recorded."""

from __future__ import annotations

import os
import types
from typing import Any


class PlatformOs(types.ModuleType):
    """``os`` with another ``name``; everything else is the real one."""

    def __init__(self, name: str) -> None:
        super().__init__("os")
        self.simulated_name = name
        self.opened: list[str] = []

    def __getattr__(self, attribute: str) -> Any:
        if attribute == "name":
            return self.simulated_name
        return getattr(os, attribute)

    def open(self, path: Any, flags: int, mode: int = 0o777) -> int:
        self.opened.append(os.fspath(path))
        return os.open(path, flags, mode)


def simulate_os_name(monkeypatch: Any, module: types.ModuleType, name: str) -> PlatformOs:
    """``module`` sees ``os.name == name`` until the test ends."""
    simulated = PlatformOs(name)
    monkeypatch.setattr(module, "os", simulated)
    return simulated
