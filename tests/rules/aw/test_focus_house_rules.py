"""The AF's two house rules in the engine: aw.focus_redeclare (when a declared 特技 counts again)
and aw.focus_round_end (whether the round that reaches the difficulty is played out).

Every exact odds figure is checked against `brute_force`, written here from the rule text alone:
it walks every 2D6 total of every remaining roll, one participant after another.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import pytest

from gmtool.rules.systems.aw.focus import (
    FocusParticipant,
    FocusProgress,
    FocusRules,
    FocusStatus,
    Redeclaration,
    RollJudgement,
    RollKind,
    advance,
    declare,
    focus_odds,
)
from gmtool.rules.systems.aw.house_rules import REDECLARE_EVERY, REDECLARE_GM, REDECLARE_ONCE

WAYS = {n: 6 - abs(n - 7) for n in range(2, 13)}  # ways out of 36 of each 2D6 total
RULES = FocusRules()


def brute_force(values, declarations, difficulty, rounds, reading, allowed=(), play_out=False) -> Fraction:
    """P(success): 12 counts 30, 2 ends the AF, each declared skill −2 for the rest of the AF.

    A participant's skills count before their first roll; again before a later roll only in a
    round the reading lets them (every round / never / the rounds `allowed`).  At once: the AF
    succeeds as soon as the total reaches the difficulty.  Played out: only at the round's end."""
    last = len(values) - 1

    def again(round_number: int) -> bool:
        return reading == REDECLARE_EVERY or (reading == REDECLARE_GM and round_number in allowed)

    @cache  # the same state reached by different dice: counted once, weighted by each path
    def go(round_number: int, i: int, total: int, declared: int, rolled: frozenset[int]) -> Fraction:
        if round_number > rounds:
            return Fraction(0)
        if i not in rolled or again(round_number):
            declared += declarations[i]
        target = difficulty - 2 * declared
        if not play_out and total >= target:
            return Fraction(1)
        p = Fraction(0)
        for natural, ways in WAYS.items():
            if natural == 2:
                continue  # fumble: the AF has failed
            reached = total + (30 if natural == 12 else values[i] + natural)
            if reached >= target and (i == last or not play_out):
                p += Fraction(ways, 36)
            elif i == last:
                p += Fraction(ways, 36) * go(round_number + 1, 0, reached, declared, rolled | {i})
            else:
                p += Fraction(ways, 36) * go(round_number, i + 1, reached, declared, rolled | {i})
        return p

    return go(1, 0, 0, 0, frozenset())


def engine(values, declarations, difficulty, rounds, reading, allowed=(), play_out=False) -> Fraction:
    party = [FocusParticipant(v, declarations=d) for v, d in zip(values, declarations, strict=True)]
    redeclare = Redeclaration(reading, frozenset(allowed))
    return focus_odds(party, FocusProgress(difficulty, rounds), RULES, redeclare, None, play_out).success


CASES = [
    # values, declarations, difficulty, rounds
    ((4, 5), (3, 0), 50, 2),
    ((3, 2), (2, 1), 60, 3),
    ((6,), (4,), 50, 3),
    ((4, 5, 6), (1, 1, 1), 70, 2),
]


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize(
    ("reading", "allowed"), [(REDECLARE_EVERY, ()), (REDECLARE_ONCE, ()), (REDECLARE_GM, (2,))]
)
@pytest.mark.parametrize("play_out", [False, True])
def test_the_exact_odds_follow_both_switches(case, reading, allowed, play_out):
    assert engine(*case, reading, allowed, play_out) == brute_force(*case, reading, allowed, play_out)


def test_golden_figures_of_the_four_readings():
    # 判定値 4 and 5, the first declares 3 skills, difficulty 50 in 2 rounds (`prob aw-focus`).
    case = ((4, 5), (3, 0), 50, 2)
    every = engine(*case, REDECLARE_EVERY)
    once = engine(*case, REDECLARE_ONCE)
    assert float(every) == pytest.approx(0.8822510621, abs=1e-9)
    assert float(once) == pytest.approx(0.6681289057, abs=1e-9)
    assert once < every  # the skills lower the difficulty once, not twice
    assert engine(*case, REDECLARE_GM, (2,)) == every  # the GM allowed round 2: as every round
    assert engine(*case, REDECLARE_GM) == once  # not allowed (yet): as once
    played = engine(*case, REDECLARE_EVERY, play_out=True)
    assert float(played) == pytest.approx(0.8750791848, abs=1e-9)  # the second roll may fumble


def test_played_out_a_reached_total_still_fails_on_a_later_fumble():
    # Mid-round, the total is past the difficulty; one participant still has to roll.
    progress = FocusProgress(50, 1, next_index=1, total=55)
    party = [FocusParticipant(4), FocusParticipant(5)]
    assert focus_odds(party, progress).success == 1  # at once: already won
    assert focus_odds(party, progress, play_out=True).success == Fraction(35, 36)  # 2 fails


def test_fixed_dice_through_the_steps():
    normal = RollJudgement(RollKind.NORMAL, 30)
    start = FocusProgress(50, 2, total=25)
    at_once = advance(start, normal, 2, RULES)
    assert at_once.status is FocusStatus.SUCCESS  # 25 + 30 ≥ 50 at the first roll
    played = advance(start, normal, 2, RULES, play_out=True)
    assert (played.status, played.next_index, played.total) == (FocusStatus.RUNNING, 1, 55)
    fumble = advance(played, RollJudgement(RollKind.FUMBLE, None), 2, RULES, play_out=True)
    assert fumble.status is FocusStatus.FAILURE  # the rest of the round fumbled
    last = advance(played, RollJudgement(RollKind.NORMAL, 8), 2, RULES, play_out=True)
    assert (last.status, last.total) == (FocusStatus.SUCCESS, 63)  # judged at the round's end
    # Declarations reaching the difficulty: at once they win before the roll; played out, not yet.
    assert declare(FocusProgress(50, 2, total=46), 2, RULES).status is FocusStatus.SUCCESS
    assert declare(FocusProgress(50, 2, total=46), 2, RULES, play_out=True).status is FocusStatus.RUNNING


def test_the_gm_reading_counts_again_only_in_the_rounds_allowed():
    gm = Redeclaration(REDECLARE_GM, frozenset({3}))
    assert [gm.again(r) for r in (1, 2, 3)] == [False, False, True]
    assert all(Redeclaration(REDECLARE_EVERY).again(r) for r in (1, 2, 3))
    # Without a reading, the text's rule (issue 37): 「原則として一度の行為で使用した特技は使用できない」
    assert not any(Redeclaration().again(r) for r in (1, 2, 3))
    assert not Redeclaration(REDECLARE_ONCE, frozenset({2})).again(2)
