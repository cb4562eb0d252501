"""The judgement panel's model: numbers from the engine, live with the sheet, rolls logged."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

from gmtool.models.aw.check_model import CUSTOM, AWCheckModel
from gmtool.rules.checks import Outcome, Side
from gmtool.rules.systems import SYSTEMS
from gmtool.rules.systems.aw.checks import AWCheckSpec, AWOpposedSpec, AWRoller, resolve_check


def make(campaign_model, seed=1234):
    return AWCheckModel(campaign_model, seed_source=lambda: seed)


def test_probabilities_are_the_engines_for_the_chosen_value(campaign_model):
    model = make(campaign_model)
    model.set_source(Side.ACTION, "reflex")  # 朝霧 透: 反射 4, critical 12
    model.set_difficulty(11)
    expected = SYSTEMS["aw"].distribution(AWCheckSpec(AWRoller(4), 11))
    assert model.outcome_probabilities == {o: expected[o] for o in Outcome}
    # 4 + dice ≥ 11 ⇔ dice ≥ 7: 21/36, and natural 12 is already among them.
    assert model.success_probability == Fraction(21, 36)


def test_the_characters_critical_value_is_used(campaign_model):
    mina = campaign_model.characters()[1]  # critical 11
    model = make(campaign_model)
    model.set_character(Side.ACTION, mina.id)
    model.set_custom_value(Side.ACTION, -20)  # hopeless unless critical
    model.set_difficulty(10)
    assert model.outcome_probabilities[Outcome.AUTO_SUCCESS] == Fraction(3, 36)  # 11 or 12
    assert model.success_probability == Fraction(3, 36)


def test_a_sheet_edit_updates_the_probabilities_at_once(campaign_model):
    model = make(campaign_model)
    model.set_source(Side.ACTION, "reflex")
    model.set_difficulty(12)
    before = model.success_probability
    toru = campaign_model.characters()[0]
    attributes = replace(toru.character.attributes, reflex=8)
    campaign_model.update_character(toru.id, replace(toru.character, attributes=attributes), "反射")
    assert model.value(Side.ACTION) == 8
    assert model.success_probability > before


def test_custom_value_starts_from_the_value_shown(campaign_model):
    model = make(campaign_model)
    model.set_source(Side.ACTION, "attack")  # 8
    model.set_source(Side.ACTION, CUSTOM)
    assert model.value(Side.ACTION) == 8


def test_modifier_beyond_three_warns_but_still_computes(campaign_model):
    model = make(campaign_model)
    model.set_modifier(Side.ACTION, 3)
    assert not model.modifier_warning()
    model.set_modifier(Side.ACTION, -4)
    assert model.modifier_warning()
    assert sum(model.outcome_probabilities.values()) == 1


def test_curve_covers_2_to_20_and_any_current_difficulty(campaign_model):
    model = make(campaign_model)
    assert list(model.curve) == list(range(2, 21))
    model.set_difficulty(25)
    assert 25 in model.curve
    assert model.curve[25] == model.success_probability


def test_roll_logs_inputs_dice_outcome_and_a_replayable_seed(campaign_model):
    model = make(campaign_model, seed=987654321)
    model.set_source(Side.ACTION, "reflex")
    model.set_difficulty(9)
    result = model.roll()
    entry = campaign_model.log_entries()[-1]
    payload = entry.payload
    assert entry.kind == "check"
    assert payload["seed"] == 987654321 == result.seed
    assert payload["action"]["character"] == "朝霧 透"
    assert payload["action"]["value"] == 4 and payload["difficulty"] == 9
    assert payload["action"]["faces"] == list(result.faces)
    assert payload["outcome"] == str(result.outcome)
    replay = resolve_check(AWCheckSpec(AWRoller(4), 9), random.Random(payload["seed"]))
    assert replay.faces == result.faces and replay.outcome == result.outcome


def test_opposed_mode_gives_the_engines_win_probability(campaign_model):
    model = make(campaign_model)
    shadow = campaign_model.characters()[2]
    model.set_opposed(True)
    model.set_source(Side.ACTION, "physical_hit")  # 6
    model.set_character(Side.REACTION, shadow.id)
    model.set_source(Side.REACTION, "evasion")  # 4
    expected = SYSTEMS["aw"].distribution(AWOpposedSpec(AWRoller(6), AWRoller(4)))
    assert model.action_wins == expected[Side.ACTION]
    model.set_reaction_can_roll(False)
    no_roll = SYSTEMS["aw"].distribution(AWOpposedSpec(AWRoller(6), AWRoller(4, can_roll=False)))
    assert model.action_wins == no_roll[Side.ACTION]
    result = model.roll()
    payload = campaign_model.log_entries()[-1].payload
    assert payload["mode"] == "opposed" and payload["winner"] == str(result.winner)
    assert payload["reaction"]["faces"] == []  # the reaction side could not roll


def test_deleting_the_chosen_character_falls_back_to_another(campaign_model):
    model = make(campaign_model)
    first = campaign_model.characters()[0]
    campaign_model.delete_character(first.id)
    assert model.action.character_id == campaign_model.characters()[0].id
