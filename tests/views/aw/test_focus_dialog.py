"""The AF dialog as the GM uses it: set up, roll (seeded or real dice), fumbles, notes, undo.

Demo AW characters in 行動値 order: 朝霧 透 (PC, 理知 2, 《サンプル特技》), ミナ・クローデル (PC, 理知 4,
critical 11), 影の使徒 (NPC).  Without a scene the PCs are ticked.
"""

from __future__ import annotations

import random
from contextlib import nullcontext

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from gmtool.models.aw import focus_model as aw_focus_model, focus_preparation
from gmtool.models.aw.focus_model import FOCUS_KEY, AWFocusModel
from gmtool.models.aw.focus_text import percent_text
from gmtool.models.aw.session_model import AWSessionModel
from gmtool.rules.dice import roll
from gmtool.rules.systems.aw.session import SpellEffect
from gmtool.views.aw.focus_dialog import AWFocusDialog
from tests.qt_fixtures import english_ui


def seed_rolling(natural: int) -> int:
    """A seed whose first 2D6 has this total (found by search, so the test shows what it needs)."""
    return next(s for s in range(10_000) if sum(roll(random.Random(s), 2, 6)) == natural)


def make_dialog(qtbot, campaign_model, seeds=()) -> tuple[AWFocusDialog, list[str]]:
    queue = list(seeds)
    model = AWFocusModel(campaign_model, seed_source=lambda: queue.pop(0) if queue else 1)
    dialog = AWFocusDialog(model)
    notes: list[str] = []
    dialog.notify = notes.append  # the pop-up, replaced
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitUntil(dialog.isVisible)
    return dialog, notes


def set_up(dialog: AWFocusDialog, difficulty: int = 50, rounds: int = 2, rules=()) -> None:
    page = dialog.setup_page
    page.goal_edit.setText("相手を説得する")
    page.difficulty_spin.setValue(difficulty)
    page.rounds_spin.setValue(rounds)
    for threshold, note in rules:
        page.threshold_spin.setValue(threshold)
        page.rule_note_edit.setText(note)
        page.add_rule_button.click()
    page.start_button.click()


def enter(dialog: AWFocusDialog, natural: int) -> None:
    dialog.run_page.natural_spin.setValue(natural)
    dialog.run_page.manual_button.click()


def test_the_setup_page_explains_its_limits(qtbot, campaign_model):
    dialog, _ = make_dialog(qtbot, campaign_model)
    assert dialog.windowTitle() == "アナザーフォーカス判定（AF判定）" and not dialog.isModal()
    page = dialog.setup_page
    assert dialog.pages.currentWidget() is page
    page.difficulty_spin.setValue(10)
    assert page.difficulty_spin.value() == 50 and "50 以上" in page.minimum_label.text()
    page.difficulty_spin.setValue(100)  # in both 低 (80〜100) and 中 (100〜120): both shown in bold
    assert "<b>低 80〜100: 3ラウンド以上</b>" in page.guide_label.text()
    assert "<b>中 100〜120: 2ラウンド以下</b>" in page.guide_label.text()
    page.difficulty_spin.setValue(130)
    assert "<b>高 120〜: 1ラウンド</b>" in page.guide_label.text() and "<b>低" not in page.guide_label.text()
    page.rounds_spin.setValue(5)  # guidance, never enforced
    assert page.rounds_spin.value() == 5
    checked = [
        page.participants_list.item(i).checkState() == Qt.CheckState.Checked
        for i in range(page.participants_list.count())
    ]
    assert checked == [True, True, False]
    assert page.scene_label.text() == "現在のシーンがないので、アナザーワールドのPCを選んでいます"
    assert "%" in page.preview_label.text()


def test_the_scene_decides_who_is_ticked_and_only_its_pcs_are(qtbot, campaign_model):
    """The text's AF sums the PC達's 達成値: an NPC in the scene (the enemy, here) is not pre-ticked."""
    session = AWSessionModel(campaign_model)
    ids = {s.character.name: s.id for s in campaign_model.characters_of("aw")}
    toru, shadow = ids["朝霧 透"], ids["影の使徒"]
    session.set_current_scene(session.add_scene("地下道", (toru, shadow)))
    dialog, _ = make_dialog(qtbot, campaign_model)
    assert dialog.setup_page.ticked() == [toru]
    assert dialog.setup_page.scene_label.text() == (
        "現在のシーン「地下道」に登場しているPCを選んでいます（NPCは必要なら選んでください）"
    )
    shadow_row = next(
        i
        for i in range(dialog.setup_page.participants_list.count())
        if dialog.setup_page.participants_list.item(i).data(Qt.ItemDataRole.UserRole) == shadow
    )
    assert "シーンに登場" in dialog.setup_page.participants_list.item(shadow_row).text()


def test_starting_with_nobody_is_refused(qtbot, campaign_model, refusals):
    dialog, _ = make_dialog(qtbot, campaign_model)
    for i in range(dialog.setup_page.participants_list.count()):
        dialog.setup_page.participants_list.item(i).setCheckState(Qt.CheckState.Unchecked)
    set_up(dialog)
    assert refusals == ["参加者を 1 人以上選んでください"]
    assert dialog.pages.currentWidget() is dialog.setup_page and dialog.model.doc() is None


def test_a_two_round_af_to_success(qtbot, campaign_model):
    dialog, _ = make_dialog(qtbot, campaign_model, seeds=[seed_rolling(9)])
    set_up(dialog, difficulty=50)
    run = dialog.run_page
    assert dialog.pages.currentWidget() is run
    assert run.members_table.item(0, 0).text() == "▶" and "朝霧 透" in run.next_label.text()
    assert "ラウンド 1 / 2" in run.header_label.text()
    enter(dialog, 12)  # critical: 30, not 2 + 12
    assert run.total_bar.text() == "達成値の合計 30 / 難易度 50"
    assert run.members_table.item(1, 0).text() == "▶"
    enter(dialog, 6)  # ミナ: 4 + 6 = 10 → 40
    assert "ラウンド 2 / 2" in run.header_label.text()
    odds = dialog.model.odds()
    assert run.odds_label.text() == f"成功率 {percent_text(odds.success)}"
    assert run.plot.bar_heights() == pytest.approx({2: float(odds.success) * 100})
    run.roll_button.click()  # seeded 9: 2 + 9 = 11 → 51
    assert run.result_label.isVisible() and "AF判定成功" in run.result_label.text()
    assert run.total_bar.text() == "達成値の合計 51 / 難易度 50"
    assert not run.roll_button.isEnabled() and dialog.new_button.isVisible()
    assert run.history_list.count() == 3 and "クリティカル" in run.history_list.item(0).text()
    # The chart was blank after a success: it shows how the AF went, each round's total against
    # the difficulty (round 1: 40 of 50; round 2: 51, full), labelled with the totals.
    assert run.plot.bar_heights() == pytest.approx({1: 80.0, 2: 100.0})
    assert [label.textItem.toPlainText() for label in run.plot.labels] == ["40", "51"]
    assert run.plot.getPlotItem().titleLabel.text == "AF判定の経過: 各ラウンド終了時の合計"
    assert run.plot.getAxis("left").labelText == "難易度 50 = 100%"
    dialog.new_button.click()
    assert dialog.pages.currentWidget() is dialog.setup_page


def test_an_af_ended_by_a_fumble(qtbot, campaign_model):
    dialog, _ = make_dialog(qtbot, campaign_model, seeds=[seed_rolling(8), seed_rolling(2)])
    set_up(dialog, difficulty=80)
    run = dialog.run_page
    run.roll_button.click()
    run.roll_button.click()  # ミナ rolls 2
    assert run.fumble_box.isVisible() and "ミナ・クローデル" in run.fumble_label.text()
    assert not run.roll_button.isEnabled()
    assert run.odds_label.text() == "成功率 —" and "打ち消した場合" in run.fumble_odds_label.text()
    title = run.plot.getPlotItem().titleLabel
    assert title.isVisible() and title.text == "ファンブルを打ち消した場合"  # what the bars assume
    run.fail_fumble_button.click()
    assert not run.fumble_box.isVisible() and title.text == "AF判定の経過: 各ラウンド終了時の合計"
    assert "AF判定失敗" in run.result_label.text() and "ファンブル" in run.result_label.text()
    assert run.odds_label.text() == "成功率 0%"  # impossible now, not merely small


def test_a_fumble_cancelled_by_a_skill_counts_and_the_af_goes_on(qtbot, campaign_model):
    dialog, _ = make_dialog(qtbot, campaign_model)
    set_up(dialog, difficulty=80)
    run = dialog.run_page
    enter(dialog, 2)  # 朝霧 fumbles
    assert "達成値 4" in run.fumble_label.text()  # 理知 2 + 2 if cancelled
    run.cancel_fumble_button.click()
    assert not run.fumble_box.isVisible() and run.roll_button.isEnabled()
    assert run.total_bar.text() == "達成値の合計 4 / 難易度 80"
    assert run.members_table.item(1, 0).text() == "▶"
    assert "打ち消し" in run.history_list.item(0).text()


def test_threshold_notes_pop_up_once(qtbot, campaign_model):
    dialog, notes = make_dialog(qtbot, campaign_model)
    set_up(dialog, difficulty=100, rounds=3, rules=[(20, "セキュリティ解除"), (35, "NPCが援助")])
    assert dialog.setup_page.rules_table.rowCount() == 2
    enter(dialog, 9)  # 11
    assert notes == []
    enter(dialog, 8)  # 23
    assert len(notes) == 1 and "セキュリティ解除" in notes[0]
    assert "✔ 達成値 20: セキュリティ解除" in dialog.run_page.rules_label.text()
    enter(dialog, 12)  # 53: the second one only
    assert len(notes) == 2 and "NPCが援助" in notes[1]
    enter(dialog, 7)
    assert len(notes) == 2


def test_declarations_lower_the_difficulty(qtbot, campaign_model):
    dialog, _ = make_dialog(qtbot, campaign_model)
    set_up(dialog, difficulty=60)
    run = dialog.run_page
    before = dialog.model.odds().success
    run.feat_boxes[0]["サンプル特技"].setChecked(True)
    run.other_spins[0].setValue(1)
    assert run.members_table.item(0, 6).text() == "2"
    assert "特技宣言 2 で難易度 56" in run.next_label.text()
    assert dialog.model.odds().success > before
    enter(dialog, 5)
    assert "60 → 56（特技宣言 2）" in run.header_label.text()
    assert run.total_bar.text() == "達成値の合計 7 / 難易度 56"
    assert run.feat_boxes[0]["サンプル特技"].isChecked()  # kept for their next action


def test_undo_of_a_roll_in_the_main_window(qtbot, campaign_model):
    dialog, _ = make_dialog(qtbot, campaign_model)
    set_up(dialog)
    run = dialog.run_page
    enter(dialog, 7)
    enter(dialog, 7)
    assert run.total_bar.text() == "達成値の合計 20 / 難易度 50"
    campaign_model.undo_stack.undo()
    assert run.total_bar.text() == "達成値の合計 9 / 難易度 50"
    assert run.members_table.item(1, 0).text() == "▶" and run.history_list.count() == 1
    campaign_model.undo_stack.undo()
    campaign_model.undo_stack.undo()  # the start itself
    assert dialog.model.doc() is None and dialog.pages.currentWidget() is dialog.setup_page


def test_the_gm_ends_by_a_special_rule(qtbot, campaign_model):
    dialog, _ = make_dialog(qtbot, campaign_model)
    set_up(dialog, difficulty=120)
    run = dialog.run_page
    run.end_note_edit.setText("令呪で自動成功")
    run.gm_success_button.click()
    assert "AF判定成功" in run.result_label.text() and "令呪で自動成功" in run.result_label.text()
    assert not run.gm_failure_button.isEnabled()


def test_a_damaged_af_is_shown_and_replaced(qtbot, campaign_model):
    campaign_model.set_session_value(FOCUS_KEY, {"version": 1, "members": "x"}, "壊す")
    dialog, _ = make_dialog(qtbot, campaign_model)
    assert dialog.problem_label.isVisible() and "正しくありません" in dialog.problem_label.text()
    set_up(dialog)
    assert not dialog.problem_label.isVisible() and dialog.pages.currentWidget() is dialog.run_page


def test_the_setup_spins_stop_at_the_caps(qtbot, campaign_model):
    dialog, _ = make_dialog(qtbot, campaign_model)
    page = dialog.setup_page
    page.rounds_spin.setValue(99)
    page.difficulty_spin.setValue(99_999)
    assert (page.rounds_spin.value(), page.difficulty_spin.value()) == (20, 999)
    assert "20" in page.rounds_spin.toolTip() and "999" in page.difficulty_spin.toolTip()
    page.start_button.click()
    assert dialog.model.doc().round_limit == 20 and "成功率" in dialog.run_page.odds_label.text()


def test_rolls_and_ticks_do_not_recompute_the_hidden_setup_preview(qtbot, campaign_model, monkeypatch):
    dialog, _ = make_dialog(qtbot, campaign_model)
    set_up(dialog, difficulty=100, rounds=3)
    calls = []
    real = aw_focus_model.focus_odds
    for module in (aw_focus_model, focus_preparation):  # the AF's own odds, the set-up's preview
        monkeypatch.setattr(module, "focus_odds", lambda *a: calls.append(a) or real(*a))
    enter(dialog, 7)
    dialog.run_page.other_spins[1].setValue(1)
    assert len(calls) == 2  # one for the AF's own odds after each step, none for the set-up
    page = dialog.setup_page
    dialog.run_page.end_note_edit.setText("")
    dialog.run_page.cancel_button.click()
    dialog.new_button.click()  # the set-up is shown again: its preview is brought up to date
    assert dialog.pages.currentWidget() is page and "%" in page.preview_label.text()
    shown = len(calls)
    page.goal_edit.setText("別の目的")
    page.difficulty_spin.setValue(page.difficulty_spin.value())
    assert len(calls) == shown
    page.difficulty_spin.setValue(90)
    assert len(calls) == shown + 1


@pytest.mark.parametrize("damage", [{"pending_fumble": True}, {"round": 5}])
def test_a_damaged_af_that_crashed_the_menu_opens_as_a_problem_line(qtbot, campaign_model, damage):
    model = AWFocusModel(campaign_model)
    ids = [s.id for s in campaign_model.characters_of("aw")][:2]
    model.start(aw_focus_model.FocusSetup(difficulty=60, round_limit=2, participants=tuple(ids)))
    model.roll(8)
    stored = campaign_model.session_value(FOCUS_KEY)
    record = dict(stored["history"][-1], kind="fumble", natural=None, achievement=None)
    campaign_model.set_session_value(FOCUS_KEY, dict(stored, history=[record], **damage), "壊す")
    dialog, _ = make_dialog(qtbot, campaign_model)
    assert dialog.problem_label.isVisible() and "正しくありません" in dialog.problem_label.text()
    assert dialog.pages.currentWidget() is dialog.setup_page
    set_up(dialog)
    assert not dialog.problem_label.isVisible() and dialog.model.doc().running


def test_the_gm_cancels_the_af(qtbot, campaign_model):
    dialog, _ = make_dialog(qtbot, campaign_model)
    set_up(dialog, difficulty=120)
    run = dialog.run_page
    enter(dialog, 7)
    run.end_note_edit.setText("難易度の入力ミス")
    run.cancel_button.click()
    assert run.result_label.text().startswith("AF判定を中止（成功でも失敗でもない）「難易度の入力ミス」")
    assert run.odds_label.text() == "成功率 —" and not run.roll_button.isEnabled()
    assert not run.cancel_button.isEnabled() and dialog.new_button.isVisible()
    campaign_model.undo_stack.undo()
    assert run.roll_button.isEnabled() and not run.result_label.isVisible()


def test_a_master_spends_a_command_spell_for_success(qtbot, campaign_model, refusals):
    ids = {s.character.name: s.id for s in campaign_model.characters_of("aw")}
    session = AWSessionModel(campaign_model)
    dialog, _ = make_dialog(qtbot, campaign_model)
    set_up(dialog, difficulty=120)
    run = dialog.run_page
    assert not run.spell_button.isEnabled() and run.no_master_label.isVisible()
    session.contracts.form_contract(ids["朝霧 透"], ids["影の使徒"])  # 朝霧 becomes a master mid-AF
    assert run.spell_button.isEnabled() and run.master_combo.currentText() == "朝霧 透（令呪 残り 3）"
    run.spell_button.click()
    assert "AF判定成功（令呪を1つ使って成功）「令呪で自動成功」" in run.result_label.text()
    assert session.contracts.spells_left(ids["朝霧 透"]) == 2 and refusals == []
    campaign_model.undo_stack.undo()
    assert dialog.model.doc().running and run.master_combo.currentText() == "朝霧 透（令呪 残り 3）"


def test_a_master_without_command_spells_is_refused(qtbot, campaign_model, refusals):
    ids = {s.character.name: s.id for s in campaign_model.characters_of("aw")}
    session = AWSessionModel(campaign_model)
    session.contracts.form_contract(ids["ミナ・クローデル"], ids["影の使徒"])
    for _ in range(3):
        session.contracts.use_command_spell(ids["ミナ・クローデル"], ids["影の使徒"], SpellEffect.BOOST)
    dialog, _ = make_dialog(qtbot, campaign_model)
    set_up(dialog, difficulty=120)
    run = dialog.run_page
    assert run.master_combo.currentText() == "ミナ・クローデル（令呪 残り 0）"
    run.end_note_edit.setText("AF例2")
    steps = campaign_model.undo_stack.count()
    run.spell_button.click()
    assert len(refusals) == 1 and "令呪は残っていません" in refusals[0]
    assert dialog.model.doc().running and campaign_model.undo_stack.count() == steps
    assert run.end_note_edit.text() == "AF例2"  # kept for another try


def test_the_dialog_fits_a_laptop_and_nothing_overlaps_at_its_minimum(qtbot, campaign_model):
    dialog, _ = make_dialog(qtbot, campaign_model)
    assert dialog.height() <= 700
    ids = [s.id for s in campaign_model.characters_of("aw")]
    page = dialog.setup_page
    for i in range(page.participants_list.count()):
        page.participants_list.item(i).setCheckState(Qt.CheckState.Checked)
    set_up(dialog)
    run = dialog.run_page
    assert run.members_table.rowCount() == len(ids) == 3
    dialog.resize(dialog.minimumSizeHint())
    qtbot.waitUntil(lambda: dialog.size() == dialog.minimumSizeHint().expandedTo(dialog.minimumSize()))
    table = run.members_table
    last_row_bottom = table.rowViewportPosition(2) + table.rowHeight(2)
    assert last_row_bottom <= table.viewport().height()  # every participant's row in view
    lower = run.lower_scroll.widget()
    gm_box = run.gm_success_button.parentWidget()
    plot = run.plot.geometry()
    assert plot.height() >= 160 and plot.bottom() < gm_box.geometry().top()
    assert lower.height() >= lower.minimumSizeHint().height()  # scrolled, not squeezed


@pytest.mark.parametrize("english", [False, True])
def test_start_stays_in_place_while_the_difficulty_changes(qtbot, campaign_model, tmp_path, english):
    """The guideline line lost its bold band at 50 and shrank by a line: 開始 moved up under the
    mouse.  The line keeps its two lines, so 開始 stays where it is for every difficulty."""
    with english_ui(tmp_path) if english else nullcontext():
        dialog, _ = make_dialog(qtbot, campaign_model)
    dialog.resize(880, 700)
    page = dialog.setup_page
    qtbot.waitUntil(lambda: page.start_button.isVisible())

    def place() -> int:
        QApplication.processEvents()
        return page.start_button.mapTo(dialog, page.start_button.rect().topLeft()).y()

    first = place()
    for difficulty in (50, 90, 100, 130, 79):
        page.difficulty_spin.setValue(difficulty)
        assert place() == first, difficulty
