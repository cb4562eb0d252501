"""The tracker's 離脱 follows the house rule aw.withdraw_roll: flipping it changes the chance the AW box
shows and the roll it makes (the log says which reading), and undo brings the old chance back."""

from __future__ import annotations

import random

import pytest

from gmtool.app.systems import tracker_boxes
from gmtool.models.battle_model import BattleModel
from gmtool.models.house_rules_model import HouseRulesModel
from gmtool.rules.systems.aw import combat as aw
from gmtool.rules.systems.aw.checks import AWRoller
from gmtool.rules.systems.aw.house_rules import WITHDRAW, WITHDRAW_EACH, WITHDRAW_SINGLE
from gmtool.views.aw.battle_actions_box import AWActionsBox
from gmtool.views.battle.battle_dialog import BattleDialog

SEED = 7


@pytest.fixture
def dialog(qtbot, campaign_model, refusals):
    view = BattleDialog(BattleModel(campaign_model, seed_source=lambda: SEED), action_boxes=tracker_boxes())
    view.ask_confirm = lambda *_: True
    qtbot.addWidget(view)
    return view


def aw_box(dialog: BattleDialog) -> AWActionsBox:
    box = dialog.action_boxes["aw"]
    assert isinstance(box, AWActionsBox)
    return box


def blockaded(dialog: BattleDialog) -> tuple[str, list[str]]:
    """ミナ（行動値 8）engaged with two オーク at 7, on her turn."""
    dialog.system_combo.setCurrentIndex(dialog.system_combo.findData("aw"))
    dialog.new_button.click()
    dialog.character_combo.setCurrentIndex(dialog.character_combo.findText("ミナ・クローデル"))
    dialog.add_character_button.click()
    dialog.ask_quick_npc = lambda: ("オーク", {"initiative": 7, "hp": 10}, 2, False)
    dialog.add_npc_button.click()
    state = dialog.model.state()
    mina = next(p.id for p in state.participants if p.name == "ミナ・クローデル")
    orcs = [p.id for p in state.participants if p.name.startswith("オーク")]
    dialog.start_button.click()
    dialog.next_button.click()
    box = aw_box(dialog)
    for orc in orcs:
        box.target_combo.setCurrentIndex(box.target_combo.findData(orc))
        box.engage_button.click()
    return mina, orcs


def test_flipping_the_switch_changes_the_shown_chance_and_undo_restores_it(dialog, campaign_model):
    mina, orcs = blockaded(dialog)
    box = aw_box(dialog)
    each = aw.blockade_probability(AWRoller(8), [AWRoller(7)] * 2, WITHDRAW_EACH)
    single = aw.blockade_probability(AWRoller(8), [AWRoller(7)] * 2, WITHDRAW_SINGLE)
    assert f"{float(each):.2%}" != f"{float(single):.2%}"
    assert (
        f"{float(each):.2%}" in box.withdraw_label.text() and "敵ごとに振り直す" in box.withdraw_label.text()
    )
    assert box.battle_actions.withdraw_probability(mina, orcs) == each

    HouseRulesModel(campaign_model).set_reading(WITHDRAW, WITHDRAW_SINGLE)
    assert box.battle_actions.withdraw_probability(mina, orcs) == single
    assert f"{float(single):.2%}" in box.withdraw_label.text()
    assert "一度だけ振って全員と比べる" in box.withdraw_label.text()

    campaign_model.undo_stack.undo()
    assert box.battle_actions.withdraw_probability(mina, orcs) == each
    assert f"{float(each):.2%}" in box.withdraw_label.text()


def test_the_withdrawal_rolls_and_logs_under_the_chosen_reading(dialog, campaign_model):
    mina, orcs = blockaded(dialog)
    HouseRulesModel(campaign_model).set_reading(WITHDRAW, WITHDRAW_SINGLE)
    box = aw_box(dialog)
    state = dialog.model.state()
    expected = aw.withdraw(state, mina, orcs, random.Random(SEED), WITHDRAW_SINGLE)
    # One roll for the leaver: every comparison shows the same faces.
    assert len({r.action.faces for _, r in expected.results}) == 1
    box.withdraw_button.click()
    assert (dialog.model.state().get(mina).engagement is None) is expected.succeeded
    last = dialog.log_list.item(dialog.log_list.count() - 1).text()
    single = aw.withdraw_probability(state, mina, orcs, WITHDRAW_SINGLE)
    assert "一度だけ振って全員と比べる" in last and f"{float(single):.1%}" in last
