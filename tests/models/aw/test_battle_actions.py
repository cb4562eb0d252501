"""AWBattleActions: what the tracker's AW box asks of the round besides the actions — whose turn it
is, the other participants, and whom とどめ may be dealt to (a 戦闘不能 one only)."""

from __future__ import annotations

from gmtool.models.aw.battle_actions import AWBattleActions
from gmtool.models.battle_model import BattleModel
from gmtool.rules.battle import Status


def test_the_actor_the_others_and_a_finishing_blow(campaign_model):
    tracker = BattleModel(campaign_model, seed_source=lambda: 7)
    actions = AWBattleActions(tracker)
    tracker.new_encounter("aw", "森の遭遇")
    ids = [tracker.roster.add_character(s.id) for s in campaign_model.characters_of("aw")]
    assert actions.actor() is None  # nobody's turn before the fight starts
    tracker.round.start()
    tracker.round.next_turn()
    actor = actions.actor()
    assert actor is not None and actor.id in ids
    others = actions.others(actor.id)
    assert [i for _name, i in others] == [i for i in ids if i != actor.id]
    target = others[0][1]
    assert not actions.can_finish_off(target) and not actions.can_finish_off(None)
    tracker.edit.set_status(target, Status.DEFEATED)
    assert actions.can_finish_off(target)
