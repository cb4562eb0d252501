"""AW 行為判定 and 対決, each defined once as a judge of dice faces.

`distribution()` enumerates every equally likely roll through the judge;
`resolve()` rolls real dice and hands them to the same judge.  They cannot
disagree about a rule.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from gmtool.rules.checks import CheckResult, OpposedResult, Outcome, Side
from gmtool.rules.dice import Distribution, Faces, all_faces, enumerate_outcomes, roll
from gmtool.rules.message import Message

DICE = (2, 6)  # 2D6
# Where the panel starts: the middle of 普通 (9–11). A UI default, not a rule number.
DEFAULT_DIFFICULTY = 10
# A character's クリティカル値 and ファンブル値 (the schema's and the sheet's bounds; AWRoller checks them).
CRITICAL_BOUNDS = (2, 13)
FUMBLE_BOUNDS = (1, 12)
_ALL_ROLLS = tuple(all_faces(*DICE))


@dataclass(frozen=True)
class AWRoller:
    """One side of a check: 判定値, 修正 and the character's critical/fumble values."""

    value: int
    modifier: int = 0
    critical: int = 12
    fumble: int = 2
    can_roll: bool = True  # 対決のリアクション側が判定できない場合 False

    def __post_init__(self) -> None:
        if not 2 <= self.critical <= 13:
            raise ValueError(Message("クリティカル値 {0} は 2〜13 の範囲外です", self.critical))
        if not 1 <= self.fumble <= 12:
            raise ValueError(Message("ファンブル値 {0} は 1〜12 の範囲外です", self.fumble))
        if self.fumble >= self.critical:
            raise ValueError(
                Message("ファンブル値 {0} がクリティカル値 {1} 以上です", self.fumble, self.critical)
            )

    def judge_faces(self, faces: Faces) -> tuple[Outcome | None, int | None]:
        """(automatic outcome or None, 達成値 or None) for one roll."""
        natural = sum(faces)
        if natural >= self.critical:  # クリティカルが先: 以降の処理は行なわれない
            return Outcome.AUTO_SUCCESS, None
        if natural <= self.fumble:
            return Outcome.AUTO_FAILURE, None
        return None, self.value + natural + self.modifier

    def fixed_total(self) -> int:
        """達成値 of a side that cannot roll: 判定値 + 修正, no dice."""
        return self.value + self.modifier


@dataclass(frozen=True)
class AWCheckSpec:
    roller: AWRoller
    difficulty: int

    def judge(self, faces: Faces) -> Outcome:
        automatic, total = self.roller.judge_faces(faces)
        if automatic is not None:
            return automatic
        assert total is not None
        return Outcome.SUCCESS if total >= self.difficulty else Outcome.FAILURE


@dataclass(frozen=True)
class AWOpposedSpec:
    action: AWRoller
    reaction: AWRoller

    def reaction_rolls(self, action_faces: Faces) -> bool:
        """アクション側がファンブルしたらリアクション側は判定を行なう必要はない."""
        automatic, _ = self.action.judge_faces(action_faces)
        return self.reaction.can_roll and automatic is not Outcome.AUTO_FAILURE

    def judge(self, action_faces: Faces, reaction_faces: Faces | None) -> Side:
        action_auto, action_total = self.action.judge_faces(action_faces)
        if action_auto is Outcome.AUTO_FAILURE:
            return Side.REACTION
        reaction_auto: Outcome | None
        reaction_total: int | None
        if reaction_faces is None:  # cannot roll: no critical, no fumble
            reaction_auto, reaction_total = None, self.reaction.fixed_total()
        else:
            reaction_auto, reaction_total = self.reaction.judge_faces(reaction_faces)
        if reaction_auto is Outcome.AUTO_FAILURE:
            return Side.ACTION
        if reaction_auto is Outcome.AUTO_SUCCESS:  # also beats an action critical
            return Side.REACTION
        if action_auto is Outcome.AUTO_SUCCESS:
            return Side.ACTION
        assert action_total is not None and reaction_total is not None
        # リアクション優先の法則: ties go to the reaction side.
        return Side.ACTION if action_total > reaction_total else Side.REACTION


def check_distribution(spec: AWCheckSpec) -> Distribution[Outcome]:
    return enumerate_outcomes(*DICE, spec.judge)


def opposed_distribution(spec: AWOpposedSpec) -> Distribution[Side]:
    weights: dict[Side, Fraction] = {}
    per_roll = Fraction(1, len(_ALL_ROLLS))
    for action_faces in _ALL_ROLLS:
        if spec.reaction_rolls(action_faces):
            for reaction_faces in _ALL_ROLLS:
                side = spec.judge(action_faces, reaction_faces)
                weights[side] = weights.get(side, Fraction(0)) + per_roll * per_roll
        else:
            side = spec.judge(action_faces, None)
            weights[side] = weights.get(side, Fraction(0)) + per_roll
    return Distribution(weights)


def outcome_by_natural_total(spec: AWCheckSpec) -> dict[int, Outcome]:
    """The outcome each natural 2D6 total gives (for the coloured bar plot).

    The judge reads only the sum of the faces, so a one-element tuple stands for the total.
    """
    return {natural: spec.judge((natural,)) for natural in range(2, 13)}


@lru_cache(maxsize=128)
def success_curve(roller: AWRoller, difficulties: range) -> dict[int, Fraction]:
    """P(success, 自動成功 included) for each difficulty.

    Cached: a difficulty change keeps the roller, so the panel's curve is not recomputed.
    Callers must not mutate the returned dict.
    """
    return {
        d: check_distribution(AWCheckSpec(roller, d)).probability(lambda o: o.succeeded) for d in difficulties
    }


def _side_result(roller: AWRoller, faces: Faces | None, won: bool) -> CheckResult:
    """One side of a resolved check; faces None means the side could not roll."""
    decided = Outcome.SUCCESS if won else Outcome.FAILURE
    if faces is None:
        return CheckResult(outcome=decided, faces=(), total=roller.fixed_total())
    automatic, total = roller.judge_faces(faces)
    return CheckResult(outcome=automatic or decided, faces=faces, total=total)


def resolve_check(spec: AWCheckSpec, rng: random.Random, seed: int | None = None) -> CheckResult:
    faces = roll(rng, *DICE)
    _, total = spec.roller.judge_faces(faces)
    return CheckResult(outcome=spec.judge(faces), faces=faces, total=total, seed=seed)


@lru_cache(maxsize=4096)  # a blockade of many alike blockers asks the same question again and again
def action_wins_given(spec: AWOpposedSpec, action_faces: Faces) -> Fraction:
    """Exact P that the action side wins once its faces are known (the reaction's roll still open)."""
    if not spec.reaction_rolls(action_faces):
        return Fraction(int(spec.judge(action_faces, None) is Side.ACTION))
    wins = sum(1 for reaction_faces in _ALL_ROLLS if spec.judge(action_faces, reaction_faces) is Side.ACTION)
    return Fraction(wins, len(_ALL_ROLLS))


def all_rolls() -> tuple[Faces, ...]:
    """Every equally likely 2D6 roll (ordered faces)."""
    return _ALL_ROLLS


def resolve_opposed(
    spec: AWOpposedSpec, rng: random.Random, seed: int | None = None, action_faces: Faces | None = None
) -> OpposedResult:
    """One 対決; `action_faces` given = the action side's roll already made (one roll set against
    several reactions), so only the reaction rolls here."""
    if action_faces is None:
        action_faces = roll(rng, *DICE)
    reaction_faces = roll(rng, *DICE) if spec.reaction_rolls(action_faces) else None
    winner = spec.judge(action_faces, reaction_faces)
    action = _side_result(spec.action, action_faces, winner is Side.ACTION)
    # A reaction that could roll but has no faces never rolled: the action side fumbled.
    skipped = spec.reaction.can_roll and reaction_faces is None
    reaction = None if skipped else _side_result(spec.reaction, reaction_faces, winner is Side.REACTION)
    return OpposedResult(winner=winner, action=action, reaction=reaction, seed=seed)
