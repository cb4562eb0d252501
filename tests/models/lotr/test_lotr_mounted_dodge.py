"""3.9 「馬上にいる間,そのキャラクターは非常に背が高いと考えられるので, "Large" size のキャラクターなどと同様
に, 小さい者に対する攻撃と回避にペナルティを受ける」: a rider's dodge (Swiftness test, 3.3) against a
smaller attacker takes −2 per size step below Large, in its odds, its roll and its log line."""

from __future__ import annotations

import random

import pytest

from gmtool.models.battle_model import BattleModel
from gmtool.models.lotr.battle_actions import LotRBattleActions
from gmtool.models.lotr.mount_model import LotRMountModel
from gmtool.rules.battle import BattleRefused
from gmtool.rules.systems.lotr import combat
from gmtool.rules.systems.lotr.exploding import roll_test
from gmtool.rules.systems.lotr.mounted import Mount, dodge_modifier


def two_dice(total: int) -> int:
    return next(
        s for s in range(100_000) if (f := roll_test(random.Random(s))) and len(f) == 2 and sum(f) == total
    )


def setup(campaign_model, seed: int = 0):
    battle = BattleModel(campaign_model, seed_source=lambda: seed)
    battle.new_encounter("lotr", "ペレンノール野")
    (rider,) = battle.roster.add_quick("エオメル", {"swiftness": 2, "defence": 11, "health": 10})
    battle.round.start()
    LotRMountModel(battle).set_mount(rider, Mount(True))
    return battle, LotRBattleActions(battle), rider


def test_a_riders_dodge_against_a_smaller_attacker_takes_minus_two_a_step(campaign_model):
    battle, actions, rider = setup(campaign_model, two_dice(11))
    p = battle.participant(rider)
    assert actions.dodge_probability(rider, "medium", "medium") == combat.dodge_probability(p, -2)
    assert actions.dodge_probability(rider, "small", "medium") == combat.dodge_probability(p, -4)
    assert actions.dodge_probability(rider, "large", "medium") == combat.dodge_probability(p, 0)
    stack = campaign_model.undo_stack
    before = stack.index()
    total = actions.dodge(rider, "medium", "medium")  # 11 + 2 − 2 = 11: Defense 11 not raised
    assert total == 11 and combat.current_defence(battle.participant(rider)) == 11
    line = battle.state().events[-1].text
    assert "エオメル: 回避 11（Defense そのまま）" in line
    assert "騎乗中: 小さい相手（Medium）の攻撃への回避 −2（3.9）" in line
    assert stack.index() == before + 1
    stack.undo()
    assert combat.actions_used(battle.participant(rider)) == 0


def test_the_riders_sizes_are_asked_for_and_a_rider_on_foot_takes_nothing(campaign_model):
    battle, actions, rider = setup(campaign_model, two_dice(11))
    with pytest.raises(BattleRefused, match="攻撃してくる相手のサイズ"):
        actions.dodge_probability(rider)
    with pytest.raises(BattleRefused, match="攻撃してくる相手のサイズ"):
        actions.dodge(rider)
    assert battle.state().events[-1].text.endswith("騎乗")  # nothing rolled
    with pytest.raises(BattleRefused, match="回避する乗り手のサイズ"):
        actions.dodge(rider, "medium")  # a quick NPC's own size is the GM's
    LotRMountModel(battle).set_mount(rider, Mount(False))
    assert actions.dodge(rider) == 13  # 11 + 2: on foot, no 3.9 penalty
    assert "3.9" not in battle.state().events[-1].text


@pytest.mark.parametrize(
    ("rider", "attacker", "modifier"),
    [
        ("medium", "small", -4),  # counted as Large: two steps above Small
        ("small", "medium", -2),  # a hobbit on a pony is Large too
        ("medium", "large", 0),  # no smaller foe: 3.9 gives nothing
        ("medium", "huge", 0),  # only the penalty: no bonus against a bigger attacker
        ("huge", "medium", -4),  # a rider bigger than Large keeps its own size
    ],
)
def test_the_dodge_modifier_counts_the_rider_as_large(rider, attacker, modifier):
    assert dodge_modifier(rider, attacker) == modifier
