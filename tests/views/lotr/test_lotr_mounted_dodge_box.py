"""The tracker's dodge for a rider (3.9): the box asks for the attacker's size, shows the odds with
the −2 a step against a smaller attacker, and rolls the dodge with it; on foot nothing changes."""

from __future__ import annotations

import random

from gmtool.models.battle_model import BattleModel
from gmtool.models.lotr.battle_actions import LotRBattleActions
from gmtool.models.lotr.mount_model import LotRMountModel
from gmtool.rules.systems.lotr import combat
from gmtool.rules.systems.lotr.exploding import roll_test
from gmtool.rules.systems.lotr.mounted import Mount
from gmtool.views.lotr.battle_actions_box import LotRActionsBox


def two_dice(total: int) -> int:
    return next(
        s for s in range(100_000) if (f := roll_test(random.Random(s))) and len(f) == 2 and sum(f) == total
    )


def dodger(qtbot, campaign_model, name: str, values: dict[str, int], dice: int):
    """A fight with one quick NPC, started, and the actions box showing it (its dodge dice `dice`)."""
    fight = BattleModel(campaign_model, seed_source=lambda: two_dice(dice))
    fight.new_encounter("lotr")
    who = fight.roster.add_quick(name, values)[0]
    fight.round.start()
    box = LotRActionsBox(LotRBattleActions(fight), lambda *_: True)
    qtbot.addWidget(box)
    box.show()
    box.sync()
    box.who_combo.setCurrentIndex(box.who_combo.findData(who))
    return fight, box, who


def test_a_riders_dodge_asks_for_the_attackers_size_and_takes_its_penalty(qtbot, campaign_model):
    values = {"swiftness": 2, "defence": 11, "health": 10}
    fight, box, rider = dodger(qtbot, campaign_model, "エオメル", values, 11)
    assert box.dodge_size_row.isVisible()  # on foot too: a smaller defender's dodge (1.5, issue 37)
    assert box.dodge_note.text() == "" and box.dodge_button.isEnabled()  # sizes unknown: nothing added
    LotRMountModel(fight).set_mount(rider, Mount(True))
    box.sync()
    assert box.dodge_size_row.isVisible()
    assert "攻撃してくる相手のサイズを選んでください" in box.dodge_label.text()
    assert not box.dodge_button.isEnabled()
    box.dodge_rider_size.setCurrentIndex(box.dodge_rider_size.findData("medium"))
    box.dodge_attacker_size.setCurrentIndex(box.dodge_attacker_size.findData("medium"))
    chance = combat.dodge_probability(fight.participant(rider), -2)
    assert f"{float(chance):.2%}" in box.dodge_label.text()
    assert box.dodge_note.isVisible()
    assert box.dodge_note.text() == "騎乗中: 小さい相手（Medium）の攻撃への回避 −2（3.9）"
    box.dodge_button.click()
    assert "エオメル: 回避 11（Defense そのまま）" in fight.state().events[-1].text
    assert combat.current_defence(fight.participant(rider)) == 11


def test_a_smaller_defender_on_foot_dodges_a_larger_attacker_at_plus_2(qtbot, campaign_model):
    # 1.5 「SmallのキャラクターはMediumのキャラクターに対して 攻撃・防御に+2ボーナス」 (issue 37)
    values = {"swiftness": 2, "defence": 12, "health": 5}
    fight, box, hobbit = dodger(qtbot, campaign_model, "ホビット", values, 8)
    box.dodge_rider_size.setCurrentIndex(box.dodge_rider_size.findData("small"))
    box.dodge_attacker_size.setCurrentIndex(box.dodge_attacker_size.findData("medium"))
    chance = combat.dodge_probability(fight.participant(hobbit), 2)
    assert f"{float(chance):.2%}" in box.dodge_label.text()
    assert box.dodge_note.text() == "大きい相手（Medium）の攻撃への回避 +2（1.5）"
    box.dodge_button.click()  # 8 + 2 + 2 = 12: not above Defence 12
    assert "ホビット: 回避 12" in fight.state().events[-1].text
