"""The AW session dialog driven as the GM would: clicks, combos, ticks; refusals are shown."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from gmtool.models.aw.session_model import SESSION_KEY, AWSessionModel
from gmtool.models.battle_model import BattleModel
from gmtool.rules.battle import Phase
from gmtool.rules.systems.aw.session import BreakMethod, SpellEffect
from gmtool.views.appearance import tone_colour
from gmtool.views.aw.session_dialog import AWSessionDialog

ZERO_LEFT = "朝霧 透の令呪は残っていません（1シナリオに3回まで。セッション終了時に回復します）"


@pytest.fixture
def dialog(qtbot, campaign_model) -> AWSessionDialog:
    dialog = AWSessionDialog(AWSessionModel(campaign_model))
    dialog.questions = []  # what ask_confirm was asked, and the answer the "GM" gives

    def answer(title: str, text: str) -> bool:
        dialog.questions.append((title, text))
        return dialog.answer

    dialog.answer = True
    dialog.ask_confirm = answer
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def ids(dialog: AWSessionDialog) -> tuple[str, str, str]:
    toru, mina, shadow = (i for i, _ in dialog.model.characters())
    return toru, mina, shadow


def choose(combo, data) -> None:
    index = combo.findData(data)
    assert index >= 0, f"{data!r} is not offered"
    combo.setCurrentIndex(index)


def offered(combo) -> list[str]:
    return [combo.itemText(i) for i in range(combo.count())]


def column(table, index: int) -> list[str]:
    return [table.item(r, index).text() for r in range(table.rowCount())]


def tree_lines(tree) -> list[str]:
    """Each row as 'indent name | spells', depth first."""
    lines = []

    def walk(item, depth):
        lines.append("  " * depth + f"{item.text(0)} | {item.text(1)}".rstrip(" |"))
        for i in range(item.childCount()):
            walk(item.child(i), depth + 1)

    for i in range(tree.topLevelItemCount()):
        walk(tree.topLevelItem(i), 0)
    return lines


def contract(dialog: AWSessionDialog, master: str, servant: str) -> None:
    tab = dialog.contracts_tab
    choose(tab.master_combo, master)
    choose(tab.servant_combo, servant)
    tab.form_button.click()


def use_spell(
    dialog: AWSessionDialog, master: str, servant: str, effect: SpellEffect, note: str = ""
) -> None:
    box = dialog.contracts_tab.spells
    choose(box.master_combo, master)
    choose(box.servant_combo, servant)
    choose(box.effect_combo, effect)
    box.note_edit.setText(note)
    box.use_button.click()


def add_scene(dialog: AWSessionDialog, name: str) -> None:
    dialog.scenes_tab.new_scene_edit.setText(name)
    dialog.scenes_tab.add_scene_button.click()


def aw_fight(campaign_model, character_id: str) -> BattleModel:
    """The battle tracker's 「森の遭遇」 with one character, started and at its turn."""
    tracker = BattleModel(campaign_model, seed_source=lambda: 7)
    tracker.new_encounter("aw", "森の遭遇")
    tracker.roster.add_character(character_id)
    tracker.round.start()
    tracker.round.next_turn()
    return tracker


# ---- the window ----------------------------------------------------------------------------------


def test_a_non_modal_tool_window_with_five_pages(dialog, qtbot):
    assert not dialog.isModal() and dialog.windowTitle() == "セッション管理（アナザーワールド）"
    assert [dialog.tabs.tabText(i) for i in range(dialog.tabs.count())] == [
        "シナリオ・シーン",
        "契約・令呪",
        "イベントキー",
        "戦闘",
        "生命力の回復",
    ]
    assert not dialog.problem_label.isVisible()
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not dialog.isVisible())


def test_a_hand_edited_state_with_two_masters_is_shown_in_red(dialog, campaign_model):
    toru, mina, shadow = ids(dialog)
    contracts = [{"master": toru, "servant": mina}, {"master": shadow, "servant": mina}]
    campaign_model.set_session_value(SESSION_KEY, {"contracts": contracts}, "壊す")
    assert (
        dialog.problem_label.isVisible()
        and "有効な契約（マスター）が2つあります" in dialog.problem_label.text()
    )
    assert tree_lines(dialog.contracts_tab.tree)[0] == "朝霧 透"  # not a guess at one of the masters


def test_names_are_limited_to_what_the_session_can_store(dialog):
    tabs = (dialog.scenes_tab, dialog.keys_tab)
    edits = (tabs[0].scenario_edit, tabs[0].new_scene_edit, tabs[1].key_name_edit)
    for edit in edits:
        edit.setText("あ" * 250)
        assert len(edit.text()) == 200
    tabs[0].scenario_edit.editingFinished.emit()
    tabs[0].add_scene_button.click()
    tabs[1].give_button.click()
    state = dialog.model.state()
    assert dialog.model.problem() is None and len(state.scenario) == 200
    assert len(state.scenes[0].name) == 200 and len(state.event_keys[0].name) == 200


def test_an_unreadable_state_is_shown_in_red(dialog, campaign_model):
    campaign_model.set_session_value(SESSION_KEY, {"scenes": "x"}, "壊す")
    assert dialog.problem_label.isVisible() and "scenes" in dialog.problem_label.text()
    assert "#b00020" in dialog.problem_label.styleSheet()
    campaign_model.undo_stack.undo()
    assert not dialog.problem_label.isVisible()


# ---- シナリオ・シーン ---------------------------------------------------------------------------------


def test_the_scenario_name_is_edited_and_undone(dialog, campaign_model):
    tab = dialog.scenes_tab
    tab.scenario_edit.setText("赤い月")
    tab.scenario_edit.editingFinished.emit()
    assert dialog.model.state().scenario == "赤い月"
    assert tab.numbers_label.text() == "シナリオ 1・セッション 1"
    campaign_model.undo_stack.undo()
    assert tab.scenario_edit.text() == ""


def test_ending_the_session_asks_first_and_says_what_resets(dialog):
    toru, mina, _ = ids(dialog)
    contract(dialog, toru, mina)
    use_spell(dialog, toru, mina, SpellEffect.ORDER, "黙れ")
    dialog.answer = False
    dialog.scenes_tab.end_session_button.click()
    assert dialog.model.state().session_number == 1  # the GM said no
    title, text = dialog.questions[-1]
    assert title == "セッション終了" and "令呪が最大値（3）まで回復" in text and "契約" in text
    dialog.answer = True
    dialog.scenes_tab.end_session_button.click()
    assert dialog.scenes_tab.numbers_label.text() == "シナリオ 1・セッション 2"
    assert "令呪 残り 3/3" in tree_lines(dialog.contracts_tab.tree)[0]


@pytest.mark.parametrize(
    ("button", "title"), [("end_session_button", "セッション終了"), ("end_scenario_button", "シナリオ終了")]
)
def test_the_end_confirmations_say_a_running_focus_stays(dialog, campaign_model, button, title):
    getattr(dialog.scenes_tab, button).click()
    assert "AF判定" not in dialog.questions[-1][1]
    campaign_model.set_session_value("aw.focus", {"status": "running", "goal": "祭壇を探す"}, "AF")
    dialog.answer = False
    getattr(dialog.scenes_tab, button).click()
    asked_title, text = dialog.questions[-1]
    assert asked_title == title
    assert "進行中のAF判定「祭壇を探す」は終わらず、そのまま残ります" in text


def test_ending_the_scenario_asks_first_and_retires_keys(dialog, campaign_model):
    toru, mina, _ = ids(dialog)
    contract(dialog, toru, mina)
    add_scene(dialog, "学校")
    dialog.keys_tab.key_name_edit.setText("不審な人物")
    dialog.keys_tab.give_button.click()
    dialog.scenes_tab.end_scenario_button.click()
    title, text = dialog.questions[-1]
    assert title == "シナリオ終了"
    assert "イベントキー" in text and "契約は続きます" in text and "シーンは閉じ" in text
    assert dialog.scenes_tab.numbers_label.text() == "シナリオ 2・セッション 2"
    assert dialog.scenes_tab.scene_table.rowCount() == 0 and dialog.keys_tab.keys_table.rowCount() == 0
    assert column(dialog.keys_tab.retired_table, 0) == ["不審な人物"]
    assert dialog.keys_tab.retired_table.item(0, 0).foreground().color() == tone_colour("muted")
    assert dialog.model.state().master_of(mina) == toru
    campaign_model.undo_stack.undo()  # from the main window: shown at once
    assert (
        column(dialog.keys_tab.keys_table, 0) == ["不審な人物"]
        and dialog.keys_tab.retired_table.rowCount() == 0
    )


def test_scenes_start_with_the_pcs_and_the_current_one_is_marked(dialog):
    toru, mina, shadow = ids(dialog)
    tab = dialog.scenes_tab
    assert tab.ticked(tab.new_scene_checks) == [toru, mina]
    assert not tab.present_checks.isEnabled()  # no scene yet
    add_scene(dialog, "廃ビル")
    tab.new_scene_checks.item(1).setCheckState(Qt.CheckState.Unchecked)
    add_scene(dialog, "屋上")
    assert column(tab.scene_table, 0) == ["廃ビル", "▶ 屋上"]
    assert column(tab.scene_table, 2) == ["朝霧 透、ミナ・クローデル", "朝霧 透"]
    assert column(tab.scene_table, 1) == ["1", "1"]
    assert tab.ticked(tab.new_scene_checks) == [toru, mina]  # the next scene starts from the PCs again
    assert tab.current_label.text() == "現在のシーン: 屋上（セッション 1）"
    tab.present_checks.item(2).setCheckState(Qt.CheckState.Checked)
    assert dialog.model.current_scene().present == (toru, shadow)
    tab.scene_table.selectRow(0)
    tab.make_current_button.click()
    assert dialog.model.current_scene().name == "廃ビル" and column(tab.scene_table, 0)[0] == "▶ 廃ビル"
    assert tab.ticked(tab.present_checks) == [toru, mina]


def test_choosing_no_scene_is_refused(dialog, refusals):
    add_scene(dialog, "廃ビル")
    dialog.scenes_tab.scene_table.clearSelection()
    dialog.scenes_tab.make_current_button.click()
    assert refusals == ["現在のシーンにするシーンを一覧から選んでください"]


# ---- 契約・令呪 --------------------------------------------------------------------------------------


def test_contracts_form_a_nested_tree(dialog):
    toru, mina, shadow = ids(dialog)
    contract(dialog, toru, mina)
    contract(dialog, mina, shadow)
    assert tree_lines(dialog.contracts_tab.tree) == [
        "朝霧 透 | 令呪 残り 3/3",
        "  ミナ・クローデル | 令呪 残り 3/3",
        "    影の使徒",
    ]
    contract(dialog, shadow, toru)  # a cycle: shown once, then marked
    lines = tree_lines(dialog.contracts_tab.tree)
    assert lines[:3] == [
        "朝霧 透 | 令呪 残り 3/3",
        "  ミナ・クローデル | 令呪 残り 3/3",
        "    影の使徒 | 令呪 残り 3/3",
    ]
    assert lines[3].strip() == "朝霧 透" and len(lines) == 4


def test_every_contract_refusal_is_shown(dialog, refusals):
    toru, mina, shadow = ids(dialog)
    contract(dialog, toru, toru)
    contract(dialog, toru, mina)
    contract(dialog, shadow, mina)
    tab = dialog.contracts_tab
    choose(tab.break_servant_combo, mina)
    choose(tab.method_combo, BreakMethod.SEVERING)
    tab.break_note_edit.setText("左手首")
    tab.break_button.click()
    contract(dialog, toru, mina)
    assert refusals == [
        "自分自身と契約することはできません",
        "ミナ・クローデルには既にマスター（朝霧 透）がいます。サーヴァントは複数のマスターと契約できません",
        "朝霧 透とミナ・クローデルは、以前この向き（マスター→サーヴァント）で契約していました。"
        "同じ契約はもう結べません（逆向きなら結べます）",
    ]
    contract(dialog, mina, toru)  # the reverse direction
    assert len(refusals) == 3 and tree_lines(tab.tree) == [
        "ミナ・クローデル | 令呪 残り 3/3",
        "  朝霧 透",
        "影の使徒",
    ]
    assert [column(tab.history_table, c) for c in range(6)] == [
        ["朝霧 透", "ミナ・クローデル"],
        ["ミナ・クローデル", "朝霧 透"],
        ["セッション 1", "セッション 1"],
        ["令呪刻印のある肉体を切り離す", "（継続中）"],
        ["左手首", ""],
        ["セッション 1", ""],
    ]


def test_breaking_by_command_spell_spends_one_and_is_refused_at_zero(dialog, refusals):
    toru, mina, shadow = ids(dialog)
    contract(dialog, toru, mina)
    contract(dialog, toru, shadow)
    tab = dialog.contracts_tab
    choose(tab.break_servant_combo, shadow)
    choose(tab.method_combo, BreakMethod.COMMAND_SPELL)
    assert tab.break_hint.text() == "朝霧 透の令呪を 1 つ使います（残り 3）"
    dialog.answer = False  # the GM only wanted to look: nothing is spent
    tab.break_button.click()
    assert dialog.questions[-1] == (
        "令呪で契約破棄",
        "朝霧 透の令呪を 1 つ使って、影の使徒との契約を破棄しますか？\n\n令呪 残り 3 → 2",
    )
    assert dialog.model.state().master_of(shadow) == toru and dialog.model.contracts.spells_left(toru) == 3
    dialog.answer = True
    tab.break_button.click()
    assert offered(tab.break_servant_combo) == ["ミナ・クローデル（マスター: 朝霧 透）"]
    assert tree_lines(tab.tree)[0] == "朝霧 透 | 令呪 残り 2/3"
    use_spell(dialog, toru, mina, SpellEffect.ORDER)
    use_spell(dialog, toru, mina, SpellEffect.ORDER)
    choose(tab.method_combo, BreakMethod.COMMAND_SPELL)
    asked = len(dialog.questions)
    tab.break_button.click()
    assert refusals == [ZERO_LEFT] and dialog.model.state().master_of(mina) == toru
    assert len(dialog.questions) == asked  # refused at once, not asked first


def test_the_reverse_contract_waits_for_the_break(dialog, refusals):
    toru, mina, _ = ids(dialog)
    contract(dialog, toru, mina)
    contract(dialog, mina, toru)
    assert refusals == [
        "ミナ・クローデルは朝霧 透のサーヴァントです。逆向きの契約は、今の契約を破棄した後なら結べます"
    ]
    assert dialog.model.state().master_of(toru) is None


def test_the_history_headers_say_which_session(dialog):
    table = dialog.contracts_tab.history_table
    headers = [table.horizontalHeaderItem(c).text() for c in range(table.columnCount())]
    assert headers == [
        "マスター",
        "サーヴァント",
        "契約したセッション",
        "破棄の方法",
        "メモ",
        "破棄したセッション",
    ]


def test_no_spell_for_a_deleted_servant(dialog, refusals, campaign_model):
    toru, mina, _ = ids(dialog)
    contract(dialog, toru, mina)
    campaign_model.delete_character(mina)
    box = dialog.contracts_tab.spells
    assert offered(box.servant_combo) == ["（削除されたキャラクター）"]
    use_spell(dialog, toru, mina, SpellEffect.ORDER)
    assert refusals == [
        "そのキャラクターはキャンペーンから削除されています。令呪は使えません（残った契約は「契約を破棄」で終えられます）"
    ]
    assert dialog.model.contracts.spells_left(toru) == 3


def test_the_contracts_page_never_draws_text_over_text(dialog, qtbot):
    """At the dialog's own minimum size every wrapped note gets the height its text needs (the page
    scrolls instead), so no note is drawn over the 令呪 button or the status lines."""
    toru, mina, _ = ids(dialog)
    contract(dialog, toru, mina)
    dialog.tabs.setCurrentWidget(dialog.contracts_tab)
    dialog.resize(dialog.minimumSizeHint())
    box = dialog.contracts_tab.spells
    qtbot.waitUntil(lambda: box.effect_note.width() < 500 and box.effect_note.height() > 0)
    for label in (box.effect_note, box.status_label, dialog.contracts_tab.break_hint):
        if label.isVisible():
            assert label.height() >= label.heightForWidth(label.width()), label.text()
    assert box.effect_note.geometry().top() > box.use_button.geometry().bottom()  # under it


def test_the_spell_and_break_buttons_stay_where_they_are_whatever_the_explanation(dialog, qtbot):
    """An explanation appearing above them moved 令呪を使う (~14 px) and 契約を破棄, so clicks missed:
    each explanation is under its button now, and the buttons keep their place at 1366×768."""
    toru, mina, _ = ids(dialog)
    contract(dialog, toru, mina)
    dialog.tabs.setCurrentWidget(dialog.contracts_tab)
    dialog.resize(1366, 700)
    tab, box = dialog.contracts_tab, dialog.contracts_tab.spells
    qtbot.waitUntil(lambda: box.use_button.isVisible() and tab.break_button.isVisible())

    def places() -> tuple[int, int]:
        QApplication.processEvents()
        return (
            box.use_button.mapTo(dialog, box.use_button.rect().topLeft()).y(),
            tab.break_button.mapTo(dialog, tab.break_button.rect().topLeft()).y(),
        )

    first = places()
    heights = set()
    for effect in (SpellEffect.SUMMON, SpellEffect.BOOST, SpellEffect.DISMISS, SpellEffect.ORDER):
        choose(box.effect_combo, effect)
        heights.add(box.effect_note.height())
        assert places() == first, effect
    assert len(heights) > 1  # the explanations do differ in length: the test would see a move
    for method in (BreakMethod.COMMAND_SPELL, BreakMethod.OTHER, BreakMethod.COMMAND_SPELL):
        choose(tab.method_combo, method)
        assert places() == first, method
    assert tab.break_hint.isVisible() and "令呪を 1 つ使います" in tab.break_hint.text()


def test_the_four_spell_effects(dialog, refusals, campaign_model):
    toru, mina, shadow = ids(dialog)
    contract(dialog, toru, mina)
    contract(dialog, toru, shadow)
    box = dialog.contracts_tab.spells
    choose(box.master_combo, toru)
    assert offered(box.servant_combo) == ["ミナ・クローデル", "影の使徒"]  # only this master's servants
    add_scene(dialog, "廃ビル")  # 透 and ミナ are present

    use_spell(dialog, toru, mina, SpellEffect.ORDER, "ここから逃げろ")
    log = campaign_model.log_entries()[-1].payload["summary"]["inputs"]
    assert log == "令呪: 朝霧 透 → ミナ・クローデル「命令を強要する」（残り 2） ここから逃げろ"
    assert box.master_combo.currentText() == "朝霧 透（令呪 残り 2/3）"

    use_spell(dialog, toru, mina, SpellEffect.DISMISS)
    assert dialog.model.current_scene().present == (toru,)

    tracker = aw_fight(campaign_model, toru)
    assert dialog.combat_tab.status_label.text() == "戦闘中: 森の遭遇 ラウンド 1・朝霧 透の手番"
    use_spell(dialog, toru, mina, SpellEffect.SUMMON)
    assert dialog.model.current_scene().present == (toru, mina)
    assert tracker.state().phase is Phase.CLEANUP  # 戦闘中なら、そのラウンドはクリンナップへ
    assert dialog.combat_tab.status_label.text() == "戦闘中: 森の遭遇 ラウンド 1・クリンナップ"
    assert box.status_label.text().splitlines()[1:] == [
        "戦闘中: 森の遭遇 ラウンド 1・クリンナップ",
        "令呪でサーヴァントが登場したため、ラウンド 1 はクリンナッププロセスに移行しました",
    ]

    # The +20 is spent by the judgement panel when it rolls: never here, so never twice.
    choose(box.effect_combo, SpellEffect.BOOST)
    assert not box.use_button.isEnabled() and "判定パネル" in box.effect_note.text()
    assert "「令呪 +20」" in box.effect_note.text() and "目標値は 20 が目安" in box.effect_note.text()
    assert dialog.model.contracts.spells_left(toru) == 0

    use_spell(dialog, toru, shadow, SpellEffect.ORDER)
    assert refusals == [ZERO_LEFT]
    campaign_model.undo_stack.undo()  # the summon, from the main window: the 令呪 and the round
    assert box.master_combo.currentText() == "朝霧 透（令呪 残り 1/3）"
    assert tracker.state().phase is Phase.TURN
    assert dialog.combat_tab.status_label.text() == "戦闘中: 森の遭遇 ラウンド 1・朝霧 透の手番"


def test_summon_and_dismiss_refusals_are_shown(dialog, refusals):
    toru, mina, _ = ids(dialog)
    contract(dialog, toru, mina)
    use_spell(dialog, toru, mina, SpellEffect.SUMMON)
    add_scene(dialog, "廃ビル")
    use_spell(dialog, toru, mina, SpellEffect.SUMMON)
    assert refusals == [
        "現在のシーンがありません。先にシーンを作ってください",
        "ミナ・クローデルは既にシーンに登場しています",
    ]
    assert dialog.model.contracts.spells_left(toru) == 3


def test_using_a_spell_without_a_master_is_refused(dialog, refusals):
    dialog.contracts_tab.spells.use_button.click()
    assert refusals == ["マスターがいません（契約を結ぶとマスターに令呪刻印が現れます）"]


# ---- イベントキー -----------------------------------------------------------------------------------


def test_a_key_for_a_pc_outside_the_current_scene_is_asked_first(dialog, refusals):
    toru, mina, _ = ids(dialog)
    tab = dialog.scenes_tab
    tab.new_scene_checks.item(1).setCheckState(Qt.CheckState.Unchecked)
    add_scene(dialog, "学校")  # ミナ is not there
    keys = dialog.keys_tab
    choose(keys.holder_combo, mina)
    keys.key_name_edit.setText("不審な人物")
    dialog.answer = False
    keys.give_button.click()
    title, text = dialog.questions[-1]
    assert title == "キーを渡す"
    assert text.startswith(
        "ミナ・クローデルは現在のシーン「学校」に登場していません。それでも「イベントキー:不審な人物」を渡しますか？"
    )
    assert dialog.model.state().event_keys == () and keys.key_name_edit.text() == "不審な人物"
    dialog.answer = True
    keys.give_button.click()
    assert dialog.model.state().keys_of(mina)[0].name == "不審な人物"
    asked = len(dialog.questions)
    choose(keys.holder_combo, toru)  # present: no question
    keys.key_name_edit.setText("古い鍵")
    keys.give_button.click()
    assert len(dialog.questions) == asked and refusals == []


def test_keys_are_given_to_pcs_moved_by_the_gm_and_deleted(dialog, refusals, campaign_model):
    _, mina, _ = ids(dialog)
    tab = dialog.keys_tab
    assert offered(tab.holder_combo) == ["朝霧 透", "ミナ・クローデル"]  # PCs only
    add_scene(dialog, "学校")
    assert tab.scene_label.text() == "学校"
    tab.key_name_edit.setText("不審な人物")
    tab.key_name_edit.returnPressed.emit()
    assert [column(tab.keys_table, c) for c in range(4)] == [["不審な人物"], ["朝霧 透"], ["学校"], ["1"]]
    assert tab.key_name_edit.text() == ""
    tab.key_name_edit.setText("不審な人物")
    tab.give_button.click()
    assert refusals == ["朝霧 透は既に「イベントキー:不審な人物」を持っています"]

    tab.move_button.click()
    assert refusals[-1] == "イベントキーを一覧から選んでください"
    tab.keys_table.selectRow(0)
    choose(tab.move_combo, mina)
    dialog.answer = False
    tab.move_button.click()
    assert column(tab.keys_table, 1) == ["朝霧 透"]
    title, text = dialog.questions[-1]
    assert title == "キーを移す" and "譲渡できません" in text and "GMの判断" in text and "ログ" in text
    dialog.answer = True
    tab.move_button.click()
    assert column(tab.keys_table, 1) == ["ミナ・クローデル"]
    log = campaign_model.log_entries()[-1].payload["summary"]["inputs"]
    assert log == "GMがイベントキー:不審な人物 を 朝霧 透 から ミナ・クローデル へ移した"

    tab.keys_table.selectRow(0)
    tab.remove_button.click()
    assert tab.keys_table.rowCount() == 0
    campaign_model.undo_stack.undo()
    assert column(tab.keys_table, 0) == ["不審な人物"]


# ---- 戦闘 ------------------------------------------------------------------------------------------


def test_the_combat_page_names_the_trackers_round_and_asks_for_the_tracker(dialog, qtbot, campaign_model):
    tab = dialog.combat_tab
    assert tab.status_label.text() == "戦闘は行なわれていません"
    tracker = aw_fight(campaign_model, ids(dialog)[0])  # the page follows the tracker's steps
    assert tab.status_label.text() == "戦闘中: 森の遭遇 ラウンド 1・朝霧 透の手番"
    tracker.round.next_turn()
    assert tab.status_label.text() == "戦闘中: 森の遭遇 ラウンド 1・クリンナップ"
    tracker.round.end()
    assert tab.status_label.text() == "戦闘は行なわれていません"
    text = "\n".join(label.text() for label in tab.findChildren(type(tab.status_label)))
    assert "戦闘トラッカー" in text and "Ctrl+B" in text and "離脱" in text and "クリンナップ" in text
    with qtbot.waitSignal(tab.tracker_requested), qtbot.waitSignal(dialog.tracker_requested):
        tab.tracker_button.click()


def test_the_command_spell_box_is_whole_in_english(qtbot, campaign_model, tmp_path):
    """In English the 令呪 box's title (set when the tab syncs) was wider than the column's width
    fixed before it, and the column lost its right edge: buttons and notes were cut."""
    from tests.qt_fixtures import english_ui

    with english_ui(tmp_path):
        dialog = AWSessionDialog(AWSessionModel(campaign_model))
        qtbot.addWidget(dialog)
        dialog.resize(1075, 660)
        dialog.show()
        qtbot.waitExposed(dialog)
        dialog.tabs.setCurrentWidget(dialog.contracts_tab)
        tab = dialog.contracts_tab
        qtbot.waitUntil(lambda: tab.spells.use_button.isVisible())
        QApplication.processEvents()
        viewport = tab.right_scroll.viewport().width()
        assert tab.spells.box.title().startswith("Use a Command Spell")
        assert tab._column.width() <= viewport
        assert tab._column.minimumSizeHint().width() <= viewport
