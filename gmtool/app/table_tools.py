"""What the window adds for play at a real table, beside the online tools groups already use: the
dice box (BCDice commands with `{name}` from the selected character's chat palette), the chat
palettes and CCFolia export, the PDF sheet and its print preview of the selected character, and the
settings (language, theme, house-rule tables)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gmtool.app.export_menu import ExportActions
    from gmtool.app.pdf_menu import PdfActions
    from gmtool.app.services import AppServices
    from gmtool.app.system_menu import SystemMenu
    from gmtool.models.dice_box_model import DiceBoxModel


@dataclass(frozen=True)
class TableTools:
    """The installed actions that do more than open a dialog (the window keeps them)."""

    export_actions: ExportActions
    pdf_actions: PdfActions


def install_table_tools(services: AppServices, menus: Mapping[str, SystemMenu]) -> TableTools:
    """Called once, when the window's menus are built (`menus`: the systems', by system id)."""
    from gmtool.app.about_menu import install_about_action
    from gmtool.app.dice_tables_menu import install_dice_tables_action
    from gmtool.app.export_menu import install_export_actions
    from gmtool.app.house_rules_menu import install_house_rules_action
    from gmtool.app.pdf_menu import install_pdf_actions
    from gmtool.app.settings_menu import install_settings_action

    install_settings_action(services, menus)
    install_house_rules_action(services)
    tools = TableTools(install_export_actions(services), install_pdf_actions(services))
    install_about_action(services)
    install_dice_tables_action(services)
    return tools


def connect_dice_box(services: AppServices, dice: DiceBoxModel) -> None:
    """The dice box reads the selected character (its palette's `{name}`s, its system's dice bot)
    and the campaign's dice tables: with the window, or after the window's first paint
    (the window's `finish_building`)."""
    from gmtool.app.dice_tables_menu import connect_dice_tables

    dice.variables_source = SelectedVariables(services)
    dice.srs_source = lambda: selected_srs(services)
    dice.character_system_source = lambda: selected_system(services)
    connect_dice_tables(services, dice)  # the campaign's own dice tables, rolled by name
    dice.character_changed()  # the character selected before the box was made (its ダイスボット)


class SelectedVariables:
    """The chat-palette variables of the character selected in the window, and its name.  The box
    asks on every keystroke and roll; a palette is all the character's checks, so it is read again
    only when the selected character changed (a character changes by being replaced: frozen)."""

    def __init__(self, services: AppServices) -> None:
        self.services = services
        self._read: tuple[object, Mapping[str, int]] | None = None  # the character read, its variables

    def __call__(self) -> tuple[Mapping[str, int], str]:
        from gmtool.rules.palette import palette_variables

        services = self.services
        character_id = services.selected_character_id()
        if character_id is None or not services.campaign_model.has_character(character_id):
            return {}, ""
        stored = services.campaign_model.stored(character_id)
        if self._read is None or self._read[0] is not stored.character:
            self._read = (stored.character, palette_variables(stored.system, stored.character))
        return self._read[1], getattr(stored.character, "name", "")


def selected_system(services: AppServices) -> str | None:
    """The game system of the character selected in the window (the dice box's ダイスボット follows it)."""
    character_id = services.selected_character_id()
    if character_id is None or not services.campaign_model.has_character(character_id):
        return None
    return services.campaign_model.stored(character_id).system


def selected_srs(services: AppServices) -> tuple[int, int] | None:
    """(critical, fumble) of the selected character when its system's checks are SRS checks."""
    from gmtool.app.systems import hooks_for

    character_id = services.selected_character_id()
    if character_id is None or not services.campaign_model.has_character(character_id):
        return None
    stored = services.campaign_model.stored(character_id)
    srs = hooks_for(stored.system).srs
    return None if srs is None else srs(stored.character)
