"""3. 戦闘: an action that needs no test, taken as an extra action past the turn's allowance, is rolled
after all — 「この追加アクションで,判定が不要な行動を取る場合, 基本目標値を5とみなして判定を行うこと」 —
at the base TN 5 with the extra action's −5 cumulative penalty.

The text names no skill or attribute for that test, so its bonus is the GM's (the ranks and modifier
of whatever the GM judges the action to use; 0 when none), shown with the odds before the roll.
"""

from __future__ import annotations

from gmtool.rules.systems.lotr.checks import LotRRoller, RollSpec

# Re-exported: the values
from gmtool.rules.systems.lotr.combat_types import (
    NO_TEST_KINDS as NO_TEST_KINDS,
    NO_TEST_TN as NO_TEST_TN,
)
from gmtool.rules.systems.lotr.rules_data import LotRRules, lotr_rules


def rolled_without_test(kind_id: str, extra_penalty: int) -> bool:
    """Whether taking this action now is a test at TN 5: an action that needs none, taken past the
    turn's allowance (its extra-action penalty below 0)."""
    return kind_id in NO_TEST_KINDS and extra_penalty < 0


def no_test_spec(bonus: int, condition: int, extra_penalty: int, rules: LotRRules | None = None) -> RollSpec:
    """The test at the base TN 5: 2d6 (6-6 explodes, 1.5) + the GM's bonus + the wound, weariness and
    condition penalties + the extra action's penalty (−5 for the 3rd of 2 actions, −10 for the 4th)."""
    roller = LotRRoller(rank=bonus, condition=condition, modifier=extra_penalty)
    return RollSpec(roller, NO_TEST_TN, (rules or lotr_rules()).degree_bands())
