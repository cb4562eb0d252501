"""Rolling a parsed command and writing the line BCDice would print for it.

Every die is `rng.randint(1, sides)` in reading order, the order BCDice draws them, so a test
can replay BCDice's own golden cases by handing over the faces it lists.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Any

from gmtool.rules.command_calc import ZERO_DIVISION, calc_value
from gmtool.rules.command_parse import (
    BarabaraCommand,
    Body,
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
from gmtool.rules.command_syntax import (
    D66_SIDES,
    BinOp,
    CommandError,
    Dice,
    Neg,
    Node,
    Num,
    Paren,
    compare,
    constant,
    divide,
)
from gmtool.rules.message import Message

# Dice one command may roll, repeats and rerolls included: BCDice's own limit (its Randomizer's
# UPPER_LIMIT_RANDS; a D66 is two).  Past it a roll would take seconds, or hours for xUy[2].
MAX_ROLLED_DICE = 10_000
ARROW = " ＞ "  # BCDice's separator: a full-width ＞ between spaces
SUCCESS_TEXT = {True: "成功", False: "失敗"}


@dataclass(frozen=True)
class CommandResult:
    """One rolled command: the BCDice-shaped text and the numbers behind it.

    `total` is the sum (xDy), the number of successes (xBy/xUy with a comparison), the largest
    die (xUy), the D66 number or the C() value; None for choice and for a repeat.  `success` is
    None when the command has no comparison (an SRS 自動成功/自動失敗 decides it even without a
    target).  `critical` and `fumble` mark SRS's automatic outcomes and SGS's クリティカル/ファンブル.
    """

    text: str
    total: int | None
    dice: tuple[int, ...]
    success: bool | None
    secret: bool
    comment: str = ""
    parts: tuple[CommandResult, ...] = field(default=())  # each roll of a repeat
    critical: bool = False
    fumble: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "total": self.total,
            "dice": list(self.dice),
            "success": self.success,
            "secret": self.secret,
        }


class _Counted(random.Random):
    """Hands out `rng`'s dice and refuses the one past MAX_ROLLED_DICE."""

    def __init__(self, rng: random.Random) -> None:
        super().__init__(0)
        self._rng = rng
        self._left = MAX_ROLLED_DICE

    def randint(self, a: int, b: int) -> int:
        self._left -= 1
        if self._left < 0:
            raise CommandError(
                Message("振るダイスが多すぎます（振り足しと繰り返しを含めて {0} 個まで）", MAX_ROLLED_DICE)
            )
        return self._rng.randint(a, b)


def roll_command(command: Command, rng: random.Random) -> CommandResult:
    rng = _Counted(rng)
    if command.repeat == 1:
        result = _roll_body(command.body, rng, command.secret)
        return replace(result, secret=command.secret, comment=command.comment)
    parts = tuple(_roll_body(command.body, rng, command.secret) for _ in range(command.repeat))
    text = "\n\n".join(f"#{i}\n{part.text}" for i, part in enumerate(parts, 1))
    dice = tuple(face for part in parts for face in part.dice)
    return CommandResult(text, None, dice, None, command.secret, command.comment, parts)


def _roll_body(body: Body, rng: random.Random, secret: bool) -> CommandResult:
    if isinstance(body, SumCommand):
        return _roll_sum(body, rng, secret)
    if isinstance(body, BarabaraCommand):
        return _roll_barabara(body, rng, secret)
    if isinstance(body, UpperCommand):
        return _roll_upper(body, rng, secret)
    if isinstance(body, SrsCommand):
        return _roll_srs(body, rng, secret)
    if isinstance(body, SengensyouCommand):
        return _roll_sengensyou(body, rng, secret)
    if isinstance(body, D66Command):
        faces = (rng.randint(1, 6), rng.randint(1, 6))
        shown = {"A": sorted(faces), "D": sorted(faces, reverse=True), "N": list(faces)}[body.order]
        value = shown[0] * 10 + shown[1]
        return CommandResult(f"({body.text}){ARROW}{value}", value, faces, None, secret)
    if isinstance(body, CalcCommand):
        return _roll_calc(body, secret)
    if isinstance(body, TallyCommand):
        rolled = body.roll(rng)
        text = ARROW.join((f"({body.text})", ",".join(map(str, rolled)), body.tally(rolled)))
        return CommandResult(text, None, rolled, None, secret)
    if isinstance(body, RerollCommand):
        return _roll_reroll(body, rng, secret)
    assert isinstance(body, ChoiceCommand)
    chosen, picks = body.pick(rng)
    text = f"({body.text}){ARROW}{body.separator.join(chosen)}"
    return CommandResult(text, None, tuple(picks), None, secret)


class _Rolled:
    """The faces a sum command rolled, in order, and each node's printed form."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.faces: list[int] = []  # every die, a D66 as its two d6
        self.count = 0  # the dice BCDice counts, a D66 as one

    def evaluate(self, node: Node) -> tuple[int, str]:
        if isinstance(node, Num):
            return node.value, node.text
        if isinstance(node, Paren):
            value, shown = self.evaluate(node.body)
            return value, f"({shown})"
        if isinstance(node, Neg):
            value, shown = self.evaluate(node.body)
            return -value, f"-{shown}"
        if isinstance(node, BinOp):
            a, left = self.evaluate(node.lhs)
            b, right = self.evaluate(node.rhs)
            shown = f"{left}{node.op}{right}{node.rounding}"
            if node.op == "+":
                return a + b, shown
            if node.op == "-":
                return a - b, shown
            if node.op == "*":
                return a * b, shown
            return divide(a, b, node.rounding), shown
        assert isinstance(node, Dice)
        times, sides = constant(node.times), constant(node.sides)
        if sides == D66_SIDES:  # BCDice rolls xD66 in a sum as D66 numbers, unsorted (DiceBot)
            pairs = [(self.rng.randint(1, 6), self.rng.randint(1, 6)) for _ in range(times)]
            self.faces.extend(face for pair in pairs for face in pair)
            faces = [10 * tens + units for tens, units in pairs]
        else:
            faces = [self.rng.randint(1, sides) for _ in range(times)]
            self.faces.extend(faces)
        self.count += times
        if node.keep is None or node.count is None:
            total = sum(faces)
            return total, f"{total}[{','.join(map(str, faces))}]"
        ordered = sorted(faces)
        total = sum(kept_faces(ordered, node.keep, constant(node.count)))
        return total, f"{total}[{','.join(map(str, ordered))}]"


def kept_faces(ordered: list[int], keep: str, count: int) -> list[int]:
    """The faces a KH/KL/DH/DL filter keeps from faces sorted ascending."""
    if keep == "KH":
        return ordered[::-1][:count]
    if keep == "KL":
        return ordered[:count]
    if keep == "DH":
        return ordered[::-1][count:]
    return ordered[count:]  # DL


def _roll_sum(body: SumCommand, rng: random.Random, secret: bool) -> CommandResult:
    rolled = _Rolled(rng)
    total, shown = rolled.evaluate(body.expr)
    faces = tuple(rolled.faces)
    # BCDice leaves out the middle step for a lone plain die: "(1D6) ＞ 3".
    if rolled.count <= 1 and isinstance(body.expr, Dice) and body.expr.keep is None:
        text = f"({body.text}){ARROW}{total}"
    else:
        text = f"({body.text}){ARROW}{shown}{ARROW}{total}"
    success = None
    if body.op is not None and body.target is not None:
        success = compare(total, body.op, constant(body.target))
        text += ARROW + SUCCESS_TEXT[success]
    return CommandResult(text, total, faces, success, secret)


def _roll_barabara(body: BarabaraCommand, rng: random.Random, secret: bool) -> CommandResult:
    faces = tuple(rng.randint(1, sides) for times, sides in body.groups for _ in range(times))
    parts = [f"({body.text})", ",".join(map(str, faces))]
    if body.op is None or body.target is None:
        return CommandResult(ARROW.join(parts), sum(faces), faces, None, secret)
    count = sum(compare(f, body.op, body.target) for f in faces)
    parts.append(f"成功数{count}")
    return CommandResult(ARROW.join(parts), count, faces, count > 0, secret)


def _roll_upper(body: UpperCommand, rng: random.Random, secret: bool) -> CommandResult:
    chains: list[list[int]] = []
    for times, sides in body.groups:
        for _ in range(times):
            chain = [rng.randint(1, sides)]
            while chain[-1] >= body.threshold:
                chain.append(rng.randint(1, sides))
            chains.append(chain)
    sums = [sum(c) for c in chains]
    shown = ",".join(
        str(s) if len(c) == 1 else f"{s}[{','.join(map(str, c))}]" for s, c in zip(sums, chains, strict=True)
    )
    if body.modifier:
        shown += f"{body.modifier:+d}"
    faces = tuple(f for c in chains for f in c)
    if body.op is None or body.target is None:
        best, total = max(sums) + body.modifier, sum(sums) + body.modifier
        text = ARROW.join((f"({body.text})", shown, f"{best}/{total}(最大/合計)"))
        return CommandResult(text, best, faces, None, secret)
    count = sum(compare(s + body.modifier, body.op, body.target) for s in sums)
    text = ARROW.join((f"({body.text})", shown, f"成功数{count}"))
    return CommandResult(text, count, faces, count > 0, secret)


def _roll_calc(body: CalcCommand, secret: bool) -> CommandResult:
    """c(1+2) ＞ 3, or BCDice's own words for a division by zero in place of the value."""
    try:
        value = calc_value(body.expr)
    except ZeroDivisionError:
        return CommandResult(f"{body.text}{ARROW}{ZERO_DIVISION}", None, (), None, secret)
    return CommandResult(f"{body.text}{ARROW}{value}", value, (), None, secret)


def _roll_reroll(body: RerollCommand, rng: random.Random, secret: bool) -> CommandResult:
    """BCDice's RerollDice line: each group's faces, the groups joined by " + ", the count."""
    groups = body.roll(rng)
    faces = tuple(f for group in groups for f in group)
    count = sum(body.succeeds(f) for f in faces)
    shown = " + ".join(",".join(map(str, group)) for group in groups)
    text = ARROW.join((f"({body.text})", shown, f"成功数{count}"))
    success = count > 0 if body.op is not None else None
    return CommandResult(text, count, faces, success, secret)


def _modifier(value: int) -> str:
    return f"{value:+d}" if value else ""


def _roll_srs(body: SrsCommand, rng: random.Random, secret: bool) -> CommandResult:
    """BCDice's SRS line: the faces sorted, the modifier after them, the verdict when there is one."""
    faces = (rng.randint(1, 6), rng.randint(1, 6))
    natural = sum(faces)
    total = natural + body.modifier
    verdict = body.verdict(natural)
    dice = f"{natural}[{','.join(map(str, sorted(faces)))}]{_modifier(body.modifier)}"
    parts = [f"({body.text})", dice, str(total)] + ([verdict] if verdict else [])
    success = None if verdict is None else verdict.endswith("成功")
    return CommandResult(
        ARROW.join(parts),
        total,
        faces,
        success,
        secret,
        critical=verdict == "自動成功",
        fumble=verdict == "自動失敗",
    )


def _roll_sengensyou(body: SengensyouCommand, rng: random.Random, secret: bool) -> CommandResult:
    """BCDice's Sengensyou line: 3D6 as rolled, the modified sum as a step of its own."""
    faces = tuple(rng.randint(1, 6) for _ in range(3))
    natural = sum(faces)
    total = natural + body.modifier
    parts = [f"({body.text})", f"{natural}[{','.join(map(str, faces))}]"]
    if body.modifier:
        parts.append(f"{natural}{_modifier(body.modifier)}")
    parts.append(str(total))
    mark = body.mark(natural)
    if mark:
        parts.append(mark)
    return CommandResult(
        ARROW.join(parts),
        total,
        faces,
        None,
        secret,
        critical=mark == "クリティカル",
        fumble=mark == "ファンブル",
    )
