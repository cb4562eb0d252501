"""The tracker's LotR box: an attack chosen, its odds shown, rolled and its damage applied."""

from __future__ import annotations

import random

from gmtool.app.lotr.hooks import HOOKS
from gmtool.models.battle_model import BattleModel
from gmtool.models.lotr.rules_model import LotRRulesModel
from gmtool.models.lotr.tracker_model import LotRTrackerModel
from gmtool.rules.systems.lotr import reference_catalog as catalog
from gmtool.rules.systems.lotr.exploding import roll_test
from gmtool.views.lotr.attack_box import LotRTrackerBox


def seed_where(predicate) -> int:
    return next(s for s in range(100_000) if predicate(roll_test(random.Random(s))))


def test_an_attack_from_start_to_finish_in_the_box(qtbot, campaign_model):
    seed = seed_where(lambda f: len(f) == 2 and sum(f) == 11)  # 11 + 10 = 21 vs 10: Extraordinary
    battle = BattleModel(campaign_model, seed_source=lambda: seed)
    battle.new_encounter("lotr", "")
    (hero,) = battle.roster.add_quick("ボロミア", {"swiftness": 2, "defence": 11, "health": 10})
    (orc,) = battle.roster.add_quick("オーク", {"swiftness": 0, "defence": 10, "health": 6})
    box = LotRTrackerBox(LotRTrackerModel(battle), lambda *_: True)
    qtbot.addWidget(box)
    battle.changed.connect(box.sync)
    box.sync()
    assert box.who_combo.count() == 2  # the actions box is still there
    ab = box.attack_box
    ab.attacker_combo.setCurrentIndex(ab.attacker_combo.findData(hero))
    ab.target_combo.setCurrentIndex(ab.target_combo.findData(orc))
    ab.bonus_spin.setValue(10)
    assert "目標値 10" in ab.odds_label.text() and "命中" in ab.odds_label.text()
    ab.ranged_check.setChecked(True)
    ab.range_spin.setValue(2)
    assert "目標値 14" in ab.odds_label.text()
    assert not ab.parry_check.isEnabled()  # no parry against missiles
    ab.ranged_check.setChecked(False)
    assert not ab.apply_button.isEnabled()
    ab.roll_button.click()
    assert "Extraordinary" in ab.result_label.text()
    assert ab.max_button.isEnabled() and ab.break_button.isEnabled()
    ab.damage_edit.setText("2d6")
    ab.str_spin.setValue(1)
    ab.max_button.click()  # 12 + 1
    assert battle.participant(orc).resource("wounds").value == 13
    assert not ab.apply_button.isEnabled()  # applied: the next needs a new roll
    campaign_model.undo_stack.undo()
    assert battle.participant(orc).resource("wounds").value == 0
    assert ab.apply_button.isEnabled()


def test_the_hook_gives_the_tracker_box():
    assert HOOKS.tracker_box is not None


def boromir_at_the_orc(qtbot, campaign_model, seed_source, *others):
    """The tracker's LotR box with ボロミア (bonus 4) aiming at an オーク (Defence 10), and `others`
    (name, values) in the fight too: the attack box and the ids of the オーク and the others."""
    battle = BattleModel(campaign_model, seed_source=seed_source)
    battle.new_encounter("lotr", "")
    (hero,) = battle.roster.add_quick("ボロミア", {"swiftness": 2, "defence": 11, "health": 10})
    (orc,) = battle.roster.add_quick("オーク", {"swiftness": 0, "defence": 10, "health": 6})
    more = [battle.roster.add_quick(name, values)[0] for name, values in others]
    box = LotRTrackerBox(LotRTrackerModel(battle), lambda *_: True)
    qtbot.addWidget(box)
    battle.changed.connect(box.sync)
    box.sync()
    ab = box.attack_box
    ab.attacker_combo.setCurrentIndex(ab.attacker_combo.findData(hero))
    ab.target_combo.setCurrentIndex(ab.target_combo.findData(orc))
    ab.bonus_spin.setValue(4)
    return ab, (orc, *more)


def test_a_hit_is_not_also_called_a_miss(qtbot, campaign_model):
    hit = seed_where(lambda f: len(f) == 2 and sum(f) == 8)  # 8 + 4 = 12 vs 10: Complete
    miss = seed_where(lambda f: len(f) == 2 and sum(f) == 3)  # 3 + 4 = 7 vs 10
    seeds = [hit, miss]
    ab, _ = boromir_at_the_orc(qtbot, campaign_model, lambda: seeds.pop(0))
    ab.roll_button.click()
    assert "命中: ダメージを与えてください" in ab.result_label.text()
    assert "命中しなかった" not in ab.result_label.text()
    ab.roll_button.click()
    assert "命中しなかった" in ab.result_label.text()


def test_the_called_shots_come_from_the_gms_table(qtbot, campaign_model):
    rules = LotRRulesModel(campaign_model)
    rules.reference.add_row(catalog.CALLED_SHOTS, "腕")
    rules.reference.set_cell(catalog.CALLED_SHOTS, 1, "tn", 4)
    rules.reference.add_row(catalog.CALLED_SHOTS, "脚")  # 未設定: not offered
    battle = BattleModel(campaign_model, seed_source=lambda: 1)
    battle.new_encounter("lotr", "")
    (hero,) = battle.roster.add_quick("ボロミア", {"swiftness": 2, "defence": 11, "health": 10})
    (orc,) = battle.roster.add_quick("オーク", {"swiftness": 0, "defence": 10, "health": 6})
    box = LotRTrackerBox(LotRTrackerModel(battle), lambda *_: True)
    qtbot.addWidget(box)
    box.sync()
    ab = box.attack_box
    texts = [ab.called_combo.itemText(i) for i in range(ab.called_combo.count())]
    assert texts == [
        "部位狙いなし",
        "頭部（目標値 +12）",
        "腕（目標値 +4）",
        "ほかの部位（目標値修正を入力）",
    ]
    ab.attacker_combo.setCurrentIndex(ab.attacker_combo.findData(hero))
    ab.target_combo.setCurrentIndex(ab.target_combo.findData(orc))
    ab.called_combo.setCurrentIndex(2)
    assert "目標値 14" in ab.odds_label.text()  # Defence 10 + the arm's 4
    rules.reference.set_cell(catalog.CALLED_SHOTS, 0, "tn", 10)  # the GM corrects the head's modifier
    box.sync()
    ab.called_combo.setCurrentIndex(1)
    assert ab.called_combo.currentText() == "頭部（目標値 +10）" and "目標値 20" in ab.odds_label.text()


def test_a_changed_set_up_clears_the_last_result(qtbot, campaign_model):
    """「達成値 18 / 目標値 14」 stayed under a new target or bonus: the result belongs to the roll's
    set-up, so changing any input clears it, and the damage it waited for with it."""
    seed = seed_where(lambda f: len(f) == 2 and sum(f) == 8)  # 8 + 4 = 12 vs 10: a hit
    troll = ("トロル", {"swiftness": 0, "defence": 14, "health": 12})
    ab, (orc, troll) = boromir_at_the_orc(qtbot, campaign_model, lambda: seed, troll)
    ab.roll_button.click()
    assert "達成値 12 / 目標値 10" in ab.result_label.text() and ab.apply_button.isEnabled()
    ab.damage_edit.setText("2d6")  # the damage is not the roll's set-up: the result stays
    assert "達成値 12" in ab.result_label.text()
    with qtbot.waitSignal(ab.attack.result_cleared):
        ab.target_combo.setCurrentIndex(ab.target_combo.findData(troll))
    assert ab.result_label.text() == "" and not ab.apply_button.isEnabled()
    assert "目標値 14" in ab.odds_label.text()  # the odds are the new set-up's
    ab.target_combo.setCurrentIndex(ab.target_combo.findData(orc))  # back: the old roll stays gone
    assert ab.result_label.text() == "" and not ab.apply_button.isEnabled()
    ab.roll_button.click()
    ab.bonus_spin.setValue(5)
    assert ab.result_label.text() == ""


def bow_and_sword_box(qtbot, campaign_model, confirm=lambda *_: True):
    """A box over two quick NPCs, with a bow (not thrown) and a sword in the weapons table."""
    rules = LotRRulesModel(campaign_model)
    rules.reference.add_row(catalog.WEAPONS, "Bow")
    rules.reference.set_cell(catalog.WEAPONS, 0, "damage", "2d6")
    rules.reference.set_cell(catalog.WEAPONS, 0, "long", 100)
    rules.reference.set_cell(catalog.WEAPONS, 0, "thrown", False)
    rules.reference.add_row(catalog.WEAPONS, "Sword")
    rules.reference.set_cell(catalog.WEAPONS, 1, "damage", "2d6")
    battle = BattleModel(campaign_model, seed_source=lambda: 1)
    battle.new_encounter("lotr", "")
    (hero,) = battle.roster.add_quick("レゴラス", {"swiftness": 2, "defence": 11, "health": 10})
    (orc,) = battle.roster.add_quick("オーク", {"swiftness": 0, "defence": 10, "health": 6})
    box = LotRTrackerBox(LotRTrackerModel(battle), confirm)
    qtbot.addWidget(box)
    battle.changed.connect(box.sync)
    box.sync()
    box.show()
    ab = box.attack_box
    ab.attacker_combo.setCurrentIndex(ab.attacker_combo.findData(hero))
    ab.target_combo.setCurrentIndex(ab.target_combo.findData(orc))
    return battle, ab, hero


def test_choosing_a_bow_ticks_ranged_and_a_sword_unticks_it(qtbot, campaign_model):
    """Issue 40: a bow chosen left 射撃 unticked (a melee attack with a bow's damage)."""
    _battle, ab, _hero = bow_and_sword_box(qtbot, campaign_model)
    ab.weapon_combo.setCurrentIndex(ab.weapon_combo.findData("Bow"))
    assert ab.ranged_check.isChecked() and not ab.parry_check.isEnabled()
    ab.weapon_combo.setCurrentIndex(ab.weapon_combo.findData("Sword"))
    assert not ab.ranged_check.isChecked()


def test_a_bow_shows_no_str_modifier_for_its_damage(qtbot, campaign_model):
    """Issue 40: 「STR修正 4」 stayed beside a bow's damage, which takes no STR (1.3)."""
    _battle, ab, _hero = bow_and_sword_box(qtbot, campaign_model)
    ab.str_spin.setValue(4)
    ab.weapon_combo.setCurrentIndex(ab.weapon_combo.findData("Bow"))
    assert not ab.str_spin.isVisible() and ab.no_str_label.isVisible()
    assert "STR修正なし" in ab.no_str_label.text()
    ab.weapon_combo.setCurrentIndex(ab.weapon_combo.findData("Sword"))
    assert ab.str_spin.isVisible() and not ab.no_str_label.isVisible() and ab.str_spin.value() == 4


def test_a_charge_with_the_bow_still_chosen_is_pointed_out(qtbot, campaign_model):
    """Issue 40: after a shot, charge kept the bow as the weapon without a word."""
    _battle, ab, _hero = bow_and_sword_box(qtbot, campaign_model)
    ab.weapon_combo.setCurrentIndex(ab.weapon_combo.findData("Bow"))
    roll_y = ab.roll_button.mapTo(ab, ab.roll_button.rect().topLeft()).y()
    assert ab.weapon_note.text() == ""
    ab.option_combo.setCurrentIndex(ab.option_combo.findData("charge"))
    assert "Bow" in ab.weapon_note.text() and "charge" in ab.weapon_note.text()
    assert ab.roll_button.mapTo(ab, ab.roll_button.rect().topLeft()).y() == roll_y  # nothing moved
    ab.weapon_combo.setCurrentIndex(ab.weapon_combo.findData("Sword"))
    assert ab.weapon_note.text() == ""


def test_an_attack_out_of_turn_asks_before_spending_actions(qtbot, campaign_model):
    """Issue 40: an attack during the set-up or on another's turn spent actions without a word."""
    asked: list[str] = []
    answers = [False, True]

    def confirm(_title: str, text: str) -> bool:
        asked.append(text)
        return answers.pop(0)

    battle, ab, hero = bow_and_sword_box(qtbot, campaign_model, confirm)
    battle.round.start()  # the set-up: nobody's turn yet
    ab.attacker_combo.setCurrentIndex(ab.attacker_combo.findData(hero))
    events = len(battle.state().events)
    ab.roll_button.click()
    assert "セットアップ" in asked[0] and "レゴラス" in asked[0]
    assert len(battle.state().events) == events  # answered no: nothing spent
    ab.roll_button.click()  # answered yes: the attack is rolled
    assert len(battle.state().events) == events + 1
    while battle.state().current != hero:
        battle.round.next_turn()
    asked.clear()
    ab.attacker_combo.setCurrentIndex(ab.attacker_combo.findData(hero))
    ab.roll_button.click()
    assert asked == []  # on its own turn: no question


def test_the_horses_str_field_is_labelled_as_the_modifier(qtbot, campaign_model):
    """Issue 40: beside 「馬の STR 修正」 the field read 「STR 18」, and the horse's score went in as +18."""
    _battle, ab, _hero = bow_and_sword_box(qtbot, campaign_model)
    mount_box = ab.parentWidget().mount_box
    spin = mount_box.horse_str_spin
    assert "修正" in mount_box.str_check.text() and spin.prefix().strip() == "修正"
    assert "STR" not in spin.prefix() and "能力値ではなく能力値修正" in spin.toolTip()
    assert ab.horse_str_check.text() == "馬の STR 修正"


def test_the_attacker_follows_the_turn_unless_the_gm_picked_another_in_it(qtbot, campaign_model):
    """Walk 45: the attacker stayed on Aragorn on the Orc's turn, and rolling then asked "Attack out
    of turn…?".  A new turn makes its actor the attacker; within the turn the GM's pick stays."""
    asked: list[str] = []
    ab, _others = boromir_at_the_orc(
        qtbot,
        campaign_model,
        lambda: 1,
        ("トロル", {"swiftness": 0, "defence": 12, "health": 12}),
    )
    ab.confirm = lambda _title, text: asked.append(text) or True
    battle = ab.choices.battle
    battle.round.start()
    battle.round.next_turn()
    first = battle.state().current
    battle.round.next_turn()
    second = battle.state().current
    campaign_model.undo_stack.undo()  # back to the first turn: who acts next is known
    assert battle.state().current == first
    assert ab.attacker_combo.currentData() == first  # the turn's actor attacks
    assert "手番" in ab.attacker_combo.toolTip()
    (third,) = {p.id for p in battle.state().participants} - {first, second}
    ab.attacker_combo.setCurrentIndex(ab.attacker_combo.findData(third))  # the GM picks another
    battle.note("その場で")  # a step of the fight re-reads the box: the pick stays for this turn
    assert ab.attacker_combo.currentData() == third
    battle.round.next_turn()
    assert ab.attacker_combo.currentData() == second  # the turn moved: its actor attacks
    ab.target_combo.setCurrentIndex(ab.target_combo.findData(first))
    ab.roll_button.click()
    assert asked == []  # the actor's own attack: no "out of turn" question
