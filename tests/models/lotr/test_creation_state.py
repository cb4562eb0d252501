"""The draft the LotR creation steps share (`CreationState`): a change that makes a limit the
engine measures worse is refused with every reason, unless the GM override is on; a roll stands;
free-point buys are priced again when the draft changes; the log names the character."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gmtool.models.creation_common import CreationRefused
from gmtool.models.lotr.creation_state import CreationLog, CreationState, FreeBuy
from gmtool.rules.systems.lotr.rules_data import lotr_rules


def make_state() -> tuple[CreationState, list[bool]]:
    notified: list[bool] = []
    return CreationState(lotr_rules(), lambda: notified.append(True)), notified


def test_a_change_within_the_limits_is_kept_and_told() -> None:
    state, notified = make_state()
    state.update(order_ranks={"Climb": 3})
    assert state.draft.order_ranks == {"Climb": 3} and notified == [True]


def test_a_change_making_a_limit_worse_is_refused_with_its_reason_unless_overridden() -> None:
    state, notified = make_state()
    with pytest.raises(CreationRefused) as caught:
        state.update(order_ranks={"Climb": 4}, flaws=("a", "b", "c", "d", "e"))
    assert str(caught.value).startswith(
        "Climb が 4 ランク: 職業スキルの配分は一つの技能に 3 ランクまでです、"
        "Flaw は種族と職業を合わせて 4 つまでです（いま 5）\n（GM オーバーライド"
    )
    assert state.draft.order_ranks == {} and notified == []
    state.override = True
    state.update(order_ranks={"Climb": 4})
    state.override = False
    state.update(order_ranks={"Climb": 4}, name="x")  # no worse than it already is
    with pytest.raises(CreationRefused):
        state.update(order_ranks={"Climb": 5})


def test_a_roll_stands_whatever_it_does_to_the_limits() -> None:
    state, notified = make_state()
    state.stand(rolls=(9, 8, 8, 7, 7, 6, 5, 4, 3), assigned={})
    assert state.draft.rolls[0] == 9 and notified == []


def test_buys_are_priced_again_by_the_table_when_the_draft_changes() -> None:
    rules = lotr_rules()
    state = CreationState(
        replace(rules, picks={**rules.picks, "attribute": 3, "favoured_attribute": 2}), lambda: None
    )
    state.update_buys([FreeBuy("attribute", "per", 0, 0)])
    assert [b.cost for b in state.free_buys] == [3]
    assert [p.cost for p in state.draft.free_picks] == [3]
    state.update(favoured_attributes=("per", "str"))
    assert [b.cost for b in state.free_buys] == [2]
    assert state.pick_cost("attribute", "str") == 2 and state.pick_cost("attribute", "brg") == 3


def test_names_are_checked_against_the_schema() -> None:
    state, _ = make_state()
    assert state.checked_name("  Ride ", "技能名") == "Ride"
    with pytest.raises(CreationRefused, match="技能名を入力してください"):
        state.checked_name(" ", "技能名")
    with pytest.raises(CreationRefused, match="80 文字まで"):
        state.checked_name("x" * 81, "技能名")


def test_the_log_names_the_character_being_made(empty_campaign_model) -> None:
    state, _ = make_state()
    log = CreationLog(empty_campaign_model, state)
    log.write("attributes", "入力", "[1,2]", "結果", seed=7)
    state.update(name="ピピン")
    log.write("finish", "入力", "", "結果")
    first, second = [e.payload for e in empty_campaign_model.log_entries() if e.kind == "lotr-creation"]
    assert (first["roll"], first["seed"], first["character"]) == ("attributes", 7, "")
    assert first["summary"] == {
        "who": "（作成中のキャラクター）",
        "inputs": "入力",
        "dice": "[1,2]",
        "result": "結果",
    }
    assert second["summary"]["who"] == "ピピン"
