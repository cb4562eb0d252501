"""xRy (BCDice 3's RerollDice): each die meeting the reroll condition adds one more die of its
sides, rolled after the group it came from; every die, rerolled ones too, counts as a success
when it passes the target.

    2R6[5]>=5    reroll at 5 or more, count the dice at 5 or more
    2R6>=5       the same: the condition defaults to the target's
    2R6[<=2]>=4  reroll on a 1 or 2, count the dice at 4 or more (also 2R6>=4@<=2)
    2R4+2R6>=4   groups of different sides

The count of successes is unbounded when a success can be rerolled (2R6>=5), so its odds are the
exact probabilities of 0, 1, 2… up to a cap, and the mass past it is the last bar's "or more".
"""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from gmtool.rules.command_groups import dice_groups
from gmtool.rules.command_syntax import Parser, compare, constant
from gmtool.rules.message import Message, template

# The odds stop where fewer than one roll in a million has more successes (or the work runs out);
# what is left is shown as "or more" on the last count.
TAIL = Fraction(1, 1_000_000)
NO_CONDITION = template("振り足しの条件が必要です（例: 2R6>=5 か 2R6[5]）")


@dataclass(frozen=True)
class RerollCommand:
    groups: tuple[tuple[int, int], ...]
    reroll_op: str  # a die passing `reroll_op threshold` adds another
    threshold: int
    op: str | None = None  # successes are the dice passing `op target`
    target: int | None = None

    @property
    def text(self) -> str:
        """2R6[3]>=3: the reroll comparison shown only where it differs from the target's."""
        dice = "+".join(f"{t}R{s}" for t, s in self.groups)
        reroll = "" if self.reroll_op == self.op else self.reroll_op
        tail = f"{self.op}{self.target}" if self.op is not None else ""
        return f"{dice}[{reroll}{self.threshold}]{tail}"

    def rerolls(self, face: int) -> bool:
        return compare(face, self.reroll_op, self.threshold)

    def succeeds(self, face: int) -> bool:
        return self.op is not None and self.target is not None and compare(face, self.op, self.target)

    def roll(self, rng: random.Random) -> list[list[int]]:
        """Each group rolled in turn; a group's rerolls join the queue as a group of their own.
        Ends: a face that does not reroll exists (checked when parsed), and `rng` caps the dice."""
        queue = deque(self.groups)
        rolled = []
        while queue:
            times, sides = queue.popleft()
            faces = [rng.randint(1, sides) for _ in range(times)]
            rolled.append(faces)
            again = sum(self.rerolls(f) for f in faces)
            if again:
                queue.append((again, sides))
        return rolled


def parse_reroll(parser: Parser) -> RerollCommand:
    """notations, then [cond] and a target, or a target and @cond, or a target alone."""
    groups = dice_groups(parser, "R")
    condition = _condition(parser, "]") if parser.token.kind == "[" else None
    op = target = None
    if parser.token.kind == "cmp":
        op = parser.advance().value
        target = constant(parser.constant_expr("目標値"))
    if parser.token.kind == "@":
        if condition is not None:
            raise parser.fail(Message("振り足しの条件は [n] か @n のどちらか一方に書きます"))
        condition = _condition(parser, "")
    at = parser.token
    parser.end()
    if condition is None:  # 2R6>=5: the target's comparison is the condition too
        reroll_op, threshold = op or ">=", target
    else:  # [5] takes the target's comparison, or >= without a target
        reroll_op, threshold = condition[0] or op or ">=", condition[1]
    if threshold is None:
        raise parser.fail(Message(NO_CONDITION), at)
    command = RerollCommand(groups, reroll_op, threshold, op, target)
    # BCDice refuses a condition every face meets (2R6<=7, 2R6[>=1]): the dice would never stop.
    for _, sides in groups:
        if all(command.rerolls(f) for f in range(1, sides + 1)):
            endless = Message(
                "{0} 面のダイスはどの目も {1}{2} で振り足しになります（止まる目のある条件にします）",
                sides,
                reroll_op,
                threshold,
            )
            raise parser.fail(endless, at)
    return command


def _condition(parser: Parser, closer: str) -> tuple[str, int]:
    """[n] / [>=n] / @n / @<=n; an empty comparison is filled in from the target."""
    parser.advance()
    op = parser.advance().value if parser.token.kind == "cmp" else ""
    threshold = constant(parser.constant_expr("振り足しの条件"))
    if closer:
        parser.expect("]", message=Message("閉じかっこ「{0}」が必要です", "]"))
    return op, threshold


def reroll_counts(command: RerollCommand, max_steps: int) -> tuple[dict[int, Fraction], int | None] | None:
    """P(successes = k) for k up to a cap, exact, and the cap (the last key, meaning "k or more")
    or None when every count is listed; None when it would take more than `max_steps`.

    One die and its chain of rerolls: with A, B, C, D the faces that (succeed, reroll),
    (succeed, stop), (fail, reroll), (fail, stop), its count's generating function is
    (Bz + D) / (Q - Az) with Q = sides - C.  For n such dice, (Bz + D)^n (Q - Az)^-n expands to
    P(k) = Σ_j C(n,j) C(n+k-j-1, k-j) B^j D^(n-j) A^(k-j) Q^j / Q^(n+k)."""
    if command.op is None:
        return {0: Fraction(1)}, None  # no target: BCDice counts no successes
    counts: dict[int, Fraction] = {0: Fraction(1)}
    caps: list[int] = []
    for sides, n in _dice_by_sides(command).items():
        found = _counts_one_kind(command, sides, n, max_steps)
        if found is None:
            return None
        one, cap = found
        caps += [cap] if cap is not None else []
        if len(counts) * len(one) > max_steps:
            return None
        merged: dict[int, Fraction] = {}
        for a, pa in counts.items():
            for b, pb in one.items():
                merged[a + b] = merged.get(a + b, Fraction(0)) + pa * pb
        counts = merged
    if not caps:
        return counts, None
    # A sum below every kind's cap is made of exact counts only; the rest is "cap or more".
    cap = min(caps)
    folded = {k: p for k, p in counts.items() if k < cap}
    folded[cap] = 1 - sum(folded.values(), Fraction(0))
    return folded, cap


def _dice_by_sides(command: RerollCommand) -> dict[int, int]:
    out: dict[int, int] = {}
    for times, sides in command.groups:
        out[sides] = out.get(sides, 0) + times
    return out


def _counts_one_kind(
    command: RerollCommand, sides: int, n: int, max_steps: int
) -> tuple[dict[int, Fraction], int | None] | None:
    """n dice of `sides` sides: their counts up to the cap and the cap (None: all listed); None
    when the counts that matter lie past what `max_steps` can reach."""
    a = b = c = d = 0
    for face in range(1, sides + 1):
        s, r = command.succeeds(face), command.rerolls(face)
        a, b, c, d = a + (s and r), b + (s and not r), c + (not s and r), d + (not s and not r)
    q = sides - c
    # A die's mean count is (A + B) / (B + D): twice the mean of n dice must be within reach.
    if (n + 1) * (2 * n * (a + b) // (b + d) + 20) > max_steps:
        return None
    out: dict[int, Fraction] = {}
    left = Fraction(1)
    k = 0
    while True:
        if (k + 1) * (n + 1) > max_steps:
            return None
        numerator = sum(
            comb(n, j) * comb(n + k - j - 1, k - j) * b**j * d ** (n - j) * a ** (k - j) * q**j
            for j in range(min(n, k) + 1)
        )
        p = Fraction(numerator, q ** (n + k))
        out[k] = p
        left -= p
        k += 1
        if left == 0:
            return out, None
        if left < TAIL:
            break
    out[k] = left
    return out, k
