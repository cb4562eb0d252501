"""3.8 does not say a new fear replaces the old one: a second fear keeps the worse effect (the larger
penalty; a lost turn or a flight stays), and its log line says what was kept."""

from __future__ import annotations

import random

from gmtool.models.battle_model import BattleModel
from gmtool.models.lotr.fear_model import FearPlan, LotRFearModel
from gmtool.rules.systems.lotr import fear
from gmtool.rules.systems.lotr.checks import Contestant, TieRule
from gmtool.rules.systems.lotr.fear import FearEffect, FearSpec


def seed_where(spec: FearSpec, predicate) -> int:
    return next(s for s in range(100_000) if predicate(fear.resolve(spec, random.Random(s))))


def setup(campaign_model):
    battle = BattleModel(campaign_model, seed_source=lambda: 0)
    battle.new_encounter("lotr", "黒の乗手")
    naar_id = next(s.id for s in campaign_model.characters_of("lotr"))
    (rider,) = battle.roster.add_quick("黒の乗手", {"swiftness": 3, "defence": 12, "health": 12})
    naar = battle.roster.add_character(naar_id)
    return battle, LotRFearModel(battle), rider, naar


def fear_with(model: LotRFearModel, plan: FearPlan, spec: FearSpec, predicate, choice=fear.FLEE) -> str:
    """Rolls `plan` on a seed whose result meets `predicate` and applies it; returns the log line."""
    model.seed_source = lambda: seed_where(spec, predicate)
    model.roll(plan)
    return model.apply(choice)


def superior(r) -> bool:
    return r.winner is Contestant.A and 6 <= r.margin <= 10


def test_a_marginal_fear_after_a_superior_one_keeps_minus_four_and_the_lost_turn(campaign_model):
    battle, model, rider, naar = setup(campaign_model)
    fear_with(model, FearPlan(rider, naar, 6, 0), FearSpec(6, 0), superior)
    before = battle.participant(naar).conditions
    assert battle.rules().penalty(battle.participant(naar)) == -4
    tie = TieRule.DODGE  # the GM's tie rule: the only way to a Marginal fear
    plan = FearPlan(rider, naar, 6, 0, tie_rule=tie)
    assert model.spec(plan) == FearSpec(6, -4, tie_rule=tie)  # the fear's −4 on the Willpower test
    model.seed_source = lambda: seed_where(FearSpec(6, -4, tie_rule=tie), lambda r: r.margin == 0)
    assert model.effect(model.roll(plan).result) is FearEffect.PENALTY_1
    text = model.apply()
    target = battle.participant(naar)
    assert battle.rules().penalty(target) == -4  # not −1: the worse fear stays
    assert target.conditions == before  # the lost turn too, counting as it did
    assert text == campaign_model.log_entries()[-1].payload["summary"]["inputs"]
    assert "すべての行動に −1" in text and "前の恐怖のほうが重いので −4 のまま" in text
    assert "前の「恐怖: 次の手番は行動不能」も続く" in text
    campaign_model.undo_stack.undo()
    assert battle.participant(naar).conditions == before


def test_a_worse_new_fear_replaces_the_penalty_and_a_flight_stays(campaign_model):
    battle, model, rider, naar = setup(campaign_model)
    complete = FearSpec(6, 0)
    fear_with(
        model, FearPlan(rider, naar, 6, 0), complete, lambda r: r.winner is Contestant.A and r.margin <= 5
    )
    assert battle.rules().penalty(battle.participant(naar)) == -2
    text = fear_with(model, FearPlan(rider, naar, 6, 0), FearSpec(6, -2), superior)
    target = battle.participant(naar)
    assert battle.rules().penalty(target) == -4
    assert sorted(c.name for c in target.conditions) == ["恐怖 −4", "恐怖: 次の手番は行動不能"]
    assert "前の恐怖" not in text
    extraordinary = FearSpec(6, -4)
    fear_with(
        model,
        FearPlan(rider, naar, 6, 0),
        extraordinary,
        lambda r: r.winner is Contestant.A and r.margin >= 11,
    )
    names = {c.name for c in battle.participant(naar).conditions}
    assert names == {"恐怖 −4", "恐怖: 次の手番は行動不能", "恐怖: 逃げ出す"}
    text = fear_with(model, FearPlan(rider, naar, 6, 0), extraordinary, superior)
    assert "恐怖: 逃げ出す" in {c.name for c in battle.participant(naar).conditions}
    assert "前の「恐怖: 逃げ出す」も続く" in text
