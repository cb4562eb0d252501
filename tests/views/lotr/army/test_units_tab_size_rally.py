"""The units tab's 3.11.1 additions driven as the GM would: Size from a head count (Table 9.26's
factor or none for mixed races) with Morale following, and the commander's Inspire against a rout
with its exact odds shown before the roll."""

from __future__ import annotations

from gmtool.models.outcome_text import percent
from gmtool.rules.systems.lotr import reference_catalog as catalog
from gmtool.rules.systems.lotr.checks import LotRRoller
from gmtool.rules.systems.lotr.reference_table_types import CellRef
from gmtool.rules.systems.lotr.rules_data import lotr_rules
from gmtool.rules.systems.lotr.units import break_probability, morale_spec, rally_probability
from tests.models.lotr.test_hero_combat_model import fill
from tests.views.lotr.army.test_units_tab import add, cell, choose, dice, tab, unit_id  # noqa: F401


def test_size_from_headcount_with_a_race_factor(tab, refusals):  # noqa: F811
    add(tab, "近衛", size="10", morale="18")
    tab.units_table.selectRow(0)
    box = tab.headcount
    box.headcount_spin.setValue(125)
    box.apply_button.click()  # mixed races: 12.5 → 13, Morale 18 → 21
    assert (cell(tab, 0, "size"), cell(tab, 0, "morale")) == ("13", "21")
    fill(tab.model.campaign_model, catalog.UNIT_SIZE, [{"name": "Orc", "factor": "1.5"}, {"name": "Troll"}])
    assert [box.race_combo.itemText(i) for i in range(box.race_combo.count())][1:] == ["Orc", "Troll"]
    choose(box.race_combo, "Troll")
    box.apply_button.click()
    # said under the head count, not in a message box: the factor waits in Table 9.26 (issue 34)
    assert not refusals and not box.refusal_line.isHidden()
    assert (
        "「Troll」の係数が未設定" in box.refusal_line.text()
        and "ルール表 → 参照表" in box.refusal_line.text()
    )
    assert box.refusal_line.cell == CellRef(catalog.UNIT_SIZE, "Troll", "factor")
    choose(box.race_combo, "Orc")
    box.apply_button.click()  # 18.75 → 19
    assert (cell(tab, 0, "size"), cell(tab, 0, "morale")) == ("19", "27")
    tab.model.campaign_model.undo_stack.undo()
    assert cell(tab, 0, "size") == "13"


def test_the_commanders_inspire_is_in_the_odds_and_the_roll(tab, dice):  # noqa: F811
    add(tab, "近衛", size="10", morale="18")
    choose(tab.morale_target_combo, unit_id(tab, 0))
    tab.morale_commander.bonus_spin.setValue(8)
    assert not tab.rally_commander.isEnabled()
    tab.rally_check.setChecked(True)
    tab.rally_commander.bonus_spin.setValue(5)
    target = tab.model.state().units[0]
    spec = morale_spec(target, LotRRoller(rank=8), lotr_rules().degree_bands(), rally=LotRRoller(rank=5))
    assert tab.shown_p_break == break_probability(spec)
    assert tab.morale_probability_label.text() == percent(float(break_probability(spec)))
    assert percent(float(rally_probability(spec))) in tab.morale_odds_label.text()
    dice.faces = [4, 6, 5, 5, 3, 3]  # 18 reaches Morale 18; Inspire 15 beats 14
    tab.morale_button.click()
    assert "Inspire 15 対 14" in tab.morale_result_label.text()
    assert "踏みとどまった" in tab.morale_result_label.text() and cell(tab, 0, "=state") == ""
