"""Issue 25's contradictions through the models: courage after an opposed roll, at most 4 a round
wherever it is spent (sheet and panel) on the tracker's rounds while a LotR fight runs, and 3.3's
dodge and parry that cost no action short of the original Defence — each one undo step and a log
line.  Fixed dice throughout."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gmtool.models.battle_model import BattleModel
from gmtool.models.lotr.actions import LotRActions
from gmtool.models.lotr.battle_actions import LotRBattleActions
from gmtool.models.lotr.check_courage import CourageRefused
from gmtool.models.lotr.check_model import CUSTOM, OPPOSED, LotRCheckModel
from gmtool.rules.systems.lotr import combat as lotr
from gmtool.rules.systems.lotr.checks import Contestant
from tests.qt_fixtures import sample_lotr_character

A, B = Contestant.A, Contestant.B


def two_heroes(campaign_model) -> tuple[str, str]:
    """ナール and ピピン, 9 Courage each, none spent."""
    nar = next(s.id for s in campaign_model.characters_of("lotr") if s.character.name == "ナール")
    pippin = campaign_model.insert_character("lotr", sample_lotr_character("ピピン"), "x")
    for cid in (nar, pippin):
        character = replace(campaign_model.character(cid), courage=9, courage_spent=0)
        campaign_model.update_character(cid, character, "x")
    return nar, pippin


def opposed(campaign_model, seed: int) -> LotRCheckModel:
    model = LotRCheckModel(campaign_model, seed_source=lambda: seed)
    model.set_mode(OPPOSED)
    for side in (A, B):
        model.set_source(side, CUSTOM)
        model.set_custom_value(side, 5)
    return model


def test_courage_after_an_opposed_roll_turns_it_and_undo_turns_it_back(campaign_model):
    nar, pippin = two_heroes(campaign_model)
    model = opposed(campaign_model, 2)  # A 7 against B 9 (seed 2)
    model.set_character(A, nar)
    model.set_character(B, pippin)
    assert model.roll().winner is B
    after = model.courage.spend(1, A)  # after seeing it: 10 against 9
    assert after.winner is A and after.rounds[-1].a_total == 10
    assert campaign_model.character(nar).courage_spent == 1
    entry = campaign_model.log_entries()[-1].payload
    assert (entry["follow_up"], entry["winner_before"], entry["winner"], entry["side"]) == (
        "courage",
        "B",
        "A",
        "A",
    )
    assert model.courage.spend(1, B).winner is B  # B answers on its own total: 10 against 12
    assert campaign_model.character(pippin).courage_spent == 1
    campaign_model.undo_stack.undo()
    assert model.last_result.winner is A and campaign_model.character(pippin).courage_spent == 0
    campaign_model.undo_stack.undo()
    assert model.last_result.winner is B and campaign_model.character(nar).courage_spent == 0


def test_the_sheet_takes_at_most_four_a_round_counted_with_the_panel(campaign_model):
    nar, _pippin = two_heroes(campaign_model)
    sheet = LotRActions(campaign_model, nar)
    with pytest.raises(ValueError, match="4 点まで"):
        sheet.spend_courage(5)  # used to be accepted at once
    assert campaign_model.character(nar).courage_spent == 0
    sheet.spend_courage(3)
    panel = LotRCheckModel(campaign_model)
    assert panel.courage.spent_this_round(nar) == 3 and panel.courage.most(nar) == 1
    with pytest.raises(ValueError, match="3 点使用済み"):
        sheet.spend_courage(2)
    assert campaign_model.undo_stack.undoText() == "勇気を使う"
    campaign_model.undo_stack.undo()  # one step: the character and the count together
    assert campaign_model.character(nar).courage_spent == 0 and panel.courage.spent_this_round(nar) == 0


def test_courage_counts_on_the_trackers_rounds_while_a_lotr_fight_runs(campaign_model):
    nar, _pippin = two_heroes(campaign_model)
    sheet, panel = LotRActions(campaign_model, nar), LotRCheckModel(campaign_model)
    fight = BattleModel(campaign_model, seed_source=lambda: 1)
    fight.new_encounter("lotr")
    fight.roster.add_character(nar)
    fight.round.start()
    assert panel.courage.follows_tracker and panel.courage.round_label == "ラウンド 1（戦闘トラッカー）"
    sheet.spend_courage(4)
    with pytest.raises(ValueError, match="戦闘トラッカーの次のラウンド"):
        sheet.spend_courage(1)
    with pytest.raises(CourageRefused, match="トラッカー"):
        panel.courage.next_round()  # the panel's own count does not move the tracker's rounds
    while fight.state().round == 1:
        fight.round.next_turn()
    assert panel.courage.round == 2 and panel.courage.spent_this_round(nar) == 0
    sheet.spend_courage(1)  # a new round: 4 more
    fight.round.end()
    assert not panel.courage.follows_tracker and panel.courage.round_label == "ラウンド 1"


def test_a_dodge_given_back_when_the_attack_falls_short_is_one_step_and_a_line(campaign_model):
    fight = BattleModel(campaign_model, seed_source=lambda: 1)
    fight.new_encounter("lotr")
    hero = fight.roster.add_quick("hero", {"swiftness": 3, "defence": 12, "health": 7})[0]
    fight.round.start()
    actions = LotRBattleActions(fight)
    actions.dodge(hero)
    assert lotr.actions_used(fight.participant(hero)) == 1
    against = actions.attack_total(hero, 11)
    assert against.refunded == 1 and lotr.actions_used(fight.participant(hero)) == 0
    line = fight.state().events[-1].text
    assert "元の Defense 12 に届かないので回避のアクションは消費されない" in line
    campaign_model.undo_stack.undo()
    assert lotr.actions_used(fight.participant(hero)) == 1


def test_a_parry_short_of_defence_is_not_rolled_and_one_that_reaches_it_is(campaign_model):
    fight = BattleModel(campaign_model, seed_source=lambda: 1)
    fight.new_encounter("lotr")
    hero = fight.roster.add_quick("hero", {"swiftness": 3, "defence": 12, "health": 7})[0]
    fight.round.start()
    actions = LotRBattleActions(fight)
    assert actions.parry(hero, 4, 11) is None
    assert lotr.actions_used(fight.participant(hero)) == 0
    assert "防御は不要、アクションは消費されない" in fight.state().events[-1].text
    result = actions.parry(hero, 4, 12)
    assert result is not None and lotr.actions_used(fight.participant(hero)) == 1
    assert "同点は防御側" in fight.state().events[-1].text
