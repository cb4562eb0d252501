"""FocusReadings (AWFocusModel.readings): the AF's two house rules as the campaign reads them, read
again at every call so a flip (or its undo) shows at once."""

from __future__ import annotations

from gmtool.models.aw.focus_readings import FocusReadings
from gmtool.models.house_rules_model import HouseRulesModel
from gmtool.rules.systems.aw.house_rules import (
    END_PLAYED_OUT,
    FOCUS_REDECLARE,
    FOCUS_ROUND_END,
    REDECLARE_GM,
    REDECLARE_ONCE,
)


def test_the_default_readings_and_a_flip(campaign_model):
    readings, switches = FocusReadings(campaign_model), HouseRulesModel(campaign_model)
    # the text's rule by default (issue 37): a declared skill counts once in the AF
    assert readings.redeclare_reading() == REDECLARE_ONCE and not readings.gm_allows_redeclaring()
    assert not readings.plays_out() and readings.redeclaration(None).reading == REDECLARE_ONCE
    switches.set_reading(FOCUS_REDECLARE, REDECLARE_GM)
    switches.set_reading(FOCUS_ROUND_END, END_PLAYED_OUT)
    assert readings.gm_allows_redeclaring() and readings.plays_out()
    campaign_model.undo_stack.undo()
    assert not readings.plays_out()


def test_the_readings_played_are_named_by_their_switches(campaign_model):
    played = FocusReadings(campaign_model).played()
    assert len(played) == 2 and all(title and label for title, label in played)
