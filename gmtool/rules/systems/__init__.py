"""The registry of game systems: adding a system is one entry here.

A system's package is imported the first time it is asked for (`SYSTEMS["lotr"]`), so opening a
campaign loads only the systems its characters use: the rule tables, schemas and check code of the
others cost nothing at start-up.  Iterating over the values (a list of every system's name, the
contract tests) imports them all.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from importlib import import_module

from gmtool.rules.systems.base import AnySystem

# id → the package whose SYSTEM fulfils GameSystem; the order is the one users see.
_PACKAGES = {
    "aw": "gmtool.rules.systems.aw",
    "sengensho": "gmtool.rules.systems.sengensho",
    "fourcard": "gmtool.rules.systems.fourcard",
    "lotr": "gmtool.rules.systems.lotr",
    "mtg": "gmtool.rules.systems.mtg",
}


class _Registry(Mapping[str, AnySystem]):
    """A read-only mapping of system id → system that imports each system on first access."""

    def __init__(self, packages: Mapping[str, str]) -> None:
        self._packages = dict(packages)
        self._loaded: dict[str, AnySystem] = {}

    def __getitem__(self, system_id: str) -> AnySystem:
        system = self._loaded.get(system_id)
        if system is None:
            package = self._packages[system_id]  # KeyError for an unknown id, as a dict gives
            system = import_module(package).SYSTEM
            self._loaded[system_id] = system
        return system

    def __contains__(self, system_id: object) -> bool:
        return system_id in self._packages  # without importing the system

    def __iter__(self) -> Iterator[str]:
        return iter(self._packages)

    def __len__(self) -> int:
        return len(self._packages)


SYSTEMS: Mapping[str, AnySystem] = _Registry(_PACKAGES)


def get_system(system_id: str) -> AnySystem:
    try:
        return SYSTEMS[system_id]
    except KeyError:
        known = ", ".join(sorted(SYSTEMS))
        raise KeyError(f"未対応のシステム '{system_id}'（対応: {known}）") from None
