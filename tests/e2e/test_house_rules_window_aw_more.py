"""House rules through the window, AW's 令呪C timing and 供給's two switches: on the demo campaign,
編集 → ハウスルール… flips the switch, the judgement panel or the supply dialog shows another text at
once, and Ctrl+Z puts it back (the rows of tests/e2e/test_house_rules_window.py, for these switches)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gmtool.app.main_window import MainWindow
from gmtool.models.aw.session_model import AWSessionModel
from gmtool.rules.checks import Side
from gmtool.rules.house_rules import HouseRules
from gmtool.rules.systems.aw.house_rules import (
    BOOST_AFTER,
    DICE_RECOMMENDED,
    POOLS_SPLIT,
    SPELL_BOOST_TIMING,
    SUPPLY_DICE,
    SUPPLY_POOLS,
)
from gmtool.rules.systems.aw.supply import SupplyKind
from gmtool.views.aw.check_view import AWCheckView
from gmtool.views.aw.supply_dialog import MEAN_HP, MEAN_MP
from tests.e2e.test_house_rules_window import Flip, Shown, menu_action, open_house_rules

pytestmark = pytest.mark.window(record_dialogs=True)


def aw_spell_c(w: MainWindow) -> Shown:
    """The judgement panel: 影の使徒 (反射 3), servant of 朝霧 透, against 20."""
    toru, _, shadow = (s.id for s in w.campaign_model.characters_of("aw"))
    AWSessionModel(w.campaign_model).contracts.form_contract(toru, shadow)
    w.select_character(shadow)
    view = w.panel_view("aw")
    assert isinstance(view, AWCheckView)
    view.model.set_character(Side.ACTION, shadow)
    view.model.set_difficulty(20)
    return lambda: f"{view.spell_odds_label.text()} | {view.boost_check.text()} {view.boost_check.isHidden()}"


def aw_supply(w: MainWindow):
    """The supply dialog (アナザーワールド → 供給…): 朝霧 透 (HP 10, MP 15) recovers from ミナ, 2D6."""
    toru, mina, _ = (s.id for s in w.campaign_model.characters_of("aw"))
    character = w.campaign_model.character(toru)
    w.campaign_model.update_character(toru, replace(character, hp=10, mp=15), "test")
    menu_action(w, "アナザーワールド(&A)", "供給・生命力の増減…").trigger()
    dialog = w.opened[-1]
    model = dialog.model
    model.set_kind(SupplyKind.SUPPLY)
    model.set_target(toru, True)
    model.set_target(mina, True)
    model.set_recovering(mina, False)
    model.set_dice(2)
    return dialog


def aw_supply_split(w: MainWindow) -> Shown:
    dialog = aw_supply(w)
    row = next(r for r in range(dialog.table.rowCount()) if dialog.table.item(r, 0).text() == "朝霧 透")
    return lambda: (
        f"HP {dialog.table.item(row, MEAN_HP).text()} MP {dialog.table.item(row, MEAN_MP).text()}"
        f" {dialog.hp_share_label.text() if not dialog.hp_share_spin.isHidden() else ''}"
    )


def aw_supply_dice(w: MainWindow) -> Shown:
    dialog = aw_supply(w)
    return lambda: f"{dialog.dice_spin.minimum()}〜{dialog.dice_spin.maximum()}D6 {dialog.range_label.text()}"


SWITCHES = [
    Flip(SPELL_BOOST_TIMING, BOOST_AFTER, aw_spell_c, "令呪を使う確率 94.44%"),
    Flip(SUPPLY_POOLS, POOLS_SPLIT, aw_supply_split, "HP に入れる量"),
    Flip(SUPPLY_DICE, DICE_RECOMMENDED, aw_supply_dice, "1〜20D6"),
]


@pytest.mark.parametrize("flip", SWITCHES, ids=lambda flip: flip.rule_id)
def test_a_switch_flipped_in_the_window_changes_the_text_and_ctrl_z_restores_it(window, flip):
    shown = flip.setup(window)
    before = shown()
    dialog = open_house_rules(window.services)
    dialog.choose(flip.rule_id, flip.reading_id)
    after = shown()
    assert after != before
    assert flip.shows in after and flip.shows not in before
    stored = HouseRules.from_document(window.campaign_model.session_value("house_rules"))
    assert stored.get(flip.rule_id) == flip.reading_id
    window.campaign_model.undo_stack.undo()  # Ctrl+Z
    assert shown() == before
    assert HouseRules.from_document(window.campaign_model.session_value("house_rules")).is_default(
        flip.rule_id
    )
