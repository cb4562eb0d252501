"""The house-rules page: a tab per system, the rule text's words beside each switch, the default
marked, a click flips the campaign's reading (one undo step) and an undo moves the radio back."""

from __future__ import annotations

from gmtool.models.house_rules_model import HouseRulesModel
from gmtool.rules.systems.aw.house_rules import (
    FOCUS_REDECLARE,
    REDECLARE_GM,
    REDECLARE_ONCE,
    WITHDRAW,
    WITHDRAW_EACH,
    WITHDRAW_SINGLE,
)
from gmtool.views.house_rules_dialog import HouseRulesDialog

SYSTEMS = [("aw", "アナザーワールド"), ("mtg", "MTGでTRPG")]


def checked(dialog: HouseRulesDialog, rule_id: str) -> str:
    return next(b.property("reading") for b in dialog.groups[rule_id].buttons() if b.isChecked())


def test_a_click_flips_the_reading_and_undo_moves_the_radio_back(qtbot, empty_campaign_model):
    dialog = HouseRulesDialog(HouseRulesModel(empty_campaign_model), SYSTEMS, current="aw")
    qtbot.addWidget(dialog)
    assert dialog.tabs.tabText(dialog.tabs.currentIndex()) == "アナザーワールド"
    assert checked(dialog, WITHDRAW) == WITHDRAW_EACH
    labels = [b.text() for b in dialog.groups[WITHDRAW].buttons()]
    assert labels[0].endswith("（既定）") and not labels[1].endswith("（既定）")
    box = dialog.groups[WITHDRAW].buttons()[0].parent()
    words = " ".join(label.text() for label in box.findChildren(type(dialog.problem)))
    assert "そのすべてに勝利しなければならない" in words  # the rule text's own words beside the switch
    dialog.choose(WITHDRAW, WITHDRAW_SINGLE)
    assert checked(dialog, WITHDRAW) == WITHDRAW_SINGLE
    assert "一度だけ振り" in dialog.effects[WITHDRAW].text()
    empty_campaign_model.undo_stack.undo()
    assert checked(dialog, WITHDRAW) == WITHDRAW_EACH
    assert not dialog.problem.isVisible()


def test_a_system_without_switches_says_so(qtbot, empty_campaign_model):
    # Every shipped system has switches now (MTG's too): an id no system has stands for one without.
    dialog = HouseRulesDialog(HouseRulesModel(empty_campaign_model), [SYSTEMS[0], ("none", "スイッチなし")])
    qtbot.addWidget(dialog)
    page = dialog.tabs.widget(1).widget()
    assert any("まだありません" in label.text() for label in page.findChildren(type(dialog.problem)))


def test_the_af_switch_marks_the_texts_rule_as_default_and_the_page_says_why(qtbot, empty_campaign_model):
    # Issue 37: 「原則として一度の行為で使用した特技は使用できない…GM判断で特技使用が許可される」
    dialog = HouseRulesDialog(HouseRulesModel(empty_campaign_model), SYSTEMS, current="aw")
    qtbot.addWidget(dialog)
    assert checked(dialog, FOCUS_REDECLARE) == REDECLARE_ONCE
    buttons = dialog.groups[FOCUS_REDECLARE].buttons()
    assert buttons[0].text() == "AF判定の中で一度だけ（既定）"
    assert buttons[1].property("reading") == REDECLARE_GM  # the GM's permission comes next
    intro = " ".join(label.text() for label in dialog.findChildren(type(dialog.problem)))
    assert "本文の言葉が決める読み方" in intro and "これまで使ってきた" not in intro
