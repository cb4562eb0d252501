"""The demolition roll through the structures model (a log line with both tests and the odds) and
the travel model (the party, the slowest pace, the tables' refusals, the plan in the log)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from gmtool.models.lotr.army_model import Commander
from gmtool.models.lotr.travel_model import LOG_KIND, LotRTravelModel
from gmtool.rules.systems.lotr import reference_catalog as catalog
from gmtool.rules.systems.lotr.structures import siegecraft_probability
from gmtool.rules.systems.lotr.travel import TravelRefused
from tests.models.lotr.test_army_model import dice, last_summary, model
from tests.models.lotr.test_hero_combat_model import fill

__all__ = ["dice", "model"]

SPEEDS = [
    {"name": "徒歩", "per_day": "24", "per_hour": "3"},
    {"name": "Pony", "per_day": "30", "per_hour": "4.5"},
]


def test_demolition_is_a_log_line_with_both_tests(model, dice):
    box = model.structures
    stone, siege = Commander(bonus=5), Commander(bonus=3)
    spec = box.demolition_spec(stone, 10, siege, 12)
    dice.faces = [6, 5, 4, 3]  # Stonecraft 16: Superior, +2; Siegecraft 3 + 7 + 2 = 12
    undo, logs = model.campaign_model.undo_stack.count(), len(model.campaign_model.log_entries())
    result = box.demolish(stone, 10, siege, 12)
    assert result.bonus == 2 and result.siegecraft.degree.succeeded
    assert model.campaign_model.undo_stack.count() == undo  # nothing in the army changed
    assert len(model.campaign_model.log_entries()) == logs + 1
    summary = last_summary(model)
    assert summary["inputs"].startswith("取り壊し: Stonecraft (Fortification)（直接入力 +5、目標値 10）")
    assert f"{float(siegecraft_probability(spec)) * 100:.2f}%" in summary["inputs"]
    assert "Siegecraft +2、達成値 12" in summary["result"]


@pytest.fixture
def travel(campaign_model) -> LotRTravelModel:
    return LotRTravelModel(campaign_model)


def test_the_party_plan_and_its_log_line(travel):
    with pytest.raises(TravelRefused, match="移動手段を選んでください"):
        travel.add_member("サム", "徒歩")  # the table is empty: no mode to choose
    with pytest.raises(TravelRefused, match=r"旅の速度.*ルール表 → 参照表"):
        travel.pace()
    fill(travel.campaign_model, catalog.TRAVEL_SPEEDS, SPEEDS)
    fill(travel.campaign_model, catalog.TRAVEL_DISTANCES, [{"name": "ブリーへ", "distance": "100"}])
    travel.add_member("サム", "徒歩")
    travel.add_member("ビル", "Pony")
    assert travel.time("ブリーへ", "").days == Fraction(100, 24)
    travel.remove_member(0)
    time = travel.time(None, "45")
    assert (time.days, time.hours) == (Fraction(3, 2), 10)
    assert travel.time_text(time) == "1 1/2 日（≈1.50）、10 時間"
    logs = len(travel.campaign_model.log_entries())
    travel.log_plan(None, "45")
    entry = travel.campaign_model.log_entries()[-1]
    assert len(travel.campaign_model.log_entries()) == logs + 1 and entry.kind == LOG_KIND
    assert entry.payload["summary"]["inputs"] == "長距離移動: 距離 45、一行 ビル（Pony）"
    with pytest.raises(TravelRefused, match="名前を入れて"):
        travel.add_member(" ", "徒歩")
