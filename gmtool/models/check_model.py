"""The judgement panel's state: inputs, exact probabilities, and the roll.

Recomputes on every input change (cheap: 36 or 36×36 enumerated rolls) and
on any edit of the chosen characters, so the numbers always match the sheet.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime
from fractions import Fraction
from typing import Any

from PySide6.QtCore import QObject, Signal

from gmtool.models.campaign_model import CampaignModel
from gmtool.models.roller_inputs import CUSTOM, RollerInputsMixin
from gmtool.rules.checks import CheckKind, CheckResult, OpposedResult, Outcome, Side
from gmtool.rules.dice import new_seed, sum_distribution
from gmtool.rules.systems import get_system
from gmtool.rules.systems.aw.checks import (
    DEFAULT_DIFFICULTY,
    AWCheckSpec,
    AWOpposedSpec,
    AWRoller,
    outcome_by_natural_total,
    success_curve,
)
from gmtool.rules.systems.aw.rules_data import aw_rules
from gmtool.store.campaign import StoredCharacter

CURVE_RANGE = range(2, 21)
NATURAL_TOTALS = sum_distribution(2, 6)


@dataclass
class SideInputs:
    """What one side of a check is made of."""

    character_id: str | None = None
    source: str = "reflex"  # a CheckKind id or CUSTOM
    custom_value: int = 0
    modifier: int = 0
    can_roll: bool = True


class CheckModel(RollerInputsMixin, QObject):
    changed = Signal()
    check_resolved = Signal(object)  # CheckResult | OpposedResult

    def __init__(
        self,
        campaign_model: CampaignModel,
        seed_source: Callable[[], int] = new_seed,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.campaign_model = campaign_model
        self._seed_source = seed_source
        self.rules = aw_rules()
        self.action = SideInputs()
        self.reaction = SideInputs(source="evasion")
        self.difficulty = DEFAULT_DIFFICULTY
        self.opposed = False
        self.last_result: CheckResult | OpposedResult | None = None
        characters = self.characters()
        if characters:
            self.action.character_id = characters[0].id
            self.reaction.character_id = characters[-1].id
        campaign_model.character_changed.connect(self._on_campaign_changed)
        campaign_model.characters_changed.connect(self._on_campaign_changed)
        self._recompute()

    # ---- inputs ---------------------------------------------------------------
    def set_character(self, side: Side, character_id: str | None) -> None:
        self.inputs(side).character_id = character_id
        self._recompute()

    def set_reaction_can_roll(self, can_roll: bool) -> None:
        self.reaction.can_roll = can_roll
        self._recompute()

    def set_opposed(self, opposed: bool) -> None:
        self.opposed = opposed
        self._recompute()

    # ---- derived values -------------------------------------------------------
    def kinds(self, side: Side) -> list[CheckKind]:
        character = self._character(side)
        if character is None:
            return []
        return list(get_system("aw").checks(character))

    def value(self, side: Side) -> int:
        inputs = self.inputs(side)
        if inputs.source == CUSTOM:
            return inputs.custom_value
        kind = next((k for k in self.kinds(side) if k.id == inputs.source), None)
        return kind.value if kind is not None else 0

    def source_label(self, side: Side) -> str:
        inputs = self.inputs(side)
        kind = next((k for k in self.kinds(side) if k.id == inputs.source), None)
        return kind.label if kind is not None else ""

    def roller(self, side: Side) -> AWRoller:
        inputs = self.inputs(side)
        character = self._character(side)
        critical = character.critical if character else self.rules.default_critical
        fumble = character.fumble if character else self.rules.default_fumble
        can_roll = inputs.can_roll if side is Side.REACTION else True
        return AWRoller(self.value(side), inputs.modifier, critical, fumble, can_roll)

    def spec(self) -> AWCheckSpec | AWOpposedSpec:
        if self.opposed:
            return AWOpposedSpec(self.roller(Side.ACTION), self.roller(Side.REACTION))
        return AWCheckSpec(self.roller(Side.ACTION), self.difficulty)

    def modifier_warning(self, side: Side = Side.ACTION) -> bool:
        return abs(self.inputs(side).modifier) > self.rules.modifier_warning_limit

    # ---- what the plots read (shared with the フォーカード panel) -------------------
    curve_x_label = "難易度"

    @property
    def curve_marker(self) -> int:
        return self.difficulty

    def difficulty_guides(self) -> list[tuple[int, int | None, str]]:
        return [(b.low, b.high, b.label) for b in self.rules.difficulty_bands]

    def characters(self) -> list[StoredCharacter]:
        """The campaign's AW characters: the only ones this panel can roll for."""
        return self.campaign_model.characters_of("aw")

    def difficulty_band_label(self) -> str:
        band = self.rules.band_for(self.difficulty)
        return band.label if band else ""

    # Computed by _recompute: the panel reads these, never the engine.
    outcome_probabilities: dict[Outcome, Fraction]
    success_probability: Fraction
    natural_bars: list[tuple[int, Fraction, Outcome | None]]  # None: decided by the other side
    curve: dict[int, Fraction]
    action_wins: Fraction | None

    def _recompute(self) -> None:
        roller = self.roller(Side.ACTION)
        single = AWCheckSpec(roller, self.difficulty)
        system = get_system("aw")
        dist = system.distribution(single)
        self.outcome_probabilities = {o: dist[o] for o in Outcome}
        by_total = outcome_by_natural_total(single)
        if self.opposed:
            # No difficulty in an opposed check: only the automatic results are known per total.
            automatic = (Outcome.AUTO_SUCCESS, Outcome.AUTO_FAILURE)
            by_total = {t: (o if o in automatic else None) for t, o in by_total.items()}
        self.natural_bars = [(t, NATURAL_TOTALS[t], by_total[t]) for t in range(2, 13)]
        low = min(CURVE_RANGE.start, self.difficulty)
        high = max(CURVE_RANGE.stop, self.difficulty + 1)
        self.curve = success_curve(roller, range(low, high))
        self.success_probability = self.curve[self.difficulty]  # the curve always covers it
        self.action_wins = system.distribution(self.spec())[Side.ACTION] if self.opposed else None
        self.changed.emit()

    # ---- rolling --------------------------------------------------------------
    def roll(self) -> CheckResult | OpposedResult:
        seed = self._seed_source()
        spec = self.spec()
        result = get_system("aw").resolve(spec, random.Random(seed))
        result = replace(result, seed=seed)
        self.last_result = result
        self.campaign_model.append_log("check", self._log_payload(result))
        self.check_resolved.emit(result)
        return result

    def _log_payload(self, result: CheckResult | OpposedResult) -> dict[str, Any]:
        def side_payload(side: Side, rolled: CheckResult | None) -> dict[str, Any]:
            character = self._character(side)
            roller = self.roller(side)
            return {
                "character_id": self.inputs(side).character_id,
                "character": character.name if character else "",
                "source": self.inputs(side).source,
                "source_label": self.source_label(side),
                "value": roller.value,
                "modifier": roller.modifier,
                "critical": roller.critical,
                "fumble": roller.fumble,
                "can_roll": roller.can_roll,
                "faces": list(rolled.faces) if rolled else [],
                "total": rolled.total if rolled else None,
                "outcome": str(rolled.outcome) if rolled else None,
            }

        payload: dict[str, Any] = {
            "system": "aw",
            "time": datetime.now().astimezone().isoformat(timespec="seconds"),
            "seed": result.seed,
        }
        if isinstance(result, OpposedResult):
            payload.update(
                mode="opposed",
                action=side_payload(Side.ACTION, result.action),
                reaction=side_payload(Side.REACTION, result.reaction),
                winner=str(result.winner),
                probability=float(self.action_wins or 0),
            )
        else:
            payload.update(
                mode="check",
                difficulty=self.difficulty,
                action=side_payload(Side.ACTION, result),
                outcome=str(result.outcome),
                probability=float(self.success_probability),
            )
        return payload

    # ---- internals ------------------------------------------------------------
    def inputs(self, side: Side) -> SideInputs:
        return self.action if side is Side.ACTION else self.reaction

    def _character(self, side: Side) -> Any:
        character_id = self.inputs(side).character_id
        if character_id and any(s.id == character_id for s in self.characters()):
            return self.campaign_model.character(character_id)
        return None

    def _character_missing(self, character_id: str) -> bool:
        return not any(s.id == character_id for s in self.characters())

    def _on_campaign_changed(self, *_: object) -> None:
        for inputs in (self.action, self.reaction):
            if inputs.character_id and self._character_missing(inputs.character_id):
                characters = self.characters()
                inputs.character_id = characters[0].id if characters else None
        self._recompute()
