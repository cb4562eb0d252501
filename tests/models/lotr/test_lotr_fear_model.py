"""A fear attack in the LotR tracker (3.8): the odds first, the roll one undo step with a log line,
courage after the roll on either side, the effect a condition whose penalty every action takes, the
Table 9.20 modifiers the GM ticks (未設定 refused), and the retry after someone unafraid's Inspire."""

from __future__ import annotations

import random

import pytest

from gmtool.models.battle_model import BattleModel
from gmtool.models.lotr.fear_model import FearPlan, LotRFearModel
from gmtool.models.lotr.rules_model import LotRRulesModel
from gmtool.rules.battle import BattleRefused
from gmtool.rules.systems.lotr import fear, reference_catalog as catalog
from gmtool.rules.systems.lotr.checks import Contestant, TieRule
from gmtool.rules.systems.lotr.fear import FearEffect, FearSpec
from tests.qt_fixtures import sample_lotr_character


def seed_where(spec: FearSpec, predicate) -> int:
    return next(s for s in range(100_000) if predicate(fear.resolve(spec, random.Random(s))))


def fill_fear_table(campaign_model, rows: list[tuple[str, int | None]]) -> None:
    stored = [{"name": name, "modifier": value} for name, value in rows]
    LotRRulesModel(campaign_model).edits.set_value(("tables", catalog.FEAR), stored, "test")


def setup(campaign_model, seed: int):
    battle = BattleModel(campaign_model, seed_source=lambda: seed)
    battle.new_encounter("lotr", "黒の乗手")
    naar_id = next(s.id for s in campaign_model.characters_of("lotr"))
    pippin_id = campaign_model.insert_character("lotr", sample_lotr_character("ピピン"), "x")
    (rider,) = battle.roster.add_quick("黒の乗手", {"swiftness": 3, "defence": 12, "health": 12})
    naar = battle.roster.add_character(naar_id)
    pippin = battle.roster.add_character(pippin_id)
    return battle, LotRFearModel(battle), rider, naar, pippin


def test_the_odds_are_the_engines_with_the_penalties_and_ticked_rows(campaign_model):
    fill_fear_table(campaign_model, [("近い", -2), ("仲間の激励", 2), ("遠い", None)])
    _battle, model, rider, naar, _pippin = setup(campaign_model, 1)
    assert model.modifier_rows() == [("近い", -2), ("仲間の激励", 2), ("遠い", None)]
    plan = FearPlan(rider, naar, intimidate=6, willpower=0, modifiers=("近い", "仲間の激励"))
    assert model.spec(plan) == FearSpec(6, 0, (-2, 2))
    assert model.odds(plan) == fear.fear_distribution(FearSpec(6, 0, (-2, 2)))
    with pytest.raises(BattleRefused, match="「遠い」は未設定です（ルール表 → 参照表 で入力）"):
        model.odds(FearPlan(rider, naar, 6, 0, ("遠い",)))
    with pytest.raises(BattleRefused, match="自分自身は選べません"):
        model.spec(FearPlan(rider, rider, 6, 0))


def test_defaults_come_from_the_character(campaign_model):
    _battle, model, rider, naar, _pippin = setup(campaign_model, 1)
    assert model.willpower_of(naar) == 0 and model.willpower_of(rider) is None
    assert model.intimidate_of(naar) is None  # ナール has no Intimidate


def test_roll_courage_and_effect_are_undo_steps_with_log_lines(campaign_model):
    spec = FearSpec(6, 0)
    # Intimidate wins by 1–5 (Complete: −2), and by ≤ 3, so that +3 from B's courage turns it
    seed = seed_where(spec, lambda r: len(r.rounds) == 1 and r.winner is Contestant.A and r.margin == 3)
    battle, model, rider, naar, _pippin = setup(campaign_model, seed)
    stack = campaign_model.undo_stack
    start = stack.index()
    plan = FearPlan(rider, naar, intimidate=6, willpower=0)
    rolled = model.roll(plan)
    assert model.effect(rolled.result) is FearEffect.PENALTY_2
    assert stack.index() == start + 1
    entry = campaign_model.log_entries()[-1].payload
    assert (
        "黒の乗手 → ナール: 恐怖攻撃" in entry["summary"]["inputs"]
        and "（差 3）" in entry["summary"]["inputs"]
    )
    assert entry["seed"] == seed and entry["fear_odds"]["penalty_2"] == pytest.approx(
        float(model.odds(plan)[FearEffect.PENALTY_2])
    )

    # ナール spends 1 courage (+3): a tie, re-rolled from the same seeded stream (1.5.2)
    naar_char = campaign_model.character(battle.participant(naar).character_id)
    left = naar_char.courage_left
    after = model.spend_courage(Contestant.B)
    assert stack.index() == start + 2
    assert (
        campaign_model.character(naar_char_id := battle.participant(naar).character_id).courage_left
        == left - 1
    )
    assert len(after.rounds) >= 2 and model.courage_on_roll() == (0, 1)
    assert "ナールが勇気を使った（+3）" in campaign_model.log_entries()[-1].payload["summary"]["inputs"]
    stack.undo()  # the spend: the courage and its points on the roll
    assert campaign_model.character(naar_char_id).courage_left == left
    assert model.courage_on_roll() == (0, 0) and model.current() == rolled.result
    stack.redo()
    assert model.courage_on_roll() == (0, 1)
    stack.undo()

    # the attacker is a quick NPC: no courage to record
    assert "キャンペーンのキャラクターではない" in model.courage_refusal(Contestant.A)

    text = model.apply()
    assert stack.index() == start + 2
    target = battle.participant(naar)
    assert [c.name for c in target.conditions] == ["恐怖 −2"]
    assert battle.rules().penalty(target) == -2  # every action from now on
    assert "ナール: 恐怖 — すべての行動に −2（状態「恐怖 −2」）" == text
    assert campaign_model.log_entries()[-1].payload["summary"]["inputs"] == text
    assert not model.can_apply()  # applied once
    stack.undo()
    assert battle.participant(naar).conditions == () and battle.rules().penalty(battle.participant(naar)) == 0
    stack.redo()
    # removing the condition by hand ends its penalty too
    battle.edit.remove_condition(naar, "恐怖 −2")
    assert battle.rules().penalty(battle.participant(naar)) == 0


def test_superior_loses_a_turn_counted_on_the_targets_turns(campaign_model):
    spec = FearSpec(6, 0)
    seed = seed_where(spec, lambda r: r.winner is Contestant.A and 6 <= r.margin <= 10)
    battle, model, rider, naar, _pippin = setup(campaign_model, seed)
    model.roll(FearPlan(rider, naar, 6, 0))
    model.apply()
    target = battle.participant(naar)
    lost = next(c for c in target.conditions if "行動不能" in c.name)
    assert lost.counts_on == naar and lost.rounds == 2
    assert battle.rules().penalty(target) == -4


def test_extraordinary_asks_flee_or_drop_and_a_failed_attack_does_nothing(campaign_model):
    spec = FearSpec(6, 0)
    seed = seed_where(spec, lambda r: r.winner is Contestant.A and r.margin >= 11)
    battle, model, rider, naar, _pippin = setup(campaign_model, seed)
    model.roll(FearPlan(rider, naar, 6, 0))
    with pytest.raises(BattleRefused, match="逃げ出すか伏せるか"):
        model.apply("stay")
    model.apply(fear.DROP)
    assert [c.name for c in battle.participant(naar).conditions] == ["恐怖: 地面などに伏せる"]

    battle.seed_source = model.seed_source = lambda: seed_where(spec, lambda r: r.winner is Contestant.B)
    model.roll(FearPlan(rider, pippin := _pippin, 6, 0))
    with pytest.raises(BattleRefused, match="恐怖攻撃は失敗しました: 効果はありません"):
        model.apply()
    assert battle.participant(pippin).conditions == ()


def test_a_retry_after_inspire_from_someone_unafraid_ends_the_fear(campaign_model):
    spec = FearSpec(6, 0)
    won = seed_where(spec, lambda r: r.winner is Contestant.A and 1 <= r.margin <= 5)
    battle, model, rider, naar, pippin = setup(campaign_model, won)
    model.roll(FearPlan(rider, naar, 6, 0))
    model.apply()
    with pytest.raises(BattleRefused, match="再判定は要りません"):
        model.roll(FearPlan(rider, pippin, 6, 0, inspired_by=naar))
    with pytest.raises(BattleRefused, match="ほかの人からの Inspire などが必要です"):
        model.roll(FearPlan(rider, naar, 6, 0, inspired_by=naar))
    model.roll(FearPlan(rider, pippin, 6, 0))  # Pippin afraid too: his Inspire cannot help
    model.apply()
    with pytest.raises(BattleRefused, match="ピピンも恐怖の影響を受けています"):
        model.roll(FearPlan(rider, naar, 6, 0, inspired_by=pippin))
    campaign_model.undo_stack.undo()
    campaign_model.undo_stack.undo()
    # Pippin is unafraid: Nár tests again (his −2 of fear on every action counts), and wins
    assert model.spec(FearPlan(rider, naar, 6, 0, inspired_by=pippin)) == FearSpec(6, -2)
    model.seed_source = lambda: seed_where(FearSpec(6, -2), lambda r: r.winner is Contestant.B)
    model.roll(FearPlan(rider, naar, 6, 0, inspired_by=pippin))
    assert "ピピンの Inspire で再判定" in campaign_model.log_entries()[-1].payload["summary"]["inputs"]
    model.apply()
    assert battle.participant(naar).conditions == ()
    assert battle.rules().penalty(battle.participant(naar)) == 0


def test_a_tie_the_gm_gives_the_attacker_is_marginal(campaign_model):
    spec = FearSpec(6, 0, tie_rule=TieRule.DODGE)
    seed = seed_where(spec, lambda r: r.margin == 0)
    battle, model, rider, naar, _pippin = setup(campaign_model, seed)
    model.roll(FearPlan(rider, naar, 6, 0, tie_rule=TieRule.DODGE))
    model.apply()
    assert battle.rules().penalty(battle.participant(naar)) == -1
