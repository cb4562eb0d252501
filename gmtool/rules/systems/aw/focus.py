"""Another Focus (AF判定): one roll's judge, the AF's progress, and the exact odds of success.

The procedure (フォーカスシステムルール, SPEC.md):
- each round every participant rolls in 行動値 order; achievements add up;
- before a roll the participant may declare skills, each lowering the difficulty by 2 for the
  rest of the AF;
- a critical counts as 30, a fumble ends the AF as failure (unless the GM marks it cancelled);
- the AF succeeds the moment the running total reaches the lowered difficulty (remaining rolls
  are not made) and fails when the round limit passes.

Two house rules (house_rules.py) change the procedure, each a plain parameter here:
`Redeclaration` says when a skill already declared counts again (every roll, once, or in the
rounds the GM allowed), `play_out` that a round reaching the difficulty is played to its end (the
success is judged then, and a fumble in the rest of the round still ends the AF as failure).

`roll_outcomes()` is the one judge of a roll: the exact odds enumerate it, `roll_once()` hands it
real faces.  `advance()` is the one step of the procedure: the odds walk it over every outcome,
the AF dialog's model walks it over the rolled one.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from fractions import Fraction
from functools import cache

from gmtool.rules.dice import Faces, roll, sum_distribution
from gmtool.rules.message import Message
from gmtool.rules.systems.aw.house_rules import REDECLARE_EVERY, REDECLARE_GM

DICE = (2, 6)
# Tool limits, not rule numbers: the exact odds grow with rounds² × difficulty, so the GUI (which
# recomputes them on every step) and the CLI refuse an AF past these (20 rounds at 999 with six
# participants takes about 0.3 s; the text's own guidelines stop at 3 rounds and about 120).
MAX_ROUND_LIMIT = 20
MAX_DIFFICULTY = 999
MAX_PARTICIPANTS = 12  # the odds grow with them too: twelve at 20 rounds and 999 take about 1 s
MAX_DECLARATIONS = 99  # skills one participant declares before a roll
_NATURAL = sum_distribution(*DICE)
_WAYS = 36  # equally likely faces of 2D6


class RollKind(StrEnum):
    CRITICAL = "critical"
    FUMBLE = "fumble"
    NORMAL = "normal"


class FocusStatus(StrEnum):
    RUNNING = "running"
    SUCCESS = "success"
    FAILURE = "failure"  # fumble, or the round limit passed
    CANCELLED = "cancelled"  # the GM abandoned it (a mistaken set-up): neither success nor failure


@dataclass(frozen=True)
class FocusParticipant:
    """One participant's roll: 判定値 of the AF's ability, 修正, critical/fumble values, and how
    many skills they declare before each of their rolls."""

    value: int
    modifier: int = 0
    critical: int = 12
    fumble: int = 2
    declarations: int = 0

    def __post_init__(self) -> None:
        if not 2 <= self.critical <= 13 or not 1 <= self.fumble <= 12 or self.fumble >= self.critical:
            raise ValueError(
                Message("クリティカル値 {0} / ファンブル値 {1} が範囲外です", self.critical, self.fumble)
            )
        if not 0 <= self.declarations <= MAX_DECLARATIONS:
            raise ValueError(Message("特技の宣言数 {0} は 0〜99 の範囲外です", self.declarations))


@dataclass(frozen=True)
class FocusRules:
    critical_achievement: int = 30
    declaration_reduction: int = 2


@dataclass(frozen=True)
class Redeclaration:
    """When a skill a participant has already declared counts again (house rule aw.focus_redeclare):
    every roll (REDECLARE_EVERY), never (REDECLARE_ONCE), or in `allowed_rounds` (REDECLARE_GM:
    the rounds the GM allowed so far; later rounds count as not allowed until the GM says so)."""

    reading: str = REDECLARE_EVERY
    allowed_rounds: frozenset[int] = frozenset()

    def again(self, round_number: int) -> bool:
        return self.reading == REDECLARE_EVERY or (
            self.reading == REDECLARE_GM and round_number in self.allowed_rounds
        )


@dataclass(frozen=True)
class RollJudgement:
    kind: RollKind
    achievement: int | None  # None for a fumble: no 達成値 is computed


def judge_natural(participant: FocusParticipant, natural: int, rules: FocusRules) -> RollJudgement:
    """What one natural 2D6 total counts for in an AF (critical first, as in every AW check)."""
    if natural >= participant.critical:
        return RollJudgement(RollKind.CRITICAL, rules.critical_achievement)
    if natural <= participant.fumble:
        return RollJudgement(RollKind.FUMBLE, None)
    return RollJudgement(RollKind.NORMAL, participant.value + natural + participant.modifier)


def cancelled_fumble(participant: FocusParticipant, natural: int) -> RollJudgement:
    """A fumble the GM marks as cancelled by a skill counts as an ordinary roll of the same dice."""
    return RollJudgement(RollKind.NORMAL, participant.value + natural + participant.modifier)


@dataclass(frozen=True)
class FocusProgress:
    """Where an AF stands: the next roll to make and what has been achieved."""

    difficulty: int  # as declared (before skill declarations)
    round_limit: int
    round: int = 1  # 1-based
    next_index: int = 0  # the participant (in 行動値 order) who rolls next this round
    total: int = 0  # running 達成値 total
    declared: int = 0  # skills declared so far in the whole AF
    status: FocusStatus = FocusStatus.RUNNING

    def __post_init__(self) -> None:
        if self.round_limit < 1:
            raise ValueError(Message("ラウンド制限 {0} は 1 以上でなければなりません", self.round_limit))

    def effective_difficulty(self, rules: FocusRules) -> int:
        return self.difficulty - rules.declaration_reduction * self.declared


def declare(progress: FocusProgress, count: int, rules: FocusRules, play_out: bool = False) -> FocusProgress:
    """The next participant declares `count` skills; reaching the lowered difficulty succeeds (at
    once, unless the round is played out: then the participant still rolls)."""
    declared = replace(progress, declared=progress.declared + count)
    if not play_out and declared.total >= declared.effective_difficulty(rules):
        return replace(declared, status=FocusStatus.SUCCESS)
    return declared


def advance(
    progress: FocusProgress,
    judgement: RollJudgement,
    participants: int,
    rules: FocusRules,
    play_out: bool = False,
) -> FocusProgress:
    """The AF after the next participant's roll (their declarations already made with `declare`).
    `play_out`: reaching the difficulty succeeds only when the round's last roll is made."""
    if progress.status is not FocusStatus.RUNNING:
        raise ValueError(Message("AF判定は終了しています"))
    if judgement.kind is RollKind.FUMBLE:
        return replace(progress, status=FocusStatus.FAILURE)
    assert judgement.achievement is not None
    after = replace(progress, total=progress.total + judgement.achievement)
    reached = after.total >= after.effective_difficulty(rules)
    if reached and (not play_out or after.next_index == participants - 1):
        return replace(after, status=FocusStatus.SUCCESS)
    return next_turn(after, participants)


def next_turn(progress: FocusProgress, participants: int) -> FocusProgress:
    """Moves to the next participant; past the last one of the last round, the AF has failed."""
    index = progress.next_index + 1
    if index < participants:
        return replace(progress, next_index=index)
    if progress.round >= progress.round_limit:
        return replace(progress, next_index=0, round=progress.round + 1, status=FocusStatus.FAILURE)
    return replace(progress, next_index=0, round=progress.round + 1)


def roll_once(
    participant: FocusParticipant, rng: random.Random, rules: FocusRules
) -> tuple[Faces, RollJudgement]:
    faces = roll(rng, *DICE)
    return faces, judge_natural(participant, sum(faces), rules)


# ---- exact odds ---------------------------------------------------------------------------


@dataclass(frozen=True)
class FocusOdds:
    success: Fraction  # P(the AF succeeds within the round limit)
    fumble: Fraction  # P(it ends on a fumble)
    by_round: tuple[
        tuple[int, Fraction], ...
    ]  # (round, P(succeeded by the end of it)), from the current round


@cache
def _kernel(participant: FocusParticipant, rules: FocusRules) -> tuple[tuple[tuple[int, int], ...], int]:
    """(achievement, ways out of 36) for the non-fumble results, and the fumble's ways."""
    ways: dict[int, int] = {}
    fumble = 0
    for natural, p in _NATURAL.items():
        count = int(p * _WAYS)
        judgement = judge_natural(participant, natural, rules)
        if judgement.achievement is None:
            fumble += count
        else:
            ways[judgement.achievement] = ways.get(judgement.achievement, 0) + count
    return tuple(sorted(ways.items())), fumble


def focus_odds(
    participants: Sequence[FocusParticipant],
    progress: FocusProgress,
    rules: FocusRules = FocusRules(),
    redeclare: Redeclaration = Redeclaration(),
    fresh: Sequence[int] | None = None,
    play_out: bool = False,
) -> FocusOdds:
    """Exact P(success) from `progress` on, every remaining roll enumerated.

    Each participant declares `declarations` skills before each remaining roll in which
    `redeclare` lets a declared skill count again; otherwise only `fresh[i]` before their next
    roll (the skills not yet declared; None: all of them, as before anyone has rolled) and none
    after.  `play_out`: success is judged at each round's end, so a fumble later in the round
    that reached the difficulty still ends the AF as failure.

    The running totals still undecided are held as integer weights over 36^rolls, packed side by
    side into one big integer, so one roll of the whole party is one multiplication (Kronecker
    substitution): 6 participants × 10 rounds at difficulty 200 stays within milliseconds, and
    nothing is rounded.
    """
    if progress.status is FocusStatus.SUCCESS:
        return FocusOdds(Fraction(1), Fraction(0), ((progress.round, Fraction(1)),))
    if progress.status is not FocusStatus.RUNNING or not participants:
        return FocusOdds(Fraction(0), Fraction(0), ())
    steps = _remaining_steps(progress, len(participants))
    slot_bytes = ((_WAYS ** max(1, len(steps))).bit_length() + 8) // 8 + 1
    # weights[i] is the weight of running total low + i; every weight shares the denominator 36^rolled.
    low, weights = progress.total, [1]
    success = fumble = 0
    rolled = 0
    declared = progress.declared
    unused = [p.declarations for p in participants] if fresh is None else list(fresh)
    by_round: list[tuple[int, Fraction]] = []
    for round_number, index in steps:
        participant = participants[index]
        declared += participant.declarations if redeclare.again(round_number) else unused[index]
        unused[index] = 0
        threshold = progress.difficulty - rules.declaration_reduction * declared
        round_end = index == len(participants) - 1
        if not play_out:
            success += _absorb(low, weights, threshold)
        kernel, fumble_ways = _kernel(participant, rules)
        carried = sum(weights)
        fumble = fumble * _WAYS + carried * fumble_ways
        success *= _WAYS
        low, weights = _convolve(low, weights, kernel, slot_bytes)
        rolled += 1
        if round_end or not play_out:
            success += _absorb(low, weights, threshold)
        if round_end:
            by_round.append((round_number, Fraction(success, _WAYS**rolled)))
    denominator = _WAYS**rolled
    return FocusOdds(Fraction(success, denominator), Fraction(fumble, denominator), tuple(by_round))


def _remaining_steps(progress: FocusProgress, participants: int) -> list[tuple[int, int]]:
    steps = [(progress.round, i) for i in range(progress.next_index, participants)]
    for round_number in range(progress.round + 1, progress.round_limit + 1):
        steps += [(round_number, i) for i in range(participants)]
    return steps


def _absorb(low: int, weights: list[int], threshold: int) -> int:
    """Removes (zeroes) the weight of every total ≥ threshold and returns it: those have succeeded."""
    start = max(0, threshold - low)
    absorbed = sum(weights[start:])
    for i in range(start, len(weights)):
        weights[i] = 0
    return absorbed


def _convolve(
    low: int, weights: list[int], kernel: Sequence[tuple[int, int]], slot_bytes: int
) -> tuple[int, list[int]]:
    """The totals after one more roll: weights ⊛ kernel, as one big-integer product."""
    if not kernel:  # every result fumbles (ファンブル値 12): nothing stays undecided
        return low, [0]
    # Trailing zero weights (absorbed totals) need no slots.
    end = len(weights)
    while end > 1 and weights[end - 1] == 0:
        end -= 1
    k_low = kernel[0][0]
    k_len = kernel[-1][0] - k_low + 1
    packed_kernel = [0] * k_len
    for achievement, ways in kernel:
        packed_kernel[achievement - k_low] = ways
    a = _pack(weights[:end], slot_bytes)
    b = _pack(packed_kernel, slot_bytes)
    size = end + k_len - 1
    product = (a * b).to_bytes(size * slot_bytes, "little")
    out = [int.from_bytes(product[i * slot_bytes : (i + 1) * slot_bytes], "little") for i in range(size)]
    return low + k_low, out


def _pack(values: Sequence[int], slot_bytes: int) -> int:
    return int.from_bytes(b"".join(v.to_bytes(slot_bytes, "little") for v in values), "little")
