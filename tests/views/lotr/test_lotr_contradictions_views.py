"""3.3 in the tracker's LotR box: a parry against an attack short of the original Defence is
neither rolled nor paid for, and a dodge is given back when the recorded attack falls short."""

from __future__ import annotations

from gmtool.models.battle_model import BattleModel
from gmtool.models.lotr.battle_actions import LotRBattleActions
from gmtool.rules.systems.lotr import combat as lotr
from gmtool.views.lotr.battle_actions_box import LotRActionsBox


def make_box(qtbot, campaign_model) -> tuple[LotRActionsBox, BattleModel, str]:
    fight = BattleModel(campaign_model, seed_source=lambda: 1)
    fight.new_encounter("lotr")
    hero = fight.roster.add_quick("hero", {"swiftness": 3, "defence": 12, "health": 7})[0]
    fight.round.start()
    box = LotRActionsBox(LotRBattleActions(fight), lambda *_: True)
    qtbot.addWidget(box)
    box.sync()
    box.who_combo.setCurrentIndex(box.who_combo.findData(hero))
    return box, fight, hero


def test_the_box_says_and_does_no_parry_short_of_defence(qtbot, campaign_model):
    box, fight, hero = make_box(qtbot, campaign_model)
    box.attack_total.setValue(11)
    assert "攻撃 11 は元の Defense 12 に届きません" in box.parry_label.text()
    box.parry_button.click()
    assert lotr.actions_used(fight.participant(hero)) == 0
    assert "防御は不要" in fight.state().events[-1].text
    box.attack_total.setValue(12)
    assert "届きません" not in box.parry_label.text()
    box.parry_button.click()
    assert lotr.actions_used(fight.participant(hero)) == 1


def test_the_box_gives_a_dodge_back_when_the_attack_falls_short(qtbot, campaign_model):
    box, fight, hero = make_box(qtbot, campaign_model)
    box.dodge_button.click()
    assert lotr.actions_used(fight.participant(hero)) == 1
    box.attack_total.setValue(11)
    box.attack_button.click()
    assert lotr.actions_used(fight.participant(hero)) == 0
    assert "回避のアクションは消費されない" in fight.state().events[-1].text
    campaign_model.undo_stack.undo()
    assert lotr.actions_used(fight.participant(hero)) == 1
