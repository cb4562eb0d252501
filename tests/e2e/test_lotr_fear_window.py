"""A fear attack (3.8) through the real main window's combat tracker: the 戦闘 menu opens the tracker,
a fight starts with ナール and a quick NPC, the NPC's Intimidate meets ナール's Willpower with a row of
Table 9.20 ticked, ナール spends courage after the roll (counted on the tracker's round), the effect
lands as a condition whose penalty every action takes, the lost turn is counted on ナール's turns, and
each step is undone and redone from the main window."""

from __future__ import annotations

import random

import pytest

from gmtool.app.main_window import MainWindow
from gmtool.models.lotr.courage_rounds import COURAGE_KEY
from gmtool.models.lotr.fear_model import LotRFearModel
from gmtool.models.lotr.rules_model import LotRRulesModel
from gmtool.rules.systems.lotr import fear, reference_catalog as catalog
from gmtool.rules.systems.lotr.checks import Contestant
from gmtool.views.lotr.fear_box import FearBox

pytestmark = pytest.mark.window(record_dialogs=True)


def open_fight(window: MainWindow):
    lotr_id = next(s.id for s in window.campaign_model.characters() if s.system == "lotr")
    window.select_character(lotr_id)
    menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "戦闘(&B)")
    next(a for a in menu.actions() if a.text() == "戦闘トラッカー…").trigger()
    dialog = window.opened[0]
    dialog.new_button.click()
    dialog.character_combo.setCurrentIndex(dialog.character_combo.findText("ナール"))
    dialog.add_character_button.click()
    dialog.ask_quick_npc = lambda: ("黒の乗手", {"swiftness": 9, "defence": 12, "health": 12}, 1, False)
    dialog.add_npc_button.click()
    dialog.start_button.click()
    return dialog


def the_fear_box(qtbot, dialog) -> FearBox:
    """The tracker's own fear box once the lead has placed it in the LotR box, else one built here
    on the tracker's model (the same BattleModel the dialog shows)."""
    box = getattr(dialog.action_boxes["lotr"], "fear_box", None)
    if box is None:
        box = FearBox(LotRFearModel(dialog.model))
        qtbot.addWidget(box)
    return box


def ids(dialog) -> tuple[str, str]:
    people = {p.name: p.id for p in dialog.model.state().participants}
    return people["黒の乗手"], people["ナール"]


def test_a_fear_attack_through_the_tracker(qtbot, window):
    LotRRulesModel(window.campaign_model).edits.set_value(
        ("tables", catalog.FEAR), [{"name": "恐怖の対象に近い", "modifier": -1}], "test"
    )
    dialog = open_fight(window)
    rider, naar = ids(dialog)
    box = the_fear_box(qtbot, dialog)
    box.attacker_combo.setCurrentIndex(box.attacker_combo.findData(rider))
    box.target_combo.setCurrentIndex(box.target_combo.findData(naar))
    box.intimidate_spin.setValue(7)
    box.row_checks["恐怖の対象に近い"].setChecked(True)
    plan = box.plan()
    spec = box.model.spec(plan)
    assert spec.resistance == spec.willpower - 1  # the ticked row
    odds = fear.fear_distribution(spec)
    assert f"{100 * float(odds[fear.FearEffect.PENALTY_2]):.2f}%" in box.odds_label.text()

    # Superior by a lead of 7–8, so that ナール's +3 still leaves the attacker ahead at Complete
    seed = next(
        s
        for s in range(100_000)
        if (r := fear.resolve(spec, random.Random(s))).winner is Contestant.A and 7 <= r.margin <= 8
    )
    box.model.seed_source = lambda: seed
    undo = window.campaign_model.undo_stack
    start = undo.index()
    box.roll_button.click()
    assert "1 ターン行動不能、かつ −4" in box.result_label.text()
    assert "恐怖攻撃" in dialog.model.state().events[-1].text

    box.courage_b_button.click()  # ナール, after seeing the roll (1.2.3)
    assert "すべての行動に −2" in box.result_label.text()
    state = window.campaign_model.session_value(COURAGE_KEY)
    assert state["counted"] == "tracker:1" and sum(state["spent"].values()) == 1
    window.undo_action.trigger()
    assert "1 ターン行動不能" in box.result_label.text()  # the spend undone: the roll as it was
    window.redo_action.trigger()
    assert "すべての行動に −2" in box.result_label.text()

    box.apply_button.click()
    target = dialog.model.participant(naar)
    assert [c.name for c in target.conditions] == ["恐怖 −2"]
    assert dialog.model.rules().penalty(target) == -2
    assert undo.index() == start + 3  # roll, courage, effect: one step each
    window.undo_action.trigger()
    assert dialog.model.participant(naar).conditions == ()
    window.redo_action.trigger()
    assert dialog.model.rules().penalty(dialog.model.participant(naar)) == -2


def test_a_lost_turn_is_skipped_by_next_turn_and_ctrl_z_gives_it_back(qtbot, window):
    dialog = open_fight(window)
    rider, naar = ids(dialog)
    box = the_fear_box(qtbot, dialog)
    box.attacker_combo.setCurrentIndex(box.attacker_combo.findData(rider))
    box.target_combo.setCurrentIndex(box.target_combo.findData(naar))
    box.intimidate_spin.setValue(7)
    spec = box.model.spec(box.plan())
    seed = next(
        s
        for s in range(100_000)
        if (r := fear.resolve(spec, random.Random(s))).winner is Contestant.A and 6 <= r.margin <= 10
    )
    box.model.seed_source = lambda: seed
    box.roll_button.click()
    box.apply_button.click()

    def lost() -> list:
        return [c for c in dialog.model.participant(naar).conditions if "行動不能" in c.name]

    assert lost()[0].rounds == 2
    skipped = False
    for _ in range(8):  # 次の手番 never hands ナール the lost turn: the step that reaches it skips it
        dialog.next_button.click()
        assert dialog.model.state().current != naar
        if "飛ばした" in dialog.model.state().events[-1].text:
            skipped = True
            break
    assert (
        skipped
        and "ナールの手番は「恐怖: 次の手番は行動不能」で飛ばした" in dialog.model.state().events[-1].text
    )
    window.campaign_model.undo_stack.undo()  # Ctrl+Z: the turn is given back, the condition too
    assert lost() and not dialog.model.participant(naar).acted
    window.campaign_model.undo_stack.redo()
    assert lost() == [] and dialog.model.rules().penalty(dialog.model.participant(naar)) == -4
