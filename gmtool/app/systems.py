"""THE QT-SIDE REGISTRY: what the window, the CLI and the table tools need of each game system.

The engine has its own registry (`gmtool.rules.systems.SYSTEMS`); this one adds, per system, the
pieces above the engine: its menu, its judgement panel, its sheet, its creation wizard, its CLI
subcommands, its combat-tracker box and its 戦闘 menu tools. Each system declares them once, in
`app/<id>/hooks.py`; adding a system is one entry in `SYSTEM_HOOKS` below (`register_hooks` adds
one at run time). Nothing outside a system's own packages and this module branches on a system id.

Every hook imports its Qt code when it is first called: this module itself imports no Qt, so the
`prob` CLI can loop over it, and start-up pays only for the systems a campaign shows.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any

from gmtool.app import aw, fourcard, lotr, mtg, sengensho
from gmtool.app.system_hooks import MenuTool, PanelModel, SystemHooks

if TYPE_CHECKING:
    from gmtool.models.battle_model import BattleModel
    from gmtool.views.session_tab import Confirm, SessionTab

__all__ = [
    "DEFAULT_SYSTEM",
    "SYSTEM_HOOKS",
    "MenuTool",
    "PanelModel",
    "SystemHooks",
    "battle_tools",
    "cli_modules",
    "hooks_for",
    "manual_pages",
    "register_hooks",
    "unregister_hooks",
]


# One line per system; the order is the menus' and `prob --help`'s.
SYSTEM_HOOKS: dict[str, SystemHooks] = {
    hooks.id: hooks for hooks in (aw.HOOKS, fourcard.HOOKS, lotr.HOOKS, sengensho.HOOKS, mtg.HOOKS)
}
DEFAULT_SYSTEM = next(iter(SYSTEM_HOOKS))  # the panel shown before any character is


def hooks_for(system_id: str) -> SystemHooks:
    return SYSTEM_HOOKS[system_id]


def register_hooks(hooks: SystemHooks) -> None:
    """Adds a system's hooks at run time (a test's made-up system, with its engine side added by
    `gmtool.rules.systems.register_system`); a window made afterwards shows it."""
    if hooks.id in SYSTEM_HOOKS:
        raise ValueError(f"system {hooks.id!r} has hooks already")
    SYSTEM_HOOKS[hooks.id] = hooks


def unregister_hooks(system_id: str) -> None:
    """Takes back hooks added with `register_hooks`."""
    del SYSTEM_HOOKS[system_id]


def cli_modules() -> Sequence[ModuleType]:
    return [hooks.cli() for hooks in SYSTEM_HOOKS.values()]


def battle_tools() -> list[MenuTool]:
    """The 戦闘 menu's tools of every system, in the registry's order."""
    return [tool for hooks in SYSTEM_HOOKS.values() for tool in hooks.battle_tools]


def manual_pages() -> dict[str, str]:
    """Every system's dialogs and their page of the manual (`SystemHooks.manual`)."""
    return {name: page for hooks in SYSTEM_HOOKS.values() for name, page in hooks.manual.items()}


def tracker_boxes() -> dict[str, Callable[[BattleModel, Confirm], SessionTab[Any]]]:
    """The combat tracker's per-system action boxes, by system id."""
    return {key: hooks.tracker_box for key, hooks in SYSTEM_HOOKS.items() if hooks.tracker_box is not None}
