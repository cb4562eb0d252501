"""A lost turn (3.8 恐怖, Superior: 「1ターン行動不能」) skipped by the tracker's 次の手番: the turn is
passed over in the same step that reaches it, the log line says so, the condition ends with it, and
元に戻す gives the turn back (one undo step).  Fixed dice."""

from __future__ import annotations

import random
from dataclasses import replace

from gmtool.models.battle_model import BattleModel
from gmtool.models.lotr.fear_model import FearPlan, LotRFearModel
from gmtool.rules import battle_turns
from gmtool.rules.battle import add_condition, with_participant
from gmtool.rules.battle_rules import CombatRules
from gmtool.rules.battle_types import Condition, Encounter, Phase
from gmtool.rules.systems.lotr import combat as lotr, fear
from gmtool.rules.systems.lotr.checks import Contestant
from gmtool.rules.systems.lotr.fear import FearSpec
from tests.qt_fixtures import sample_lotr_character

LOST = "恐怖: 次の手番は行動不能"


def seed_where(spec: FearSpec, predicate) -> int:
    return next(s for s in range(100_000) if predicate(fear.resolve(spec, random.Random(s))))


def frightened_fight(campaign_model):
    """The rider's fear attack at Superior on ナール (a seed whose dice give a margin of 6–10)."""
    seed = seed_where(FearSpec(6, 0), lambda r: r.winner is Contestant.A and 6 <= r.margin <= 10)
    battle = BattleModel(campaign_model, seed_source=lambda: seed)
    battle.new_encounter("lotr", "黒の乗手")
    naar_id = next(s.id for s in campaign_model.characters_of("lotr"))
    (rider,) = battle.roster.add_quick("黒の乗手", {"swiftness": 3, "defence": 12, "health": 12})
    naar = battle.roster.add_character(naar_id)
    pippin = battle.roster.add_character(
        campaign_model.insert_character("lotr", sample_lotr_character("ピピン"), "x")
    )
    battle.round.start()
    model = LotRFearModel(battle)
    model.roll(FearPlan(rider, naar, 6, 0))
    model.apply()
    return battle, naar, pippin


def actors_of_the_round(battle: BattleModel) -> list[str | None]:
    seen = []
    while True:
        battle.round.next_turn()
        state = battle.state()
        if state.phase is not Phase.TURN:
            return seen
        seen.append(state.current)


def test_the_lost_turn_is_skipped_in_one_step_said_in_the_log_and_undone(campaign_model):
    battle, naar, pippin = frightened_fight(campaign_model)
    target = battle.participant(naar)
    assert LOST in [c.name for c in target.conditions] and target.value(lotr.LOST_TURN + LOST) == 1
    actors = []
    while "飛ばした" not in battle.state().events[-1].text:  # 次の手番 until the step that skips
        battle.round.next_turn()
        actors.append(battle.state().current)
        assert battle.state().phase is Phase.TURN or "飛ばした" in battle.state().events[-1].text
    assert naar not in actors
    skip = battle.state().events[-1].text
    assert f"ナールの手番は「{LOST}」で飛ばした" in skip
    after = battle.participant(naar)
    assert after.acted and LOST not in [c.name for c in after.conditions]
    assert not any(k.endswith(":" + LOST) for k in after.values)  # its marks gone with it
    assert battle.rules().penalty(after) == -4  # Superior's −4 goes on (「かつ,-4ペナルティ」)
    assert campaign_model.undo_stack.undoText() == "次の手番"
    campaign_model.undo_stack.undo()  # one step gives the turn back
    back = battle.participant(naar)
    assert LOST in [c.name for c in back.conditions] and not back.acted
    assert all("飛ばした" not in e.text for e in battle.state().events)
    assert pippin in actors_of_the_round(battle) + actors


def test_next_round_the_frightened_one_acts_again(campaign_model):
    battle, naar, _pippin = frightened_fight(campaign_model)
    actors_of_the_round(battle)  # round 1: skipped
    battle.round.next_turn()  # cleanup → round 2
    assert naar in actors_of_the_round(battle)


def test_the_engine_skips_only_a_marked_condition_and_the_default_rules_skip_nothing():
    rules = lotr.LotRCombat()
    seeds = [rules.from_quick(n, {"swiftness": s, "health": 7}) for n, s in (("a", 9), ("b", 5), ("c", 1))]
    people = tuple(battle_turns.participant_from(seed, seed.name) for seed in seeds)
    fight = battle_turns.start(Encounter(system="lotr", participants=people), rules, random.Random(1))
    unmarked = add_condition(fight, "b", Condition("怯え", 2, "b"))
    marked = with_participant(
        unmarked, "b", lambda p: replace(p, values={**p.values, lotr.LOST_TURN + "怯え": 1})
    )

    def walk(state: Encounter) -> tuple[list[str | None], list[tuple[str, str]]]:
        acted, skipped = [], []
        for _ in range(3):
            step = battle_turns.next_turn(state, rules, random.Random(2))
            state = step.encounter
            skipped.extend(step.skipped)
            if state.phase is Phase.TURN:
                acted.append(state.current)
        return acted, skipped

    acted, skipped = walk(marked)
    assert "b" not in acted and skipped == [("b", "怯え")] and len(acted) == 2
    acted, skipped = walk(unmarked)
    assert "b" in acted and skipped == []  # a condition without the mark takes no turn
    assert CombatRules().lost_turn(marked, "b") is None  # other systems: no turn is ever lost
