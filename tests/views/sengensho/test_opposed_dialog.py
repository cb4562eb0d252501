"""The opposed-check stepper as the GM uses it: set up, walk the seven steps, read the odds and result.

The campaign holds 白峰 朔 (PC, {感覚}4 〈射撃〉2) and 宵闇の主 (NPC, {身体}5 〈回避〉1).  Seeds are
found by search for the natural 3D6 total each test needs.
"""

from __future__ import annotations

import random

from PySide6.QtCore import Qt

from gmtool.models.sengensho.opposed_model import LOG_KIND, Role, SengenshoOpposedModel
from gmtool.rules.dice import roll
from gmtool.rules.systems.sengensho.character import Attributes, SengenshoCharacter, Skill
from gmtool.rules.systems.sengensho.opposed import Step
from gmtool.views.sengensho.opposed_dialog import SengenshoOpposedDialog


def seed_rolling(natural: int) -> int:
    return next(s for s in range(100_000) if sum(roll(random.Random(s), 3, 6)) == natural)


def make_dialog(qtbot, campaign_model, *naturals: int) -> SengenshoOpposedDialog:
    for character in (
        SengenshoCharacter(
            name="白峰 朔", is_pc=True, attributes=Attributes(sense=4), skills=(Skill("射撃", 2),)
        ),
        SengenshoCharacter(
            name="宵闇の主", is_pc=False, attributes=Attributes(body=5), skills=(Skill("回避", 1),)
        ),
    ):
        campaign_model.insert_character("sengensho", character, "追加")
    queue = [seed_rolling(n) for n in naturals]
    model = SengenshoOpposedModel(campaign_model, seed_source=lambda: queue.pop(0))
    dialog = SengenshoOpposedDialog(model)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitUntil(dialog.isVisible)
    return dialog


def step_texts(dialog: SengenshoOpposedDialog) -> list[str]:
    return [dialog.steps_list.item(i).text() for i in range(dialog.steps_list.count())]


def odds_row(dialog: SengenshoOpposedDialog, row: int) -> list[str]:
    return [dialog.odds_table.item(row, c).text() for c in range(dialog.odds_table.columnCount())]


def choose(combo, text: str) -> None:
    index = next(i for i in range(combo.count()) if combo.itemText(i).startswith(text))
    combo.setCurrentIndex(index)


def press_roll(qtbot, dialog: SengenshoOpposedDialog) -> None:
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    qtbot.keyClick(dialog, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)


def log_summaries(campaign_model) -> list[dict]:
    return [e.payload["summary"] for e in campaign_model.log_entries() if e.kind == LOG_KIND]


def test_the_dialog_opens_on_step_one_with_the_setup_and_the_hint(qtbot, empty_campaign_model):
    dialog = make_dialog(qtbot, empty_campaign_model)
    assert dialog.windowTitle() == "千幻抄 対抗判定（7ステップ）" and not dialog.isModal()
    setup = dialog.setup_box
    attacker, defender = setup.side_boxes[Role.ATTACKER], setup.side_boxes[Role.DEFENDER]
    assert attacker.character_combo.currentText() == "宵闇の主（NPC）"  # the text's hint: the PC defends
    assert defender.character_combo.currentText() == "白峰 朔（PC）"
    assert "PCとNPCであれば、PCを防御側とする" in setup.hint_label.text()
    assert not setup.pc_defends_button.isVisible()
    assert dialog.tie_combo.currentText() == "同値: GMが裁定（未設定）"
    texts = step_texts(dialog)
    assert texts[0] == "▶ 1. 攻撃側がダイスを振る（DP使用量もこのときに決める）"
    assert all(not t.startswith(("▶", "✔")) for t in texts[1:])
    assert dialog.roll_button.isEnabled() and dialog.dp_spin.isEnabled()
    assert not dialog.declare_spin.isEnabled() and not dialog.fix_button.isEnabled()
    assert not dialog.reset_button.isEnabled() and not dialog.reroll_button.isEnabled()
    before = odds_row(dialog, 0)
    assert before[0] == "0. 開始前" and before[1].endswith("%") and odds_row(dialog, 1)[1:] == ["—"] * 3
    assert dialog.headline_label.text().startswith("P(攻撃側の勝ち) ")
    assert dialog.side_labels[Role.ATTACKER].text() == "まだ振っていません"
    assert "クリティカル 16 以上・ファンブル 5 以下は表示のみ" in dialog.thresholds_label.text()


def test_the_swap_is_offered_when_a_pc_attacks_an_npc(qtbot, empty_campaign_model):
    dialog = make_dialog(qtbot, empty_campaign_model)
    setup = dialog.setup_box
    attacker, defender = setup.side_boxes[Role.ATTACKER], setup.side_boxes[Role.DEFENDER]
    choose(attacker.character_combo, "白峰 朔")
    choose(defender.character_combo, "宵闇の主")
    qtbot.waitUntil(setup.pc_defends_button.isVisible)
    assert setup.offer_label.text() == "PCが攻撃側、NPCが防御側になっています"
    choose(attacker.attribute_combo, "感覚")
    choose(attacker.skill_combo, "〈射撃〉")
    assert attacker.summary_label.text() == "{感覚}+〈射撃〉 判定値 6 修正 +0"
    setup.pc_defends_button.click()
    assert attacker.character_combo.currentText() == "宵闇の主（NPC）"
    assert defender.summary_label.text() == "{感覚}+〈射撃〉 判定値 6 修正 +0"
    assert not setup.pc_defends_button.isVisible()


def test_walking_the_seven_steps(qtbot, empty_campaign_model, refusals):
    dialog = make_dialog(qtbot, empty_campaign_model, 12, 10)  # 宵闇の主 {身体}5 vs 白峰 朔 {身体}0
    headlines = [dialog.headline_label.text()]

    dialog.dp_spin.setValue(1)
    dialog.roll_button.click()  # 1: natural 12 → 達成値 17
    assert step_texts(dialog)[:2] == [
        "✔ 1. 攻撃側がダイスを振る（DP使用量もこのときに決める）",
        "▶ 2. 攻撃側に対する達成値上昇/低下効果の使用をすべて宣言",
    ]
    assert dialog.side_labels[Role.ATTACKER].text().endswith("達成値 17（判定値 5、修正 +0、宣言 +0） DP 1")
    assert not dialog.roll_button.isEnabled() and dialog.declare_spin.isEnabled()
    assert not dialog.setup_box.editing.isVisible()
    assert dialog.setup_box.started_label.text().startswith("攻撃側: 宵闇の主 {身体} 判定値 5 修正 +0")
    headlines.append(dialog.headline_label.text())
    assert odds_row(dialog, 1)[1] != "—"

    press_roll(qtbot, dialog)  # Ctrl+R at step 2: refused with the engine's message
    assert refusals and "次の手順: 2. 攻撃側に対する達成値上昇/低下効果の使用をすべて宣言" in refusals[-1]

    dialog.declare_spin.setValue(-3)  # 2: an effect lowering the attacker's 達成値
    headlines.append(dialog.headline_label.text())
    assert odds_row(dialog, 2)[1:] != odds_row(dialog, 1)[1:]
    dialog.fix_button.click()  # 3
    assert step_texts(dialog)[2].startswith("✔ 3.") and step_texts(dialog)[3].startswith("▶ 4.")
    assert odds_row(dialog, 3)[1:] == odds_row(dialog, 2)[1:]
    assert dialog.declare_spin.value() == 0 and dialog.dp_spin.value() == 0
    assert "防御側（白峰 朔）がダイスを振る" in dialog.next_label.text()

    press_roll(qtbot, dialog)  # 4 by Ctrl+R: natural 10 → 達成値 10
    qtbot.waitUntil(lambda: dialog.model.step is Step.DEFENDER_MODIFIERS)
    headlines.append(dialog.headline_label.text())
    dialog.declare_spin.setValue(4)  # 5: 14 against 14
    headlines.append(dialog.headline_label.text())
    assert not dialog.result_label.isVisible()
    dialog.fix_button.click()  # 6 → 7
    assert all(t.startswith("✔") for t in step_texts(dialog))
    assert len(set(headlines)) == len(headlines), headlines  # the odds line changed at every step
    assert dialog.result_label.text() == "結果: 同値（GMの裁定） 達成値 14 対 14"
    assert dialog.headline_label.text() == "P(攻撃側の勝ち) 0%（ほかに同値 100%: GMの裁定）"
    assert odds_row(dialog, 7)[1:] == ["0%", "100%", "0%"]
    assert not dialog.roll_button.isEnabled() and not dialog.fix_button.isEnabled()

    choose(dialog.tie_combo, "同値: 防御側の勝ち")  # the GM rules on the tie
    assert dialog.result_label.text() == "結果: 防御側（白峰 朔）の勝ち（同値: 防御側の勝ち） 達成値 14 対 14"
    assert odds_row(dialog, 7)[1:] == ["0%", "100%（防御側に含む）", "100%"]
    summaries = log_summaries(empty_campaign_model)
    assert [s["who"] for s in summaries] == [
        "宵闇の主",
        "白峰 朔",
        "宵闇の主 → 白峰 朔",
        "宵闇の主 → 白峰 朔",
    ]
    assert summaries[2]["result"] == "同値（GMの裁定） 達成値 14 対 14"
    assert summaries[3]["inputs"] == "同値の裁定を変更: 同値: 防御側の勝ち"
    assert len(refusals) == 1


def test_reset_and_the_defender_reroll(qtbot, empty_campaign_model, refusals):
    dialog = make_dialog(qtbot, empty_campaign_model, 9, 12, 4, 10)
    dialog.roll_button.click()
    dialog.reset_button.click()  # an unfinished procedure: logged, the set-up editable again
    assert dialog.setup_box.editing.isVisible() and step_texts(dialog)[0].startswith("▶ 1.")
    assert log_summaries(empty_campaign_model)[-1]["inputs"] == "対抗判定をやり直した（結果なし）"
    dialog.roll_button.click()  # natural 12 → 17
    dialog.fix_button.click()
    dialog.roll_button.click()  # natural 4 → 4: a fumble, shown
    assert dialog.side_labels[Role.DEFENDER].text().endswith("【ファンブル】")
    assert dialog.reroll_button.isEnabled()
    dialog.reroll_button.click()
    assert (
        step_texts(dialog)[3].startswith("▶ 4.")
        and dialog.side_labels[Role.DEFENDER].text() == "まだ振っていません"
    )
    dialog.roll_button.click()  # natural 10
    dialog.fix_button.click()
    assert dialog.result_label.text() == "結果: 攻撃側（宵闇の主）の勝ち 達成値 17 対 10"
    assert not refusals


def test_escape_closes_the_dialog(qtbot, empty_campaign_model):
    dialog = make_dialog(qtbot, empty_campaign_model)
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not dialog.isVisible())
