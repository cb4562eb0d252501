"""House rules through the window: on the demo campaign, 編集 → ハウスルール… flips a switch, the
panel or tracker that follows it shows another number at once, and Ctrl+Z puts the number back.

One row per switch: `SWITCHES` lists (rule id, reading to flip to, setup).  A setup prepares the
window (selects a character, opens a tracker, sets up the test) and returns what the user reads:
a function giving the shown text.  Other systems' switches are added as rows."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

import pytest
from PySide6.QtCore import QSettings

from gmtool.app.house_rules_menu import open_house_rules
from gmtool.app.main_window import MainWindow
from gmtool.models.fourcard.check_model import COMPARE, CUSTOM
from gmtool.rules.house_rules import HouseRules
from gmtool.rules.systems.aw.house_rules import (
    END_PLAYED_OUT,
    FOCUS_ROUND_END,
    RESTORE_SCENARIO,
    SPELL_RESTORE,
    WITHDRAW,
    WITHDRAW_SINGLE,
)
from gmtool.rules.systems.fourcard.checks import Contestant as FourCardContestant
from gmtool.rules.systems.fourcard.house_rules import COMPARE_NATURALS, NATURALS_PLAIN
from gmtool.rules.systems.lotr.checks import Contestant
from gmtool.rules.systems.lotr.derived import wound_track
from gmtool.rules.systems.lotr.house_rules import (
    BATTLE_TIE,
    MARGINAL_HELPER,
    MARGINAL_ONE,
    TIE_REROLL,
    UNSET_LIGHTER,
    UNSET_WOUND_PENALTY,
)
from gmtool.views.lotr.check_view import LotRCheckView

Shown = Callable[[], str]
AF_ACTION = "アナザーフォーカス判定（AF）…"


@pytest.fixture
def window(qtbot, campaign_model, tmp_path):
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    w = MainWindow(campaign_model, settings)
    w.opened: list[object] = []
    w.open_dialog = w.opened.append
    qtbot.addWidget(w)
    w.show()
    return w


def select_system(window: MainWindow, system_id: str) -> str:
    character_id = next(s.id for s in window.campaign_model.characters() if s.system == system_id)
    window.select_character(character_id)
    return character_id


def menu_action(window: MainWindow, menu_title: str, text: str):
    menu = next(a.menu() for a in window.menuBar().actions() if a.text() == menu_title)
    return next(a for a in menu.actions() if a.text() == text)


# ---- LotR ---------------------------------------------------------------------------------------
def lotr_panel(window: MainWindow) -> LotRCheckView:
    select_system(window, "lotr")
    view = window.panel_view("lotr")
    assert isinstance(view, LotRCheckView)
    return view


def lotr_group_test(window: MainWindow) -> Shown:
    view = lotr_panel(window)
    model = view.model
    model.set_mode("group")
    model.set_source(Contestant.A, "custom")
    model.set_custom_value(Contestant.A, 3)
    model.set_tn(12)
    helper = model.add_helper()
    model.set_source(helper, "custom")
    model.set_custom_value(helper, 0)
    return lambda: f"{view.headline.text()} | {view.help_label.text()}"


def lotr_wounded_test(window: MainWindow) -> Shown:
    character_id = select_system(window, "lotr")
    character = window.campaign_model.character(character_id)
    levels = [lv.id for lv in wound_track(character).levels]
    damage = levels.index("wounded") * character.health
    window.campaign_model.update_character(character_id, replace(character, damage=damage), "ダメージ")
    view = lotr_panel(window)
    return lambda: f"{view.headline.text()} | {view.warning_label.text()}"


def lotr_mass_battle(window: MainWindow) -> Shown:
    menu_action(window, "戦闘(&B)", "軍勢・攻城戦（指輪物語）…").trigger()
    tab = window.opened[-1].mass_battle_tab
    tab.model.start(-1)
    return lambda: f"{tab.victory_label.text()} | {tab.hours_label.text()}"


# ---- アナザーワールド -----------------------------------------------------------------------------
def aw_blockade(window: MainWindow) -> Shown:
    """The combat tracker (戦闘 → 戦闘トラッカー…): ミナ engaged with two オーク on her turn."""
    menu_action(window, "戦闘(&B)", "戦闘トラッカー…").trigger()
    dialog = window.opened[-1]
    dialog.ask_confirm = lambda *_: True
    dialog.system_combo.setCurrentIndex(dialog.system_combo.findData("aw"))
    dialog.new_button.click()
    dialog.character_combo.setCurrentIndex(dialog.character_combo.findText("ミナ・クローデル"))
    dialog.add_character_button.click()
    dialog.ask_quick_npc = lambda: ("オーク", {"initiative": 7, "hp": 10}, 2, False)
    dialog.add_npc_button.click()
    orcs = [p.id for p in dialog.model.state().participants if p.name.startswith("オーク")]
    dialog.start_button.click()
    dialog.next_button.click()
    box = dialog.action_boxes["aw"]
    for orc in orcs:
        box.target_combo.setCurrentIndex(box.target_combo.findData(orc))
        box.engage_button.click()
    return box.withdraw_label.text


def aw_spells(window: MainWindow) -> Shown:
    """The AW session page (アナザーワールド → セッション管理…): when the 令呪 come back."""
    menu_action(window, "アナザーワールド(&A)", "セッション管理（契約・令呪・イベントキー）…").trigger()
    box = window.opened[-1].contracts_tab.spells.box
    return box.title


def aw_focus(window: MainWindow) -> Shown:
    """An Another Focus (アナザーワールド → AF判定…) at difficulty 50 over 2 rounds, 43 reached in round 1."""
    menu_action(window, "アナザーワールド(&A)", AF_ACTION).trigger()
    dialog = window.opened[-1]
    dialog.notify = lambda _text: None  # the pop-up at the round's end
    dialog.setup_page.difficulty_spin.setValue(50)
    dialog.setup_page.rounds_spin.setValue(2)
    dialog.setup_page.start_button.click()
    for natural in (12, 9):
        dialog.run_page.natural_spin.setValue(natural)
        dialog.run_page.manual_button.click()
    return dialog.run_page.odds_label.text


# ---- フォーカード ----------------------------------------------------------------------------------
def fourcard_compare(window: MainWindow) -> Shown:
    """The judgement panel's 比較ロール: A's chance of winning, which the naturals' reading moves."""
    select_system(window, "fourcard")
    view = window.panel_view("fourcard")
    view.model.set_mode(COMPARE)
    for side, value in (
        (FourCardContestant.A, 0),
        (FourCardContestant.B, 20),
    ):  # only a natural 12 wins for A
        view.model.set_source(side, CUSTOM)
        view.model.set_custom_value(side, value)
    return lambda: f"{view.headline.text()} | {view.detail_label.text()}"


@dataclass(frozen=True)
class Flip:
    rule_id: str
    reading_id: str
    setup: Callable[[MainWindow], Shown]
    shows: str = ""  # a piece of text seen only after the flip


SWITCHES = [
    Flip(FOCUS_ROUND_END, END_PLAYED_OUT, aw_focus),
    Flip(COMPARE_NATURALS, NATURALS_PLAIN, fourcard_compare),
    Flip(WITHDRAW, WITHDRAW_SINGLE, aw_blockade, "一度だけ振って全員と比べる"),
    Flip(SPELL_RESTORE, RESTORE_SCENARIO, aw_spells, "シナリオ終了時に回復"),
    Flip(MARGINAL_HELPER, MARGINAL_ONE, lotr_group_test, "Marginal +1"),
    Flip(UNSET_WOUND_PENALTY, UNSET_LIGHTER, lotr_wounded_test),
    Flip(BATTLE_TIE, TIE_REROLL, lotr_mass_battle),
]


@pytest.mark.parametrize("flip", SWITCHES, ids=lambda flip: flip.rule_id)
def test_a_switch_flipped_in_the_window_changes_the_number_and_ctrl_z_restores_it(window, flip):
    shown = flip.setup(window)
    before = shown()
    dialog = open_house_rules(window)
    dialog.choose(flip.rule_id, flip.reading_id)
    after = shown()
    assert after != before
    assert flip.shows in after and (not flip.shows or flip.shows not in before)
    stored = HouseRules.from_document(window.campaign_model.session_value("house_rules"))
    assert stored.get(flip.rule_id) == flip.reading_id
    window.campaign_model.undo_stack.undo()  # Ctrl+Z
    assert shown() == before
    assert HouseRules.from_document(window.campaign_model.session_value("house_rules")).is_default(
        flip.rule_id
    )


def test_the_wounded_warning_is_loud_until_the_lighter_value_is_carried(window):
    view = lotr_panel(window)
    lotr_wounded_test(window)
    assert view.warning_label.isVisible() and "ペナルティなしで判定しています" in view.warning_label.text()
    open_house_rules(window).choose(UNSET_WOUND_PENALTY, UNSET_LIGHTER)
    assert not view.warning_label.isVisible()
