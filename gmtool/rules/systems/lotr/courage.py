"""Courage spent after an opposed test (1.2.3 「テスト結果を見てから何点使うかを決めてよい」).

Each side may spend after seeing the dice, +3 a point on its total of the deciding round (1.5.2: the
higher total wins).  A tie the spend makes is settled as any tie is: by the test's tie rule (a dodge
ties to the attacker, a parry to the defender), else by testing again (「同点の場合は…再度判定する」).
That new roll is taken from the same seeded dice stream the test was rolled from, after its own
rounds, so the result is the same however often it is read (undo, a restart) and can be replayed;
the courage counts on the roll it was spent on only, not on the new one.
"""

from __future__ import annotations

import random
from dataclasses import replace

from gmtool.rules.message import Message
from gmtool.rules.systems.lotr import exploding
from gmtool.rules.systems.lotr.checks import (
    COURAGE_BONUS,
    MAX_OPPOSED_ROUNDS,
    TIE_WINNER,
    Contestant,
    OpposedResult,
    OpposedRound,
    OpposedSpec,
)


def totals_winner(spec: OpposedSpec, a_total: int, b_total: int) -> Contestant | None:
    """The higher total; a tie is the tie rule's (None: tested again)."""
    if a_total == b_total:
        return TIE_WINNER.get(spec.tie_rule)
    return Contestant.A if a_total > b_total else Contestant.B


def opposed_with_courage(
    spec: OpposedSpec, result: OpposedResult, a_points: int, b_points: int, per_point: int = COURAGE_BONUS
) -> OpposedResult:
    """The opposed test read again with each side's courage on its last round's total."""
    if a_points < 0 or b_points < 0:
        raise ValueError(Message("使う勇気は 0 点以上です"))
    if not a_points and not b_points:
        return result
    if result.seed is None:
        raise ValueError(Message("シードのない対決判定には後から勇気を加えられません"))
    rng = random.Random(result.seed)
    for _ in result.rounds:  # the stream past the test's own rounds (two tests a round)
        exploding.roll_test(rng)
        exploding.roll_test(rng)
    *before, last = result.rounds
    a_total, b_total = last.a_total + a_points * per_point, last.b_total + b_points * per_point
    winner = totals_winner(spec, a_total, b_total)
    rounds = [*before, replace(last, a_total=a_total, b_total=b_total, winner=winner)]
    while winner is None and len(rounds) < MAX_OPPOSED_ROUNDS:
        a_faces, b_faces = exploding.roll_test(rng), exploding.roll_test(rng)
        winner = spec.judge_round(a_faces, b_faces)
        rounds.append(
            OpposedRound(a_faces, sum(a_faces) + spec.a.bonus, b_faces, sum(b_faces) + spec.b.bonus, winner)
        )
    assert winner is not None  # P(no winner in MAX_OPPOSED_ROUNDS) < 9^-10000
    return replace(result, winner=winner, rounds=tuple(rounds))
