"""Exact distributions of dice commands, computed, never simulated.

Counts are integers over a denominator (sides ** dice), so nothing is rounded until the end.
Every die node of a sum is rolled once and no node is shared, so the two operands of an
operator are independent and their distributions combine pairwise.  Keep/drop uses a DP over
the faces from the kept end: how many dice show each face is a multinomial choice.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from gmtool.rules.command_calc import calc_value
from gmtool.rules.command_parse import (
    BarabaraCommand,
    CalcCommand,
    ChoiceCommand,
    Command,
    D66Command,
    RerollCommand,
    SengensyouCommand,
    SrsCommand,
    SumCommand,
    TallyCommand,
    UpperCommand,
)
from gmtool.rules.command_reroll import reroll_counts
from gmtool.rules.command_syntax import (
    D66_SIDES,
    BinOp,
    Dice,
    Neg,
    Node,
    Num,
    Paren,
    compare,
    constant,
    divide,
)
from gmtool.rules.command_tally import NO_ODDS as NO_TALLY_ODDS
from gmtool.rules.dice import Distribution
from gmtool.rules.message import Message, template

WORK_LIMIT = 150_000  # steps; past this the live odds are skipped rather than freeze the window (≈0.1 s)
TOTAL_WORK_LIMIT = 4 * WORK_LIMIT  # the same over a whole sum, each of its operations within WORK_LIMIT

Weights = tuple[dict[int, int], int]  # counts per value, and their common denominator


class TooLarge(Exception):
    """The exact distribution would take too long; the caller shows none."""


@dataclass(frozen=True)
class CommandOdds:
    totals: Distribution[int]  # of CommandResult.total
    success: Fraction | None  # P(CommandResult.success); None without a comparison
    passing: frozenset[int] = frozenset()  # the totals that are a success (for colouring bars)
    # P(CommandResult.critical) and P(CommandResult.fumble) where the command has them (SRS, SGS)
    critical: Fraction | None = None
    fumble: Fraction | None = None
    # xRy>=t whose successes can be rerolled has no largest count: the bar at `at_least` is the
    # chance of that many successes or more (every smaller count is exact).
    at_least: int | None = None


def command_odds(command: Command) -> CommandOdds | None:
    """The exact odds of one roll of the command (of each roll, for a repeat); None when the
    command has no finite numeric outcome (choice, xUy without a comparison) or is too large."""
    body = command.body
    try:
        if isinstance(body, SumCommand):
            weights = _weights(body.expr, [TOTAL_WORK_LIMIT])
            totals = _distribution(weights)
            if body.op is None or body.target is None:
                return CommandOdds(totals, None)
            target, op = constant(body.target), body.op
            passing = frozenset(t for t in totals if compare(t, op, target))
            return CommandOdds(totals, totals.probability(lambda t: t in passing), passing)
        if isinstance(body, SrsCommand):
            return _srs(body)
        if isinstance(body, SengensyouCommand):
            return _sengensyou(body)
        if isinstance(body, BarabaraCommand):
            return _barabara(body)
        if isinstance(body, UpperCommand):
            return _upper(body)
        if isinstance(body, D66Command):
            counts: dict[int, int] = {}
            for a in range(1, 7):
                for b in range(1, 7):
                    x, y = {"A": sorted((a, b)), "D": sorted((a, b), reverse=True), "N": [a, b]}[body.order]
                    counts[10 * x + y] = counts.get(10 * x + y, 0) + 1
            return CommandOdds(_distribution((counts, 36)), None)
        if isinstance(body, CalcCommand):
            return CommandOdds(Distribution({calc_value(body.expr): Fraction(1)}), None)
        if isinstance(body, RerollCommand):
            return _reroll(body)
    except (TooLarge, ZeroDivisionError):
        return None
    assert isinstance(body, (ChoiceCommand, UpperCommand, TallyCommand))
    return None


_NO_ODDS = {
    ChoiceCommand: template("choice は項目を選ぶだけなので、分布は出しません"),
    TallyCommand: NO_TALLY_ODDS,
    UpperCommand: template(
        "比較のない xUy は合計に上限がないので、分布は出しません（xUy[n]>=t なら成功数の分布が出ます）"
    ),
    CalcCommand: template("0 で割っているので計算できません"),
}


def no_odds_reason(command: Command) -> Message | None:
    """Why `command_odds` gives none, in words for the dice box; None when it gives odds."""
    if command_odds(command) is not None:
        return None
    return missing_odds_reason(command)


def missing_odds_reason(command: Command) -> Message:
    """Why `command_odds` gave None, for a caller that has just asked it (nothing computed again)."""
    reason = _NO_ODDS.get(type(command.body))
    return Message(reason) if reason else Message("計算が大きすぎるので、分布は省きます")


def _reroll(body: RerollCommand) -> CommandOdds | None:
    """xRy: the count of successes, exact up to where fewer than one roll in a million goes on."""
    found = reroll_counts(body, WORK_LIMIT // 3)  # each step a sum of big integers
    if found is None:
        return None
    counts, at_least = found
    totals = Distribution({k: p for k, p in sorted(counts.items()) if p})
    if body.op is None:
        return CommandOdds(totals, None)
    return CommandOdds(totals, 1 - totals[0], frozenset(k for k in totals if k >= 1), at_least=at_least)


def _distribution(weights: Weights) -> Distribution[int]:
    counts, denominator = weights
    return Distribution({v: Fraction(c, denominator) for v, c in sorted(counts.items()) if c})


def _spend(budget: list[int], steps: int) -> None:
    """Takes `steps` from what is left of the whole sum's work; TooLarge when it runs out."""
    budget[0] -= steps
    if budget[0] < 0:
        raise TooLarge


def _weights(node: Node, budget: list[int]) -> Weights:
    if isinstance(node, Num):
        return {node.value: 1}, 1
    if isinstance(node, Paren):
        return _weights(node.body, budget)
    if isinstance(node, Neg):
        counts, d = _weights(node.body, budget)
        _spend(budget, len(counts))
        return {-v: c for v, c in counts.items()}, d
    if isinstance(node, Dice):
        times, sides = constant(node.times), constant(node.sides)
        _spend(budget, times * times * sides)  # the convolution's steps (keep/drop: about as many)
        if sides == D66_SIDES:  # x D66 numbers, each of the 36 equally likely
            values = [10 * a + b for a in range(1, 7) for b in range(1, 7)]
            if node.keep is None or node.count is None:
                return _sum_of(times, values), 36**times
            return keep_weights(times, 36, node.keep, constant(node.count), values), 36**times
        if node.keep is None or node.count is None:
            return sum_weights(times, sides), sides**times
        return keep_weights(times, sides, node.keep, constant(node.count)), sides**times
    assert isinstance(node, BinOp)
    (left, dl), (right, dr) = _weights(node.lhs, budget), _weights(node.rhs, budget)
    if len(left) * len(right) > WORK_LIMIT:
        raise TooLarge
    _spend(budget, len(left) * len(right))
    out: dict[int, int] = {}
    for a, ca in left.items():
        for b, cb in right.items():
            if node.op == "+":
                v = a + b
            elif node.op == "-":
                v = a - b
            elif node.op == "*":
                v = a * b
            else:
                v = divide(a, b, node.rounding)
            out[v] = out.get(v, 0) + ca * cb
    return out, dl * dr


def sum_weights(times: int, sides: int) -> dict[int, int]:
    """Ways each total of `times` dice of `sides` faces can fall: a sliding-window convolution."""
    if times * times * sides > WORK_LIMIT:
        raise TooLarge
    ways = [1]  # ways[t] for totals 0…; one die more shifts by 1…sides
    for _ in range(times):
        nxt = [0] * (len(ways) + sides)
        window = 0
        for t in range(1, len(nxt)):
            window += ways[t - 1] if t - 1 < len(ways) else 0
            if t - 1 - sides >= 0:
                window -= ways[t - 1 - sides]
            nxt[t] = window
        ways = nxt
    return {t: w for t, w in enumerate(ways) if w}


def _sum_of(times: int, values: list[int]) -> dict[int, int]:
    """Ways each total of `times` dice can fall, each die showing one of `values` alike."""
    ways: dict[int, int] = {0: 1}
    for _ in range(times):
        if len(ways) * len(values) > WORK_LIMIT:
            raise TooLarge
        nxt: dict[int, int] = {}
        for total, w in ways.items():
            for v in values:
                nxt[total + v] = nxt.get(total + v, 0) + w
        ways = nxt
    return ways


def keep_weights(
    times: int, sides: int, keep: str, count: int, values: list[int] | None = None
) -> dict[int, int]:
    """Ways each kept total can fall, for KH/KL/DH/DL `count` of `times` dice; a die shows
    1…sides, or one of `values` (sorted, `sides` of them) when given."""
    kept = count if keep in ("KH", "KL") else times - count
    kept = max(0, min(kept, times))
    highest = keep in ("KH", "DL")  # dropping the lowest keeps the highest
    if times * sides * kept * (kept * sides + 1) > 2 * WORK_LIMIT:  # ~ DP steps
        raise TooLarge
    ordered = values if values is not None else list(range(1, sides + 1))
    faces = ordered[::-1] if highest else ordered
    out: dict[int, int] = {}
    # state: (dice placed so far, kept sum) -> ways; faces are placed from the kept end.  Once
    # `kept` dice are placed the rest only need any of the faces still to come: counted at once.
    states: dict[tuple[int, int], int] = {(0, 0): 1}
    for step, face in enumerate(faces):
        remaining_faces = sides - step
        nxt: dict[tuple[int, int], int] = {}
        for (placed, total), ways in states.items():
            if placed >= kept:
                out[total] = out.get(total, 0) + ways * remaining_faces ** (times - placed)
                continue
            for c in range(times - placed + 1):
                kept_here = min(placed + c, kept) - placed
                key = (placed + c, total + kept_here * face)
                nxt[key] = nxt.get(key, 0) + ways * comb(times - placed, c)
        states = nxt
    for (placed, total), ways in states.items():
        if placed == times:
            out[total] = out.get(total, 0) + ways
    return {t: w for t, w in out.items() if w}


def _count_of_successes(chances: list[Fraction]) -> Distribution[int]:
    """Number of successes among independent dice, each with its own chance."""
    probs = [Fraction(1)]
    for p in chances:
        nxt = [Fraction(0)] * (len(probs) + 1)
        for k, q in enumerate(probs):
            nxt[k] += q * (1 - p)
            nxt[k + 1] += q * p
        probs = nxt
    return Distribution({k: q for k, q in enumerate(probs) if q})


def _success_counts(chances: list[Fraction]) -> CommandOdds:
    """Odds of a count of successes; like BCDice's 成功数, one success or more counts as success."""
    successes = _count_of_successes(chances)
    return CommandOdds(successes, 1 - successes[0], frozenset(k for k in successes if k >= 1))


def _barabara(body: BarabaraCommand) -> CommandOdds:
    if body.op is None or body.target is None:
        counts: dict[int, int] = {0: 1}
        denominator = 1
        for times, sides in body.groups:
            group = sum_weights(times, sides)
            merged: dict[int, int] = {}
            for a, ca in counts.items():
                for b, cb in group.items():
                    merged[a + b] = merged.get(a + b, 0) + ca * cb
            counts, denominator = merged, denominator * sides**times
        return CommandOdds(_distribution((counts, denominator)), None)
    op, target = body.op, body.target
    chances = []
    for times, sides in body.groups:
        p = Fraction(sum(compare(f, op, target) for f in range(1, sides + 1)), sides)
        chances.extend([p] * times)
    return _success_counts(chances)


def upper_chance(sides: int, threshold: int, modifier: int, op: str, target: int) -> Fraction:
    """P(one exploding die's sum + modifier passes op target): exact, as every comparison
    needs only the sums up to the target (the tail beyond it passes or fails as a whole)."""
    bound = max(target - modifier + 1, 1)
    if bound > WORK_LIMIT // max(sides, 1):
        raise TooLarge
    # pmf[v] = P(sum == v) for v ≤ bound; a face at or above the threshold adds another die.
    pmf = [Fraction(0)] * (bound + 1)
    for v in range(1, bound + 1):
        p = Fraction(1 if v <= sides and v < threshold else 0, sides)
        for face in range(max(threshold, 1), min(sides, v - 1) + 1):
            p += pmf[v - face] / sides
        pmf[v] = p
    below = sum(pmf[:bound], Fraction(0))  # P(sum ≤ bound - 1)
    at_or_above = 1 - below
    chance = sum((pmf[v] for v in range(1, bound) if compare(v + modifier, op, target)), Fraction(0))
    if compare(bound + modifier, op, target):  # every sum ≥ bound compares as bound does
        chance += at_or_above
    return chance


def _upper(body: UpperCommand) -> CommandOdds | None:
    if body.op is None or body.target is None:
        return None  # the total has no upper bound
    chances = []
    for times, sides in body.groups:
        p = upper_chance(sides, body.threshold, body.modifier, body.op, body.target)
        chances.extend([p] * times)
    return _success_counts(chances)


def _natural(dice: int, modifier: int, hit: Callable[[int], bool]) -> tuple[Distribution[int], Fraction]:
    """The total natural + modifier of `dice` d6, and P(hit(natural)).  A total is one natural
    shifted, so whatever a natural decides is decided by its total too."""
    naturals, denominator = sum_weights(dice, 6), 6**dice
    totals = _distribution(({n + modifier: w for n, w in naturals.items()}, denominator))
    return totals, Fraction(sum(w for n, w in naturals.items() if hit(n)), denominator)


def _srs(body: SrsCommand) -> CommandOdds:
    """SRS: the automatic outcomes come from the natural 2D6, the rest from 2D6+m >= t."""
    totals, critical = _natural(2, body.modifier, lambda n: body.verdict(n) == "自動成功")
    _, fumble = _natural(2, body.modifier, lambda n: body.verdict(n) == "自動失敗")
    if body.target is None:
        return CommandOdds(totals, None, frozenset(), critical, fumble)
    _, success = _natural(2, body.modifier, lambda n: body.verdict(n) in ("自動成功", "成功"))
    passing = frozenset(t for t in totals if body.verdict(t - body.modifier) in ("自動成功", "成功"))
    return CommandOdds(totals, success, passing, critical, fumble)


def _sengensyou(body: SengensyouCommand) -> CommandOdds:
    """SGS: 3D6+m with no target; the critical and fumble come from the natural 3D6."""
    totals, critical = _natural(3, body.modifier, lambda n: body.mark(n) == "クリティカル")
    _, fumble = _natural(3, body.modifier, lambda n: body.mark(n) == "ファンブル")
    return CommandOdds(totals, None, frozenset(), critical, fumble)
