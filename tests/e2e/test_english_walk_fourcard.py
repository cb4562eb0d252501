"""Issue 35's walk over フォーカード: the main window on the demo character (its sheet, its panel in
each roll, its menu, the log lines it writes) and every window its menu and panels open — the whole
creation wizard, page by page with its inline refusals, the growth dialog on each tab, the skill
catalog, the house-rule page — read as a user would.  In the English UI nothing gmtool says is left
in Japanese (the user's data, rule quotes and bracketed game terms aside); in the Japanese UI no raw
id (``female``, ``left``, ``dx``) is shown as text.

The other systems' menus and the generic parts of the window are walked by their own tests."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtWidgets import QMenu, QTabWidget, QWidget

from gmtool.app.house_rules_menu import open_house_rules
from gmtool.models.fourcard.check_model import ACHIEVEMENT, COMPARE, TARGET
from gmtool.models.fourcard.skill_catalog import set_campaign_catalog
from gmtool.rules.systems.fourcard.catalog import SkillCatalog, SkillDef, SpecialisationDef
from gmtool.rules.systems.fourcard.house_rules import HOUSE_RULES
from tests.qt_fixtures import DEMO_NAMES
from tests.text_audit import japanese_leftovers, japanese_punctuation, raw_ids, report, visible_texts

pytestmark = [pytest.mark.e2e, pytest.mark.window(record_dialogs=True)]

DEMO = "リゼ・アルノー"
NEW = "リナ"
SCENARIO = "廃坑"
# The user's data: the demo campaign's names and notes, the skill catalog's skill and field names
# (the GM's table, shipped with the rule text's 【接近戦】), what the walk types in.
USER_DATA = (
    *DEMO_NAMES,
    NEW,
    SCENARIO,
    "革鎧",
    "デモ用のPC（フォーカード）。ルール本文に専門性の値がないため、スキルカタログの専門性は空のまま: "
    "GM がカタログで設定するまでスキルは習得できず、初期経験点は失われています。",
    "接近戦",
    "知識",
    "剣",
    "斧",
    "魔術",
    "古代語",
    # The house-rule page's rule quotes and where in the rule text they stand: quoted as written.
    *(rule.quote for rule in HOUSE_RULES),
    *(rule.section for rule in HOUSE_RULES),
)
# フォーカード's internal ids: sexes, hands, attributes, roll modes, HP lines, its system id.
IDS = (
    "fourcard",
    "male",
    "female",
    "right",
    "left",
    "both",
    "iq",
    "dx",
    "st",
    "wp",
    "vt",
    TARGET,
    COMPARE,
    ACHIEVEMENT,
)
# A catalog the GM has priced: 【接近戦】 can be bought (and specialised), 【知識】 costs more than is left.
PRICED = SkillCatalog(
    (
        SkillDef("接近戦", "dx", 2, specialisations=(SpecialisationDef("剣", 3), SpecialisationDef("斧", 4))),
        SkillDef("知識", "iq", 8),
    )
)


@pytest.fixture
def window(language: str, window: Any) -> Any:
    """The main window made in the UI language of the test (its menus are built in it)."""
    window.resize(1366, 768)
    return window


class Walk:
    """The texts of every screen visited, by screen, checked at the end so one run names them all."""

    def __init__(self, language: str) -> None:
        self.language = language
        self.screens: list[tuple[str, list[tuple[str, str]]]] = []

    def read(self, name: str, widget: QWidget) -> None:
        self.screens.append((name, visible_texts(widget)))

    def read_menu(self, name: str, menu: QMenu) -> None:
        texts = [(name, menu.title())]
        texts += [(name, text) for action in menu.actions() for text in (action.text(), action.toolTip())]
        self.screens.append((name, [(where, text) for where, text in texts if text]))

    def read_undo(self, name: str, window: Any) -> None:
        """What 編集 → 元に戻す would say for the last step."""
        self.screens.append((name, [("undo", window.campaign_model.undo_stack.undoText())]))

    def refusals(self, name: str, refusals: list[str], count: int) -> None:
        """The refusal boxes shown since the last look (`refusals` fixture): as many as the walk
        expects, read like any screen."""
        assert len(refusals) == count, refusals
        self.screens.append((name, [("refusal", text) for text in refusals]))
        refusals.clear()

    def problems(self) -> str:
        lines = []
        for name, texts in self.screens:
            found = raw_ids(texts, IDS if self.language == "ja" else (), USER_DATA)
            if self.language == "en":
                found += japanese_leftovers(texts, USER_DATA) + japanese_punctuation(texts, USER_DATA)
            if found:
                lines.append(f"{name}:\n{report(found)}")
        return "\n".join(lines)


def select(window: Any, name: str) -> None:
    model = window.campaign_model
    row = next(
        i
        for i, c in enumerate(model.characters())
        if model.stored(window.character_list.id_at(i)).character.name == name
    )
    window.select_character(window.character_list.id_at(row))


def fourcard_menu(window: Any) -> QMenu:
    title = window.menus["fourcard"].title()
    return next(
        a.menu() for a in window.menuBar().actions() if a.menu() is not None and a.menu().title() == title
    )


def walk_main_window(walk: Walk, window: Any) -> None:
    select(window, DEMO)
    walk.read("sheet", window.sheet_view)
    walk.read_menu("フォーカード menu", fourcard_menu(window))
    panel = window.panel_view("fourcard")
    for mode in (TARGET, COMPARE, ACHIEVEMENT):
        panel.model.set_mode(mode)
        if mode == TARGET:
            panel.difficulty_spin.setValue(31)  # past 「難易度の限界数値」: the warning shows
        walk.read(f"panel ({mode})", panel)
        axes = [panel.curve_plot.getAxis(side).labelText for side in ("bottom", "left")]
        walk.screens.append((f"panel ({mode}): the curve's axes", [("curve_plot", text) for text in axes]))
        panel.roll_button.click()
    damage = window.sheet_view.damage_box
    for button in (damage.fatigue_button, damage.sleep_button, damage.day_button, damage.next_day_button):
        button.click()
        walk.read_undo(f"undo text after {button.text()!r}", window)
    walk.read("sheet after damage and a day", window.sheet_view)
    sheet = window.sheet_view
    sheet.sex_combo.setCurrentIndex(sheet.sex_combo.findData("male"))
    walk.read_undo("undo text after a change of sex", window)
    sheet.add_equipment_button.click()
    walk.read_undo("undo text after adding equipment", window)


def roll_and_cancel(walk: Walk, wizard: Any) -> bool:
    """A wizard cancelled after rolling: its rolls are kept for the next one (KeptRolls)."""
    wizard.show()
    wizard.identity_page.name_edit.setText(NEW)
    wizard.identity_page.male_radio.setChecked(True)
    wizard.next()
    walk.read("wizard: attributes (not rolled)", wizard)
    wizard.attributes_page.roll_button.click()
    wizard.reject()
    return False


def drive_wizard(walk: Walk, wizard: Any, refusals: list[str]) -> bool:
    wizard.show()
    walk.read("wizard: name and sex (blocked)", wizard)
    wizard.identity_page.name_edit.setText(NEW)
    wizard.identity_page.female_radio.setChecked(True)
    walk.read("wizard: name and sex", wizard)
    wizard.next()
    assert wizard.attributes_page.carried_label.isVisibleTo(wizard)  # the cancelled wizard's rolls
    walk.read("wizard: attributes carried over", wizard)
    wizard.attributes_page.consent_check.setChecked(True)
    wizard.attributes_page.reroll_button.click()
    walk.read("wizard: attributes rolled again", wizard)
    wizard.next()
    wizard.currentPage().extra_spin.setValue(3)
    walk.read("wizard: experience (extra, no use chosen)", wizard)
    wizard.currentPage().set_earmark("接近戦", True)
    walk.read("wizard: experience", wizard)
    wizard.next()
    skills = wizard.skills_page
    walk.read("wizard: skills", skills.window())
    skills.table.selectRow(0)
    for _ in range(4):
        skills.buy_button.click()  # 2, 4, 6 of the 18 XP; the 4th TP (8) is refused: 6 are left
    assert skills.refusal_label.text()  # said under the buttons
    walk.read("wizard: the 4th TP refused", wizard)
    skills.specialise_button.click()
    assert wizard.model.draft.skill("接近戦").specialisations == ("剣",)
    walk.read("wizard: skills bought", wizard)
    walk.refusals("wizard: skills", refusals, 0)
    wizard.next()
    walk.read("wizard: handedness and money (not rolled)", wizard)
    wizard.fortune_page.hand_button.click()
    wizard.fortune_page.money_button.click()
    if wizard.model.fortune.handedness != "both":
        wizard.fortune_page.left_radio.setChecked(True)
    walk.read("wizard: handedness and money", wizard)
    wizard.next()
    walk.read("wizard: summary", wizard)
    wizard.accept()
    return wizard.created_id is not None


def walk_dialogs(walk: Walk, window: Any, refusals: list[str]) -> None:
    menu = window.menus["fourcard"]
    menu.edit_catalog()
    catalog = window.opened.pop()
    catalog.show()
    walk.read("skill catalog", catalog)
    # the shipped catalog's 特化, named in English as the skill table names it
    unset = "Sword 【剣】 (Not set)" if walk.language == "en" else "剣（未設定）"
    assert any(unset in text for _, text in walk.screens[-1][1])
    # A skill whose 前提 the catalog lacks: saving is refused, saying why.
    catalog.add_button.click()
    for edit, text in ((catalog.name_edit, "魔術"), (catalog.prerequisites_edit, "古代語")):
        edit.setText(text)
        edit.editingFinished.emit()
    catalog.specialisation_table.setFocus()
    walk.read("skill catalog, a skill added", catalog)
    assert not catalog.save()
    walk.refusals("skill catalog: saving refused", refusals, 1)
    catalog.dirty = False  # closed without the question about the unsaved change
    catalog.close()

    set_campaign_catalog(window.campaign_model, PRICED, "カタログ")
    window.run_wizard = lambda wizard: roll_and_cancel(walk, wizard)
    assert menu.create_character() is None
    walk.read("session log after a cancelled wizard", window.log_view)
    window.run_wizard = lambda wizard: drive_wizard(walk, wizard, refusals)
    assert menu.create_character() is not None
    walk.read_undo("undo text after the creation", window)
    walk.read("main window after the creation", window.log_view)
    walk.read("sheet of the new character", window.sheet_view)

    menu.grow_selected()
    growth = window.opened.pop()
    growth.show()
    growth.scenario_edit.setText(SCENARIO)
    growth.success_check.setChecked(True)
    growth.award_button.click()
    walk.read_undo("undo text after the award", window)
    tabs = growth.findChildren(QTabWidget)[0]
    for index in range(tabs.count()):
        tabs.setCurrentIndex(index)
        walk.read(f"growth dialog, tab {index}", growth)
    growth.override_check.setChecked(True)
    walk.read("growth dialog with the GM override", growth)
    # Past the rules with the override (the XP is short), a second 特化 and an attribute: the
    # ledger and the override records gmtool writes.
    growth.skill_buttons["知識"].click()
    growth.specialisation_buttons[("接近戦", "斧")].click()
    growth.attribute_buttons["iq"].click()
    walk.read_undo("undo text after buying an attribute", window)
    for index in range(tabs.count()):
        tabs.setCurrentIndex(index)
        walk.read(f"growth dialog after buying, tab {index}", growth)
    walk.refusals("growth dialog", refusals, 0)
    growth.close()

    walk.read("sheet after growth", window.sheet_view)

    dialog = open_house_rules(window.services)
    walk.read("house rules: フォーカード page", dialog.tabs.currentWidget())
    dialog.close()
    walk.read("session log", window.log_view)


def test_every_fourcard_screen_reads_in_the_ui_language(window, language, refusals):
    walk = Walk(language)
    walk_main_window(walk, window)
    walk_dialogs(walk, window, refusals)
    problems = walk.problems()
    assert problems == "", "\n" + problems
