"""Who tests for a unit (LotRCommanders, the army model's `commanders`): a campaign character
tested as the judgement panel tests him, or a typed bonus, and where each point comes from."""

from __future__ import annotations

import pytest

from gmtool.models.lotr.commanders import Commander, LotRCommanders
from gmtool.models.lotr.rules_model import campaign_lotr_rules
from gmtool.rules.systems.lotr.kinds import roller_for
from gmtool.rules.systems.lotr.units import ArmyRefused


@pytest.fixture
def commanders(campaign_model) -> LotRCommanders:
    return LotRCommanders(campaign_model, lambda: campaign_lotr_rules(campaign_model))


def nar(commanders: LotRCommanders) -> str:
    return next(i for i, name in commanders.characters() if name == "ナール")


def test_the_commander_is_a_campaign_character_tested_as_the_judgement_panel_does(commanders):
    who = nar(commanders)
    assert commanders.default_kind(who) == "attribute:brg"  # no Siegecraft: Bearing
    assert commanders.default_kind(who, "Intimidate") == ""  # no substitute the rules name
    commander = Commander(who, "attribute:brg", modifier=2)
    character = commanders.campaign_model.character(who)
    rules = campaign_lotr_rules(commanders.campaign_model)
    assert commanders.roller(commander) == roller_for(character, "attribute:brg", rules, 2)
    assert commanders.text(commander) == "ナール: Bearing（修正 +2 = +2）"


def test_a_typed_bonus_commands_without_a_character(commanders):
    commander = Commander(bonus=4, modifier=1)
    assert commanders.roller(commander).bonus == 5
    assert commanders.text(commander) == "直接入力 +5"


def test_a_character_without_a_chosen_test_is_refused(commanders):
    with pytest.raises(ArmyRefused, match="判定（技能・能力値）を選んでください"):
        commanders.roller(Commander(nar(commanders), "skill:Nothing"))


def test_the_commanders_are_the_campaigns_lotr_characters(commanders):
    names = [name for _id, name in commanders.characters()]
    assert "ナール" in names
    assert all(commanders.campaign_model.stored(i).system == "lotr" for i, _n in commanders.characters())
