"""What the panel offers to roll for a LotR character, and the bonus each choice gives."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gmtool.rules.systems.lotr.character import Skill
from gmtool.rules.systems.lotr.kinds import check_kinds, roller_for
from gmtool.rules.systems.lotr.overrides import apply_overrides
from gmtool.rules.systems.lotr.rules_data import lotr_rules
from tests.qt_fixtures import sample_lotr_character


def with_skill(skill: Skill):
    character = sample_lotr_character()
    return replace(character, skills=(*character.skills, skill))


def test_a_skill_held_at_rank_0_is_an_untrained_test_at_minus_2_without_its_specialisations():
    character = with_skill(Skill(name="Healing", ranks=0, specialisations=("Herbs",)))  # WIT 8: +1
    kinds = [k for k in check_kinds(character) if "Healing" in k.id]
    assert [(k.id, k.value) for k in kinds] == [("untrained:Healing", 1 - 2)]
    roller = roller_for(character, "untrained:Healing")
    assert roller.untrained and roller.bonus == -1 and roller.specialisation == 0


def test_a_rank_0_skill_the_list_marks_trained_only_cannot_be_rolled():
    rules = apply_overrides(lotr_rules(), {"skills": {"Healing": {"untrained": False}}})
    character = with_skill(Skill(name="Healing", ranks=0))
    assert not [k for k in check_kinds(character, rules) if "Healing" in k.id]


def test_skill_names_with_a_colon_and_their_specialisations():
    character = sample_lotr_character()  # Stealth 6 (NIM 9: +1), specialised in Hide
    assert roller_for(character, "skill:Stealth:Hide").bonus == 6 + 1 + 2
    assert roller_for(character, "skill:Language: Westron").bonus == 6 + 1  # WIT 8: +1
    with pytest.raises(KeyError, match="技能"):
        roller_for(character, "skill:Language: Quenya")
