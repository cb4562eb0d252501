"""The Armed Combat bonus (1.4.2, 「GMが面倒だと判断した場合は省略したほうが安全」) through the window:
on the demo campaign, 編集 → ハウスルール… turns it on, the LotR sheet shows the ranks reached and
takes a combat action chosen there, and Ctrl+Z turns it off again (a row of
tests/e2e/test_house_rules_window.py's kind for this switch: `SWITCHES`)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gmtool.app.main_window import MainWindow
from gmtool.rules.house_rules import HouseRules
from gmtool.rules.systems.lotr.armed_combat import armed_combat_bonus
from gmtool.rules.systems.lotr.character import Skill
from gmtool.rules.systems.lotr.house_rules import ARMED_BONUS_ON, ARMED_COMBAT_BONUS
from gmtool.views.lotr.sheet_view import LotRSheetView
from tests.e2e.test_house_rules_window import Flip, Shown, open_house_rules, select_system

pytestmark = pytest.mark.window(record_dialogs=True)


def lotr_sheet_with_blades(w: MainWindow) -> LotRSheetView:
    """The sheet of the demo's LotR character, Armed Combat: Blades at rank 9."""
    character_id = select_system(w, "lotr")
    character = w.campaign_model.character(character_id)
    skills = (
        *(s for s in character.skills if s.name != "Armed Combat: Blades"),
        Skill("Armed Combat: Blades", 9),
    )
    w.campaign_model.update_character(character_id, replace(character, skills=skills), "技能")
    sheet = w.sheet_view
    assert isinstance(sheet, LotRSheetView)
    return sheet


def lotr_armed_combat(w: MainWindow) -> Shown:
    """What the GM reads on the sheet: the ranks reached to choose at, or nothing while it is off."""
    box = lotr_sheet_with_blades(w).armed_combat_box
    combo = box.milestone_combo

    def shown() -> str:
        if not box.isVisibleTo(w.sheet_view):
            return "hidden"
        return " / ".join(combo.itemText(i) for i in range(combo.count()))

    return shown


SWITCHES = [Flip(ARMED_COMBAT_BONUS, ARMED_BONUS_ON, lotr_armed_combat, "Armed Combat: Blades ランク 9")]


@pytest.mark.parametrize("flip", SWITCHES, ids=lambda flip: flip.rule_id)
def test_the_switch_flipped_in_the_window_shows_the_choice_and_ctrl_z_hides_it(window, flip):
    shown = flip.setup(window)
    before = shown()
    assert before == "hidden"  # off by default: today's sheet
    open_house_rules(window.services).choose(flip.rule_id, flip.reading_id)
    after = shown()
    assert flip.shows in after and flip.shows not in before
    stored = HouseRules.from_document(window.campaign_model.session_value("house_rules"))
    assert stored.get(flip.rule_id) == flip.reading_id
    window.campaign_model.undo_stack.undo()  # Ctrl+Z
    assert shown() == before


def test_a_combat_action_chosen_on_the_sheet_gives_its_plus_one(window, refusals):
    box = lotr_sheet_with_blades(window).armed_combat_box
    open_house_rules(window.services).choose(ARMED_COMBAT_BONUS, ARMED_BONUS_ON)
    for rank in (6, 9):  # the same action at both ranks (「複数回同じものを強化してもよい」)
        box.milestone_combo.setCurrentIndex(
            box.milestone_combo.findText(f"Armed Combat: Blades ランク {rank}")
        )
        box.action_combo.setCurrentIndex(box.action_combo.findData("defensive"))
        box.choose_button.click()
    character = window.campaign_model.character(window.sheet_view.model.character_id)
    assert armed_combat_bonus(character, "defensive", "Armed Combat: Blades") == 2
    assert armed_combat_bonus(character, "power") == 0
    window.campaign_model.undo_stack.undo()
    character = window.campaign_model.character(window.sheet_view.model.character_id)
    assert armed_combat_bonus(character, "defensive", "Armed Combat: Blades") == 1
