"""1.2.1's physician with fixed dice: 医術 (「医者は Healing 判定を行い,傷が自然に1日回復するか, 1週間
回復するか,あるいはまったく回復しないかを決定する」) and the daily care (「毎日 Healing 判定を行って倍の
速度で負傷が回復するかどうかを決定する」).  The summary gives no target number for either: they are
the GM's table (未設定 refused naming the cell, never read as 0); exact odds against a count of dice."""

from __future__ import annotations

import pytest

from gmtool.models.lotr.care_base import CUSTOM
from gmtool.models.lotr.care_model import LotRCareModel
from gmtool.models.lotr.rules_model import LotRRulesModel
from gmtool.models.lotr.table_requests import unset_cell
from gmtool.rules.systems.lotr import physician, reference_catalog as catalog
from gmtool.rules.systems.lotr.checks import LotRRoller
from gmtool.rules.systems.lotr.physician import InfectionOutcome
from gmtool.rules.systems.lotr.rules_data import lotr_rules
from tests.models.lotr.test_care_hazard_models import HEALTH, logs, setup
from tests.rules.lotr.dice_count import counted_at_least

DAY, WEEK, NONE = InfectionOutcome.DAY, InfectionOutcome.WEEK, InfectionOutcome.NONE
ROWS = (catalog.INFECTION_DAY, catalog.INFECTION_WEEK, catalog.DAILY_CARE)


def fill(campaign_model, day: int | None, week: int | None, care: int | None) -> None:
    rules = LotRRulesModel(campaign_model)
    for index, value in enumerate((day, week, care)):
        rules.reference.set_cell(catalog.PHYSICIAN, index, "tn", value)
    campaign_model.undo_stack.clear()


def test_the_table_ships_empty_and_an_empty_cell_is_refused_never_zero():
    rules = lotr_rules()
    table = rules.reference_table(catalog.PHYSICIAN)
    assert [r.name for r in table.rows] == list(ROWS) and table.is_empty
    for row in ROWS:
        with pytest.raises(ValueError) as refused:
            physician.physician_tn(rules, row)
        cell = unset_cell(refused.value.args[0])
        assert cell is not None and (cell.table, cell.row, cell.column) == (catalog.PHYSICIAN, row, "tn")


@pytest.mark.parametrize(
    ("tns", "total", "outcome"),
    [
        ({DAY: 12, WEEK: 8}, 13, DAY),
        ({DAY: 12, WEEK: 8}, 12, DAY),  # reaching a TN is enough (n+ = n or more)
        ({DAY: 12, WEEK: 8}, 11, WEEK),
        ({DAY: 12, WEEK: 8}, 7, NONE),
        ({DAY: 8, WEEK: 12}, 13, WEEK),  # the GM made the week the harder one: the highest decides
        ({DAY: 8, WEEK: 12}, 9, DAY),
    ],
)
def test_the_highest_target_number_reached_decides(tns, total, outcome):
    assert physician.infection_outcome(total, tns) is outcome


@pytest.mark.parametrize(("bonus", "day", "week"), [(3, 12, 8), (0, 15, 10), (5, 9, 14), (-2, 20, 6)])
def test_the_odds_are_exact_against_a_count_of_dice(bonus, day, week):
    odds = physician.infection_odds(LotRRoller(rank=bonus), {DAY: day, WEEK: week})
    high, low = (DAY, WEEK) if day > week else (WEEK, DAY)
    top, bottom = max(day, week), min(day, week)
    assert odds[high] == counted_at_least(top - bonus)
    assert odds[low] == counted_at_least(bottom - bonus) - counted_at_least(top - bonus)
    assert odds[NONE] == 1 - counted_at_least(bottom - bonus)
    assert sum(odds.values()) == 1


def test_the_same_two_target_numbers_are_refused():
    with pytest.raises(ValueError, match="医術の二つの目標値が同じ 10 です"):
        physician.infection_tns(
            _with_tns(lotr_rules(), 10, 10),
        )


def _with_tns(rules, day, week):
    from dataclasses import replace

    table = rules.reference_table(catalog.PHYSICIAN)
    rows = tuple(replace(r, cells=(("tn", v),)) for r, v in zip(table.rows, (day, week, None), strict=True))
    tables = tuple(replace(t, rows=rows) if t.id == catalog.PHYSICIAN else t for t in rules.reference)
    return replace(rules, reference=tables)


def test_infection_with_fixed_dice_is_a_log_line_and_changes_nothing(empty_campaign_model):
    actions, dice = setup(empty_campaign_model, 5, 4, 2, 3, damage=HEALTH + 2)
    care = LotRCareModel(actions, dice)
    with pytest.raises(ValueError, match="未設定"):
        care.physician.infection_odds(CUSTOM, 3)
    fill(empty_campaign_model, 12, 8, None)
    odds = care.physician.infection_odds(CUSTOM, 3)
    assert odds[DAY] == counted_at_least(9) and odds[NONE] == 1 - counted_at_least(5)
    status = care.physician.infection_test(CUSTOM, 3)  # 5 + 4 + 3 = 12: the day's TN
    assert "= 12（1日 12・1週間 8）→ 傷が自然に1日回復する" in status
    assert actions.character.damage == HEALTH + 2 and empty_campaign_model.undo_stack.count() == 0
    assert logs(empty_campaign_model)[-1]["action"] == "infection"
    assert logs(empty_campaign_model)[-1]["outcome"] == "day"
    status = care.physician.infection_test(CUSTOM, 3)  # 2 + 3 + 3 = 8: the week's
    assert "→ 傷が自然に1週間回復する" in status


def test_the_days_care_heals_double_on_a_success_in_one_undo_step(empty_campaign_model):
    actions, dice = setup(empty_campaign_model, 6, 3, 1, 2, damage=HEALTH + 4)
    care = LotRCareModel(actions, dice)
    with pytest.raises(ValueError) as refused:
        care.physician.care_odds(CUSTOM, 2)
    assert unset_cell(refused.value.args[0]).row == catalog.DAILY_CARE
    fill(empty_campaign_model, None, None, 10)
    assert care.physician.care_odds(CUSTOM, 2) == counted_at_least(8)
    status = care.physician.care_test(CUSTOM, 2)  # 6 + 3 + 2 = 11 vs 10: double
    assert "倍の速度: この日の休息で 2 点回復" in status and actions.character.damage == HEALTH + 2
    assert empty_campaign_model.undo_stack.count() == 1
    status = care.physician.care_test(CUSTOM, 2)  # 1 + 2 + 2 = 5: the ordinary day's point
    assert "ふつうの速度: この日の休息で 1 点回復" in status and actions.character.damage == HEALTH + 1
    empty_campaign_model.undo_stack.undo()
    assert actions.character.damage == HEALTH + 2


def test_nothing_to_heal_is_refused(empty_campaign_model):
    actions, dice = setup(empty_campaign_model)
    fill(empty_campaign_model, 12, 8, 10)
    care = LotRCareModel(actions, dice)
    with pytest.raises(ValueError, match="ダメージを受けていません"):
        care.physician.care_odds(CUSTOM, 0)
    with pytest.raises(ValueError, match="ダメージを受けていません"):
        care.physician.infection_odds(CUSTOM, 0)
