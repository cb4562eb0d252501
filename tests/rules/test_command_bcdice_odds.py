"""Exact odds of the forms taken from BCDice 3 (shorthands, filters without a count, xRy) against
an independent count: every list of faces rolled through the real roll code, the reroll chains
cut at a depth whose leftover probability is carried as a bound."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction

import pytest

from gmtool.rules.command import FixedDice, distribution, parse, roll


class _Recorder(random.Random):
    def __init__(self) -> None:
        super().__init__(0)
        self.sides: list[int] = []

    def randint(self, a: int, b: int) -> int:
        self.sides.append(b)
        return 1


def _enumerate_sums(command: str) -> dict[int, Fraction]:
    recorder = _Recorder()
    roll(command, recorder)
    totals: Counter[int] = Counter()
    for faces in itertools.product(*(range(1, s + 1) for s in recorder.sides)):
        total = roll(command, FixedDice(list(faces))).total
        assert total is not None
        totals[total] += 1
    cases = sum(totals.values())
    return {t: Fraction(c, cases) for t, c in totals.items()}


@pytest.mark.parametrize(
    "command",
    ["D6", "D6>=4", "d8+3", "2D", "1D+D4", "4D6KH", "4D4KL+1", "5D3DH", "4DDL>=12", "3DMAX", "D10KH"],
)
def test_shorthand_odds_match_enumeration(command):
    odds = distribution(command)
    assert odds is not None
    assert dict(odds.totals.items()) == _enumerate_sums(command)


class _OutOfFaces(Exception):
    def __init__(self, sides: int) -> None:
        self.sides = sides


class _Prefix(random.Random):
    """Hands out a fixed prefix of faces, then stops the roll to ask for the next die's sides."""

    def __init__(self, faces: list[int]) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        if not self.faces:
            raise _OutOfFaces(b)
        return self.faces.pop(0)


def _enumerate_rerolls(command: str, depth: int) -> tuple[dict[int, Fraction], Fraction]:
    """P(total = k) over every roll that needs at most `depth` dice, and the probability left
    in the longer ones (which can add to any count)."""
    parsed = parse(command)
    found: dict[int, Fraction] = {}
    cut = Fraction(0)
    stack: list[tuple[list[int], Fraction]] = [([], Fraction(1))]
    while stack:
        faces, p = stack.pop()
        try:
            total = roll(parsed, _Prefix(faces)).total
        except _OutOfFaces as more:
            if len(faces) == depth:
                cut += p
                continue
            stack.extend(([*faces, f], p / more.sides) for f in range(1, more.sides + 1))
            continue
        assert total is not None
        found[total] = found.get(total, Fraction(0)) + p
    return found, cut


@pytest.mark.parametrize(
    ("command", "depth"),
    [
        ("2R4>=4", 7),  # a 4 succeeds and is rolled again: no largest count
        ("1R3[>=3]>=2", 9),
        ("2R4[<=1]>=3", 7),  # only failures are rolled again: at most 2 successes
        ("1R4+1R3>=3", 7),
        ("2R2[<>2]>=1", 11),  # <> rerolls the 1s, every die succeeds
        ("3R3[3]", 7),  # no target: no success is counted
    ],
)
def test_reroll_odds_lie_within_the_enumerated_bounds(command, depth):
    odds = distribution(command)
    assert odds is not None
    found, cut = _enumerate_rerolls(command, depth)
    assert cut < Fraction(1, 20)  # the bound is tight enough to mean something
    for k, p in odds.totals.items():
        if k == odds.at_least:
            exact_tail = sum((q for j, q in found.items() if j >= k), Fraction(0))
            assert exact_tail <= p <= exact_tail + cut
        else:
            assert found.get(k, 0) <= p <= found.get(k, 0) + cut, k
    assert sum(odds.totals.probabilities.values()) == 1


def test_reroll_odds_by_hand():
    """2R6>=5: each die's count is geometric, P(0) = 2/3 per die (a 1-4 first); a count of 1 is
    5-6 then 1-4 (1/3 * 2/3).  Two dice: P(0) = 4/9, P(1) = 2 * 2/3 * 2/9 = 8/27."""
    odds = distribution("2R6>=5")
    assert odds is not None
    assert odds.totals[0] == Fraction(4, 9)
    assert odds.totals[1] == Fraction(8, 27)
    assert odds.success == Fraction(5, 9)
    assert odds.at_least is not None and odds.totals[odds.at_least] < Fraction(1, 1_000_000)
    limited = distribution("2R6[<=2]>=5")  # a 1 or 2 is rolled again and fails: at most 2 successes
    assert limited is not None and limited.at_least is None and max(limited.totals) == 2
    assert limited.totals[2] == Fraction(1, 2) ** 2  # each die ends on 5-6 with P 2/4


def test_reroll_seeded_rolls_follow_the_odds():
    from tests.helpers_stats import chi_square_critical, chi_square_statistic

    odds = distribution("3R6>=5")
    assert odds is not None and odds.at_least is not None
    rng = random.Random(20240611)
    parsed = parse("3R6>=5")
    observed: Counter[int] = Counter()
    for _ in range(20_000):
        total = roll(parsed, rng).total
        assert total is not None
        observed[min(total, odds.at_least)] += 1
    statistic, df = chi_square_statistic(observed, odds.totals.probabilities)
    assert statistic < chi_square_critical(df, 0.001)
