"""A fear attack's values in the tracker (3.8 恐怖): what the GM chose (`FearPlan`), the roll as it was
made (`FearRoll`), and what the fear box shows before and after it (`FearOdds`, `FearOutcome`).
`LotRFearModel` builds and rolls them."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from gmtool.rules.dice import Distribution
from gmtool.rules.message import Message
from gmtool.rules.systems.lotr import fear as engine
from gmtool.rules.systems.lotr.checks import OpposedResult, TieRule
from gmtool.rules.systems.lotr.courage import CouragePerPoint


@dataclass(frozen=True)
class FearPlan:
    """intimidate: the attacker's Intimidate (Fear, or Majesty/Power against the dark's servants):
    ranks + attribute modifier + modifiers; willpower: the target's Willpower + modifiers.  The wound,
    weariness and fear penalties of each are added here.  modifiers: the names of the ticked rows of
    the fear_modifiers table.  inspired_by: a retry after someone unafraid's Inspire."""

    attacker: str
    target: str
    intimidate: int
    willpower: int
    modifiers: tuple[str, ...] = ()
    tie_rule: TieRule = TieRule.REROLL
    inspired_by: str | None = None


@dataclass(frozen=True)
class FearRoll:
    plan: FearPlan
    spec: engine.FearSpec
    result: OpposedResult  # as the dice made it, no courage
    seed: int
    odds: Distribution[engine.FearEffect]
    # What a point of courage gives the attacker (on Intimidate) and the target (on Willpower), as
    # rolled: +3 and the traits of the courage_traits table (1.2.3).
    courage_values: tuple[CouragePerPoint, CouragePerPoint] = (CouragePerPoint(), CouragePerPoint())

    @property
    def per_point(self) -> tuple[int, int]:
        return self.courage_values[0].total, self.courage_values[1].total


@dataclass(frozen=True)
class FearOdds:
    """The odds the box shows before the roll: the two bonuses with their penalties, the chance the
    fear works at all, and each effect's chance, the attacker's best degree first.  An effect's
    degree name is None for the one where the target resists."""

    intimidate: int
    resistance: int
    works: Fraction
    effects: tuple[tuple[str | None, Message, Fraction], ...]


@dataclass(frozen=True)
class FearOutcome:
    """The waiting roll as the box shows it, with the courage spent on it: the last totals, the
    attacker's degree (None: the target resisted), the effect, and whether the Extraordinary
    choice (flee or drop) is open."""

    a_total: int
    b_total: int
    margin: int
    degree: str | None
    effect: Message
    courage: tuple[int, int]
    flee_choice: bool
