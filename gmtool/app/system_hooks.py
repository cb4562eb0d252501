"""What one system declares for the Qt side (`SystemHooks`), and the lazy references it is made of.

A system's `app/<id>/hooks.py` names its menu, panel, sheet… as ``"package.module:Name"`` strings:
nothing is imported until the window first asks for it, so start-up pays only for the systems a
campaign shows, and this module (like the registry, `gmtool.app.systems`) imports no Qt, so the
`prob` CLI can read the same declarations.  `tests/e2e/test_system_hooks.py` resolves every
reference of every system, so a misspelt one fails a test, not a table.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from gmtool.app.services import AppServices
    from gmtool.app.system_menu import SystemMenu
    from gmtool.models.battle_model import BattleModel
    from gmtool.models.campaign_model import CampaignModel
    from gmtool.models.character_model import CharacterModel
    from gmtool.rules.systems.base import SessionSheet
    from gmtool.views.print.parts import PrintParts
    from gmtool.views.session_tab import Confirm, SessionTab


class PanelModel(Protocol):
    """What the window asks of every judgement-panel model."""

    def set_character(self, side: Any, character_id: str | None) -> None: ...

    def roll(self) -> Any: ...

    def deleteLater(self) -> None: ...  # a QObject: the window lets go of it with the campaign


def resolve(target: str) -> Any:
    """``"package.module"`` → the module; ``"package.module:Name.attr"`` → that attribute."""
    module_name, _, path = target.partition(":")
    found: Any = import_module(module_name)
    for name in path.split(".") if path else ():
        found = getattr(found, name)
    return found


def imported(target: str) -> Callable[..., Any]:
    """A function that imports `target` (a class or function) when first called and calls it."""

    def call(*args: Any) -> Any:
        return resolve(target)(*args)

    return call


def value_of(target: str) -> Callable[[], Any]:
    """A function that imports `target` when first called and returns it."""
    return lambda: resolve(target)


def panel(model: str, view: str) -> Callable[[AppServices], tuple[PanelModel, QWidget]]:
    """The judgement panel's model class and view class: built together for the window."""

    def build(services: AppServices) -> tuple[PanelModel, QWidget]:
        panel_model = resolve(model)(services.campaign_model, parent=services.parent_widget)
        return panel_model, resolve(view)(panel_model)

    return build


@dataclass(frozen=True)
class MenuTool:
    """A dialog a system adds to a shared menu: the 戦闘 menu's tools (LotR's 軍勢・攻城戦, which
    the GM may use whatever the campaign's system).  Opened once; asked again, it comes to the front."""

    # The action's text in the UI language (the hook translates it when the menu is built).
    title: Callable[[], str]
    # ``"package.module:Class"`` of the dialog: made as Class(campaign_model, parent) when first
    # opened (unless `make` is given), and found by it when asked again.
    dialog: str
    shortcut: str = ""
    # ``"package.module:function"`` that builds the dialog with its models, called as
    # function(campaign_model, parent); "" when the dialog's class builds itself.
    make: str = ""


@dataclass(frozen=True)
class SystemHooks:
    id: str  # the engine's system id (`GameSystem.id`)
    # The system's menu in the menu bar, a `SystemMenu` (its title is the menu's own `title()`).
    menu: Callable[[AppServices], SystemMenu]
    # The judgement panel: its model and its view, built when a character of the system is shown.
    panel: Callable[[AppServices], tuple[PanelModel, QWidget]]
    # The side of the panel the selected character takes.
    first_side: Callable[[], Any]
    # The character sheet.
    sheet: Callable[[CharacterModel], QWidget]
    # The `gmtool prob` subcommands: a module with KINDS, add_parsers(sub) and run(args, parser).
    cli: Callable[[], ModuleType]
    # What the printed sheet shows of this system: its field names, its session sections, its
    # outcome names and colours.
    print_parts: Callable[[], PrintParts]
    # True when a new character goes through the menu's `create_character()` (a wizard).
    has_wizard: bool = False
    # The combat tracker's box of this system's actions (given the tracker's model and its
    # yes/no question; the box shows a model of the system's own, built over the tracker's), or
    # None when the system's rounds have no actions of their own.
    tracker_box: Callable[[BattleModel, Confirm], SessionTab[Any]] | None = None
    # (critical, fumble) of a character whose plain 2D6 checks the dice box reads as SRS checks
    # (as BCDice does when the room's system is an SRS game), or None for a system that is not SRS.
    srs: Callable[[Any], tuple[int, int]] | None = None
    # Its tools in the 戦闘 menu, after the combat tracker (for every campaign, whatever its systems).
    battle_tools: tuple[MenuTool, ...] = ()
    # Its steps for the test hook (`gmtool --test-hook`, gmtool.app.test_hook_steps): command name →
    # the step, each one user step made through the system's real models, for the crash tests.
    test_steps: Callable[[AppServices], Mapping[str, Callable[[list[str]], Any]]] | None = None
    # Its pages of the manual (resources/manual/<lang>/, the same name in every language), for F1
    # in its dialogs: dialog class name → "page.md" or "page.md#heading-anchor" (GitHub's anchor of
    # a heading on that page; tests/app/test_help_menu.py checks that each page and heading exists).
    manual: Mapping[str, str] = field(default_factory=dict)
    # What the campaign's session state adds to a character's Udonarium export (千幻抄's 幻想値,
    # 縁故 and 幻想能力), given the campaign and the character's id; None: nothing.
    session_sheet: Callable[[CampaignModel, str], SessionSheet] | None = None
