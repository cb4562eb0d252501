"""Hero Combat through LotRMassBattleModel: one undo step and one log line per roll, odds shown
before it that combine the PRESS roll with Hero Combat, and refusals while a table is empty."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from gmtool.models.lotr.mass_battle_model import LotRMassBattleModel
from gmtool.models.lotr.rules_model import LotRRulesModel
from gmtool.rules.dice import roll
from gmtool.rules.systems.lotr import reference_catalog as catalog
from gmtool.rules.systems.lotr.hero_combat import HeroCombatRefused
from tests.rules.lotr.test_hero_combat import HERO_ROWS, PRESS_ROWS


def fill(campaign_model, table_id: str, rows: list[dict]) -> None:
    columns = [c.id for c in LotRRulesModel(campaign_model).reference.table(table_id).columns]
    stored = [{"name": r["name"], **{c: r.get(c) for c in columns}} for r in rows]
    LotRRulesModel(campaign_model).edits.set_value(("tables", table_id), stored, "test")


@pytest.fixture
def model(campaign_model) -> LotRMassBattleModel:
    counter = iter(range(1000, 2000))
    return LotRMassBattleModel(campaign_model, seed_source=lambda: next(counter))


@pytest.fixture
def ready(model) -> LotRMassBattleModel:
    fill(model.campaign_model, catalog.PRESS, PRESS_ROWS)
    fill(model.campaign_model, catalog.HERO_COMBAT, HERO_ROWS)
    return model


def test_empty_tables_refuse_the_roll_and_say_where(model):
    undo = model.campaign_model.undo_stack.count()
    with pytest.raises(HeroCombatRefused, match=r"PRESS.*ルール表 → 参照表"):
        model.roll_hero(1, "ナール", None)
    fill(model.campaign_model, catalog.PRESS, PRESS_ROWS)
    with pytest.raises(HeroCombatRefused, match=r"Hero Combat.*ルール表 → 参照表"):
        model.hero_odds("Rear")
    assert model.state().heroes == () and model.campaign_model.undo_stack.count() == undo + 1


def test_rolled_place_odds_combine_press_and_hero_combat(ready):
    odds = {b.name: p for b, p in ready.hero_odds(None)}
    # By hand: P(D) = P(Thick) P(2d6 ≥ 12) + P(Heart) P(2d6 ≥ 11) = 20/36·1/36 + 6/36·3/36.
    assert odds["D"] == Fraction(20, 36) * Fraction(1, 36) + Fraction(6, 36) * Fraction(3, 36)
    assert sum(odds.values()) == 1


def test_a_roll_is_one_undo_step_and_one_log_line(ready):
    ready.roll_hour()
    campaign = ready.campaign_model
    undo, logs = campaign.undo_stack.count(), len(campaign.log_entries())
    outcome = ready.roll_hero(1, "ナール", None)
    # The seed is logged and replays the place roll then the Hero Combat roll.
    rng = random.Random(1001)
    press, faces = roll(rng, 2, 6), roll(rng, 2, 6)
    assert outcome.press_faces == press and outcome.faces == faces
    hero = ready.state().heroes[-1]
    assert (hero.hour, hero.hero, hero.position, hero.result) == (
        1,
        "ナール",
        outcome.place.name,
        outcome.result.label(),
    )
    assert campaign.undo_stack.count() == undo + 1 and len(campaign.log_entries()) == logs + 1
    summary = campaign.log_entries()[-1].payload["summary"]
    assert "Hero Combat" in summary["inputs"] and "PRESS 2d6" in summary["inputs"]
    assert summary["result"] == outcome.result.label()
    campaign.undo_stack.undo()
    assert ready.state().heroes == ()
    campaign.undo_stack.redo()
    assert ready.state().heroes[-1] == hero


def test_a_chosen_place_rolls_only_hero_combat(ready):
    outcome = ready.roll_hero(1, "ナール", "Heart of Battle")
    assert outcome.press_faces == () and outcome.total == sum(outcome.faces) + 2
    assert ready.state().heroes[-1].position == "Heart of Battle"
