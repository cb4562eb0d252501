"""Courage on the LotR judgement panel (1.2.3): what a character may still spend this round,
what a point gives on the test set up now, and spending it on the last roll after seeing it.

`LotRCourage` is the panel model's collaborator (`model.courage`).  It reads what the panel has
set up and rolled through `CheckSetup` (the panel's public face), and counts the round in the
campaign's session state (courage_rounds), so a spend and 次のラウンド are undoable and survive
a restart.  `RolledCheck` (the last roll, which courage reads again) lives here with it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Protocol

from PySide6.QtCore import QObject, Signal

from gmtool.models.campaign_model import CampaignModel
from gmtool.models.lotr import courage_rounds
from gmtool.models.lotr.check_odds import with_courage
from gmtool.models.lotr.courage_log import courage_log_payload, courage_refusal
from gmtool.models.lotr.courage_rounds import COURAGE_KEY
from gmtool.models.roller_inputs import RollerInputs
from gmtool.rules.systems.lotr.character import LotRCharacter
from gmtool.rules.systems.lotr.checks import (
    CORRUPTION_CHANGE,
    COURAGE_PER_ROUND,
    Contestant,
    GroupSpec,
    LotRResult,
    OpposedSpec,
    RollResult,
    RollSpec,
)
from gmtool.rules.systems.lotr.courage import CouragePerPoint, courage_per_point, skill_of_kind
from gmtool.rules.systems.lotr.reference_catalog import COURAGE_TRAITS
from gmtool.rules.systems.lotr.rules_data import LotRRules

CORRUPTION = "corruption"  # the panel's mode of a corruption test (check_model.CORRUPTION)


class CourageRefused(ValueError):
    """Courage cannot be spent now; the message says why."""


@dataclass(frozen=True)
class RolledCheck:
    """The last roll as it came off the dice (no courage), and what it changed."""

    result: LotRResult
    spec: RollSpec | GroupSpec | OpposedSpec
    mode: str
    character_id: str | None  # who rolled (the leader in a group test): courage is theirs
    log_id: int
    corruption_before: int | None = None
    corruption_after: int | None = None
    key: tuple[object, ...] = ()  # the panel's _roll_key() when it was rolled
    b_character_id: str | None = None  # B in an opposed test: it may spend courage too
    # What a point of courage gives A (the leader) and B on this test, as rolled (1.2.3 traits).
    courage_values: tuple[CouragePerPoint, CouragePerPoint] = (CouragePerPoint(), CouragePerPoint())

    @property
    def per_point(self) -> tuple[int, int]:
        return self.courage_values[0].total, self.courage_values[1].total


class CheckSetup(Protocol):
    """What courage reads of the judgement panel: the tables, who tests what, and the last roll."""

    rules: LotRRules
    rolled: RolledCheck | None

    @property
    def roll_is_current(self) -> bool: ...

    def character(self, side: Any) -> LotRCharacter | None: ...

    def character_by_id(self, character_id: str | None) -> LotRCharacter | None: ...

    def inputs(self, side: Any) -> RollerInputs: ...


class LotRCourage(QObject):
    spent = Signal(object)  # the last roll read again after courage was spent on it

    def __init__(
        self, campaign_model: CampaignModel, setup: CheckSetup, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.campaign_model = campaign_model
        self._setup = setup

    # ---- the round ----------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        return courage_rounds.courage_state(self.campaign_model)

    @property
    def round(self) -> int:
        """The round courage counts on: the combat tracker's while a LotR fight runs."""
        return courage_rounds.current_round(self.campaign_model)[1]

    @property
    def round_label(self) -> str:
        return courage_rounds.round_label(self.campaign_model)

    @property
    def follows_tracker(self) -> bool:
        return courage_rounds.current_round(self.campaign_model)[0] == courage_rounds.TRACKER

    def spent_this_round(self, character_id: str | None) -> int:
        return courage_rounds.spent_this_round(self.campaign_model, character_id)

    def most(self, character_id: str | None = None) -> int:
        """What the character (A's by default) can still spend on one roll: the round's limit and
        what is left."""
        character_id = character_id or self._setup.inputs(Contestant.A).character_id
        character = self._setup.character_by_id(character_id)
        if character is None:
            return 0
        return max(0, min(COURAGE_PER_ROUND - self.spent_this_round(character_id), character.courage_left))

    def next_round(self) -> None:
        """次のラウンド: every character may spend 4 courage again (undoable).  While a LotR fight
        runs in the combat tracker its rounds are the ones counted: refused here."""
        if self.follows_tracker:
            raise CourageRefused(
                self.tr("戦闘トラッカーのラウンドで勇気を数えています。ラウンドはトラッカーで進めてください")
            )
        state = self.state()
        state.update(
            round=state["round"] + 1, spent={}, counted=f"{courage_rounds.PANEL}:{state['round'] + 1}"
        )
        self.campaign_model.set_session_value(COURAGE_KEY, state, self.tr("次のラウンド（勇気の回数を戻す）"))

    # ---- what a point gives ---------------------------------------------------------------------
    def per_point(self, side: Contestant = Contestant.A) -> CouragePerPoint:
        """What one point of courage gives this roller on the test chosen now: +3 and the traits
        of the courage_traits table the character has for the test's skill (1.2.3)."""
        character = self._setup.character(side)
        if character is None:
            return CouragePerPoint()
        skill = skill_of_kind(character, self._setup.inputs(side).source)
        return courage_per_point(character, skill, self._setup.rules.reference_table(COURAGE_TRAITS))

    # ---- the last roll ----------------------------------------------------------------------------
    @property
    def last_result(self) -> LotRResult | None:
        """The last roll with the courage spent on it (read from session state, so undo shows)."""
        rolled = self._setup.rolled
        if rolled is None:
            return None
        return with_courage(rolled.result, rolled.spec, *self.on_roll(), rolled.per_point)

    def on_roll(self) -> tuple[int, int]:
        """Courage spent on the last roll: (A's or the leader's, B's in an opposed test)."""
        roll = self.state()["roll"]
        rolled = self._setup.rolled
        if rolled is None or roll.get("log_id") != rolled.log_id:
            return 0, 0
        return int(roll.get("points", 0)), int(roll.get("points_b", 0))

    def spender(self, side: Contestant = Contestant.A) -> str | None:
        """Whose courage a spend on the last roll is: A (the leader), or B in an opposed test."""
        rolled = self._setup.rolled
        if rolled is None:
            return None
        return rolled.b_character_id if side is Contestant.B else rolled.character_id

    def refusal(self, points: int = 1, side: Contestant = Contestant.A) -> str:
        """Why `points` courage cannot be spent on the last roll now, or ''."""
        setup = self._setup
        character = setup.character_by_id(self.spender(side))
        refusal = courage_refusal(self, setup.rolled, setup.roll_is_current, character, points, side)
        if refusal or setup.rolled is None:
            return refusal
        return setup.rolled.courage_values[1 if side is Contestant.B else 0].refusal  # a trait 未設定

    def spend(self, points: int = 1, side: Contestant = Contestant.A) -> LotRResult:
        """+3 per point on the last roll (on `side`'s total in an opposed test), after seeing it;
        one undo step (the character and the round's count)."""
        refusal = self.refusal(points, side)
        if refusal:
            raise CourageRefused(refusal)
        rolled, spender = self._setup.rolled, self.spender(side)
        assert rolled is not None and spender is not None
        before_result = self.last_result
        a_points, b_points = self.on_roll()
        if side is Contestant.B:
            b_points += points
        else:
            a_points += points
        state = courage_rounds.with_spent(self.campaign_model, spender, points)
        state["roll"] = {"log_id": rolled.log_id, "points": a_points, "points_b": b_points}
        character = self.campaign_model.character(spender)
        after = replace(character, courage_spent=character.courage_spent + points)
        stack = self.campaign_model.undo_stack
        stack.beginMacro(self.tr("勇気を使う"))
        try:
            self.campaign_model.set_session_value(COURAGE_KEY, state, self.tr("勇気を使う"))
            after = self._corruption_after_courage(after, before_result)
            self.campaign_model.update_character(spender, after, self.tr("勇気を使う"))
        finally:
            stack.endMacro()
        result = self.last_result
        assert result is not None and before_result is not None
        entry = courage_log_payload(
            self, self._setup.rules, rolled, before_result, result, points, after, side
        )
        self.campaign_model.append_log("check", entry)
        self.spent.emit(result)
        return result

    def _corruption_after_courage(self, character: Any, before: LotRResult | None) -> Any:
        """A better degree on a corruption test changes the Corruption it gave (1.2.4)."""
        rolled, now = self._setup.rolled, self.last_result
        if rolled is None or rolled.mode != CORRUPTION or not isinstance(before, RollResult):
            return character
        assert isinstance(now, RollResult)
        delta = CORRUPTION_CHANGE[now.degree] - CORRUPTION_CHANGE[before.degree]
        return replace(character, corruption=max(0, character.corruption + delta))
