"""The input setters both judgement-panel models share (AW and フォーカード).

A panel model provides `inputs(side)` (an object with character_id, source,
custom_value, modifier), `value(side)` (the value shown for the chosen source),
a `difficulty` and `_recompute()`.
"""

from __future__ import annotations

from typing import Any

CUSTOM = "custom"  # 直接入力: the value is typed, not read from the character


class RollerInputsMixin:
    difficulty: int

    def inputs(self, side: Any) -> Any:
        raise NotImplementedError

    def value(self, side: Any) -> int:
        raise NotImplementedError

    def _recompute(self) -> None:
        raise NotImplementedError

    def set_source(self, side: Any, source: str) -> None:
        inputs = self.inputs(side)
        if source == CUSTOM and inputs.source != CUSTOM:
            inputs.custom_value = self.value(side)  # start typing from the value shown
        inputs.source = source
        self._recompute()

    def set_custom_value(self, side: Any, value: int) -> None:
        inputs = self.inputs(side)
        inputs.source, inputs.custom_value = CUSTOM, value
        self._recompute()

    def set_modifier(self, side: Any, modifier: int) -> None:
        self.inputs(side).modifier = modifier
        self._recompute()

    def set_difficulty(self, difficulty: int) -> None:
        self.difficulty = difficulty
        self._recompute()
