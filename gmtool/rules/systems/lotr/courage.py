"""Courage spent after an opposed test (1.2.3 「テスト結果を見てから何点使うかを決めてよい」), and
what one point is worth to a character on a test (traits that add to the +3).

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
from gmtool.rules.systems.lotr.character import LotRCharacter
from gmtool.rules.systems.lotr.check_types import CouragePerPoint
from gmtool.rules.systems.lotr.checks import (
    COURAGE_BONUS,
    MAX_OPPOSED_ROUNDS,
    TIE_WINNER,
    Contestant,
    OpposedResult,
    OpposedRound,
    OpposedSpec,
)
from gmtool.rules.systems.lotr.reference_tables import ReferenceTable

# CouragePerPoint is a value type of check_types (views may import it); re-exported here.
__all__ = [
    "CouragePerPoint",
    "courage_per_point",
    "opposed_with_courage",
    "skill_of_kind",
    "totals_winner",
    "trait_applies",
]


def totals_winner(spec: OpposedSpec, a_total: int, b_total: int) -> Contestant | None:
    """The higher total; a tie is the tie rule's (None: tested again)."""
    if a_total == b_total:
        return TIE_WINNER.get(spec.tie_rule)
    return Contestant.A if a_total > b_total else Contestant.B


def opposed_with_courage(
    spec: OpposedSpec,
    result: OpposedResult,
    a_points: int,
    b_points: int,
    per_point: int = COURAGE_BONUS,
    per_point_b: int | None = None,
) -> OpposedResult:
    """The opposed test read again with each side's courage on its last round's total (a point is
    worth `per_point` to A and `per_point_b`, the same when None, to B)."""
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
    b_per_point = per_point if per_point_b is None else per_point_b
    a_total, b_total = last.a_total + a_points * per_point, last.b_total + b_points * b_per_point
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


# ---- traits that raise what a point gives (1.2.3) -----------------------------------------------
# 「勇気の1点あたりの効果を増強する…特徴を 持っている場合,それらの効果は累積する.たとえば,Bold と
# Horselord を持ったキャラクターは, それぞれから +2 の修正を受け,Ride 判定に+7」: each trait the
# character has whose skills include the test's adds its value to the +3 of every point.
def _listed_skills(text: str) -> list[str]:
    return [s.strip().casefold() for s in text.replace("、", ",").split(",") if s.strip()]


def trait_applies(listed: str, skill_name: str) -> bool:
    """A trait's skills column against the test's skill: empty = every test; a skill group named
    ("Armed Combat") covers its fields ("Armed Combat: Blades")."""
    names = _listed_skills(listed)
    if not names:
        return True
    skill = skill_name.strip().casefold()
    return any(skill == n or skill.startswith(f"{n}:") for n in names)


def skill_of_kind(character: LotRCharacter, kind_id: str) -> str:
    """The skill a check kind tests ('' for an attribute or a reaction); skill names hold ':'
    themselves, so a specialisation is cut off only after a skill the character has."""
    kind, _, rest = kind_id.partition(":")
    if kind == "untrained":
        return rest
    if kind != "skill":
        return ""
    if character.skill(rest) is not None:
        return rest
    owned = sorted((s.name for s in character.skills), key=len, reverse=True)
    return next((name for name in owned if rest.startswith(f"{name}:")), rest)


def courage_per_point(character: LotRCharacter, skill_name: str, traits: ReferenceTable) -> CouragePerPoint:
    """+3 and the addition of every trait in `traits` (the courage_traits table) the character has
    (an Edge or an order ability of that name) whose skills include `skill_name` (累積する)."""
    owned = {t.strip().casefold() for t in (*character.edges, *character.order_abilities)}
    parts: list[tuple[str, int]] = []
    unset: list[str] = []
    for row in traits.rows:
        if row.name.strip().casefold() not in owned:
            continue
        if not trait_applies(str(row.get("skills") or ""), skill_name):
            continue
        value = row.get("per_point")
        if isinstance(value, bool) or not isinstance(value, int):
            unset.append(row.name)
        else:
            parts.append((row.name, value))
    total = COURAGE_BONUS + sum(v for _, v in parts)
    return CouragePerPoint(total, tuple(parts), tuple(unset))
