"""The opposed-check stepper's set-up on its own (`OpposedSetup`): the text's default sides, the
判定値 of each, a typed value, and no change once the stepper says the attacker has rolled."""

from __future__ import annotations

import pytest

from gmtool.models.sengensho.opposed_setup import OpposedSetup, Role
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
