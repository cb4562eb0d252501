"""The session model follows aw.command_spell_restore: flipping it changes the 令呪 left after a
session end (and what the dialog says about it), and undo brings the default back."""

from __future__ import annotations

from gmtool.models.aw.session_model import AWSessionModel
from gmtool.models.house_rules_model import HouseRulesModel
from gmtool.rules.systems.aw.house_rules import RESTORE_SCENARIO, SPELL_RESTORE
from gmtool.rules.systems.aw.session import SpellEffect
from gmtool.views.aw.session_dialog import AWSessionDialog


def test_the_spells_left_after_a_session_end_follow_the_switch(qtbot, campaign_model):
    model = AWSessionModel(campaign_model)
    toru, mina, _ = (i for i, _ in model.characters())
    model.contracts.form_contract(toru, mina)
    model.contracts.use_command_spell(toru, mina, SpellEffect.ORDER)
    dialog = AWSessionDialog(model)
    qtbot.addWidget(dialog)
    box = dialog.contracts_tab.spells
    assert "セッション終了時に回復" in box.box.title()

    HouseRulesModel(campaign_model).set_reading(SPELL_RESTORE, RESTORE_SCENARIO)
    assert "シナリオ終了時に回復" in box.box.title()  # the page re-read the switch
    asked = []
    dialog.ask_confirm = lambda title, text: asked.append(text) or True
    dialog.scenes_tab.end_session_button.click()  # the GM is told the 令呪 stay spent
    assert "令呪は回復しません" in asked[-1] and "最大値（3）まで回復します" not in asked[-1]
    assert model.contracts.spells_left(toru) == 2
    assert "令呪はシナリオ終了まで回復しない" in campaign_model.log_entries()[-1].payload["summary"]["inputs"]

    stack = campaign_model.undo_stack
    stack.undo()  # the session end
    stack.undo()  # the switch
    assert "セッション終了時に回復" in box.box.title()
    model.end_session()
    assert model.contracts.spells_left(toru) == 3
