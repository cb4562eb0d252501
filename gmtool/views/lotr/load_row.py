"""The LotR sheet's load and movement rows (1.3 / 3.1): what is carried, its level, and the moves of
3.1 at ×3/4 (重荷) or ×1/2 (超重荷), rounded half up (5.).  The load is one undo step through
LotRCharacterSteps; a refused value is explained by the sheet and the spin box snaps back."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QHBoxLayout, QSpinBox, QWidget

from gmtool.models.lotr.character_steps import MAX_LOAD, LotRCharacterSteps
from gmtool.rules.systems.lotr.character import LotRCharacter
from gmtool.views.compact import ElidedLabel

NOT_ENTERED = -1  # the spin box's 「未入力」


class LotRLoadRow(QWidget):
    """The load entry (spin box + its level); `movement_label` is placed on a row of its own."""

    def __init__(
        self,
        steps: LotRCharacterSteps,
        guard: Callable[[Callable[[], object]], None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.steps = steps
        self._guard = guard
        self.load_spin = QSpinBox()
        self.load_spin.setRange(NOT_ENTERED, MAX_LOAD)
        self.load_spin.setSpecialValueText(self.tr("未入力"))
        self.load_spin.setKeyboardTracking(False)
        self.load_spin.setAccessibleName(self.tr("運んでいる荷重"))
        self.load_spin.valueChanged.connect(self._set_load)
        self.load_label = ElidedLabel()
        self.movement_label = ElidedLabel()
        self.movement_label.setToolTip(
            self.tr(
                "3.1: 1アクションで Walk 3〜6・Jog 7〜9 ヤード、Run 27 ヤードまで（2アクション）、"
                "Sprint 40 ヤードまで（Full-round）。重荷は 3/4、超重荷は 1/2（端数は四捨五入）"
            )
        )
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.load_spin)
        row.addWidget(self.load_label, 1)

    def sync(self, c: LotRCharacter) -> None:
        self.load_spin.blockSignals(True)
        self.load_spin.setValue(NOT_ENTERED if c.load is None else c.load)
        self.load_spin.blockSignals(False)
        self.load_label.setText(self.steps.load_short_text(c))
        self.load_label.setToolTip(self.steps.load_text(c))
        self.movement_label.setText(self.steps.movement_text(c))

    def _set_load(self, value: int) -> None:
        load = None if value < 0 else value
        if (
            self.steps.campaign_model.has_character(self.steps.character_id)
            and load != self.steps.character.load
        ):
            self._guard(lambda: self.steps.set_load(load))
