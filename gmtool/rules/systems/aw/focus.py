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
from dataclasses import replace
from fractions import Fraction
from functools import cache

from gmtool.rules.dice import Faces, roll, sum_distribution
from gmtool.rules.message import Message
from gmtool.rules.systems.aw.focus_types import (
    DICE,
    MAX_DECLARATIONS,
    MAX_DIFFICULTY,
    MAX_PARTICIPANTS,
    MAX_ROUND_LIMIT,
    FocusOdds,
    FocusParticipant,
    FocusProgress,
    FocusRules,
    FocusStatus,
    Redeclaration,
    RollJudgement,
    RollKind,
)
from gmtool.rules.systems.aw.house_rules import REDECLARE_EVERY

# The value types live in focus_types (the views import them there) and are reached here too.
__all__ = [
    "DICE",
    "MAX_DECLARATIONS",
    "MAX_DIFFICULTY",
    "MAX_PARTICIPANTS",
    "MAX_ROUND_LIMIT",
    "FocusOdds",
    "FocusParticipant",
    "FocusProgress",
    "FocusRules",
    "FocusStatus",
    "Redeclaration",
    "RollJudgement",
    "RollKind",
    "advance",
    "cancelled_fumble",
    "declare",
    "focus_odds",
    "judge_natural",
    "next_turn",
    "roll_once",
]

_NATURAL = sum_distribution(*DICE)
_WAYS = 36  # equally likely faces of 2D6
_TEXT_RULES = FocusRules()  # the odds' defaults: the text's numbers
# Without a reading, the odds count each participant's `declarations` before every roll, as the
# engine's own steps (`declare` before each `roll_once`) play it; the campaign's reading of
# aw.focus_redeclare (by default the text's: once in the AF) is passed by every caller that has one.
_EVERY_ROLL = Redeclaration(REDECLARE_EVERY)


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
    rules: FocusRules = _TEXT_RULES,
    redeclare: Redeclaration = _EVERY_ROLL,
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
