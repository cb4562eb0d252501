"""A Lord of the Rings fight in the combat tracker, through the real main window: a ranged attack at a
range step (the weapons table, a distance), a Blunt head blow that stuns (the stun table), a mounted
charge, a fear attack, courage spent after a failed parry, a hobbit brought to Incapacitated and dead
there.  Each step is undone and redone once from the window's 元に戻す / やり直す, checking what the
GM sees."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt

from gmtool.app.main_window import MainWindow
from gmtool.models.lotr.check_model import CUSTOM
from gmtool.models.lotr.rules_model import LotRRulesModel
from gmtool.rules.systems.lotr import fear, reference_catalog as catalog
from gmtool.rules.systems.lotr.checks import Contestant
from gmtool.rules.systems.lotr.exploding import roll_test
from gmtool.views.battle.battle_dialog import BattleDialog
from tests.models.lotr.test_lotr_attack_options_model import seed_of
from tests.rules.lotr.gm_tables import GM_WOUND_PENALTIES


def seed_where(predicate) -> int:
    return next(s for s in range(100_000) if predicate(roll_test(random.Random(s))))


TWO = {total: seed_where(lambda f, t=total: len(f) == 2 and sum(f) == t) for total in range(2, 12)}


class Seeds:
    def __init__(self) -> None:
        self.queue: list[int] = []

    def __call__(self) -> int:
        return self.queue.pop(0) if self.queue else 1


pytestmark = pytest.mark.window(record_dialogs=True)


@pytest.fixture
def fight(window):
    """The GM's tables filled in (ルール表 → 参照表), the tracker opened on ナール's system, a fight."""
    rules = LotRRulesModel(window.campaign_model)
    rules.reference.add_row(catalog.WEAPONS, "Bow")
    for column, value in (("damage", "2d6"), ("long", 100), ("step", 25), ("thrown", False)):
        rules.reference.set_cell(catalog.WEAPONS, 0, column, value)
    for level, penalty in GM_WOUND_PENALTIES.items():  # the summary gives none: the GM's
        rules.set_penalty("wound", level, penalty)
    rules.reference.add_row(catalog.STUN, "殴打")
    for column, value in (("tn", 10), ("penalty", -3), ("rounds", 2)):
        rules.reference.set_cell(catalog.STUN, 0, column, value)
    nar = next(s.id for s in window.campaign_model.characters() if s.character.name == "ナール")
    window.select_character(nar)
    actions = {
        a.text(): a
        for a in next(a.menu() for a in window.menuBar().actions() if a.text() == "戦闘(&B)").actions()
    }
    actions["戦闘トラッカー…"].trigger()
    dialog: BattleDialog = window.opened[0]
    dialog.ask_confirm = lambda *_: True  # the attacks out of turn order: yes (issue 40 asks)
    dialog.show()
    seeds = Seeds()
    dialog.model.seed_source = seeds
    dialog.new_button.click()
    dialog.character_combo.setCurrentIndex(dialog.character_combo.findText("ナール"))
    dialog.add_character_button.click()
    ids = {}
    for name, values in (
        ("弓兵", {"swiftness": 1, "defence": 10, "health": 8}),
        ("ドワーフ", {"swiftness": 0, "defence": 11, "health": 9}),
        ("エオメル", {"swiftness": 3, "defence": 12, "health": 10}),
        ("オーク", {"swiftness": 0, "defence": 10, "health": 6}),
        ("ホビット", {"swiftness": 2, "defence": 12, "health": 5, "wound_levels": 4}),
    ):
        (ids[name],) = dialog.model.roster.add_quick(name, values)
    seeds.queue.append(1)
    dialog.start_button.click()
    box = dialog.action_boxes["lotr"]
    box.attack_box.attack.seed_source = seeds  # the box's own models roll with the test's dice
    return window, dialog, box, seeds, ids


def cell(dialog: BattleDialog, pid: str, column: int) -> str:
    model = dialog.table_model
    return model.data(model.index(model.row_of(pid), column), Qt.ItemDataRole.DisplayRole)


def undo_redo(window: MainWindow, steps: int, undone) -> None:
    """Undo the step's `steps` undo steps and check what `undone` sees, then redo them (the caller
    checks the step is back)."""
    for _ in range(steps):
        window.undo_action.trigger()
    undone()
    for _ in range(steps):
        window.redo_action.trigger()


def choose(combo, data) -> None:
    combo.setCurrentIndex(combo.findData(data))
    assert combo.currentData() == data


def aim(box, attacker: str, target: str, bonus: int) -> None:
    ab = box.attack_box
    choose(ab.attacker_combo, attacker)
    choose(ab.target_combo, target)
    ab.bonus_spin.setValue(bonus)


def test_a_lotr_fight_through_the_window(fight):
    window, dialog, box, seeds, ids = fight
    ab, orc = box.attack_box, ids["オーク"]

    # 1. a ranged attack at a range step: Bow (L 100, S 25) at 130 yards: two steps S started beyond L
    aim(box, ids["弓兵"], orc, 5)
    ab.ranged_check.setChecked(True)
    choose(ab.weapon_combo, "Bow")
    assert ab.damage_edit.text() == "2d6"  # the weapon's dice from the table
    ab.distance_spin.setValue(130)
    assert "目標値 14" in ab.odds_label.text()  # Defence 10 + 2 steps × 2 (3.4)
    seeds.queue.append(TWO[11])  # 11 + 5 = 16 ≥ 14
    ab.roll_button.click()
    assert "達成値 16 / 目標値 14" in ab.result_label.text()
    ab.str_spin.setValue(2)
    ab.rolled_spin.setValue(7)
    ab.apply_button.click()  # 1.3: a bow adds no STR
    assert cell(dialog, orc, 5).startswith("ダメージ 7/36")

    def shot_undone():
        assert cell(dialog, orc, 5).startswith("ダメージ 0/36") and cell(dialog, ids["弓兵"], 8) == ""

    undo_redo(window, 2, shot_undone)
    assert cell(dialog, orc, 5).startswith("ダメージ 7/36")
    ab.ranged_check.setChecked(False)
    choose(ab.weapon_combo, None)

    # 2. a Blunt head blow that stuns: TN +12, the stun table's Stamina TN 10, −3 for 2 rounds
    aim(box, ids["ドワーフ"], orc, 12)
    ab.called_combo.setCurrentIndex(1)  # 頭部
    ab.blunt_check.setChecked(True)
    assert "目標値 22" in ab.odds_label.text()
    seeds.queue.append(TWO[11])  # 23 ≥ 22: a hit
    ab.roll_button.click()
    assert "スタン" in ab.result_label.text() and not ab.apply_button.isEnabled()
    sb = box.stun_box
    choose(sb.row_combo, "殴打")
    sb.stamina_spin.setValue(0)
    assert "オーク: 目標値 10" in sb.odds_label.text() and sb.roll_button.isEnabled()
    seeds.queue.append(TWO[4])  # 4 vs 10: stunned in full
    sb.roll_button.click()
    # Dazed −1 from the arrow, and the stun's −3 on every test
    assert cell(dialog, orc, 6) == "スタン（残り2）" and cell(dialog, orc, 4).endswith("判定-4")

    def stun_undone():
        assert cell(dialog, orc, 6) == "" and cell(dialog, orc, 4).endswith("判定-1")

    undo_redo(window, 1, stun_undone)
    assert cell(dialog, orc, 6) == "スタン（残り2）"
    ab.blunt_check.setChecked(False)
    ab.called_combo.setCurrentIndex(0)

    # 3. a mounted charge: エオメル on a horse (one undo step), charge at an orc on foot: TN −3
    mb = box.mount_box
    choose(mb.who_combo, ids["エオメル"])
    mb.mounted_check.setChecked(True)
    mb.war_check.setChecked(True)
    mb.set_button.click()
    aim(box, ids["エオメル"], orc, 4)
    assert ab.mounted_label.isVisibleTo(ab) and "Large" in ab.mounted_label.text()
    choose(ab.option_combo, "charge")
    choose(ab.attacker_size_combo, "medium")
    choose(ab.target_size_combo, "medium")
    assert "目標値 7" in ab.odds_label.text()  # Defence 10 − 3 (3.9)
    assert "攻撃 +3" in ab.odds_label.text()  # 4 + charge 1 − Large against medium 2
    seeds.queue.append(TWO[9])  # 9 + 3 = 12 vs 7: a hit
    ab.roll_button.click()
    assert "STR+2" in ab.knockdown_row.status_label.text()  # the charge's knockdown, the horse's STR allowed
    assert ab.knockdown_row.status_label.isVisibleTo(ab)
    line = window.campaign_model.log_entries()[-1].payload["summary"]["inputs"]
    assert "騎乗の突撃: 目標値 −3" in line and "馬の STR を使ってよい" in line
    ab.str_spin.setValue(1)
    ab.rolled_spin.setValue(4)
    ab.apply_button.click()  # (4 + 1) × 1.5 = 7.5 → 8
    assert cell(dialog, orc, 5).startswith("ダメージ 15/36")
    assert mb.attack_button.isEnabled()  # War-Trained: the horse's own attack action

    def charge_undone():
        assert cell(dialog, orc, 5).startswith("ダメージ 7/36") and not mb.mounted_check.isChecked()
        assert not ab.mounted_label.isVisibleTo(ab)

    undo_redo(window, 3, charge_undone)
    assert cell(dialog, orc, 5).startswith("ダメージ 15/36") and mb.mounted_check.isChecked()
    choose(ab.option_combo, "basic")

    # 4. a fear attack: the orc's Intimidate against ナール's Willpower (3.8), a Complete success: −2
    fb, nar = box.fear_box, ids_of(dialog, "ナール")
    choose(fb.attacker_combo, orc)
    choose(fb.target_combo, nar)
    fb.intimidate_spin.setValue(6)
    spec = fb.model.spec(fb.plan())
    seed = next(
        s
        for s in range(100_000)
        if (r := fear.resolve(spec, random.Random(s))).winner is Contestant.A and 1 <= r.margin <= 5
    )
    fb.model.seed_source = lambda: seed
    fb.roll_button.click()
    assert "すべての行動に −2" in fb.result_label.text()
    fb.apply_button.click()
    assert cell(dialog, nar, 6) == "恐怖 −2"

    def fear_undone():
        assert cell(dialog, nar, 6) == ""

    undo_redo(window, 2, fear_undone)
    assert cell(dialog, nar, 6) == "恐怖 −2"

    # 5. courage spent after a failed parry: ナール's parry in the judgement panel, counted on the
    #    tracker's round
    view = window.panel_view("lotr")
    panel_model = window.panel_models["lotr"]
    panel_model._seed_source = lambda: TWO[7]
    panel_model.set_character(Contestant.A, dialog.model.participant(ids_of(dialog, "ナール")).character_id)
    panel_model.set_source(Contestant.A, CUSTOM)
    panel_model.set_custom_value(Contestant.A, 0)
    view.tn_spin.setValue(9)  # the attack's total: 7 fails by 2
    view.roll_button.click()
    assert "Failure（失敗）" in view.result_label.text()
    view.courage_button.click()
    assert "勇気 1 点（+3）込み" in view.result_label.text()
    assert "戦闘トラッカー" in view.courage_label.text() and "1 / 4" in view.courage_label.text()

    def courage_undone():
        assert "0 / 4" in view.courage_label.text() and "Failure（失敗）" in view.result_label.text()

    undo_redo(window, 1, courage_undone)
    assert "1 / 4" in view.courage_label.text()

    # 6. a hobbit (4 wound levels: no Near Death) brought to Incapacitated: dead there (1.2.1)
    hobbit = ids["ホビット"]
    aim(box, orc, hobbit, 10)
    seeds.queue.append(TWO[11])  # 21 vs 12
    ab.roll_button.click()
    ab.str_spin.setValue(0)
    ab.rolled_spin.setValue(20)  # Health 5: the 5th bucket is Incapacitated
    ab.apply_button.click()
    assert "死亡" in cell(dialog, hobbit, 4)
    assert "（死亡）" in window.campaign_model.log_entries()[-1].payload["summary"]["inputs"]

    def alive_again():
        assert "死亡" not in cell(dialog, hobbit, 4) and cell(dialog, hobbit, 5).startswith("ダメージ 0/25")

    undo_redo(window, 2, alive_again)
    assert "死亡" in cell(dialog, hobbit, 4)


def ids_of(dialog: BattleDialog, name: str) -> str:
    return next(p.id for p in dialog.model.state().participants if p.name == name)


def test_sweep_grab_two_weapons_and_a_charges_knockdown_through_the_window(fight):
    """Issue 37: 3.2's remaining options in the tracker — each one undo step and one log line with
    its odds shown before the roll — and the attacker's own option on its Defence until its turn."""
    window, dialog, box, seeds, ids = fight
    ab, orc, archer, dwarf = box.attack_box, ids["オーク"], ids["弓兵"], ids["ドワーフ"]
    log = window.campaign_model.log_entries

    # 1. a sweep at two (−4): the orc (Defence 10) then the archer (10), both hit; damage each in turn
    aim(box, dwarf, orc, 8)
    choose(ab.option_combo, "sweep")
    assert ab.option_rows.second.combo.isVisibleTo(ab) and not ab.option_rows.main_spin.isVisibleTo(ab)
    assert "二人か三人" in ab.odds_label.text() and not ab.roll_button.isEnabled()
    choose(ab.option_rows.second.combo, archer)
    assert "オーク: 攻撃 +4 / 目標値 10" in ab.odds_label.text()
    assert "弓兵: 攻撃 +4 / 目標値 10" in ab.odds_label.text()
    seeds.queue.append(seed_of(lambda f: sum(f) == 8, lambda f: sum(f) == 9))
    lines = len(log())
    ab.roll_button.click()
    assert len(log()) == lines + 1  # one log line for the whole sweep
    line = log()[-1].payload["summary"]["inputs"]
    assert "→ オーク 達成値 12 / 目標値 10" in line and "→ 弓兵 達成値 13 / 目標値 10" in line
    assert [a.kind for a in dialog.model.participant(dwarf).actions] == ["sweep"]  # 2 actions, once
    assert "オーク" in ab.damage_target_label.text()
    ab.str_spin.setValue(0)
    ab.rolled_spin.setValue(3)
    ab.apply_button.click()
    assert "弓兵" in ab.damage_target_label.text()  # the second hit waits for its own damage
    ab.rolled_spin.setValue(4)
    ab.apply_button.click()
    assert cell(dialog, orc, 5).startswith("ダメージ 3/36") and cell(dialog, archer, 5).startswith(
        "ダメージ 4/"
    )
    assert not ab.apply_button.isEnabled()

    def second_damage_undone():
        assert cell(dialog, archer, 5).startswith("ダメージ 0/") and "弓兵" in ab.damage_target_label.text()

    undo_redo(window, 1, second_damage_undone)
    assert cell(dialog, archer, 5).startswith("ダメージ 4/")

    def sweep_undone():
        assert (
            cell(dialog, orc, 5).startswith("ダメージ 0/36") and dialog.model.participant(dwarf).actions == ()
        )

    undo_redo(window, 3, sweep_undone)
    assert cell(dialog, orc, 5).startswith("ダメージ 3/36")
    choose(ab.option_rows.second.combo, None)

    # 2. a grab (Unarmed): a hit holds the orc, every test of its −5 (TN +5)
    aim(box, archer, orc, 4)
    choose(ab.option_combo, "grab")
    assert "つかむ" in ab.odds_label.text()
    seeds.queue.append(TWO[10])  # 14 ≥ 10
    ab.roll_button.click()
    assert "つかまれている" in cell(dialog, orc, 6) and cell(dialog, orc, 4).endswith("判定-5")
    assert not ab.apply_button.isEnabled()  # a grab does no damage

    def grab_undone():
        assert "つかまれている" not in cell(dialog, orc, 6)

    undo_redo(window, 1, grab_undone)
    assert "つかまれている" in cell(dialog, orc, 6)
    # the hold's next steps: the holder pins (+3), the orc tries to break free (opposed STR, −5 held)
    hb = box.hold_box
    assert "弓兵 が オーク をつかんでいる" in hb.hold_combo.currentText()
    assert "未設定" in hb.odds_label.text() and not hb.escape_button.isEnabled()  # quick NPCs' STR
    hb.holder_spin.setValue(1)
    hb.held_spin.setValue(0)
    hb.pin_button.click()
    assert "押さえつけ +3" in hb.hold_combo.currentText()
    assert "STR −5 対 +4" in hb.odds_label.text().replace("-", "−")
    hb.model.model.seed_source = lambda: seed_of(lambda f: sum(f) == 3, lambda f: sum(f) == 9)
    hb.escape_button.click()
    assert "つかまれている" in cell(dialog, orc, 6)  # 3 − 5 against 9 + 4: still held
    assert "抜け出せなかった" in log()[-1].payload["summary"]["inputs"]
    hb.model.model.seed_source = seeds

    # 3. two weapons: 未設定 hand penalties refuse the roll until the GM enters them
    aim(box, ids["エオメル"], archer, 6)
    choose(ab.option_combo, "two_weapons")
    assert "未設定" in ab.odds_label.text() and not ab.roll_button.isEnabled()
    ab.option_rows.main_spin.setValue(-2)
    ab.option_rows.off_spin.setValue(-4)
    assert "弓兵: 攻撃 +4 / 目標値 10" in ab.odds_label.text() and "弓兵: 攻撃 +2" in ab.odds_label.text()
    seeds.queue.append(seed_of(lambda f: sum(f) == 7, lambda f: sum(f) == 10))
    ab.roll_button.click()
    line = log()[-1].payload["summary"]["inputs"]
    assert "達成値 11 / 目標値 10" in line and "達成値 12 / 目標値 10" in line
    ab.rolled_spin.setValue(2)
    ab.apply_button.click()
    ab.apply_button.click()
    assert cell(dialog, archer, 5).startswith("ダメージ 8/")  # 4 + 2 + 2

    # 4. power: the attacker's own Defence −2 until its next turn
    aim(box, orc, dwarf, 5)
    choose(ab.option_combo, "power")
    seeds.queue.append(TWO[2])  # a miss: only the option's mark stays
    ab.roll_button.click()
    aim(box, dwarf, orc, 5)
    choose(ab.option_combo, "basic")
    assert "目標値 8" in ab.odds_label.text()  # the orc's Defence 10 − 2 (3.2 power)

    # 5. a charge that hits: the knockdown test (STR + 2), its odds before the roll
    aim(box, ids_of(dialog, "ナール"), archer, 6)
    choose(ab.option_combo, "charge")
    assert not ab.knockdown_row.roll_button.isVisibleTo(ab)
    seeds.queue.append(TWO[11])
    ab.roll_button.click()
    assert ab.knockdown_row.roll_button.isVisibleTo(ab) and not ab.knockdown_row.roll_button.isEnabled()
    assert "未設定" in ab.knockdown_row.odds_label.text()  # quick NPCs: the GM enters the STR
    ab.knockdown_row.str_spin.setValue(10)
    ab.knockdown_row.bonus_spin.setValue(0)
    assert (
        "目標値 12" in ab.knockdown_row.odds_label.text() and "転倒する" in ab.knockdown_row.odds_label.text()
    )
    seeds.queue.append(TWO[5])  # 5 − 1 (Dazed) < 12: falls
    ab.knockdown_row.roll_button.click()
    assert "転倒" in cell(dialog, archer, 6)
    assert "charge の転倒の判定" in log()[-1].payload["summary"]["inputs"]

    def knockdown_undone():
        assert "転倒" not in cell(dialog, archer, 6)

    undo_redo(window, 1, knockdown_undone)
    assert "転倒" in cell(dialog, archer, 6)
