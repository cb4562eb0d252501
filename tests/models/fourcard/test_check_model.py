"""The フォーカード judgement panel's model: the engine's numbers, 衰弱, fumble fatigue, the log."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace
from fractions import Fraction

import pytest

from gmtool.models.fourcard.check_model import ACHIEVEMENT, COMPARE, CUSTOM, FourCardCheckModel
from gmtool.rules.checks import Outcome
from gmtool.rules.systems.fourcard.checks import Contestant
from tests.qt_fixtures import reopen_characters, sample_fourcard_character

TWO_D6 = {t: sum(1 for a, b in itertools.product(range(1, 7), repeat=2) if a + b == t) for t in range(2, 13)}


@pytest.fixture
def two_fighters(empty_campaign_model):
    garud = empty_campaign_model.insert_character("fourcard", sample_fourcard_character("ガルド"), "x")
    borg = empty_campaign_model.insert_character("fourcard", sample_fourcard_character("ボルグ"), "x")
    return empty_campaign_model, garud, borg


def seed_rolling(natural: int) -> int:
    """A seed whose first 2D6 roll with random.Random totals `natural`."""
    for seed in itertools.count():
        rng = random.Random(seed)
        if rng.randint(1, 6) + rng.randint(1, 6) == natural:
            return seed
    raise AssertionError  # pragma: no cover


def test_target_roll_odds_match_a_count_of_the_36_rolls(two_fighters):
    campaign_model, _garud, _ = two_fighters
    model = FourCardCheckModel(campaign_model)
    model.set_source(Contestant.A, "skill:接近戦:剣")  # DX 6 + 2TP = 8
    model.set_difficulty(16)
    # success: natural 12, or natural ≠ 2 and 2D6 + 8 ≥ 16 ⇔ 2D6 ≥ 8
    assert model.success_probability == Fraction(sum(TWO_D6[t] for t in range(8, 13)), 36)
    assert model.outcome_probabilities[Outcome.AUTO_SUCCESS] == Fraction(1, 36)
    assert model.outcome_probabilities[Outcome.AUTO_FAILURE] == Fraction(1, 36)
    # the unspecialised general LV is 2 lower
    model.set_source(Contestant.A, "skill:接近戦")
    assert model.base(Contestant.A) == 6
    assert model.success_probability == Fraction(sum(TWO_D6[t] for t in range(10, 13)), 36)


def test_the_curve_spans_the_difficulty_ladder_and_marks_the_current_one(two_fighters):
    model = FourCardCheckModel(two_fighters[0])
    assert min(model.curve) == 8 and max(model.curve) == 30
    assert model.curve[model.curve_marker] == model.success_probability
    assert [g[2] for g in model.difficulty_guides()][:2] == ["素人でも容易", "素人は緊張、初級者なら容易"]
    # below the target only the natural 12 succeeds
    assert model.curve[30] == Fraction(1, 36)


def test_weakened_character_rolls_at_minus_two_at_once(two_fighters):
    campaign_model, garud, _ = two_fighters
    model = FourCardCheckModel(campaign_model)
    model.set_source(Contestant.A, CUSTOM)
    model.set_custom_value(Contestant.A, 5)
    model.set_difficulty(12)
    healthy = model.success_probability
    character = campaign_model.character(garud)
    campaign_model.update_character(garud, replace(character, injury=17), "負傷")  # 衰弱 line = 6×2+5
    assert model.weakened(Contestant.A)
    # 2D6 + 5 − 2 ≥ 12 ⇔ 2D6 ≥ 9
    assert model.success_probability == Fraction(sum(TWO_D6[t] for t in range(9, 13)), 36) < healthy


def test_compare_roll_shows_each_side_with_ties_rerolled(two_fighters):
    campaign_model, _garud, borg = two_fighters
    model = FourCardCheckModel(campaign_model)
    model.set_mode(COMPARE)
    model.set_character(Contestant.B, borg)
    assert model.wins == {Contestant.A: Fraction(1, 2), Contestant.B: Fraction(1, 2)}
    model.set_modifier(Contestant.A, 3)
    assert model.wins[Contestant.A] > Fraction(1, 2)
    assert model.wins[Contestant.A] + model.wins[Contestant.B] == 1
    assert 0 < model.tie_per_round < 1
    # the curve is P(A wins) over B's base, marked at B's base + modifier
    assert model.curve[model.curve_marker] == model.wins[Contestant.A]


def test_achievement_roll_has_no_automatic_results(two_fighters):
    model = FourCardCheckModel(two_fighters[0])
    model.set_mode(ACHIEVEMENT)
    model.set_source(Contestant.A, CUSTOM)
    model.set_custom_value(Contestant.A, 4)
    assert model.achievement_probabilities == {t + 4: Fraction(n, 36) for t, n in TWO_D6.items()}
    assert model.curve[16] == Fraction(TWO_D6[12], 36)  # only 2D6 = 12 reaches 16
    assert all(outcome is None for _, _, outcome in model.natural_bars)
    assert model.achievement_range == (6, 16) and model.achievement_mean == 11  # 2D6 averages 7


def test_the_difficulty_step_and_the_compare_naturals_reading(two_fighters):
    model = FourCardCheckModel(two_fighters[0])
    model.set_difficulty(10)
    step = model.difficulty_step()
    assert step is not None and step.value == 10 and step.label
    model.set_difficulty(11)
    assert model.difficulty_step() is None  # between the table's steps
    assert not model.naturals_plain


def test_a_natural_two_is_an_automatic_failure_and_costs_one_fatigue_undoably(two_fighters):
    campaign_model, garud, _ = two_fighters
    model = FourCardCheckModel(campaign_model, seed_source=lambda: seed_rolling(2))
    model.set_source(Contestant.A, CUSTOM)
    model.set_custom_value(Contestant.A, 50)  # any other roll would succeed
    result = model.roll()
    assert result.outcome is Outcome.AUTO_FAILURE
    assert campaign_model.character(garud).fatigue == 1
    assert reopen_characters(campaign_model.campaign.path)["ガルド"].fatigue == 1
    campaign_model.undo_stack.undo()
    assert campaign_model.character(garud).fatigue == 0


def test_an_automatic_success_below_the_target_has_margin_zero_and_is_logged(two_fighters):
    campaign_model, _, _ = two_fighters
    model = FourCardCheckModel(campaign_model, seed_source=lambda: seed_rolling(12))
    model.set_difficulty(30)
    result = model.roll()
    assert result.outcome is Outcome.AUTO_SUCCESS and result.margin == 0
    entry = campaign_model.log_entries()[-1]
    assert entry.payload["system"] == "fourcard" and entry.payload["seed"] == seed_rolling(12)
    assert entry.payload["outcome"] == "auto_success" and entry.payload["margin"] == 0
    assert entry.payload["faces"] and sum(entry.payload["faces"]) == 12
    assert "成功の度合 +0" in entry.payload["summary"]["result"]


def test_only_fourcard_characters_are_offered(campaign_model):
    model = FourCardCheckModel(campaign_model)
    assert [s.character.name for s in model.characters()] == ["リゼ・アルノー"]  # not the AW three


def test_without_fourcard_characters_a_bare_base_can_still_be_rolled(empty_campaign_model):
    model = FourCardCheckModel(empty_campaign_model)
    assert model.characters() == [] and model.kinds(Contestant.A) == []
    model.set_custom_value(Contestant.A, 7)
    assert model.success_probability > 0  # a GM can still roll a bare ベース
