"""LotR panels and trackers follow the campaign's house rules: flipping a switch (one undo step)
changes the number shown at once, and undo puts it back."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

from gmtool.models.house_rules_model import HouseRulesModel
from gmtool.models.lotr.check_model import CUSTOM, GROUP, LotRCheckModel
from gmtool.models.lotr.mass_battle_model import LotRMassBattleModel
from gmtool.rules.systems.lotr.checks import Contestant, RollSpec, group_distribution, roll_distribution
from gmtool.rules.systems.lotr.derived import wound_track
from gmtool.rules.systems.lotr.house_rules import (
    BATTLE_TIE,
    MARGINAL_HELPER,
    MARGINAL_ONE,
    MARGINAL_ZERO,
    TIE_REROLL,
    TIE_STAYS,
    UNSET_LIGHTER,
    UNSET_WOUND_PENALTY,
    UNSET_ZERO,
)
from gmtool.rules.systems.lotr.mass_battle import MassBattle, battle_odds, roll_hour, start_battle
from tests.rules.lotr.gm_tables import enter_gm_wound_penalties, with_gm_wound_penalties
from tests.rules.lotr.test_house_rules_lotr import counted_battle, counted_group_success


def flip_and_undo(campaign_model, rule_id: str, reading: str, number) -> tuple[object, object]:
    """(the number before, after the flip); asserts undo brings the first back and redo the second."""
    before = number()
    HouseRulesModel(campaign_model).set_reading(rule_id, reading)
    after = number()
    assert after != before
    campaign_model.undo_stack.undo()
    assert number() == before
    campaign_model.undo_stack.redo()
    assert number() == after
    return before, after


def test_group_panel_follows_the_marginal_helper_switch(campaign_model):
    model = LotRCheckModel(campaign_model)
    model.set_mode(GROUP)
    model.set_source(Contestant.A, CUSTOM)
    model.set_custom_value(Contestant.A, 3)
    model.set_tn(12)
    helper = model.add_helper()
    model.set_custom_value(helper, 0)
    assert model.marginal_helper == MARGINAL_ZERO
    before, after = flip_and_undo(
        campaign_model, MARGINAL_HELPER, MARGINAL_ONE, lambda: model.odds.success_probability
    )
    assert before == counted_group_success(3, 12, (0,), MARGINAL_ZERO)
    assert after == counted_group_success(3, 12, (0,), MARGINAL_ONE)
    assert after - before == Fraction(1, 6) * Fraction(5, 36)
    assert model.spec().marginal_helper == MARGINAL_ONE
    assert model.odds.success_probability == group_distribution(model.spec()).probability(
        lambda d: d.succeeded
    )
    # Helper 0 at TN 7: Marginal (2d6 = 7) joins Complete (8–11) in giving +1.
    assert model.odds.helper_bonus[0][1] == Fraction(6 + 14, 36)
    campaign_model.undo_stack.undo()
    assert model.odds.helper_bonus[0][1] == Fraction(14, 36)


def test_mass_battle_tracker_follows_the_tie_switch(campaign_model):
    counter = iter(range(1000, 2000))
    model = LotRMassBattleModel(campaign_model, seed_source=lambda: next(counter))
    model.start(-1)
    emitted: list[None] = []
    model.changed.connect(lambda: emitted.append(None))
    before, after = flip_and_undo(campaign_model, BATTLE_TIE, TIE_REROLL, model.current_odds)
    assert emitted  # the tab redraws on the flip (and on its undo)
    assert before == counted_battle(0, TIE_STAYS)[-1] and after == counted_battle(0, TIE_REROLL)[-1]
    assert after[0] == before[0] and after[1] < before[1]  # the same P(Victory), fewer hours
    assert model.odds() == battle_odds(tie=TIE_REROLL)


def test_a_tied_hour_is_rolled_again_and_logged_under_the_house_rule(campaign_model):
    # The first seed whose hour at Even ties: rolled as is it stays, rolled under the house rule it moves.
    seed = next(
        s for s in range(10_000) if roll_hour(start_battle(MassBattle(), 0), random.Random(s)).position == 0
    )
    model = LotRMassBattleModel(campaign_model, seed_source=lambda: seed)
    model.start(0)
    assert model.roll_hour().after == 0
    model.start(0)
    HouseRulesModel(campaign_model).set_reading(BATTLE_TIE, TIE_REROLL)
    record = model.roll_hour()
    assert record.after != 0 and record.ties
    entry = campaign_model.log_entries()[-1].payload
    assert entry["tie_reading"] == TIE_REROLL and len(entry["ties"]) == len(record.ties)
    assert entry["seed"] == seed and "同点で振り直し" in entry["summary"]["dice"]


def test_check_panel_follows_the_unset_wound_penalty_switch_and_warns_once_it_is_flipped(campaign_model):
    # The summary gives no wound penalty: the GM filled in Dazed, Injured and Incapacitated only.
    enter_gm_wound_penalties(campaign_model)
    character_id = next(s.id for s in campaign_model.characters_of("lotr"))
    character = campaign_model.character(character_id)
    levels = [lv.id for lv in wound_track(character).levels]
    damage = levels.index("wounded") * character.health  # the first point of Wounded
    campaign_model.update_character(character_id, replace(character, damage=damage), "x")
    model = LotRCheckModel(campaign_model)
    model.set_source(Contestant.A, "attribute:nim")
    # The default reading (lighter): Wounded rolls at Injured's −1, and nothing to warn about.
    assert model.roller(Contestant.A).condition == counted_condition(model, UNSET_LIGHTER)
    assert model.warning == "" and "→ Injured（負傷） の -1" in model.condition_text(Contestant.A)
    healthy = replace(model.roller(Contestant.A), condition=0)
    exact = roll_distribution(RollSpec(healthy, model.tn - counted_condition(model, UNSET_LIGHTER)))
    assert model.odds.success_probability == exact.probability(lambda d: d.succeeded)
    before, after = flip_and_undo(
        campaign_model, UNSET_WOUND_PENALTY, UNSET_ZERO, lambda: model.odds.success_probability
    )
    assert before < after  # under the zero reading the Wounded character rolls better than Dazed
    assert model.roller(Contestant.A).condition == counted_condition(model, UNSET_ZERO)
    assert "ペナルティなしで判定しています" in model.warning and "Dazed" in model.warning
    campaign_model.undo_stack.undo()
    assert model.warning == ""


def counted_condition(model: LotRCheckModel, reading: str) -> int:
    """Wound (read off the GM's table by hand) + weariness penalty of the panel's roller."""
    character = model.character(Contestant.A)
    rules = with_gm_wound_penalties()
    index = [lv.id for lv in rules.wound_levels].index("wounded")
    wound = {UNSET_ZERO: 0, UNSET_LIGHTER: rules.wound_levels[index - 1].penalty or 0}[reading]
    return wound + (rules.weariness_levels[character.weariness].penalty or 0)
