"""1.6.2 / 1.6.3 in the advancement dialog: with three orders the GM names the two whose traits the
picks grow (kept on the character by the advancement, one undo step), and an elite order taken shows
its three conditions — met, not met, or resting on a 未設定 value — with the reasons."""

from __future__ import annotations

from dataclasses import replace

from gmtool.models.lotr.rules_model import RULES_KEY
from gmtool.rules.systems.lotr.character import Advancement, Attributes
from tests.models.lotr.test_advancement_model import lotr_id, stored
from tests.views.lotr.test_advancement_dialog import add_pick, make_dialog


def set_nar(campaign_model, **changes) -> None:
    character_id = lotr_id(campaign_model)
    campaign_model.update_character(
        character_id, replace(campaign_model.character(character_id), **changes), "x"
    )


def test_three_orders_name_two_before_the_picks_are_spent(qtbot, campaign_model, refusals):
    set_nar(campaign_model, other_orders=("rogue", "mariner"))
    dialog = make_dialog(qtbot, campaign_model, xp=1000)
    box = dialog.orders_box
    assert box.advancing_list.isVisibleTo(dialog)
    for _ in range(5):
        add_pick(dialog, "health", cost=1)
    assert "二つ選んでください" in dialog.problems_label.text() and not dialog.take_button.isEnabled()
    box.advancing_list.set_checked("warrior", True)
    box.advancing_list.set_checked("rogue", True)
    box.advancing_list.set_checked("mariner", True)  # a third: refused, the two stay
    assert refusals and "二つまで" in refusals[-1]
    assert dialog.model.advancing_orders == ("warrior", "rogue")
    assert "二つ選んでください" not in dialog.problems_label.text() and dialog.take_button.isEnabled()
    dialog.take_button.click()
    assert stored(dialog.model).advancing_orders == ("warrior", "rogue")
    assert stored(dialog.model).advancements[-1].advancing_orders == ("warrior", "rogue")
    campaign_model.undo_stack.undo()
    assert stored(dialog.model).advancing_orders == ()


def test_two_orders_need_no_choice(qtbot, campaign_model):
    set_nar(campaign_model, other_orders=("rogue",))
    dialog = make_dialog(qtbot, campaign_model, xp=1000)
    assert not dialog.orders_box.advancing_list.isVisibleTo(dialog)


def test_an_elite_order_shows_its_three_conditions_with_reasons(qtbot, campaign_model):
    elite = {"elite_orders": [{"name": "Ranger of the North", "per": 9, "nim": None}]}
    campaign_model.set_session_value(RULES_KEY, {"tables": elite}, "x")
    set_nar(
        campaign_model,
        order="warrior",
        attributes=Attributes(per=8),
        advancements=(Advancement(order="warrior"),) * 6,
        xp_log=(),
    )
    dialog = make_dialog(qtbot, campaign_model, xp=7000)
    add_pick(dialog, "new_order", "Ranger of the North")
    text = dialog.orders_box.elite_label.text().splitlines()
    assert text[0] == "上級職「Ranger of the North」の三つの条件（1.6.3）"
    assert text[1].startswith("✓ (1)") and "warrior で成長 6 回" in text[1]
    assert text[2].startswith("✗ (2)") and "8 < 9" in text[2]
    assert text[3].startswith("✓ (3)")
    assert "上級職「Ranger of the North」の条件 (2)" in dialog.problems_label.text()
    campaign_model.set_session_value(
        RULES_KEY, {"tables": {"elite_orders": [{"name": "Ranger of the North"}]}}, "x"
    )
    unset = dialog.orders_box.elite_label.text().splitlines()[2]
    assert unset.startswith("？ (2)") and "未設定" in unset
