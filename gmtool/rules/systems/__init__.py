"""The registry of game systems: adding a system is one entry here.

A system's package is light: its `__init__` holds what it declares for generic code
(`DECLARATIONS`, gmtool.rules.systems.declarations) and its `SYSTEM` is imported the first time it
is asked for (`SYSTEMS["lotr"]`), so opening a campaign loads only the systems its characters use:
the rule tables, schemas and check code of the others cost nothing at start-up.  Iterating over
the values (a list of every system's name, the contract tests) imports them all;
`declarations(id)` and `all_declarations()` import none of them.

`register_system` adds a system at run time (a test's made-up one) and `unregister_system` takes it
back: the tables generic code derives from the declarations (the dice bots, the log groups, the
session marks) are derived again then (`derived_table`, `when_registry_changes`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from importlib import import_module
from importlib.util import find_spec
from typing import Any, TypeVar

from gmtool.rules.systems.base import AnySystem
from gmtool.rules.systems.declarations import Declarations

T = TypeVar("T")

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
        # Called after a system is registered or unregistered at run time: tables derived from
        # the declarations are derived again.
        self.listeners: list[Callable[[], None]] = []

    def __getitem__(self, system_id: str) -> AnySystem:
        system = self._loaded.get(system_id)
        if system is None:
            system = self._package(system_id).SYSTEM
            self._loaded[system_id] = system
        return system

    def package(self, system_id: str) -> str:
        return self._packages[system_id]  # KeyError for an unknown id, as a dict gives

    def _package(self, system_id: str) -> Any:
        return import_module(self.package(system_id))

    def declarations(self, system_id: str) -> Declarations:
        """What the system declares, from its package's light `__init__` (its SYSTEM not loaded)."""
        declared = self._package(system_id).DECLARATIONS
        if not isinstance(declared, Declarations):
            raise TypeError(f"{self._packages[system_id]}.DECLARATIONS is not a Declarations")
        return declared

    def register(self, system_id: str, package: str) -> None:
        if system_id in self._packages:
            raise ValueError(f"system {system_id!r} is registered already")
        self._packages[system_id] = package
        self._changed()

    def unregister(self, system_id: str) -> None:
        del self._packages[system_id]
        self._loaded.pop(system_id, None)
        self._changed()

    def _changed(self) -> None:
        for listener in self.listeners:
            listener()

    def __contains__(self, system_id: object) -> bool:
        return system_id in self._packages  # without importing the system

    def __iter__(self) -> Iterator[str]:
        return iter(self._packages)

    def __len__(self) -> int:
        return len(self._packages)


_REGISTRY = _Registry(_PACKAGES)
SYSTEMS: Mapping[str, AnySystem] = _REGISTRY


def declarations(system_id: str) -> Declarations:
    """What one system declares for generic code, without loading the system (KeyError if unknown)."""
    return _REGISTRY.declarations(system_id)


def package_of(system_id: str) -> str:
    """The name of the system's package (KeyError if unknown): its own modules are found under it."""
    return _REGISTRY.package(system_id)


def all_declarations() -> dict[str, Declarations]:
    """Every registered system's declarations, by id, in the registry's order; no system is loaded."""
    return {system_id: _REGISTRY.declarations(system_id) for system_id in _REGISTRY}


def when_registry_changes(listener: Callable[[], None]) -> None:
    """`listener()` after every system registered or unregistered at run time: a table generic code
    keeps, derived from the declarations, is derived again."""
    _REGISTRY.listeners.append(listener)


def derived_table(compute: Callable[[], T]) -> Callable[[], T]:
    """`compute` — a table generic code derives from the systems' declarations — computed when first
    asked for and kept until a system is registered or unregistered (the value is shared: never
    change it)."""
    kept: list[T] = []
    when_registry_changes(kept.clear)

    def table() -> T:
        if not kept:
            kept.append(compute())
        return kept[0]

    return table


def register_system(system_id: str, package: str) -> None:
    """Adds a system at run time: `package` is imported like a shipped system's, on first access."""
    _REGISTRY.register(system_id, package)


def unregister_system(system_id: str) -> None:
    """Takes back a system added with `register_system`."""
    _REGISTRY.unregister(system_id)


def get_system(system_id: str) -> AnySystem:
    try:
        return SYSTEMS[system_id]
    except KeyError:
        known = ", ".join(sorted(SYSTEMS))
        raise KeyError(f"未対応のシステム '{system_id}'（対応: {known}）") from None


def lazy_system_attribute(package: str, name: str) -> Any:
    """A name of a system package's `system` module, imported on first use: a system's light
    `__init__` answers its module `__getattr__` (PEP 562) with it, so `package.SYSTEM` loads the
    system and its declarations do not."""
    if name.startswith("__"):  # a probe for a module dunder (__wrapped__, __all__…): not the system's
        raise AttributeError(name)
    if find_spec(f"{package}.{name}") is not None:
        # `from package import submodule` asks first: the import system then loads the submodule
        # alone, without the system.
        raise AttributeError(name)
    value = getattr(import_module(f"{package}.system"), name)
    setattr(import_module(package), name, value)  # found directly from now on
    return value
