"""The round as the GM runs it: started, turn after turn to cleanup and the next round, a turn
handed to someone level with the actor, a turn taken back, the fight ended; each a logged undo step."""

from __future__ import annotations

import pytest

from gmtool.models.battle_model import BattleModel
from gmtool.rules.battle_types import BattleRefused, Phase


@pytest.fixture
def battle(campaign_model):
    model = BattleModel(campaign_model, seed_source=lambda: 7)
    model.new_encounter("aw", "森")
    return model


def actor(battle: BattleModel) -> str | None:
    state = battle.state()
    current = state.participant(state.current)
    return current.name if current else None


def test_turns_run_through_the_round_into_cleanup_and_the_next_round(battle, campaign_model):
    (fast,) = battle.roster.add_quick("速", {"initiative": 9})
    (slow,) = battle.roster.add_quick("遅", {"initiative": 3})
    with pytest.raises(BattleRefused, match="始まっていません"):
        battle.round.next_turn()
    battle.round.start()
    assert battle.state().active and battle.state().phase is Phase.SETUP
    battle.round.next_turn()
    assert actor(battle) == "速"
    battle.round.next_turn()
    assert actor(battle) == "遅" and battle.state().get(fast).acted
    battle.round.next_turn()
    assert battle.state().phase is Phase.CLEANUP
    assert battle.state().events[-1].text == "ラウンド 1: クリンナップ（全員が行動済み）"
    battle.round.next_turn()
    assert battle.state().round == 2 and not battle.state().get(slow).acted
    battle.round.end()
    assert not battle.state().active
    assert campaign_model.log_entries()[-1].payload["summary"]["inputs"] == "戦闘終了（2ラウンド）"
    campaign_model.undo_stack.undo()
    assert battle.state().active


def test_a_tie_is_offered_and_the_turn_handed_only_to_someone_waiting(battle):
    first, second = battle.roster.add_quick("ゴブリン", {"initiative": 6}, count=2)
    assert not battle.round.can_take_turn(second)  # not started
    battle.round.start()
    assert not battle.round.can_take_turn(second) and battle.round.tied_names() == []  # setup
    battle.round.next_turn()
    assert actor(battle) == "ゴブリン A"
    assert battle.round.tied_names() == ["ゴブリン B"]
    assert not battle.round.can_take_turn(first)  # acting now
    assert battle.round.can_take_turn(second) and not battle.round.can_take_turn(None)
    battle.round.take_turn(second)
    assert actor(battle) == "ゴブリン B"
    assert battle.state().events[-1].text.endswith("の手番（GMが選んだ）")
    with pytest.raises(BattleRefused, match="戻れる手番がありません"):
        battle.round.previous_turn()  # A kept its turn for later: none has been finished
    battle.round.next_turn()
    assert actor(battle) == "ゴブリン A"
    battle.round.previous_turn()
    assert actor(battle) == "ゴブリン B"
    assert battle.state().events[-1].text == "手番を戻す: ゴブリン B"


def test_pcs_level_on_initiative_are_ordered_by_the_rule_of_thumb(battle):
    from dataclasses import replace

    from gmtool.rules import battle as tracker

    ids = [cid for cid, _ in battle.roster.characters()]
    toru, mina = battle.roster.add_character(ids[0]), battle.roster.add_character(ids[1])
    level = tracker.with_participant(battle.state(), mina, lambda p: replace(p, initiative=9))
    battle.commit(level, "test", None)
    battle.round.start()
    battle.round.next_turn()
    assert battle.state().current == toru
    assert battle.round.ordered_by_principle_names() == ["ミナ・クローデル"]
    battle.round.next_turn()
    assert battle.state().current == mina and battle.round.ordered_by_principle_names() == []
    battle.round.previous_turn()
    assert battle.state().current == toru and not battle.state().get(toru).acted
