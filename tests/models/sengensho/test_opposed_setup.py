"""The opposed-check stepper's set-up on its own (`OpposedSetup`): the text's default sides, the
判定値 of each, a typed value, and no change once the stepper says the attacker has rolled."""

from __future__ import annotations

import pytest

from gmtool.models.sengensho.opposed_setup import OpposedSetup, Role
from gmtool.models.sengensho.session_model import SengenshoSessionModel
from gmtool.rules.systems.sengensho.character import SengenshoCharacter
from gmtool.rules.systems.sengensho.opposed import StepRefused
from tests.models.sengensho.test_opposed_model import add_cast


def test_the_set_up_on_its_own_and_fixed_once_started(empty_campaign_model):
    ids = add_cast(empty_campaign_model)
    started = False
    setup = OpposedSetup(empty_campaign_model, lambda: started)
    changes = []
    setup.changed.connect(lambda: changes.append(True))
    # 「PCとNPCであれば、PCを防御側とする」: the NPC attacks, the first PC defends
    assert setup.inputs(Role.ATTACKER).character_id == ids["宵闇の主"]
    assert setup.inputs(Role.DEFENDER).character_id == ids["白峰 朔"]
    setup.set_skill(Role.ATTACKER, "回避")
    assert setup.value(Role.ATTACKER) == 5 + 1 and setup.source_label(Role.ATTACKER) == "{身体}+〈回避〉"
    setup.set_custom_value(Role.DEFENDER, 7)
    assert setup.is_custom(Role.DEFENDER) and setup.value(Role.DEFENDER) == 7
    assert setup.source_label(Role.DEFENDER) == "直接入力" and len(changes) == 2
    started = True
    with pytest.raises(StepRefused, match="攻撃側がダイスを振った後は設定を変えられません"):
        setup.set_modifier(Role.ATTACKER, 1)
    assert not setup.swap_offered() and len(changes) == 2


def test_the_set_up_centres_on_the_selected_character_and_the_scene(empty_campaign_model):
    """The stepper opened on another character than the selected one: now the selected PC defends
    (an NPC attacks) and the other side is someone recorded in the current scene."""
    ids = add_cast(empty_campaign_model)
    elder = empty_campaign_model.insert_character(
        "sengensho", SengenshoCharacter(name="町の古老", is_pc=False), "追加"
    )
    session = SengenshoSessionModel(empty_campaign_model)
    session.course.start()
    session.course.add_scene("神社")
    session.course.set_present([ids["綾瀬 詩織"], elder])
    started = False
    setup = OpposedSetup(empty_campaign_model, lambda: started)
    setup.center_on(ids["綾瀬 詩織"])
    assert setup.inputs(Role.DEFENDER).character_id == ids["綾瀬 詩織"]
    assert setup.inputs(Role.ATTACKER).character_id == elder  # in the scene, unlike 宵闇の主
    setup.set_skill(Role.ATTACKER, None)
    setup.set_modifier(Role.ATTACKER, 2)
    setup.center_on(elder)  # already on a side: the GM's set-up stays
    assert setup.inputs(Role.ATTACKER).modifier == 2
    setup.center_on(ids["宵闇の主"])  # an NPC attacks; a PC of the scene defends
    assert setup.inputs(Role.ATTACKER).character_id == ids["宵闇の主"]
    assert setup.inputs(Role.DEFENDER).character_id == ids["綾瀬 詩織"]
    started = True
    setup.center_on(ids["白峰 朔"])  # once rolled, nothing changes
    assert setup.inputs(Role.DEFENDER).character_id == ids["綾瀬 詩織"]
