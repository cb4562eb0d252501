"""House rules through the window: on the demo campaign, 編集 → ハウスルール… flips a switch, the
panel or tracker that follows it shows another number at once, and Ctrl+Z puts the number back.

One row per switch: `SWITCHES` lists (rule id, reading to flip to, setup).  A setup prepares the
window (selects a character, opens a tracker, sets up the test) and returns what the user reads:
a function giving the shown text.  The 千幻抄 setups are in house_rules_window_sengensho.py; AW's
令呪C timing and 供給 switches have their rows in test_house_rules_window_aw_more.py, and the last
test checks that together the rows flip every switch of every system."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from importlib import import_module

import pytest

from gmtool.app.house_rules_menu import open_house_rules
from gmtool.app.main_window import MainWindow
from gmtool.models.fourcard.check_model import COMPARE, CUSTOM
from gmtool.models.fourcard.skill_catalog import set_campaign_catalog
from gmtool.models.lotr.rules_model import LotRRulesModel
from gmtool.rules.house_rules import HouseRules, all_house_rules, house_rule
from gmtool.rules.systems.aw.house_rules import (
    END_PLAYED_OUT,
    FOCUS_REDECLARE,
    FOCUS_ROUND_END,
    REDECLARE_EVERY,
    RESTORE_SCENARIO,
    SPELL_RESTORE,
    WITHDRAW,
    WITHDRAW_SINGLE,
)
from gmtool.rules.systems.fourcard.checks import Contestant as FourCardContestant
from gmtool.rules.systems.fourcard.house_rules import (
    COMPARE_NATURALS,
    LEVEL_TABLE,
    LEVEL_UPPER,
    NATURALS_PLAIN,
    TP_PER_INTERLUDE,
    TP_STEP,
)
from gmtool.rules.systems.lotr.checks import Contestant
from gmtool.rules.systems.lotr.derived import wound_track
from gmtool.rules.systems.lotr.house_rules import (
    BATTLE_TIE,
    MARGINAL_HELPER,
    MARGINAL_ONE,
    TIE_REROLL,
    UNSET_WOUND_PENALTY,
    UNSET_ZERO,
)
from gmtool.rules.systems.sengensho.house_rules import (
    ABILITY_PERIOD,
    BOSS_LEVEL,
    BOSS_LEVEL_CAPPED,
    BOSS_SLOT,
    BOSS_SLOT_TAKEN,
    DEBT,
    DEBT_COUNT,
    HALVE_SUM,
    PC_HALVING,
    PER_SCENARIO,
)
from gmtool.views.fourcard.check_view import FourCardCheckView
from gmtool.views.fourcard.growth_dialog import FourCardGrowthDialog
from gmtool.views.fourcard.sheet_view import FourCardSheetView
from gmtool.views.lotr.check_view import LotRCheckView
from tests.e2e.house_rules_window_sengensho import (
    Shown,
    menu_action,
    sengensho_ability_period,
    sengensho_boss_level,
    sengensho_boss_slot,
    sengensho_debt,
    sengensho_three_pc_bonds,
)
from tests.models.fourcard.test_growth_model import growth_catalog
from tests.rules.lotr.gm_tables import GM_WOUND_PENALTIES

# Rows for more switches live in this module (it imports Flip and the fixture from here).
MORE_ROWS = "tests.e2e.test_house_rules_window_aw_more"
AF_ACTION = "アナザーフォーカス判定（AF）…"
DECLARED_COLUMN = 6  # the AF page's 宣言数: the 特技 counted for the member this round


pytestmark = pytest.mark.window(record_dialogs=True)


def select_system(window: MainWindow, system_id: str) -> str:
    character_id = next(s.id for s in window.campaign_model.characters() if s.system == system_id)
    window.select_character(character_id)
    return character_id


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
    return lambda: f"{view.headline.text()} | {view.help_label.toolTip()}"


def lotr_wounded_test(window: MainWindow) -> Shown:
    """A Wounded character, with the GM's penalties for the lighter levels (the summary gives none):
    the reading of Wounded's empty penalty then decides the number."""
    rules = LotRRulesModel(window.campaign_model)
    for level, penalty in GM_WOUND_PENALTIES.items():
        rules.set_penalty("wound", level, penalty)
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


def aw_focus_redeclared(window: MainWindow) -> Shown:
    """The same AF with 朝霧 透's 《サンプル特技》 declared in round 1 (7 and 7 rolled): whether it
    lowers round 2's difficulty again, and the odds that follow."""
    menu_action(window, "アナザーワールド(&A)", AF_ACTION).trigger()
    dialog = window.opened[-1]
    dialog.notify = lambda _text: None
    dialog.setup_page.difficulty_spin.setValue(50)
    dialog.setup_page.rounds_spin.setValue(2)
    dialog.setup_page.start_button.click()
    page = dialog.run_page
    page.feat_boxes[0]["サンプル特技"].setChecked(True)
    for natural in (7, 7):
        page.natural_spin.setValue(natural)
        page.manual_button.click()
    declared = DECLARED_COLUMN
    return lambda: (
        f"{page.members_table.item(0, declared).text()} | {page.next_label.text()} | {page.odds_label.text()}"
    )


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


def fourcard_level(window: MainWindow) -> Shown:
    """リゼ・アルノー (15 XP): the sheet's 総合LV and the panel's DX check, whose base adds it."""
    select_system(window, "fourcard")
    view, sheet = window.panel_view("fourcard"), window.sheet_view
    assert isinstance(view, FourCardCheckView) and isinstance(sheet, FourCardSheetView)
    view.model.set_source(FourCardContestant.A, "attribute:dx")
    view.model.set_difficulty(14)
    return lambda: f"総合LV {sheet.level_label.text()} | {view.headline.text()} | {view.detail_label.text()}"


def fourcard_second_tp(window: MainWindow) -> Shown:
    """成長（シナリオの幕間）… for リゼ after 「廃坑」: 5 XP awarded, 【魔術理論】 bought to 1TP; the
    row's reason and button for a second TP in the same interlude."""
    set_campaign_catalog(window.campaign_model, growth_catalog(), "GMのカタログ")
    select_system(window, "fourcard")
    menu_action(window, "フォーカード(&4)", "成長（シナリオの幕間）…").trigger()
    dialog = window.opened[-1]
    assert isinstance(dialog, FourCardGrowthDialog)
    dialog.scenario_edit.setText("廃坑")
    dialog.success_check.setChecked(True)
    dialog.award_button.click()
    dialog.skill_buttons["魔術理論"].click()
    assert cells(dialog.skill_table, "【魔術理論】")[3] == "1"  # bought: 1TP

    def shown() -> str:
        row = cells(dialog.skill_table, "【魔術理論】")
        enabled = dialog.skill_buttons["魔術理論"].isEnabled()
        return f"{row[3]}TP | {row[5]} | {'購入できる' if enabled else '購入できない'}"

    return shown


def cells(table, first: str) -> list[str]:
    """The texts of the row whose first column reads `first`."""
    row = next(r for r in range(table.rowCount()) if table.item(r, 0).text() == first)
    return [table.item(row, c).text() if table.item(row, c) else "" for c in range(table.columnCount())]


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
    Flip(UNSET_WOUND_PENALTY, UNSET_ZERO, lotr_wounded_test),
    Flip(BATTLE_TIE, TIE_REROLL, lotr_mass_battle),
    Flip(FOCUS_REDECLARE, REDECLARE_EVERY, aw_focus_redeclared),  # the default is once (the text)
    Flip(LEVEL_TABLE, LEVEL_UPPER, fourcard_level, "総合LV 2"),
    Flip(TP_STEP, TP_PER_INTERLUDE, fourcard_second_tp, "もう1TP上げています"),
    Flip(PC_HALVING, HALVE_SUM, sengensho_three_pc_bonds, "幻想値 狩猟者 2"),
    Flip(DEBT, DEBT_COUNT, sengensho_debt, "狩猟者 縁故あと3つ"),
    Flip(BOSS_LEVEL, BOSS_LEVEL_CAPPED, sengensho_boss_level, "GMの決めた上限（Lv3）まで結べます"),
    Flip(BOSS_SLOT, BOSS_SLOT_TAKEN, sengensho_boss_slot, "「宵闇の主」と結びました"),
    Flip(ABILITY_PERIOD, PER_SCENARIO, sengensho_ability_period, "使用済み"),
]


@pytest.mark.parametrize("flip", SWITCHES, ids=lambda flip: flip.rule_id)
def test_a_switch_flipped_in_the_window_changes_the_number_and_ctrl_z_restores_it(window, flip):
    shown = flip.setup(window)
    before = shown()
    dialog = open_house_rules(window.services)
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


def test_the_wounded_warning_is_quiet_by_default_and_loud_once_zero_is_chosen(window):
    view = lotr_panel(window)
    lotr_wounded_test(window)
    assert not view.warning_label.isVisible()  # the default carries Injured's penalty to Wounded
    open_house_rules(window.services).choose(UNSET_WOUND_PENALTY, UNSET_ZERO)
    assert view.warning_label.isVisible() and "ペナルティなしで判定しています" in view.warning_label.text()


# The window tests of switches that came with their own features, each with its SWITCHES rows.
OTHER_ROWS = tuple(
    f"tests.e2e.test_house_rules_window_{name}"
    for name in ("mtg", "army", "character", "healing", "lotr_stun")
)


def later_rows() -> set[str]:
    """The switches whose rows live in MORE_ROWS (none while that module does not exist); imported
    here, not at the top, because it imports this module."""
    try:
        module = import_module(MORE_ROWS)
    except ModuleNotFoundError as missing:
        if missing.name != MORE_ROWS:
            raise
        return set()
    return {flip.rule_id for flip in getattr(module, "SWITCHES", ())}


def test_every_switch_of_every_system_is_flipped_through_the_window():
    later = later_rows()
    for module in OTHER_ROWS:  # each imports this module
        later |= {flip.rule_id for flip in import_module(module).SWITCHES}
    rows = [flip.rule_id for flip in SWITCHES]
    assert len(rows) == len(set(rows)) and not set(rows) & later  # one row per switch
    missing = {rule.id for rule in all_house_rules()} - set(rows) - later
    assert not missing, f"switches without a row here or in {MORE_ROWS}: {sorted(missing)}"
    for flip in SWITCHES:  # each row flips to a reading other than the default
        assert flip.reading_id != house_rule(flip.rule_id).default, flip.rule_id
