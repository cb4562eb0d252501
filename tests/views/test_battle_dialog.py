"""The combat tracker driven as the GM drives it: an AW round with a PC/NPC tie and a 離脱, a LotR
round with extra actions, a Four Card character falling through 衰弱 and 昏倒."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from PySide6.QtCore import Qt

from gmtool.app.systems import tracker_boxes
from gmtool.models.battle_model import BattleModel
from gmtool.rules import battle
from gmtool.rules.battle import Status
from gmtool.rules.systems.aw import combat as aw
from gmtool.views.battle.battle_dialog import BattleDialog
from gmtool.views.battle.encounter_bar import Replacing

SEED = 20261125


@pytest.fixture
def dialog(qtbot, campaign_model, refusals):
    model = BattleModel(campaign_model, seed_source=lambda: SEED)
    view = BattleDialog(model, action_boxes=tracker_boxes())  # as the 戦闘 menu makes it
    view.ask_confirm = lambda *_: True
    qtbot.addWidget(view)
    return view


def new_encounter(dialog: BattleDialog, system: str, name: str) -> None:
    dialog.system_combo.setCurrentIndex(dialog.system_combo.findData(system))
    dialog.name_edit.setText(name)
    dialog.new_button.click()


def add_character(dialog: BattleDialog, name: str) -> str:
    dialog.character_combo.setCurrentIndex(dialog.character_combo.findText(name))
    dialog.add_character_button.click()
    return next(p.id for p in dialog.model.state().participants if p.name == name)


def add_npc(dialog: BattleDialog, name: str, values: dict[str, int], count: int = 1, hidden: bool = False):
    dialog.ask_quick_npc = lambda: (name, values, count, hidden)
    dialog.add_npc_button.click()
    return [p.id for p in dialog.model.state().participants if p.name.startswith(name)]


def column(dialog: BattleDialog, participant_id: str, col: int) -> str:
    row = dialog.table_model.row_of(participant_id)
    return dialog.table_model.index(row, col).data()


def current_name(dialog: BattleDialog) -> str | None:
    state = dialog.model.state()
    actor = state.participant(state.current)
    return actor.name if actor else None


def test_an_aw_round_with_a_pc_npc_tie_and_a_withdrawal(dialog, qtbot, refusals):
    new_encounter(dialog, "aw", "森の遭遇")
    toru = add_character(dialog, "朝霧 透")  # 行動値 9, PC
    mina = add_character(dialog, "ミナ・クローデル")  # 行動値 8
    shadow = add_character(dialog, "影の使徒")  # 行動値 7, NPC
    (orc,) = add_npc(dialog, "オーク", {"initiative": 9, "hp": 20})  # ties 透 at 9
    assert column(dialog, orc, 5) == "HP 20/20  MP 0"
    assert dialog.table_model.headerData(3, Qt.Orientation.Horizontal) == "行動値"

    dialog.start_button.click()
    assert "ラウンド 1・セットアップ" in dialog.status_label.text()
    dialog.show()
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    qtbot.keyClick(dialog, Qt.Key.Key_Right, Qt.KeyboardModifier.ControlModifier)
    assert current_name(dialog) == "朝霧 透"  # 9 = 9: the PC before the NPC
    assert column(dialog, toru, 0) == "▶"
    assert dialog.tie_label.text() == ""  # the rules decided: no GM choice
    dialog.next_button.click()
    assert current_name(dialog) == "オーク"
    assert column(dialog, toru, 0) == "✓"
    dialog.next_button.click()
    assert current_name(dialog) == "ミナ・クローデル"

    # ミナ stands engaged with the shadow and the orc, and withdraws through their blockade.
    box = dialog.action_boxes["aw"]
    for target in (shadow, orc):
        box.target_combo.setCurrentIndex(box.target_combo.findData(target))
        box.engage_button.click()
    state = dialog.model.state()
    assert {p.id for p in aw.blockers(state, mina)} == {shadow, orc}
    assert box.blocker_list.count() == 2
    expected = aw.withdraw_probability(state, mina, [shadow, orc])
    assert f"{float(expected):.2%}" in box.withdraw_label.text()
    assert not box.flee_button.isEnabled()  # engaged with enemies: no 逃走

    outcome = aw.withdraw(state, mina, box.chosen_blockers(), random.Random(SEED))
    box.withdraw_button.click()
    after = dialog.model.state().get(mina)
    assert (after.engagement is None) is outcome.succeeded
    assert [a.name for a in after.actions] == ["離脱" if outcome.succeeded else "離脱（失敗）"]
    last = dialog.log_list.item(dialog.log_list.count() - 1).text()
    assert "エンゲージ離脱" in last and f"{float(expected):.1%}" in last

    dialog.next_button.click()
    assert current_name(dialog) == "影の使徒"
    dialog.next_button.click()
    assert "クリンナップ" in dialog.status_label.text()
    dialog.next_button.click()
    assert "ラウンド 2" in dialog.status_label.text()
    assert not refusals


def test_aw_withdrawal_success_leaves_the_engagement_and_undo_restores(dialog, campaign_model):
    new_encounter(dialog, "aw", "封鎖")
    mina = add_character(dialog, "ミナ・クローデル")
    (orc,) = add_npc(dialog, "オーク", {"initiative": 2})
    dialog.start_button.click()
    dialog.next_button.click()
    assert current_name(dialog) == "ミナ・クローデル"
    box = dialog.action_boxes["aw"]
    box.target_combo.setCurrentIndex(box.target_combo.findData(orc))
    box.engage_button.click()
    seed = next(
        s for s in range(500) if aw.withdraw(dialog.model.state(), mina, [orc], random.Random(s)).succeeded
    )
    dialog.model.seed_source = lambda: seed
    box.withdraw_button.click()
    assert dialog.model.state().get(mina).engagement is None
    campaign_model.undo_stack.undo()
    assert dialog.model.state().get(mina).engagement is not None
    assert box.withdraw_button.isEnabled()


def test_aw_minor_then_major_and_a_second_major_is_refused(dialog, refusals):
    new_encounter(dialog, "aw", "")
    add_character(dialog, "朝霧 透")
    dialog.start_button.click()
    dialog.next_button.click()
    box = dialog.action_boxes["aw"]
    assert "戦闘移動 14m・全力移動 28m" in box.move_label.text()
    box.minor_button.click()
    box.major_button.click()
    box.major_button.click()
    assert refusals and "メジャーアクション" in refusals[-1]
    assert "戦闘移動、攻撃" in box.move_label.text()


def test_an_npc_tie_is_offered_to_the_gm(dialog):
    new_encounter(dialog, "aw", "")
    _first, second = add_npc(dialog, "ゴブリン", {"initiative": 6}, count=2)
    dialog.start_button.click()
    dialog.next_button.click()
    assert current_name(dialog) == "ゴブリン A"
    assert "ゴブリン B" in dialog.tie_label.text()
    dialog.select(second)
    dialog.take_button.click()
    assert current_name(dialog) == "ゴブリン B"
    dialog.next_button.click()
    assert current_name(dialog) == "ゴブリン A"


def test_a_lotr_round_with_extra_actions(dialog):
    new_encounter(dialog, "lotr", "オークの待ち伏せ")
    naar = add_character(dialog, "ナール")
    (orc,) = add_npc(dialog, "オーク", {"swiftness": 0, "defence": 9, "health": 6})
    assert dialog.table_model.headerData(3, Qt.Orientation.Horizontal) == "イニシアチブ"
    dialog.start_button.click()
    state = dialog.model.state()
    rolled = sorted(state.participants, key=lambda p: (-p.initiative, -p.value("swiftness")))
    assert all("initiative_dice" in p.values for p in state.participants)
    dialog.next_button.click()
    assert dialog.model.state().current == rolled[0].id

    box = dialog.action_boxes["lotr"]
    box.who_combo.setCurrentIndex(box.who_combo.findData(naar))
    box.kind_combo.setCurrentIndex(box.kind_combo.findData("attack"))
    box.spend_button.click()
    box.spend_button.click()
    assert "追加アクション: 判定に -5" in box.cost_label.text()  # shown before the third is taken
    box.spend_button.click()
    last = dialog.log_list.item(dialog.log_list.count() - 1).text()
    assert "追加アクション: 判定-5" in last
    assert "追加アクション: 判定に -10" in box.cost_label.text()
    assert column(dialog, naar, 8) == "攻撃（通常）、攻撃（通常）、攻撃（通常）"

    # The orc dodges out of turn: its Defence can only rise, and the chance was shown first.
    box.who_combo.setCurrentIndex(box.who_combo.findData(orc))
    assert "Defense 9: 回避で上回る確率" in box.dodge_label.text()
    box.dodge_button.click()
    orc_now = dialog.model.state().get(orc)
    assert [a.kind for a in orc_now.actions] == ["dodge"]

    # Wounds: the orc's Health 6 track, Healthy then five levels.
    dialog.select(orc)
    pbox = dialog.participant_box
    pbox.resource_combo.setCurrentIndex(pbox.resource_combo.findData("wounds"))
    pbox.amount_spin.setValue(7)
    pbox.damage_button.click()
    # Dazed, whose penalty the summary does not give: 未設定 and counted 0 until the GM enters it
    assert column(dialog, orc, 4) == "朦朧・壮健"


def test_lotr_initiative_kept_from_the_first_round(dialog):
    new_encounter(dialog, "lotr", "")
    add_character(dialog, "ナール")
    add_npc(dialog, "オーク", {"swiftness": 2})
    dialog.start_button.click()
    first = [p.initiative for p in dialog.model.state().participants]
    dialog.action_boxes["lotr"].keep_check.click()
    dialog.model.seed_source = lambda: SEED + 1
    for _ in range(4):  # two turns, cleanup, the next round
        dialog.next_button.click()
    assert dialog.model.state().round == 2
    assert [p.initiative for p in dialog.model.state().participants] == first


def test_a_fourcard_character_falls_through_the_weakened_and_unconscious_lines(dialog):
    new_encounter(dialog, "fourcard", "酒場の乱闘")
    rize = add_character(dialog, "リゼ・アルノー")  # ST 4 WP 6 VT 5: 衰弱 13, 昏倒 25, 死亡 35; 3 already
    (thug,) = add_npc(dialog, "ならず者", {"st": 5, "wp": 3, "vt": 4})
    assert column(dialog, rize, 5) == "疲労 2  負傷 1"
    dialog.select(rize)
    box = dialog.participant_box
    box.resource_combo.setCurrentIndex(box.resource_combo.findData("injury"))
    box.amount_spin.setValue(9)
    box.damage_button.click()
    assert column(dialog, rize, 4) == ""  # 12 of 13
    box.amount_spin.setValue(1)
    box.damage_button.click()
    assert column(dialog, rize, 4) == "衰弱・判定-2"
    box.amount_spin.setValue(12)
    box.damage_button.click()  # 25: 昏倒
    assert dialog.model.state().get(rize).status is Status.DEFEATED
    assert column(dialog, rize, 4).startswith("戦闘不能・昏倒")
    last = dialog.log_list.item(dialog.log_list.count() - 1).text()
    assert "負傷: 11 → 23" in last and "戦闘不能" in last

    dialog.start_button.click()
    dialog.next_button.click()
    assert current_name(dialog) == "ならず者"  # the unconscious are skipped
    dialog.next_button.click()
    assert "ラウンド終了" in dialog.status_label.text()  # an SRS word only in an AW round

    dialog.select(rize)  # the selection followed the turns to ならず者: back to リゼ
    box.resource_combo.setCurrentIndex(box.resource_combo.findData("injury"))
    box.amount_spin.setValue(10)
    box.damage_button.click()  # 35: 死亡
    assert dialog.model.state().get(rize).status is Status.DEAD
    box.heal_button.click()  # back to 25: death is final, whatever the body heals
    assert dialog.model.state().get(rize).status is Status.DEAD
    assert thug in [p.id for p in dialog.model.state().participants]


def test_conditions_count_down_at_the_chosen_turn_and_hidden_npcs_stay_out_of_the_copy(dialog, qtbot):
    new_encounter(dialog, "sengensho", "")
    saku = add_character(dialog, "白峰 朔")
    (ghost,) = add_npc(dialog, "怨霊", {"hp": 15}, hidden=True)
    assert "［非公開］" in column(dialog, ghost, 1)
    assert column(dialog, saku, 5) == "HP 0（未入力）"
    dialog.select(saku)
    box = dialog.participant_box
    assert "ルールに決まっていません" in box.resource_note.text()
    box.condition_edit.setText("金縛り")
    box.rounds_spin.setValue(1)
    box.counts_combo.setCurrentIndex(box.counts_combo.findData(ghost))
    box.add_condition_button.click()
    assert column(dialog, saku, 6) == "金縛り（残り1）"
    dialog.start_button.click()
    dialog.next_button.click()  # 朔
    dialog.next_button.click()  # the ghost's turn: the condition ends
    assert column(dialog, saku, 6) == ""
    assert "「金縛り」が終わった" in dialog.log_list.item(dialog.log_list.count() - 1).text()
    dialog.copy_order()
    from PySide6.QtGui import QGuiApplication

    text = QGuiApplication.clipboard().text()
    assert "白峰 朔" in text and "怨霊" not in text


def test_saved_encounters_come_back_with_fresh_participants(dialog):
    new_encounter(dialog, "aw", "山賊")
    add_npc(dialog, "山賊", {"initiative": 5, "hp": 10}, count=3)
    dialog.save_button.click()
    assert dialog.saved_combo.findData("山賊") >= 0
    new_encounter(dialog, "aw", "別の戦闘")
    assert dialog.model.state().participants == ()
    dialog.saved_combo.setCurrentIndex(dialog.saved_combo.findData("山賊"))
    dialog.load_button.click()
    names = [p.name for p in dialog.model.state().participants]
    assert names == ["山賊 A", "山賊 B", "山賊 C"]
    assert dialog.model.state().name == "山賊"


def test_a_damaged_stored_encounter_is_reported_and_replaced(dialog, campaign_model):
    campaign_model.set_session_value("battle.encounter", {"participants": "壊れた"}, "壊す")
    assert dialog.problem_label.isVisibleTo(dialog)
    assert "戦闘の記録が正しくありません" in dialog.problem_label.text()
    new_encounter(dialog, "aw", "")
    assert not dialog.problem_label.isVisibleTo(dialog)


def test_the_quick_npc_dialog_asks_for_every_value_the_rules_do_not_give(qtbot, campaign_model, refusals):
    from gmtool.views.battle.quick_npc_dialog import QuickNpcDialog

    battle = BattleModel(campaign_model)
    battle.new_encounter("fourcard", "")
    npc = QuickNpcDialog(battle.roster)
    qtbot.addWidget(npc)
    assert npc.value_spins["st"].text() == "未入力"
    npc._accept_if_complete()
    assert refusals == ["次の値を入力してください: ST、WP、VT"] and npc.result() == 0
    for key in ("st", "wp", "vt"):
        npc.value_spins[key].setValue(4)
    npc._accept_if_complete()
    assert npc.result() == 1 and npc.values() == {"st": 4, "wp": 4, "vt": 4}


def test_the_turn_is_handed_only_to_someone_waiting_in_a_running_round(dialog):
    new_encounter(dialog, "sengensho", "")
    a, b = (add_npc(dialog, name, {})[0] for name in ("甲", "乙"))
    dialog.select(b)
    assert not dialog.take_button.isEnabled()  # not started
    dialog.start_button.click()
    dialog.select(b)
    assert not dialog.take_button.isEnabled()  # setup
    dialog.next_button.click()
    dialog.select(a)
    assert not dialog.take_button.isEnabled()  # it is already 甲's turn
    dialog.select(b)
    assert dialog.take_button.isEnabled()


def test_a_gathered_roster_and_a_saved_encounter_are_replaced_only_when_confirmed(dialog):
    asked = []
    dialog.ask_confirm = lambda title, text: asked.append(text) or False
    dialog.ask_replacing = lambda title, text: asked.append(text) or Replacing.CANCEL
    new_encounter(dialog, "aw", "山賊")
    add_npc(dialog, "山賊", {"initiative": 5})
    dialog.new_button.click()
    assert "参加者 1人を置き換えますか" in asked[-1]
    assert [p.name for p in dialog.model.state().participants] == ["山賊"]
    dialog.save_button.click()
    dialog.save_button.click()
    assert "上書きしますか" in asked[-1]


def test_pcs_level_on_initiative_are_said_to_be_ordered_by_the_rule_of_thumb(dialog):
    new_encounter(dialog, "aw", "")
    add_npc(dialog, "影", {"initiative": 1})
    roster = dialog.model.roster
    roster.add_character(next(cid for cid, name in roster.characters() if name == "朝霧 透"))
    mina = add_character(dialog, "ミナ・クローデル")
    # ミナ as fast as 透 (a feat of the moment): level on 行動値 9
    state = battle.with_participant(dialog.model.state(), mina, lambda p: replace(p, initiative=9))
    dialog.model.commit(state, "test", None)
    dialog.start_button.click()
    dialog.next_button.click()
    assert current_name(dialog) == "朝霧 透"  # 反射 4 against 3
    assert "ミナ・クローデル" in dialog.tie_label.text() and "原則" in dialog.tie_label.text()


def test_participants_go_to_ccfolia_one_at_a_time_and_hidden_ones_only_when_asked(dialog, refusals):
    import json

    from PySide6.QtGui import QGuiApplication

    from gmtool.store.ccfolia import validate_ccfolia

    new_encounter(dialog, "aw", "")
    toru = add_character(dialog, "朝霧 透")
    (ghost,) = add_npc(dialog, "怨霊", {"initiative": 3, "hp": 12}, hidden=True)
    dialog.select(toru)
    dialog.ccfolia_button.click()
    document = json.loads(QGuiApplication.clipboard().text())
    validate_ccfolia(document)
    assert document["data"]["name"] == "朝霧 透" and document["data"]["initiative"] == 9
    dialog.select(ghost)
    dialog.ccfolia_button.click()
    assert "非表示" in refusals[-1]
    # Everyone: one by one, since CCFolia's clipboard takes one character per paste, not a list.
    dialog.ccfolia_all_button.click()
    queue = dialog.ccfolia_queue_dialog
    assert [c.name for c in queue.model.characters] == ["朝霧 透"]
    queue.next_button.click()
    only = json.loads(QGuiApplication.clipboard().text())
    validate_ccfolia(only)
    assert only["data"]["name"] == "朝霧 透"
    queue.close()
    dialog.include_hidden_check.setChecked(True)
    assert "盤面" in dialog.include_hidden_check.toolTip()  # CCFolia stands a secret NPC on the board
    dialog.ccfolia_all_button.click()
    queue = dialog.ccfolia_queue_dialog
    assert [(c.name, c.secret) for c in queue.model.characters] == [("朝霧 透", False), ("怨霊", True)]
    assert not queue.secret_note.isHidden()


def test_the_selection_follows_the_turn_and_escape_does_not_close_the_tracker(dialog, qtbot):
    new_encounter(dialog, "aw", "手番")
    add_character(dialog, "朝霧 透")  # 行動値 9
    mina = add_character(dialog, "ミナ・クローデル")  # 行動値 8
    dialog.start_button.click()
    dialog.next_button.click()
    assert current_name(dialog) == "朝霧 透"
    assert dialog.selected_id() == dialog.model.state().current  # the side panel shows the actor
    dialog.select(mina)  # the GM looks at someone else mid-turn: that stays
    dialog._sync()
    assert dialog.selected_id() == mina
    dialog.next_button.click()
    assert current_name(dialog) == "ミナ・クローデル" and dialog.selected_id() == mina

    dialog.show()
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert dialog.isVisible()  # a stray Escape mid-fight


def aw_fight_in_round_2(dialog: BattleDialog) -> str:
    """An AW fight 「戦闘」 in round 2, its オーク down to HP 6/10: the オーク's id."""
    new_encounter(dialog, "aw", "")
    add_character(dialog, "朝霧 透")
    (orc,) = add_npc(dialog, "オーク", {"initiative": 5, "hp": 10})
    dialog.start_button.click()
    while dialog.model.state().round < 2:
        dialog.next_button.click()
    dialog.model.edit.damage(orc, "hp", 4)
    return orc


def test_replacing_a_fight_under_way_says_what_is_lost_and_saves_it_in_one_undo_step(dialog, campaign_model):
    """Walk 45: 指輪物語 → 新しい戦闘 in the middle of an AW fight asked 「進行中の戦闘「戦闘」を終えて
    置き換えますか？」, and after はい the fight was gone, 保存した戦闘 empty."""
    orc = aw_fight_in_round_2(dialog)
    asked: list[tuple[str, str]] = []
    answers = [Replacing.CANCEL, Replacing.SAVE]
    dialog.ask_replacing = lambda title, text: asked.append((title, text)) or answers.pop(0)
    dialog.system_combo.setCurrentIndex(dialog.system_combo.findData("lotr"))
    dialog.new_button.click()
    title, question = asked[0]
    assert title == "新しい戦闘"
    assert "進行中の戦闘「戦闘」（ラウンド 2・参加者 2人）" in question and "失われます" in question
    assert "「保存した戦闘」に「戦闘」として残します" in question
    assert dialog.model.state().system == "aw" and dialog.model.state().round == 2  # キャンセル
    dialog.new_button.click()  # 保存して置き換える
    assert dialog.model.state().system == "lotr"
    assert [dialog.saved_combo.itemText(i) for i in range(dialog.saved_combo.count())] == ["戦闘"]
    (saved,) = dialog.model.saved.encounters()
    assert [(p.name, p.resource("hp").value) for p in saved.participants] == [("朝霧 透", 28), ("オーク", 6)]
    campaign_model.undo_stack.undo()  # one step: the fight under way is back, nothing saved
    assert dialog.model.state().system == "aw" and dialog.model.state().round == 2
    assert dialog.model.participant(orc).resource("hp").value == 6
    assert dialog.saved_combo.count() == 0


def test_replacing_without_saving_keeps_nothing_and_a_saved_name_is_never_overwritten(dialog):
    aw_fight_in_round_2(dialog)
    dialog.ask_replacing = lambda *_: Replacing.DISCARD
    dialog.new_button.click()  # 保存せずに置き換える: the fight is gone, as the question said
    assert dialog.model.state().round == 0 and dialog.model.state().participants == ()
    assert dialog.saved_combo.count() == 0
    aw_fight_in_round_2(dialog)
    dialog.save_button.click()  # saved as 「戦闘」 in round 2 …
    dialog.model.edit.damage(dialog.model.state().participants[1].id, "hp", 1)  # … then hit again
    asked: list[str] = []
    dialog.ask_replacing = lambda _title, text: asked.append(text) or Replacing.SAVE
    dialog.new_button.click()
    assert "「戦闘 (2)」として残します" in asked[0]
    hp = {e.name: e.participants[1].resource("hp").value for e in dialog.model.saved.encounters()}
    assert hp == {"戦闘": 6, "戦闘 (2)": 5}


def test_the_replacing_question_offers_save_replace_and_cancel(dialog, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    shown: list[list[str]] = []

    def answer(box: QMessageBox) -> int:
        shown.append([b.text() for b in box.buttons()])
        assert box.defaultButton().text() == "保存して置き換える"
        assert box.escapeButton().text() == "キャンセル"
        box.escapeButton().click()
        return 0

    monkeypatch.setattr(QMessageBox, "exec", answer)
    del dialog.ask_confirm  # the dialog's own questions
    aw_fight_in_round_2(dialog)
    dialog.new_button.click()
    assert sorted(shown[0]) == sorted(["保存して置き換える", "保存せずに置き換える", "キャンセル"])
    assert dialog.model.state().round == 2  # cancelled: the fight goes on
