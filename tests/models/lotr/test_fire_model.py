"""Fire in the 危険 dialog (LotRFireModel, `hazard.fire`, 1.2.1.1) with fixed dice: a round in the
fire, catching fire, 2d6+4 every round while burning, putting it out, and the burning kept as
session state in the same undo step as the round that set it.  Moved from test_care_hazard_models
with the fire's own model."""

from __future__ import annotations

import pytest

from gmtool.models.lotr.fire_model import FIRE_KEY
from gmtool.models.lotr.hazard_model import LotRHazardModel
from gmtool.rules.systems.lotr import reference_catalog as catalog
from tests.models.lotr.test_care_hazard_models import Dice, hazard_table, setup


def test_a_failed_swiftness_test_in_fire_sets_the_character_burning(empty_campaign_model):
    # 1d6 = 2 from the fire; Swiftness 1 + 1 + 1 = 3 < 10; burning 2d6+4 = 3 + 3 + 4
    actions, dice = setup(empty_campaign_model, 2, 1, 1, 3, 3)
    hazard_table(empty_campaign_model, catalog.FIRE, "たき火", damage="1d6", tn=10)
    hazards = LotRHazardModel(actions, dice)
    status = hazards.fire.round("たき火")
    assert hazards.fire.on_fire and actions.character.damage == 2 + 10
    assert "炎に包まれた" in status and "合計 12 点" in status
    assert empty_campaign_model.undo_stack.count() == 1
    dice.faces += [6, 5]  # the full-round retry: 11 − 1 (Dazed) + 1 ≥ 10
    status = hazards.fire.extinguish("たき火", [])
    assert not hazards.fire.on_fire and "火が消えました" in status
    assert actions.character.damage == 12  # putting it out changes no damage…
    empty_campaign_model.undo_stack.undo()  # …but is a step: undone, the character burns again
    assert hazards.fire.on_fire and actions.character.damage == 12


def test_a_burning_character_takes_2d6_4_every_round_until_put_out(empty_campaign_model):
    """1.2.1.1 「それまでは受け続ける追加ダメージは 2d6+4」: not only on the round it caught fire."""
    actions, dice = setup(empty_campaign_model, 2, 1, 1, 3, 3, health=30)  # 2 + (3+3+4) = 12
    hazard_table(empty_campaign_model, catalog.FIRE, "たき火", damage="1d6", tn=10)
    hazards = LotRHazardModel(actions, dice)
    hazards.fire.round("たき火")
    assert hazards.fire.on_fire and actions.character.damage == 12
    dice.faces += [1, 2, 2]  # still in the fire: 1d6 = 1, burning 2d6+4 = 2 + 2 + 4; no new test
    status = hazards.fire.round("たき火")
    assert actions.character.damage == 12 + 1 + 8 and "合計 9 点" in status and "2d6+4" in status
    dice.faces += [6, 6]  # out of the fire, still burning: 2d6+4 = 16
    status = hazards.fire.burn_round()
    assert actions.character.damage == 21 + 16 and "2d6+4" in status
    dice.faces += [1, 1, 5, 5]  # the full-round retry fails (2 − 1 + 1 < 10): 2d6+4 = 14
    hazards.fire.extinguish("たき火", [])
    assert hazards.fire.on_fire and actions.character.damage == 37 + 14
    hazards.fire.put_out()
    assert not hazards.fire.on_fire
    with pytest.raises(ValueError, match="炎に包まれていません"):
        hazards.fire.burn_round()
    dice.faces += [3, 5, 6]  # put out: a round in the fire is its damage and a new test only (passed)
    hazards.fire.round("たき火")
    assert not hazards.fire.on_fire and actions.character.damage == 51 + 3


def test_on_fire_is_undone_and_redone_with_the_round_that_set_it(empty_campaign_model):
    actions, dice = setup(empty_campaign_model, 2, 1, 1, 3, 3)
    hazard_table(empty_campaign_model, catalog.FIRE, "たき火", damage="1d6", tn=10)
    hazards = LotRHazardModel(actions, dice)
    shown = []
    hazards.changed.connect(lambda: shown.append(hazards.fire.on_fire))
    hazards.fire.round("たき火")
    assert hazards.fire.on_fire and empty_campaign_model.undo_stack.count() == 1  # damage and fire: one step
    empty_campaign_model.undo_stack.undo()
    assert (actions.character.damage, hazards.fire.on_fire) == (0, False) and shown[-1] is False
    empty_campaign_model.undo_stack.redo()
    assert (actions.character.damage, hazards.fire.on_fire) == (12, True) and shown[-1] is True
    # Another model of the same campaign (the dialog opened again, the file reopened) reads it too.
    assert LotRHazardModel(actions, Dice()).fire.on_fire


def test_on_fire_is_not_set_when_the_rounds_write_is_refused(empty_campaign_model, monkeypatch):
    from gmtool.store.errors import CampaignError

    actions, dice = setup(empty_campaign_model, 2, 1, 1, 3, 3)
    hazard_table(empty_campaign_model, catalog.FIRE, "たき火", damage="1d6", tn=10)
    hazards = LotRHazardModel(actions, dice)
    empty_campaign_model.flush()

    def refuse(*_args, **_kwargs):
        raise CampaignError("disk full")

    monkeypatch.setattr(empty_campaign_model.campaign, "commit", refuse)
    hazards.fire.round("たき火")
    assert not empty_campaign_model.flush()  # the step is taken back whole
    assert (actions.character.damage, hazards.fire.on_fire) == (0, False)
    assert empty_campaign_model.undo_stack.count() == 0


def test_a_hand_edited_fire_state_is_read_safely(empty_campaign_model):
    actions, dice = setup(empty_campaign_model)
    hazards = LotRHazardModel(actions, dice)
    for value in ({"x": 1}, "burning", [1, None], None):
        empty_campaign_model.set_session_value(FIRE_KEY, value, "x")
        assert not hazards.fire.on_fire
    empty_campaign_model.set_session_value(FIRE_KEY, [7, actions.character_id], "x")
    assert hazards.fire.on_fire
