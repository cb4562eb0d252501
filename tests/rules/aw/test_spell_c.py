"""令呪C (+20) before the roll or after the dice: the same success, other 令呪 spent; dice judged again."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from gmtool.rules.checks import CheckResult, OpposedResult, Outcome, Side
from gmtool.rules.systems.aw.checks import AWCheckSpec, AWOpposedSpec, AWRoller
from gmtool.rules.systems.aw.house_rules import BOOST_AFTER, BOOST_BEFORE
from gmtool.rules.systems.aw.spell_c import (
    opposed_spell_use_probability,
    rejudge_check,
    rejudge_opposed,
    spell_use_probability,
    success_with_spell,
    turns_check,
)

FACES = list(product(range(1, 7), repeat=2))


def succeeds(value, modifier, difficulty, natural, critical=12, fumble=2):
    """The text's judgement written out: critical first, then fumble, then 達成値 against 難易度."""
    if natural >= critical:
        return True
    if natural <= fumble:
        return False
    return value + natural + modifier >= difficulty


def brute(value, modifier, difficulty, boost):
    """(P success with the 令呪, P the 令呪 turns the roll) by counting the 36 rolls."""
    with_spell = sum(succeeds(value, modifier + boost, difficulty, a + b) for a, b in FACES)
    turned = sum(
        not succeeds(value, modifier, difficulty, a + b)
        and succeeds(value, modifier + boost, difficulty, a + b)
        for a, b in FACES
    )
    return Fraction(with_spell, 36), Fraction(turned, 36)


@pytest.mark.parametrize(
    ("value", "modifier", "difficulty", "success", "use"),
    [
        (5, 0, 20, Fraction(35, 36), Fraction(34, 36)),  # only a critical without; all but a fumble with
        (8, 0, 18, Fraction(35, 36), Fraction(29, 36)),  # natural 10+ without (6 of 36)
        (10, 0, 10, Fraction(35, 36), Fraction(0)),  # always succeeds without: never spent after
        (1, -5, 40, Fraction(1, 36), Fraction(0)),  # +20 never reaches: only the critical
    ],
)
def test_the_same_success_either_way_and_the_spell_spent_differs(value, modifier, difficulty, success, use):
    roller = AWRoller(value, modifier)
    assert success_with_spell(roller, difficulty, 20) == success == brute(value, modifier, difficulty, 20)[0]
    assert spell_use_probability(roller, difficulty, 20, BOOST_BEFORE) == 1
    assert spell_use_probability(roller, difficulty, 20, BOOST_AFTER) == use
    assert use == brute(value, modifier, difficulty, 20)[1]


def test_every_case_against_the_count():
    for value, difficulty, critical, fumble in product((0, 4, 9), (6, 15, 24, 31), (10, 12), (2, 4)):
        roller = AWRoller(value, 0, critical, fumble)
        turned = Fraction(
            sum(
                not succeeds(value, 0, difficulty, a + b, critical, fumble)
                and succeeds(value, 20, difficulty, a + b, critical, fumble)
                for a, b in FACES
            ),
            36,
        )
        assert spell_use_probability(roller, difficulty, 20, BOOST_AFTER) == turned


def test_fixed_dice_judged_again():
    spec = AWCheckSpec(AWRoller(5), 20)
    failed = CheckResult(outcome=Outcome.FAILURE, faces=(3, 4), total=12, seed=7)
    assert turns_check(spec, (3, 4), 20)
    again = rejudge_check(spec, failed, 20)
    assert (
        again.outcome is Outcome.SUCCESS and again.total == 32 and again.seed == 7 and again.faces == (3, 4)
    )
    assert not turns_check(spec, (1, 1), 20)  # a fumble stays a fumble
    assert not turns_check(spec, (6, 6), 20)  # a critical needs nothing
    assert not turns_check(AWCheckSpec(AWRoller(5), 40), (3, 4), 20)  # 32 is still short of 40


def opposed_wins(action, reaction, a, r):
    """The 対決 written out (both roll, critical 12, fumble 2, ties to the reaction)."""
    if a <= 2:
        return False
    if r <= 2:
        return True
    if r >= 12:
        return False
    if a >= 12:
        return True
    return action + a > reaction + r


def test_opposed_use_probability_against_the_count():
    spec = AWOpposedSpec(AWRoller(4), AWRoller(12))
    turned = sum(
        not opposed_wins(4, 12, a1 + a2, r1 + r2) and opposed_wins(24, 12, a1 + a2, r1 + r2)
        for a1, a2 in FACES
        for r1, r2 in FACES
        if a1 + a2 > 2  # after a fumble the reaction does not roll: counted below
    )
    expected = Fraction(turned, 36 * 36)  # an action fumble loses with or without the 令呪
    assert opposed_spell_use_probability(spec, Side.ACTION, 20) == expected


def test_an_opposed_roll_judged_again_for_the_losing_side():
    spec = AWOpposedSpec(AWRoller(4), AWRoller(12))
    lost = OpposedResult(
        winner=Side.REACTION,
        action=CheckResult(outcome=Outcome.FAILURE, faces=(3, 3), total=10),
        reaction=CheckResult(outcome=Outcome.SUCCESS, faces=(4, 4), total=20),
        seed=3,
    )
    again = rejudge_opposed(spec, lost, Side.ACTION, 20)
    assert again.winner is Side.ACTION and again.action.total == 30 and again.reaction.total == 20
    assert again.action.outcome is Outcome.SUCCESS and again.reaction.outcome is Outcome.FAILURE
