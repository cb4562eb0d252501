"""令呪C (達成値 +20) chosen before the roll or after the dice (house rule aw.command_spell_boost_timing).

The text says only that 令呪C adds +20 to a servant's 達成値, not when it is chosen.  Chosen after the
dice, a player spends it only when the dice fail without it and succeed with it, so the chance of
success is the same either way (a 令呪 on a roll that succeeds anyway or fails anyway changes
nothing), while the 令呪 spent differ: one for certain before the roll, P(turned) after it.

Critical and fumble are judged on the natural total first, so +20 never turns an automatic result.
The engine module: no Qt.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from gmtool.rules.checks import CheckResult, OpposedResult, Outcome, Side
from gmtool.rules.dice import Faces
from gmtool.rules.systems.aw.checks import AWCheckSpec, AWOpposedSpec, AWRoller, all_rolls
from gmtool.rules.systems.aw.house_rules import BOOST_AFTER, BOOST_BEFORE


def boosted(roller: AWRoller, amount: int) -> AWRoller:
    """The roller with 令呪's +amount on its 達成値."""
    return replace(roller, modifier=roller.modifier + amount)


def turns_check(spec: AWCheckSpec, faces: Faces, amount: int) -> bool:
    """Whether +amount turns this roll's failure into a success."""
    with_spell = AWCheckSpec(boosted(spec.roller, amount), spec.difficulty)
    return not spec.judge(faces).succeeded and with_spell.judge(faces).succeeded


def success_with_spell(roller: AWRoller, difficulty: int, amount: int) -> Fraction:
    """P(success) when 令呪 is used: the same before the roll and after it (see the module doc)."""
    spec = AWCheckSpec(boosted(roller, amount), difficulty)
    rolls = all_rolls()
    return Fraction(sum(1 for faces in rolls if spec.judge(faces).succeeded), len(rolls))


def spell_use_probability(roller: AWRoller, difficulty: int, amount: int, timing: str) -> Fraction:
    """The chance a 令呪 is spent on this check: 1 before the roll, P(fails without, succeeds with) after."""
    if timing == BOOST_BEFORE:
        return Fraction(1)
    if timing != BOOST_AFTER:
        raise ValueError(timing)
    spec = AWCheckSpec(roller, difficulty)
    rolls = all_rolls()
    return Fraction(sum(1 for faces in rolls if turns_check(spec, faces, amount)), len(rolls))


def rejudge_check(spec: AWCheckSpec, result: CheckResult, amount: int) -> CheckResult:
    """The same dice judged again with +amount (a 令呪 used after the roll)."""
    roller = boosted(spec.roller, amount)
    _, total = roller.judge_faces(result.faces)
    return replace(result, outcome=AWCheckSpec(roller, spec.difficulty).judge(result.faces), total=total)


def _boosted_spec(spec: AWOpposedSpec, side: Side, amount: int) -> AWOpposedSpec:
    if side is Side.ACTION:
        return replace(spec, action=boosted(spec.action, amount))
    return replace(spec, reaction=boosted(spec.reaction, amount))


def reaction_faces(result: OpposedResult) -> Faces | None:
    """The reaction's faces as the judge takes them (None: it did not or could not roll)."""
    if result.reaction is None or not result.reaction.faces:
        return None
    return result.reaction.faces


def turns_opposed(spec: AWOpposedSpec, result: OpposedResult, side: Side, amount: int) -> bool:
    """Whether +amount on `side` turns this 対決 (that side lost and wins with it)."""
    if result.winner is side:
        return False
    faces = result.action.faces, reaction_faces(result)
    return _boosted_spec(spec, side, amount).judge(*faces) is side


def rejudge_opposed(spec: AWOpposedSpec, result: OpposedResult, side: Side, amount: int) -> OpposedResult:
    """The same dice judged again with +amount on `side`."""
    changed = _boosted_spec(spec, side, amount)
    winner = changed.judge(result.action.faces, reaction_faces(result))

    def judged(roller: AWRoller, rolled: CheckResult | None, won: bool) -> CheckResult | None:
        if rolled is None:
            return None
        if not rolled.faces:  # could not roll: 達成値 = 判定値 + 修正
            return replace(rolled, outcome=_decided(won), total=roller.fixed_total())
        automatic, total = roller.judge_faces(rolled.faces)
        return replace(rolled, outcome=automatic or _decided(won), total=total)

    action = judged(changed.action, result.action, winner is Side.ACTION)
    assert action is not None
    reaction = judged(changed.reaction, result.reaction, winner is Side.REACTION)
    return replace(result, winner=winner, action=action, reaction=reaction)


def _decided(won: bool) -> Outcome:
    return Outcome.SUCCESS if won else Outcome.FAILURE


def opposed_spell_use_probability(spec: AWOpposedSpec, side: Side, amount: int) -> Fraction:
    """After the roll: P(`side` loses without +amount and wins with it), the other side using none."""
    changed = _boosted_spec(spec, side, amount)
    rolls = all_rolls()
    total = Fraction(0)
    for action_faces in rolls:
        if spec.reaction_rolls(action_faces):
            turned = sum(
                1
                for faces in rolls
                if spec.judge(action_faces, faces) is not side and changed.judge(action_faces, faces) is side
            )
            total += Fraction(turned, len(rolls) ** 2)
        elif spec.judge(action_faces, None) is not side and changed.judge(action_faces, None) is side:
            total += Fraction(1, len(rolls))
    return total
