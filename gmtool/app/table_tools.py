"""What the window adds for play at a real table, beside the online tools groups already use: the
dice box (BCDice commands with `{name}` from the selected character's chat palette), the chat
palettes and CCFolia export, the PDF sheet and its print preview of the selected character, and the
settings (language, theme, house-rule tables)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gmtool.app.main_window import MainWindow


def install_table_tools(window: MainWindow) -> None:
    """Called once, when the window's menus are built: the actions, and the dice box's dock, empty
    until `fill_table_tools`."""
    from gmtool.app.about_menu import install_about_action
    from gmtool.app.dice_box_dock import make_dice_box_dock
    from gmtool.app.dice_tables_menu import install_dice_tables_action
    from gmtool.app.export_menu import install_export_actions
    from gmtool.app.house_rules_menu import install_house_rules_action
    from gmtool.app.pdf_menu import install_pdf_actions
    from gmtool.app.settings_menu import install_settings_action

    install_settings_action(window)
    install_house_rules_action(window)
    install_export_actions(window)
    install_pdf_actions(window)
    install_about_action(window)
    install_dice_tables_action(window)
    make_dice_box_dock(window)


def fill_table_tools(window: MainWindow) -> None:
    """The dice box's model and view (its plot imports pyqtgraph): with the window, or after the
    window's first paint (`MainWindow.finish_building`)."""
    from gmtool.app.dice_box_dock import fill_dice_box
    from gmtool.app.dice_tables_menu import connect_dice_tables

    dice = fill_dice_box(window)
    dice.variables_source = lambda: selected_variables(window)
    dice.srs_source = lambda: selected_srs(window)
    dice.character_system_source = lambda: selected_system(window)
    connect_dice_tables(window, dice)  # the campaign's own dice tables, rolled by name


def selected_variables(window: MainWindow) -> tuple[Mapping[str, int], str]:
    """The chat-palette variables of the character selected in the window, and its name."""
    from gmtool.rules.palette import palette_variables

    character_id = window.selected_character_id()
    if character_id is None or not window.campaign_model.has_character(character_id):
        return {}, ""
    stored = window.campaign_model.stored(character_id)
    return palette_variables(stored.system, stored.character), getattr(stored.character, "name", "")


def selected_system(window: MainWindow) -> str | None:
    """The game system of the character selected in the window (the dice box's ダイスボット follows it)."""
    character_id = window.selected_character_id()
    if character_id is None or not window.campaign_model.has_character(character_id):
        return None
    return window.campaign_model.stored(character_id).system


def selected_srs(window: MainWindow) -> tuple[int, int] | None:
    """(critical, fumble) of the selected character when its system's checks are SRS checks."""
    from gmtool.app.systems import hooks_for

    character_id = window.selected_character_id()
    if character_id is None or not window.campaign_model.has_character(character_id):
        return None
    stored = window.campaign_model.stored(character_id)
    srs = hooks_for(stored.system).srs
    return None if srs is None else srs(stored.character)
