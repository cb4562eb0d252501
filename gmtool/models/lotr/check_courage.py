"""Courage on the LotR judgement panel (1.2.3): what a character may still spend this round,
what a point gives on the test set up now, and spending it on the last roll after seeing it.

A mixin of `LotRCheckModel`, which provides `campaign_model`, `rules`, `rolled`,
`character`/`character_by_id`/`inputs`, `check_resolved` and `tr`; kept apart so each module
stays short.  `RolledCheck` (the last roll, which courage reads again) lives here with it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, cast

from gmtool.models.campaign_model import CampaignModel
from gmtool.models.lotr import courage_rounds
from gmtool.models.lotr.check_odds import with_courage
from gmtool.models.lotr.courage_log import courage_log_payload, courage_refusal
from gmtool.models.lotr.courage_rounds import COURAGE_KEY
from gmtool.models.roller_inputs import RollerInputs
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

if TYPE_CHECKING:
    from gmtool.models.lotr.check_model import LotRCheckModel, Side


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


class CourageMixin:
    campaign_model: CampaignModel
    rules: LotRRules
    rolled: RolledCheck | None
    check_resolved: Any  # the model's Signal

    if TYPE_CHECKING:  # the model's and QObject's (a stub here would shadow them)

        def tr(self, sourceText: str, /, disambiguation: str | None = ..., n: int = ...) -> str: ...
        def character(self, side: Side) -> Any: ...
        def character_by_id(self, character_id: str | None) -> Any: ...
        def inputs(self, side: Side) -> RollerInputs: ...

    @property
    def _model(self) -> LotRCheckModel:
        """This panel model as the log texts take it (they read its inputs and odds too)."""
        return cast("LotRCheckModel", self)

    def courage_state(self) -> dict[str, Any]:
        return courage_rounds.courage_state(self.campaign_model)

    @property
    def courage_round(self) -> int:
        """The round courage counts on: the combat tracker's while a LotR fight runs."""
        return courage_rounds.current_round(self.campaign_model)[1]

    @property
    def courage_round_label(self) -> str:
        return courage_rounds.round_label(self.campaign_model)

    @property
    def follows_tracker(self) -> bool:
        return courage_rounds.current_round(self.campaign_model)[0] == courage_rounds.TRACKER

    def spent_this_round(self, character_id: str | None) -> int:
        return courage_rounds.spent_this_round(self.campaign_model, character_id)

    def courage_most(self, character_id: str | None = None) -> int:
        """What the character can still spend on one roll: the round's limit and what is left."""
        character_id = character_id or self.inputs(Contestant.A).character_id
        character = self.character_by_id(character_id)
        if character is None:
            return 0
        return max(0, min(COURAGE_PER_ROUND - self.spent_this_round(character_id), character.courage_left))

    @property
    def last_result(self) -> LotRResult | None:
        """The last roll with the courage spent on it (read from session state, so undo shows)."""
        if self.rolled is None:
            return None
        return with_courage(
            self.rolled.result, self.rolled.spec, *self.courage_on_roll(), self.rolled.per_point
        )

    def courage_on_roll(self) -> tuple[int, int]:
        """Courage spent on the last roll: (A's or the leader's, B's in an opposed test)."""
        roll = self.courage_state()["roll"]
        if self.rolled is None or roll.get("log_id") != self.rolled.log_id:
            return 0, 0
        return int(roll.get("points", 0)), int(roll.get("points_b", 0))

    def courage_refusal(self, points: int = 1, side: Contestant = Contestant.A) -> str:
        """Why `points` courage cannot be spent on the last roll now, or ''."""
        refusal = courage_refusal(self._model, points, side)
        if refusal or self.rolled is None:
            return refusal
        return self.rolled.courage_values[1 if side is Contestant.B else 0].refusal  # a trait 未設定

    def courage_per_point(self, side: Contestant = Contestant.A) -> CouragePerPoint:
        """What one point of courage gives this roller on the test chosen now: +3 and the traits
        of the courage_traits table the character has for the test's skill (1.2.3)."""
        character = self.character(side)
        if character is None:
            return CouragePerPoint()
        skill = skill_of_kind(character, self.inputs(side).source)
        return courage_per_point(character, skill, self.rules.reference_table(COURAGE_TRAITS))

    def spender(self, side: Contestant = Contestant.A) -> str | None:
        """Whose courage a spend on the last roll is: A (the leader), or B in an opposed test."""
        if self.rolled is None:
            return None
        return self.rolled.b_character_id if side is Contestant.B else self.rolled.character_id

    def spend_courage(self, points: int = 1, side: Contestant = Contestant.A) -> LotRResult:
        """+3 per point on the last roll (on `side`'s total in an opposed test), after seeing it;
        one undo step (the character and the round's count)."""
        refusal = self.courage_refusal(points, side)
        if refusal:
            raise CourageRefused(refusal)
        rolled, spender = self.rolled, self.spender(side)
        assert rolled is not None and spender is not None
        before_result = self.last_result
        a_points, b_points = self.courage_on_roll()
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
        entry = courage_log_payload(self._model, before_result, result, points, after, side)
        self.campaign_model.append_log("check", entry)
        self.check_resolved.emit(result)
        return result

    def _corruption_after_courage(self, character: Any, before: LotRResult | None) -> Any:
        """A better degree on a corruption test changes the Corruption it gave (1.2.4).
        ("corruption" is check_model.CORRUPTION, which would be an import cycle here.)"""
        rolled, now = self.rolled, self.last_result
        if rolled is None or rolled.mode != "corruption" or not isinstance(before, RollResult):
            return character
        assert isinstance(now, RollResult)
        delta = CORRUPTION_CHANGE[now.degree] - CORRUPTION_CHANGE[before.degree]
        return replace(character, corruption=max(0, character.corruption + delta))

    def next_round(self) -> None:
        """次のラウンド: every character may spend 4 courage again (undoable).  While a LotR fight
        runs in the combat tracker its rounds are the ones counted: refused here."""
        if self.follows_tracker:
            raise CourageRefused(
                self.tr("戦闘トラッカーのラウンドで勇気を数えています。ラウンドはトラッカーで進めてください")
            )
        state = self.courage_state()
        state.update(
            round=state["round"] + 1, spent={}, counted=f"{courage_rounds.PANEL}:{state['round'] + 1}"
        )
        self.campaign_model.set_session_value(COURAGE_KEY, state, self.tr("次のラウンド（勇気の回数を戻す）"))
