"""The mass battle tab driven as the GM would, with fixed dice: the shown odds and the plotted bars
are the engine's exact numbers, a battle runs to its end, heroes are recorded, refusals are said."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from gmtool.models.lotr.mass_battle_model import SESSION_KEY, LotRMassBattleModel
from gmtool.rules.systems.lotr.mass_battle import DEFEAT, POSITIONS, VICTORY, battle_odds, odds_from
from gmtool.views.lotr.army.mass_battle_tab import MassBattleTab, percent_one_decimal


@pytest.fixture
def tab(qtbot, campaign_model) -> MassBattleTab:
    seeds = iter(range(500, 10_000))
    tab = MassBattleTab(LotRMassBattleModel(campaign_model, seed_source=lambda: next(seeds)))
    qtbot.addWidget(tab)
    tab.show()
    qtbot.waitExposed(tab)
    return tab


def choose(combo, data) -> None:
    index = combo.findData(data)
    assert index >= 0, f"{data!r} is not offered"
    combo.setCurrentIndex(index)


def column(table, index: int) -> list[str]:
    return [table.item(r, index).text() for r in range(table.rowCount())]


def shown_odds_match_the_engine(tab: MassBattleTab) -> None:
    state = tab.model.state()
    victory, hours = odds_from(state)
    assert tab.victory_label.text() == f"勝利する確率 {float(victory) * 100:.1f}%"
    assert tab.hours_label.text() == f"終わるまでの時間の期待値 {float(hours):.2f} 時間"
    expected = battle_odds(*state.modifiers())
    assert tab.odds_plot.bar_heights() == pytest.approx({p: float(v) * 100 for p, (v, _) in expected.items()})
    assert tab.odds_plot.marked == (None if state.ended else state.position)


def test_a_new_battle_shows_even_odds(tab):
    assert tab.model.state().position == 0
    assert tab.victory_label.text() == "勝利する確率 50.0%"
    shown_odds_match_the_engine(tab)
    assert "background" in tab.track_labels[0].styleSheet()
    assert all("background" not in tab.track_labels[p].styleSheet() for p in (-4, -3, 3, 4))
    assert set(tab.odds_plot.bar_heights()) == set(POSITIONS)


def test_the_start_and_siegecraft_move_the_odds(tab, qtbot):
    choose(tab.start_combo, -2)  # before the first hour the choice is the start itself
    assert tab.model.state().position == -2
    shown_odds_match_the_engine(tab)
    assert "background" in tab.track_labels[-2].styleSheet()
    tab.siegecraft_ours_spin.setValue(4)
    tab.siegecraft_theirs_spin.setValue(1)
    assert tab.model.odds() == battle_odds()  # ranks are kept, but not added until ticked
    qtbot.mouseClick(tab.use_siegecraft, Qt.MouseButton.LeftButton)
    assert tab.model.state().use_siegecraft and tab.model.odds() == battle_odds(4, 1)
    shown_odds_match_the_engine(tab)


def test_a_battle_driven_by_clicks_runs_to_its_end(tab, qtbot):
    tab.ours_edit.setText("ローハン")
    tab.ours_edit.editingFinished.emit()
    choose(tab.start_combo, 2)
    for _ in range(200):
        if not tab.roll_button.isEnabled():
            break
        qtbot.mouseClick(tab.roll_button, Qt.MouseButton.LeftButton)
        shown_odds_match_the_engine(tab)
    state = tab.model.state()
    assert state.ended and state.position in (VICTORY, DEFEAT)
    assert tab.hours_table.rowCount() == len(state.hours)
    assert column(tab.hours_table, 0) == [str(h.hour) for h in state.hours]
    assert column(tab.hours_table, 2) == [str(h.ours_total) for h in state.hours]
    assert tab.hours_table.horizontalHeaderItem(1).text() == "ローハンの出目"
    assert f"{len(state.hours)}時間で終結" in tab.status_label.text()
    assert [p for p, label in tab.track_labels.items() if "background" in label.styleSheet()] == [
        state.position
    ]
    assert tab.victory_label.text() == (
        "勝利する確率 100.0%" if state.position == VICTORY else "勝利する確率 0.0%"
    )
    assert tab.hours_label.text() == "終わるまでの時間の期待値 0.00 時間"
    assert tab.odds_plot.marked is None
    # Undo from anywhere (the main window's menu) brings the tab back one hour.
    tab.model.campaign_model.undo_stack.undo()
    assert tab.roll_button.isEnabled() and tab.hours_table.rowCount() == len(state.hours) - 1
    shown_odds_match_the_engine(tab)


def test_fixed_seeds_give_the_same_battle(qtbot, campaign_model):
    def run(model_seed: int) -> tuple:
        tab = MassBattleTab(LotRMassBattleModel(campaign_model, seed_source=lambda: model_seed))
        qtbot.addWidget(tab)
        choose(tab.start_combo, 1)
        tab.restart_button.click()
        for _ in range(3):
            tab.roll_button.click()
        return tuple(tab.model.state().hours[:3])

    first = run(77)
    assert run(77) == first


def test_the_shortcut_rolls_an_hour(tab, qtbot):
    tab.activateWindow()
    tab.roll_button.setFocus()
    qtbot.keyClick(tab.roll_button, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert len(tab.model.state().hours) == 1
    tab.roll_shortcut.activated.emit()
    assert len(tab.model.state().hours) == 2


def test_a_restart_after_hours_waits_for_the_button(tab, qtbot):
    tab.roll_button.click()
    choose(tab.start_combo, 3)
    assert tab.model.state().hours and tab.model.state().start == 0
    assert tab.start_combo.currentData() == 3  # the GM's pick survives the re-sync of an hour
    qtbot.mouseClick(tab.restart_button, Qt.MouseButton.LeftButton)
    assert tab.model.state().position == 3 and tab.model.state().hours == ()
    assert tab.hours_table.rowCount() == 0


def test_heroes_are_recorded_with_the_gms_text(tab, qtbot, refusals):
    tab.roll_button.click()
    assert "ナール" in [tab.hero_combo.itemText(i) for i in range(tab.hero_combo.count())]
    assert "Table 9.24" in tab.hero_note.text() and "ルール表 → 参照表" in tab.hero_note.text()
    assert tab.hero_hour_spin.value() == 1 and tab.hero_hour_spin.maximum() == 2
    tab.hero_combo.setEditText("ナール")
    tab.hero_position_combo.setEditText("Heart of Battle")
    tab.hero_result_edit.setText("敵の隊長と一騎討ち")
    qtbot.mouseClick(tab.add_hero_button, Qt.MouseButton.LeftButton)
    assert column(tab.heroes_table, 1) == ["ナール"]
    assert column(tab.heroes_table, 2) == ["Heart of Battle"]
    assert column(tab.heroes_table, 3) == ["敵の隊長と一騎討ち"]
    assert tab.hero_result_edit.text() == ""
    tab.hero_combo.setEditText("  ")
    qtbot.mouseClick(tab.add_hero_button, Qt.MouseButton.LeftButton)
    assert refusals == ["英雄の名前を入れてください"]
    assert tab.heroes_table.rowCount() == 1


def test_rolling_after_the_end_is_refused_aloud(tab, refusals):
    choose(tab.start_combo, 3)
    while not tab.model.state().ended:
        tab.model.roll_hour()
    assert not tab.roll_button.isEnabled()
    tab.roll_shortcut.activated.emit()  # the shortcut clicks a disabled button: nothing happens
    assert refusals == []
    tab._guard(tab.model.roll_hour)
    assert len(refusals) == 1 and "戦いは" in refusals[0]


def test_a_damaged_stored_battle_is_reported(tab):
    tab.model.campaign_model.set_session_value(SESSION_KEY, {"position": 12}, "壊す")
    assert tab.problem_label.isVisible()
    assert "lotr.mass_battle.position" in tab.problem_label.text()
    choose(tab.start_combo, -1)
    assert not tab.problem_label.isVisible() and tab.model.state().position == -1


def test_percent_text_never_rounds_a_chance_away():
    from fractions import Fraction

    assert percent_one_decimal(Fraction(1, 2)) == "50.0%"
    assert percent_one_decimal(Fraction(1, 10**6)) == "0.1%未満"
    assert percent_one_decimal(1 - Fraction(1, 10**6)) == "99.9%超"
    assert percent_one_decimal(Fraction(0)) == "0.0%"
    assert percent_one_decimal(Fraction(1)) == "100.0%"
