"""The Lord of the Rings RPG in the English UI, walked as a user would (issue 35): the main window on
the demo's ナール, then every window its menus and panels open — the creation wizard page by page (its
inline refusals too), 経験点と成長, the rule tables (every tab), the sheet's recovery, hazard and renown
dialogs, the combat tracker's LotR steps (attack, actions, stun, fear, mounted) and the army tracker.
In English no text of gmtool's may hold Japanese (LotR is an English game: no Japanese gloss either);
in Japanese no text may show a raw id (a race, subrace or order id, a field key).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QTabWidget, QWidget, QWizard

from gmtool.rules.systems.lotr.rules_data import lotr_rules
from gmtool.rules.systems.lotr.rules_types import ATTRIBUTE_NAMES, REACTION_NAMES
from tests.qt_fixtures import english_ui
from tests.text_audit import japanese_leftovers, japanese_punctuation, raw_ids, report, visible_texts

pytestmark = [pytest.mark.e2e, pytest.mark.window(record_dialogs=True)]

NAAR = "ナール"


def lotr_ids() -> list[str]:
    """The ids LotR stores and must never show: races, subraces, orders, attributes, reactions."""
    rules = lotr_rules()
    ids = [race.id for race in rules.races]
    ids += [sub.id for race in rules.races for sub in race.subraces]
    ids += [order.id for order in rules.orders]
    ids += list(ATTRIBUTE_NAMES)
    ids += [*REACTION_NAMES, "combat_picks", "advancing_orders"]
    return sorted(set(ids))


def demo_user_data(window: Any) -> list[str]:
    """The demo campaign's own strings (the user's data once created): the characters' names, notes,
    skills' user-typed words."""
    data: list[str] = []
    for stored in window.campaign_model.characters():
        character = stored.character
        data.append(character.name)
        for attribute in ("notes", "description", "background", "player"):
            value = getattr(character, attribute, None)
            if isinstance(value, str) and value:
                data.extend(line for line in value.splitlines() if line.strip())
    return data


def action_with(window: Any, shortcut: str) -> Any:
    """The menu action bound to `shortcut`: found the same way in either language."""
    wanted = QKeySequence(shortcut)
    for top in window.menuBar().actions():
        menu = top.menu()
        if menu is None:
            continue
        for action in menu.actions():
            if action.shortcut() == wanted:
                return action
    raise AssertionError(f"no menu action on {shortcut}")


def every_tab(root: QWidget) -> list[tuple[str, str]]:
    """`root`'s texts with each tab of each of its tab widgets shown in turn."""
    texts = visible_texts(root)
    for tabs in root.findChildren(QTabWidget):
        for index in range(tabs.count()):
            tabs.setCurrentIndex(index)
            texts += visible_texts(tabs.widget(index))
    return texts


class Walk:
    """What the walk gathered, by the place it was read."""

    def __init__(self) -> None:
        self.texts: list[tuple[str, str]] = []

    def read(self, place: str, root: QWidget) -> None:
        self.texts += [(f"{place} › {where}", text) for where, text in every_tab(root)]


def choose(combo: Any, data: object) -> None:
    index = combo.findData(data)
    assert index >= 0, data
    combo.setCurrentIndex(index)


def select_naar(window: Any) -> str:
    naar = next(s.id for s in window.campaign_model.characters() if s.character.name == NAAR)
    window.select_character(naar)
    return naar


def walk_wizard(window: Any, walk: Walk) -> None:
    """The creation wizard from the LotR menu, each page read before and after it is filled, so the
    inline refusals are read too."""
    from tests.views.lotr.test_wizard import click_next

    def drive(wizard: QWizard) -> bool:
        wizard.show()
        walk.read("wizard origin (empty)", wizard)
        page = wizard.origin_page
        choose(page.race_combo, "hobbit")
        walk.read("wizard origin (hobbit)", wizard)
        choose(page.subrace_combo, "harfoot")
        choose(page.order_combo, "rogue")
        walk.read("wizard origin", wizard)
        click_next(wizard)
        page = wizard.attributes_page
        walk.read("wizard attributes (random)", wizard)
        page.roll_button.click()
        walk.read("wizard attributes (rolled)", wizard)
        page.choice_radio.setChecked(True)
        for attribute, value in zip(
            ("vit", "str", "nim", "per", "wit", "brg"), (10, 9, 7, 7, 5, 4), strict=True
        ):
            choose(page.assign_combos[attribute], value)
        walk.read("wizard attributes (choice)", wizard)
        for attribute, points in {"vit": 2, "str": 2, "nim": 2, "per": 2}.items():
            page.point_spins[attribute].setValue(points)
        click_next(wizard)
        walk.read("wizard favoured (empty)", wizard)
        page = wizard.favoured_page
        page.favoured_checks["nim"].setChecked(True)
        page.favoured_checks["per"].setChecked(True)
        page.reaction_radios["swiftness"].setChecked(True)
        walk.read("wizard favoured", wizard)
        click_next(wizard)
        walk.read("wizard skills", wizard)
        page = wizard.skills_page
        page.skill_edit.setCurrentText("Stealth")
        page.add_button.click()
        page.rank_spins[("Stealth", "order")].setValue(3)
        walk.read("wizard skills (Stealth)", wizard)
        click_next(wizard)
        walk.read("wizard extras (empty)", wizard)
        wizard.extras_page.name_edit.setText("Sam")
        wizard.extras_page.order_ability_edit.setText("Sneak")
        walk.read("wizard extras", wizard)
        wizard.reject()
        return False

    window.run_wizard = drive
    action_with(window, "Ctrl+Shift+L").trigger()


def walk_dialogs(window: Any, walk: Walk, qtbot: Any) -> None:
    window.opened.clear()
    action_with(window, "Ctrl+Shift+G").trigger()  # 経験点と成長
    (advancement,) = window.opened
    advancement.show()
    walk.read("advancement", advancement)

    wizard_action = action_with(window, "Ctrl+Shift+L")
    menu_actions = next(
        a.menu().actions()
        for a in window.menuBar().actions()
        if a.menu() and wizard_action in a.menu().actions()
    )
    window.opened.clear()
    menu_actions[-1].trigger()  # ルール表（ハウスルール）…
    (rules,) = window.opened
    rules.show()
    walk.read("rule tables", rules)

    sheet = window.sheet_view
    sheet.condition_box.care_button.click()
    sheet.condition_box.hazard_button.click()
    for dialog in sheet.condition_box.findChildren(QWidget):
        if dialog.isWindow() and dialog.isVisible():
            walk.read(type(dialog).__name__, dialog)
    renown = sheet.spirit_box.open_renown_test()
    walk.read("renown", renown)


def walk_tracker(window: Any, walk: Walk) -> None:
    window.opened.clear()
    action_with(window, "Ctrl+B").trigger()
    (tracker,) = window.opened
    tracker.ask_confirm = lambda *_: True
    tracker.show()
    tracker.new_button.click()
    tracker.character_combo.setCurrentIndex(tracker.character_combo.findText(NAAR))
    tracker.add_character_button.click()
    tracker.model.roster.add_quick("オーク", {"swiftness": 0, "defence": 10, "health": 6})
    tracker.start_button.click()
    walk.read("tracker", tracker)
    box = tracker.action_boxes["lotr"]
    for title, page in box.pages():
        walk.read(f"tracker {title}", page)
    people = {p.name: p.id for p in tracker.model.state().participants}
    naar, orc = people[NAAR], people["オーク"]

    # an attack: a Blunt blow at the head, rolled and its damage applied (the stun step then waits)
    attack = box.attack_box
    choose(attack.attacker_combo, naar)
    choose(attack.target_combo, orc)
    attack.called_combo.setCurrentIndex(1)
    attack.blunt_check.setChecked(True)
    walk.read("tracker attack (aimed)", attack)
    attack.roll_button.click()
    walk.read("tracker attack (rolled)", attack)
    attack.called_combo.setCurrentIndex(0)
    attack.blunt_check.setChecked(False)
    attack.roll_button.click()
    if attack.apply_button.isEnabled():
        attack.apply_button.click()
    walk.read("tracker attack (applied)", attack)
    walk.read("tracker stun", box.stun_box)

    # fear: the orc's Intimidate against ナール's Willpower, rolled and its effect applied
    fear = box.fear_box
    choose(fear.attacker_combo, orc)
    choose(fear.target_combo, naar)
    fear.intimidate_spin.setValue(12)
    walk.read("tracker fear (aimed)", fear)
    fear.roll_button.click()
    walk.read("tracker fear (rolled)", fear)
    if fear.apply_button.isEnabled():
        fear.apply_button.click()
    walk.read("tracker fear (applied)", fear)

    # mounted: ナール on a war horse
    mount = box.mount_box
    choose(mount.who_combo, naar)
    mount.mounted_check.setChecked(True)
    mount.war_check.setChecked(True)
    mount.set_button.click()
    walk.read("tracker mounted", mount)
    walk.read("tracker after the steps", tracker)
    window.opened.clear()
    action_with(window, "Ctrl+Shift+A").trigger()
    (army,) = window.opened
    army.show()
    walk.read("army", army)
    # the army steps: two units (one attacks, the other's morale is tested), a structure under a
    # siege, an hour of the mass battle, a traveller logged; each refusal is read too (`refusals`)
    units = army.units_tab
    units.add_button.click()
    units.add_button.click()
    units.attack_button.click()  # refused: no Size yet
    for unit in units.model.units():
        for field, value in (("size", 4), ("strength", 3), ("toughness", 3), ("mobility", 2), ("morale", 9)):
            units.model.set_unit_value(unit.id, field, value)
    first, second = (unit.id for unit in units.model.units())
    choose(units.attacker_combo, first)
    choose(units.target_combo, second)
    units.attack_button.click()
    choose(units.morale_target_combo, second)
    units.morale_button.click()
    walk.read("army units", army.units_tab)
    structures = army.structures_tab
    structures.new_structure_edit.setText("門")
    structures.add_structure_button.click()
    structures.siege_button.click()
    walk.read("army structures", structures)
    army.mass_battle_tab.roll_button.click()
    walk.read("army mass battle", army.mass_battle_tab)
    travel = army.travel_tab
    travel.name_combo.setEditText(NAAR)
    travel.add_button.click()
    travel.log_button.click()
    walk.read("army travel", travel)
    walk.read("army after the steps", army)


def walk_everything(window: Any, qtbot: Any, refusals: list[str]) -> Walk:
    walk = Walk()
    select_naar(window)
    walk.read("main window", window)
    walk_wizard(window, walk)
    walk_dialogs(window, walk, qtbot)
    walk_tracker(window, walk)
    walk.read("main window after the steps (log lines)", window)
    walk.texts += [("refusal box", text) for text in refusals]
    return walk


@pytest.fixture
def english_window(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Any]:
    """The main window built in the English UI (its texts are translated when made)."""
    with english_ui(tmp_path):
        yield request.getfixturevalue("window")


def hidden_japanese_names(window: Any) -> list[str]:
    """The rule tables' 日本語名 column: the gloss's own field, hidden in the English UI (read by the
    audit from the table's model all the same)."""
    from gmtool.views.lotr.rules_skills_tab import NAME_JA, SkillListView

    found = []
    for view in window.findChildren(SkillListView):
        assert view.table.isColumnHidden(NAME_JA)
        found += [view.table.item(r, NAME_JA).text() for r in range(view.table.rowCount())]
    return [name for name in found if name]


def test_the_lotr_walk_in_english_has_no_japanese(english_window, qtbot, refusals):
    walk = walk_everything(english_window, qtbot, refusals)
    user_data = [*demo_user_data(english_window), "オーク", "門", *hidden_japanese_names(english_window)]
    found = japanese_leftovers(walk.texts, user_data) + japanese_punctuation(walk.texts, user_data)
    assert not found, "Japanese left in the English UI:\n" + report(found)
    # "per" (Perception's id) is an English word in English sentences ("+2 per range step")
    found = raw_ids(walk.texts, [i for i in lotr_ids() if i != "per"], user_data)
    assert not found, "raw ids in the English UI:\n" + report(found)


def test_the_lotr_walk_in_japanese_shows_no_raw_id(window, qtbot, refusals):
    walk = walk_everything(window, qtbot, refusals)
    found = raw_ids(walk.texts, lotr_ids(), demo_user_data(window))
    assert not found, "raw ids in the Japanese UI:\n" + report(found)
