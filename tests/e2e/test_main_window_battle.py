"""The 戦闘 menu: the combat tracker opens on the selected character's system and is undone from
the main window; the army tracker opens its three tabs.  Both open once per window."""

from __future__ import annotations

import pytest

from gmtool.app.main_window import MainWindow
from gmtool.views.battle.battle_dialog import BattleDialog
from gmtool.views.lotr.army.army_dialog import ArmyDialog

pytestmark = pytest.mark.window(record_dialogs=True)


def menu_actions(window: MainWindow, title: str) -> dict[str, object]:
    menu = next(a.menu() for a in window.menuBar().actions() if a.text() == title)
    return {a.text(): a for a in menu.actions() if a.text()}


def test_the_battle_menu_opens_each_tracker_once(window):
    actions = menu_actions(window, "戦闘(&B)")
    assert actions["戦闘トラッカー…"].shortcut().toString() == "Ctrl+B"
    assert actions["軍勢・攻城戦（指輪物語）…"].shortcut().toString() == "Ctrl+Shift+A"
    for text in ("戦闘トラッカー…", "軍勢・攻城戦（指輪物語）…"):
        actions[text].trigger()
        actions[text].trigger()  # the open one is raised, not a second copy
    assert [type(d) for d in window.opened] == [BattleDialog, ArmyDialog]
    army = window.opened[1]
    assert [army.tabs.tabText(i) for i in range(army.tabs.count())] == [
        "戦争（戦況）",
        "部隊",
        "建造物",
        "長距離移動",
    ]


def test_the_tracker_starts_on_the_selected_characters_system_and_undoes(window):
    lotr_id = next(s.id for s in window.campaign_model.characters() if s.system == "lotr")
    window.select_character(lotr_id)
    menu_actions(window, "戦闘(&B)")["戦闘トラッカー…"].trigger()
    dialog = window.opened[0]
    assert dialog.system_combo.currentData() == "lotr"
    dialog.new_button.click()
    dialog.character_combo.setCurrentIndex(dialog.character_combo.findText("ナール"))
    dialog.add_character_button.click()
    assert [p.name for p in dialog.model.state().participants] == ["ナール"]
    window.undo_action.trigger()
    assert dialog.model.state().participants == ()
    window.redo_action.trigger()
    assert [p.name for p in dialog.model.state().participants] == ["ナール"]


def test_the_tracker_opens_on_the_system_of_the_fight_it_shows(window, qtbot):
    """Walk 45: reopening the campaign with a LotR fight under way and an AW character selected, the
    tracker showed the LotR fight below 「アナザーワールドSRS 3rd」 in its system box."""
    from gmtool.models.battle_model import BattleModel

    stored = BattleModel(window.campaign_model)  # the fight kept in the campaign, as after a reopen
    stored.new_encounter("lotr", "峠の待ち伏せ")
    stored.roster.add_quick("オーク", {"swiftness": 0, "defence": 10, "health": 6}, 2, False)
    stored.round.start()
    aw_id = next(s.id for s in window.campaign_model.characters() if s.system == "aw")
    window.select_character(aw_id)
    menu_actions(window, "戦闘(&B)")["戦闘トラッカー…"].trigger()
    dialog = window.opened[0]
    assert dialog.model.state().system == "lotr"
    assert dialog.system_combo.currentText() == "指輪物語RPG（CODA）"  # the fight's, not the selection's
    stored.round.end()  # once the fight is over, a new one starts on the selected character's system
    after = BattleDialog(BattleModel(window.campaign_model), None, "aw")
    qtbot.addWidget(after)
    assert after.system_combo.currentData() == "aw"
