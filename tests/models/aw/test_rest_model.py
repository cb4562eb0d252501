"""生命力 recovered by a meal or a night's sleep: the sheet changes by the GM's amounts as one undo
step with one session-log line; a refusal changes nothing."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gmtool.models.aw.rest_model import AWRestModel
from gmtool.models.aw.session_model import AWSessionModel
from gmtool.rules.systems.aw.rest import RestKind
from gmtool.rules.systems.aw.session import SessionRefused


@pytest.fixture
def rest(campaign_model) -> AWRestModel:
    return AWRestModel(AWSessionModel(campaign_model))


@pytest.fixture
def mina(rest) -> str:
    """ミナ・クローデル at HP 10/30, MP 4/20."""
    cid = rest.characters()[1][0]
    sheet = rest.campaign_model.character(cid)
    rest.campaign_model.update_character(cid, replace(sheet, hp=10, hp_max=30, mp=4, mp_max=20), "準備")
    return cid


def pools(rest: AWRestModel, cid: str) -> tuple[int, int]:
    sheet = rest.campaign_model.character(cid)
    return sheet.hp, sheet.mp


def summary(rest: AWRestModel) -> tuple[str, str, str]:
    line = rest.campaign_model.log_entries()[-1].payload["summary"]
    return line["who"], line["inputs"], line["result"]


def test_a_meal_recovers_the_entered_amounts_in_one_undo_step(rest, mina):
    stack = rest.campaign_model.undo_stack
    count, logged = stack.count(), len(rest.campaign_model.log_entries())
    assert rest.after(mina, 5, 3) == (15, 7)  # the preview the tab shows
    rest.recover(mina, RestKind.MEAL, 5, 3)
    assert pools(rest, mina) == (15, 7)
    assert stack.count() == count + 1 and len(rest.campaign_model.log_entries()) == logged + 1
    assert summary(rest) == (
        "ミナ・クローデル",
        "食事を摂った（24時間以内に一定の量）: ミナ・クローデル（GMが決めた量 HP +5・MP +3）",
        "HP 10 → 15、MP 4 → 7",
    )
    entry = rest.campaign_model.log_entries()[-1]
    assert entry.kind == "aw.session" and entry.payload["after"] == {"hp": 15, "mp": 7}
    stack.undo()
    assert pools(rest, mina) == (10, 4)
    stack.redo()
    assert pools(rest, mina) == (15, 7)


def test_sleep_stops_at_the_maximum_and_says_so(rest, mina):
    rest.recover(mina, RestKind.SLEEP, 50, 0)
    assert pools(rest, mina) == (30, 4)
    _, inputs, result = summary(rest)
    assert inputs.startswith("6時間以上眠った: ミナ・クローデル")
    assert result == "HP 10 → 30（最大値まで）"


def test_refusals_change_nothing(rest, mina):
    stack = rest.campaign_model.undo_stack
    before = (pools(rest, mina), stack.count(), len(rest.campaign_model.log_entries()))
    with pytest.raises(SessionRefused, match="回復する量を入れてください"):
        rest.recover(mina, RestKind.MEAL, 0, 0)
    rest.recover(mina, RestKind.MEAL, 20, 16)  # now full
    full = (pools(rest, mina), stack.count(), len(rest.campaign_model.log_entries()))
    with pytest.raises(SessionRefused, match="ミナ・クローデルのHPとMPは既に最大値です"):
        rest.recover(mina, RestKind.SLEEP, 1, 1)
    assert (pools(rest, mina), stack.count(), len(rest.campaign_model.log_entries())) == full
    assert full[1:] == (before[1] + 1, before[2] + 1)
    with pytest.raises(SessionRefused, match="アナザーワールドのキャラクターだけが対象です"):
        rest.recover("nobody", RestKind.MEAL, 1, 1)
