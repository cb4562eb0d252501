"""3. 戦闘: 「この追加アクションで,判定が不要な行動を取る場合, 基本目標値を5とみなして判定を行うこと」.

An action that needs no test (move, aim), taken past the turn's two actions, is rolled at TN 5 with
the extra action's −5 cumulative penalty and the GM's bonus: exact odds shown before, fixed dice,
an independent count of the dice, one undo step and one log line."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest

from gmtool.models.battle_model import BattleModel
from gmtool.models.lotr.battle_actions import LotRBattleActions
from gmtool.rules.systems.lotr import combat as lotr
from gmtool.rules.systems.lotr.checks import resolve_roll, roll_distribution, success_probability
from gmtool.rules.systems.lotr.exploding import roll_test
from gmtool.rules.systems.lotr.no_test import NO_TEST_KINDS, NO_TEST_TN, no_test_spec, rolled_without_test
from gmtool.rules.systems.lotr.rules_data import Degree
from tests.helpers_stats import chi_square_critical, chi_square_statistic
from tests.rules.lotr.dice_count import counted_at_least
from tests.rules.lotr.test_golden import FakeRng


def test_only_actions_without_a_test_of_their_own_past_the_allowance_are_rolled():
    assert NO_TEST_TN == 5 and NO_TEST_KINDS == {"move", "aim", "free"}
    assert rolled_without_test("move", -5) and rolled_without_test("aim", -10)
    assert not rolled_without_test("move", 0)  # within the two actions: no test
    assert not any(rolled_without_test(k, -5) for k in ("attack", "dodge", "parry", "run", "sprint"))


@pytest.mark.parametrize(
    ("bonus", "condition", "extra", "faces", "degree"),
    [
        (0, 0, -5, [4, 6], Degree.MARGINAL_SUCCESS),  # 10 − 5 = 5 vs TN 5
        (0, 0, -5, [4, 5], Degree.FAILURE),  # 9 − 5 = 4
        (2, -1, -10, [6, 6, 2], Degree.MARGINAL_SUCCESS),  # 6-6 explodes: 14 + 2 − 1 − 10 = 5
        (0, 0, -10, [6, 5], Degree.FAILURE),  # 11 − 10 = 1
        (4, 0, -5, [5, 5], Degree.COMPLETE_SUCCESS),  # 10 + 4 − 5 = 9: 4 over
    ],
)
def test_fixed_dice_judged_at_tn_five(bonus, condition, extra, faces, degree):
    spec = no_test_spec(bonus, condition, extra)
    assert spec.tn == 5 and spec.roller.bonus == bonus + condition + extra
    result = resolve_roll(spec, FakeRng(faces))
    assert result.degree is degree and result.total == sum(faces) + bonus + condition + extra


@pytest.mark.parametrize(("bonus", "extra"), [(0, -5), (0, -10), (-3, -10), (4, -5), (0, -15)])
def test_the_odds_are_exact_against_an_independent_count(bonus, extra):
    spec = no_test_spec(bonus, 0, extra)
    assert success_probability(spec) == counted_at_least(NO_TEST_TN - bonus - extra)
    if (bonus, extra) == (-3, -10):
        assert success_probability(spec) == Fraction(1, 216)  # 6-6 then a 6: 18 − 13 = 5


def test_twenty_thousand_seeded_rolls_follow_the_distribution():
    spec = no_test_spec(1, 0, -5)
    exact = dict(roll_distribution(spec).items())
    rng = random.Random(37)
    seen = Counter(resolve_roll(spec, rng).degree for _ in range(20_000))
    cells = {d: p for d, p in exact.items() if p * 20_000 >= 5}
    observed = {d: seen[d] for d in cells}
    statistic, df = chi_square_statistic(observed, {d: p / sum(cells.values()) for d, p in cells.items()})
    assert statistic < chi_square_critical(df, 1e-4)


def fight(campaign_model, seed: int) -> tuple[BattleModel, LotRBattleActions, str]:
    battle = BattleModel(campaign_model, seed_source=lambda: seed)
    battle.new_encounter("lotr")
    hero = battle.roster.add_quick("hero", {"swiftness": 3, "defence": 12, "health": 7})[0]
    battle.round.start()
    return battle, LotRBattleActions(battle), hero


def test_the_third_move_is_a_test_at_tn_five_in_one_step_and_one_line(campaign_model):
    battle, actions, hero = fight(campaign_model, 11)
    assert actions.no_test_odds(hero, "move", 2) is None  # the first of two actions: no test
    actions.spend(hero, "move")
    actions.spend(hero, "aim")
    assert actions.no_test_odds(hero, "attack") is None  # an attack has its own test
    odds = actions.no_test_odds(hero, "move", 2)
    assert odds == counted_at_least(5 - 2 + 5)  # shown before the roll: +2 and the 3rd action's −5
    steps, lines = campaign_model.undo_stack.count(), len(battle.state().events)
    assert actions.spend(hero, "move", bonus=2) == -5
    faces = roll_test(random.Random(11))
    line = battle.state().events[-1].text
    total = sum(faces) + 2 - 5
    assert "判定のない行動を目標値 5 で判定" in line and f"= {total} →" in line
    assert ("Success" in line) is (total >= 5)
    assert campaign_model.undo_stack.count() == steps + 1 and len(battle.state().events) == lines + 1
    assert lotr.actions_used(battle.participant(hero)) == 3
    campaign_model.undo_stack.undo()
    assert lotr.actions_used(battle.participant(hero)) == 2 and len(battle.state().events) == lines
