"""What the フォーカード sheet shows beyond the character's own fields: 総合LV as the campaign reads
the table, the HP lines, 移動力 and every スキルLV, and the damage and recovery actions.

The sheet re-reads all of it on the character's `changed` and on `context_changed`: the 総合LV
table's reading (a house rule) and the in-game day are the campaign's, not the character's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QObject, Signal

from gmtool.models.character_model import CharacterModel
from gmtool.models.fourcard.actions import DAY_KEY, FourCardActions
from gmtool.rules.dice import new_seed
from gmtool.rules.house_rules import HOUSE_RULES_KEY
from gmtool.rules.systems.fourcard.derived import (
    MOVEMENT_BASE,
    HPLines,
    SkillLevel,
    hp_lines,
    movement,
    movement_warning,
    skill_levels,
)


@dataclass(frozen=True)
class Movement:
    """移動力 = DX + 5 − the equipment's penalty; `warning` is '', 'low' (below 3) or 'immobile'."""

    value: int
    dx: int
    base: int
    equipment_penalty: int
    warning: str


class FourCardSheetModel(QObject):
    context_changed = Signal()  # the campaign's 総合LV reading or in-game day: re-read the sheet

    def __init__(
        self,
        character_model: CharacterModel,
        seed_source: Callable[[], int] = new_seed,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.character_model = character_model
        self.actions = FourCardActions(character_model, seed_source, parent=self)
        character_model.campaign_model.session_changed.connect(self._on_session_changed)

    def level(self) -> int:
        """総合LV, the table read as the campaign's house rule says."""
        return self.actions.level()

    def hp_lines(self) -> HPLines:
        return hp_lines(self.character_model.character)

    def movement(self) -> Movement:
        character = self.character_model.character
        value = movement(character)
        return Movement(
            value,
            character.current("dx"),
            MOVEMENT_BASE,
            character.equipment_penalty,
            movement_warning(value),
        )

    def skill_levels(self) -> list[SkillLevel]:
        return skill_levels(self.character_model.character)

    def condition_text(self) -> str:
        """平常 / 衰弱 / 昏倒 / 死亡, as the status line says it."""
        return self.actions.condition_text()

    def _on_session_changed(self, key: str) -> None:
        if key in (HOUSE_RULES_KEY, DAY_KEY) and self.character_model.exists:
            self.context_changed.emit()
