"""A hand-edited LotR rule document cannot stall or crash the window (issue 39, cases 4 and 5): a
million modifier rows, 100 000 skills, a 60-character-plus skill name or a number of 4 000 digits is
refused with the key it is about, before anything is built from it; the tables in force are then the
shipped ones, and the window says why."""

from __future__ import annotations

import time

import pytest

from gmtool.rules.data import RuleDataError
from gmtool.rules.systems.lotr.overrides import apply_overrides
from gmtool.rules.systems.lotr.overrides_values import INT_BOUND, MAX_RULE_ROWS, MAX_SKILLS
from gmtool.rules.systems.lotr.rules_data import lotr_rules

ROW = {"low": 0, "high": 1, "modifier": -3}


@pytest.mark.parametrize(
    ("document", "said"),
    [
        ({"modifier_rows": [ROW] * 1_000_000}, f"modifier_rows: {MAX_RULE_ROWS} 個まで"),
        (
            {"skills": {f"Skill {i}": {"attribute": "str"} for i in range(100_000)}},
            f"skills: {MAX_SKILLS} 個まで",
        ),
        ({"skills": [{"name": f"S{i}"} for i in range(100_000)]}, f"skills: {MAX_SKILLS} 個まで"),
        ({"skills": {"x" * 61: {"attribute": "str"}}}, "技能名は60文字まで"),
        ({"modifier_rows": [{"low": 0, "high": 1, "modifier": 10**4000}]}, "modifier_rows[0].modifier"),
        ({"beyond_step": -(10**20)}, f"-{INT_BOUND} から {INT_BOUND} までの整数"),
        ({"wound_penalties": {"wounded": 10**12}}, "wound_penalties.wounded"),
    ],
    ids=["rows", "skill table", "skill list", "long name", "4000 digits", "huge step", "huge penalty"],
)
def test_an_oversized_document_is_refused_at_once_naming_the_key(document, said):
    started = time.perf_counter()
    with pytest.raises(RuleDataError, match=said.replace("[", r"\[").replace("]", r"\]")):
        apply_overrides(lotr_rules(), document)
    assert time.perf_counter() - started < 10  # was over a minute (a hang guard, not a benchmark)


def test_numbers_in_range_still_apply():
    rules = apply_overrides(
        lotr_rules(), {"beyond_step": 3, "modifier_rows": [ROW, {"low": 2, "high": 3, "modifier": 0}]}
    )
    assert rules.modifier_rows[0][2] == -3


def test_the_panel_plays_the_shipped_tables_and_says_why(campaign_model):
    from gmtool.models.lotr.rules_campaign import RULES_KEY, campaign_lotr_rules, campaign_rules_problem

    campaign_model.campaign.set_session(
        RULES_KEY, {"modifier_rows": [{"low": 0, "high": 1, "modifier": 10**4000}]}
    )
    assert campaign_lotr_rules(campaign_model).modifier_rows == lotr_rules().modifier_rows
    problem = campaign_rules_problem(campaign_model)
    assert problem is not None and "modifier_rows[0].modifier" in problem and len(problem) < 400
