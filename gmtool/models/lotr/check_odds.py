"""Every number the LotR judgement panel shows before the roll, from the engine's exact odds
(and the last roll read again with the courage spent on it).

Kept apart from the Qt model so it is plain data: the panel's labels and both plots
read one `Odds`, so what is printed and what is drawn cannot disagree.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache

from gmtool.rules.systems.lotr import exploding
from gmtool.rules.systems.lotr.checks import (
    COURAGE_BONUS,
    GROUP_HELPER_BONUS,
    Contestant,
    CorruptionSpec,
    GroupResult,
    GroupSpec,
    LotRResult,
    LotRRoller,
    OpposedResult,
    OpposedSpec,
    RollResult,
    RollSpec,
    corruption_distribution,
    group_distribution,
    help_bonus_distribution,
    opposed_distribution,
    opposed_round,
    roll_distribution,
    spend_courage,
    with_courage_probabilities,
)
from gmtool.rules.systems.lotr.courage import opposed_with_courage
from gmtool.rules.systems.lotr.opposed_degree import side_degrees
from gmtool.rules.systems.lotr.rules_data import DEGREE_ORDER, Degree

STACK_SPAN = 10  # the stacked plot shows 21 TNs (or B's bonuses) around the current one
# ... and moves them in fives, so a TN step inside them moves only the marker: the bars, the axis
# and the columns' odds stay as they were (they do not depend on the current TN).  Moving the
# whole plot on every step was a third of a TN change's redraw.
STACK_STEP = 5
# Totals drawn one by one until less than this much is left; the rest is one "≥ N" bar.
READABLE_TAIL = Fraction(1, 1000)
CORRUPTION_CHANGES = (3, 2, 1, 0, -1, -2)  # 1.2.4, worst first
_BEYOND = 10**6  # a dice total past every band: the lumped bar's highest

Spec = RollSpec | GroupSpec | OpposedSpec
StackKey = Degree | Contestant


@dataclass(frozen=True)
class Odds:
    # The seven degrees of the test (the leader's in a group test); empty in an opposed test.
    degree_probabilities: dict[Degree, Fraction]
    success_probability: Fraction  # P(A wins) in an opposed test
    courage_probabilities: dict[int, Fraction]  # n → P(success) spending up to n courage after the roll
    corruption_probabilities: dict[int, Fraction]  # Corruption change → P (a Willpower test)
    help_bonus: dict[int, Fraction]  # group: the helpers' total bonus to the leader → P
    helper_bonus: list[dict[int, Fraction]]  # group: each helper's bonus → P
    wins: dict[Contestant, Fraction]  # opposed: the tie rule applied
    tie_per_round: Fraction  # opposed: P(equal totals) in one round
    stack: dict[int, dict[StackKey, Fraction]]  # x → layer → P, bottom layer first
    stack_keys: tuple[StackKey, ...]
    stack_marker: int
    stack_x_label: str
    total_bars: list[tuple[int, Fraction, Degree | None]] = field(default_factory=list)
    tail_total: int = 0  # the last bar stands for every dice total ≥ this
    # opposed: each side's total (dice + bonus) → P; the last one stands for every total ≥ it
    side_totals: dict[Contestant, dict[int, Fraction]] = field(default_factory=dict)
    # opposed: P that each side wins at each degree, read from the difference (1.5.2)
    opposed_degrees: dict[Contestant, dict[Degree, Fraction]] = field(default_factory=dict)


def plus(spec: RollSpec, extra: int) -> RollSpec:
    """The same test with `extra` more on the roller (help or courage)."""
    return replace(spec, roller=replace(spec.roller, modifier=spec.roller.modifier + extra))


def degree_distribution(spec: RollSpec | GroupSpec) -> dict[Degree, Fraction]:
    dist = group_distribution(spec) if isinstance(spec, GroupSpec) else roll_distribution(spec)
    return {d: dist[d] for d in DEGREE_ORDER}


def _at_tn(spec: RollSpec | GroupSpec, tn: int) -> RollSpec | GroupSpec:
    if isinstance(spec, GroupSpec):
        return replace(spec, leader=replace(spec.leader, tn=tn))
    return replace(spec, tn=tn)


def courage_curve(
    spec: RollSpec | GroupSpec, most: int, per_point: int = COURAGE_BONUS
) -> dict[int, Fraction]:
    """P(success) spending up to n courage after the roll; `per_point` is what a point gives this
    roller on this test (+3, more with traits such as Bold and Horselord, 1.2.3)."""
    if isinstance(spec, RollSpec):
        return with_courage_probabilities(spec, most, per_point)
    curve = dict.fromkeys(range(most + 1), Fraction(0))
    for extra, p in help_bonus_distribution(spec).items():
        for n, q in with_courage_probabilities(plus(spec.leader, extra), most, per_point).items():
            curve[n] += p * q
    return curve


def total_degree(spec: Spec, low: int, high: int) -> Degree | None:
    """The degree every dice total in low…high gives, or None when it is not the same for all
    (an opposed test; a group test where the helpers' rolls decide; a lumped tail that spans bands)."""
    if isinstance(spec, OpposedSpec):
        return None
    if isinstance(spec, GroupSpec):
        leader, most_help = spec.leader, max(GROUP_HELPER_BONUS.values()) * len(spec.helpers)
    else:
        leader, most_help = spec, 0
    worst, best = leader.judge(low), plus(leader, most_help).judge(high)
    return worst if worst == best else None


def total_bars(spec: Spec) -> tuple[list[tuple[int, Fraction, Degree | None]], int]:
    listing, _rest = exploding.truncated_totals(READABLE_TAIL)
    tail = max(listing) + 1
    bars = [(t, p, total_degree(spec, t, t)) for t, p in listing.items()]
    bars.append((tail, exploding.at_least(tail), total_degree(spec, tail, _BEYOND)))
    return bars, tail


def side_totals(roller: LotRRoller) -> dict[int, Fraction]:
    """P of each total one side of an opposed test reaches (its bonus added to the dice)."""
    listing, _rest = exploding.truncated_totals(READABLE_TAIL)
    tail = max(listing) + 1
    return {
        **{t + roller.bonus: p for t, p in listing.items()},
        tail + roller.bonus: exploding.at_least(tail),
    }


def with_courage(
    result: LotRResult,
    spec: Spec,
    points: int,
    points_b: int = 0,
    per_point: tuple[int, int] = (COURAGE_BONUS, COURAGE_BONUS),
) -> LotRResult:
    """A roll read again with `points` courage spent on it (the leader's, in a group test; A's and
    `points_b` B's, in an opposed test), each point worth `per_point` (A's, B's)."""
    if isinstance(result, OpposedResult) and isinstance(spec, OpposedSpec):
        return opposed_with_courage(spec, result, points, points_b, *per_point)
    if not points:
        return result
    if isinstance(result, GroupResult) and isinstance(spec, GroupSpec):
        return replace(result, leader=spend_courage(spec.leader, result.leader, points, per_point[0]))
    assert isinstance(result, RollResult) and isinstance(spec, RollSpec)
    return spend_courage(spec, result, points, per_point[0])


def stack_window(current: int) -> range:
    """The 21 x values of the stacked plot around `current`: they start at a multiple of
    STACK_STEP, and `current` is always among the middle five (the 9th to the 13th)."""
    low = STACK_STEP * ((current - STACK_SPAN + STACK_STEP // 2) // STACK_STEP)
    return range(low, low + 2 * STACK_SPAN + 1)


@lru_cache(maxsize=32)
def degree_stack(spec: RollSpec | GroupSpec, window: range) -> dict[int, dict[StackKey, Fraction]]:
    """TN → P of each degree, for every TN of `window` (the spec's own TN is not read)."""
    return {tn: {d: p for d, p in degree_distribution(_at_tn(spec, tn)).items()} for tn in window}


@lru_cache(maxsize=32)
def opposed_stack(spec: OpposedSpec, window: range) -> dict[int, dict[StackKey, Fraction]]:
    """B's bonus → P of each side's win, for every bonus of `window` (B's own roller is not read)."""
    return {
        x: {c: opposed_distribution(replace(spec, b=LotRRoller(modifier=x)))[c] for c in Contestant}
        for x in window
    }


def compute_odds(spec: Spec, courage_most: int, per_point: int = COURAGE_BONUS) -> Odds:
    bars, tail = total_bars(spec)
    if isinstance(spec, OpposedSpec):
        wins = opposed_distribution(spec)
        b = spec.b.bonus
        # keyed without B's roller, which the columns replace: another B bonus reuses them
        stack = opposed_stack(replace(spec, b=LotRRoller()), stack_window(b))
        return Odds(
            degree_probabilities={},
            success_probability=wins[Contestant.A],
            courage_probabilities={},
            corruption_probabilities={},
            help_bonus={},
            helper_bonus=[],
            wins={c: wins[c] for c in Contestant},
            tie_per_round=opposed_round(spec)[None],
            stack=stack,
            stack_keys=tuple(Contestant),
            stack_marker=b,
            stack_x_label="B のボーナス合計",
            total_bars=bars,
            tail_total=tail,
            side_totals={Contestant.A: side_totals(spec.a), Contestant.B: side_totals(spec.b)},
            opposed_degrees={c: side_degrees(spec, c) for c in Contestant},
        )
    degrees = degree_distribution(spec)
    leader = spec.leader if isinstance(spec, GroupSpec) else spec
    corruption = corruption_distribution(CorruptionSpec(leader))
    help_bonus, helper_bonus = {0: Fraction(1)}, []
    if isinstance(spec, GroupSpec):
        help_bonus = dict(sorted(help_bonus_distribution(spec).items()))
        helper_bonus = [
            dict(sorted(help_bonus_distribution(replace(spec, helpers=(h,))).items())) for h in spec.helpers
        ]
    return Odds(
        degree_probabilities=degrees,
        success_probability=sum((p for d, p in degrees.items() if d.succeeded), Fraction(0)),
        courage_probabilities=courage_curve(spec, courage_most, per_point),
        corruption_probabilities={c: corruption[c] for c in CORRUPTION_CHANGES},
        help_bonus=help_bonus,
        helper_bonus=helper_bonus,
        wins={},
        tie_per_round=Fraction(0),
        # keyed at TN 0, which the columns replace: another TN reuses them
        stack=degree_stack(_at_tn(spec, 0), stack_window(leader.tn)),
        stack_keys=DEGREE_ORDER,
        stack_marker=leader.tn,
        stack_x_label="目標値（TN）",
        total_bars=bars,
        tail_total=tail,
    )
