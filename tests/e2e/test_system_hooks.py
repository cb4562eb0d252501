"""Every system supplies every hook of the Qt-side registry (gmtool.app.systems), and the window
uses them: a new character of each system gets its sheet, its panel and its menu."""

from __future__ import annotations

import argparse
import inspect

import pytest
from PySide6.QtWidgets import QWidget

from gmtool.app.system_menu import SystemMenu
from gmtool.app.systems import SYSTEM_HOOKS, cli_modules, hooks_for, tracker_boxes
from gmtool.models.battle_model import BattleModel
from gmtool.models.character_model import CharacterModel
from gmtool.rules.systems import SYSTEMS
from gmtool.views.print.parts import PrintParts

SYSTEM_IDS = sorted(SYSTEMS)


pytestmark = pytest.mark.window(empty=True, shown=False)


def test_the_registry_and_the_engine_name_the_same_systems():
    assert sorted(SYSTEM_HOOKS) == SYSTEM_IDS
    assert all(hooks.id == system_id for system_id, hooks in SYSTEM_HOOKS.items())


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_a_new_character_gets_its_sheet_panel_and_menu(system_id, window):
    hooks = hooks_for(system_id)
    character_id = window.campaign_model.add_character(system_id, "フック")
    window.select_character(character_id)
    sheet = window.sheet_view
    assert isinstance(sheet, QWidget)
    assert type(sheet) is type(hooks.sheet(CharacterModel(window.campaign_model, character_id)))
    assert window.check_stack.currentWidget() is window.panel_view(system_id)
    model = window.panel_model(system_id)
    assert callable(model.roll) and callable(model.set_character)
    menu = window.menus[system_id]
    assert isinstance(menu, SystemMenu) and menu.system_id == system_id
    titles = [action.text() for action in window.menuBar().actions()]
    assert menu.title() in titles


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_a_wizard_system_overrides_create_character(system_id, window):
    menu = window.menus[system_id]
    overridden = type(menu).create_character is not SystemMenu.create_character
    assert overridden == hooks_for(system_id).has_wizard


def test_every_prob_subcommand_belongs_to_one_system():
    kinds = [kind for module in cli_modules() for kind in module.KINDS]
    assert len(kinds) == len(set(kinds)) and kinds
    sub = argparse.ArgumentParser().add_subparsers(dest="kind")
    for module in cli_modules():
        module.add_parsers(sub)
        assert list(inspect.signature(module.run).parameters) == ["args", "parser"]
    assert set(sub.choices) == set(kinds)


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_print_parts(system_id):
    parts = hooks_for(system_id).print_parts()
    assert isinstance(parts, PrintParts)


def test_tracker_boxes_are_widgets(qtbot, empty_campaign_model):
    model = BattleModel(empty_campaign_model)
    boxes = tracker_boxes()
    assert sorted(boxes) == ["aw", "lotr"]  # the systems whose rounds have actions of their own
    for make in boxes.values():
        box = make(model, lambda _title, _text: True)
        qtbot.addWidget(box)
        assert isinstance(box, QWidget)
