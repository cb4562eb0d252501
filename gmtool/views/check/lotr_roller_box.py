"""One LotR roller's inputs: the shared roller box plus 関連技能, the bonus breakdown and the
wound/weariness penalty, with 「キャラクターなし」 for an NPC whose bonus is typed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import QCheckBox, QFormLayout, QLabel, QPushButton, QSpinBox, QWidget

from gmtool.models.lotr_check_model import CORRUPTION, WILLPOWER, LotRCheckModel, Side
from gmtool.models.outcome_text import percent
from gmtool.models.roller_inputs import CUSTOM
from gmtool.rules.systems.lotr.checks import Contestant
from gmtool.views.check.roller_inputs_box import RollerInputsBox, fill_combo

AFFINITY_MAX = 20


class LotRRollerBox(RollerInputsBox):
    value_label = "判定"

    def __init__(self, model: LotRCheckModel, side: Side, title: str, parent: QWidget | None = None) -> None:
        super().__init__(model, side, title, parent)
        self.affinity_spin = QSpinBox()
        self.affinity_spin.setRange(0, AFFINITY_MAX)
        self.affinity_spin.setToolTip(
            self.tr("GM が関連すると認めた技能の数。ランクに関係なく 1 つ +1（1.5 Affinity）")
        )
        self.affinity_spin.valueChanged.connect(lambda v: model.set_affinity(side, v))
        self.wounds_check = QCheckBox(self.tr("負傷のペナルティを適用"))
        self.wounds_check.setToolTip(
            self.tr(
                "負傷は「すべての肉体判定と ほとんどの知識判定」にペナルティ（1.2.1）。"
                "社会判定などで負傷が関係しないときは外す。疲労のペナルティは常に適用（1.2.2）"
            )
        )
        self.wounds_check.toggled.connect(lambda on: model.set_wounds_apply(side, on))
        self.bonus_label = QLabel()
        self.bonus_label.setWordWrap(True)
        self.note_label.setWordWrap(True)
        self.note_label.setStyleSheet("color: #8a4b00;")
        form = self.layout()
        assert isinstance(form, QFormLayout)
        form.insertRow(4, self.tr("関連技能の数"), self.affinity_spin)
        form.addRow("", self.wounds_check)
        form.addRow(self.tr("ボーナス"), self.bonus_label)

    def current_value(self) -> int:
        return self.model.value(self.side)

    def note(self) -> str:
        lines = [self.model.condition_text(self.side)]
        if self.model.roller(self.side).untrained:
            lines.append(self.tr("技能なし判定（ランク 0）: −2 込み"))
        return "\n".join(line for line in lines if line)

    def sync(self) -> None:
        """The shared box's sync, with 「キャラクターなし」 first (an NPC, a typed bonus)."""
        model, side = self.model, self.side
        inputs = model.inputs(side)
        widgets = (
            self.character_combo,
            self.source_combo,
            self.value_spin,
            self.modifier_spin,
            self.affinity_spin,
            self.wounds_check,
        )
        for w in widgets:
            w.blockSignals(True)
        try:
            characters = [(s.character.name or self.tr("（名前なし）"), s.id) for s in model.characters()]
            fill_combo(
                self.character_combo,
                [(self.tr("（キャラクターなし: 直接入力）"), None), *characters],
                inputs.character_id,
            )
            sources = [(f"{self.tr(k.label)}（{k.value:+d}）", k.id) for k in model.kinds(side)]
            fill_combo(self.source_combo, [*sources, (self.tr("直接入力"), CUSTOM)], inputs.source)
            self.value_spin.setValue(self.current_value())
            self.value_spin.setEnabled(inputs.source == CUSTOM)
            locked = model.mode == CORRUPTION and side is Contestant.A and inputs.source == WILLPOWER
            self.source_combo.setEnabled(not locked)  # 1.2.4: the corruption test is Willpower
            self.modifier_spin.setValue(inputs.modifier)
            self.affinity_spin.setValue(inputs.affinity)
            self.wounds_check.setChecked(inputs.wounds)
        finally:
            for w in widgets:
                w.blockSignals(False)
        self.note_label.setText(self.note())
        self.note_label.setVisible(bool(self.note_label.text()))
        parts = " ".join(f"{name} {points:+d}" for name, points in model.bonus_parts(side))
        self.bonus_label.setText(f"{parts} = {model.roller(side).bonus:+d}")


class HelperBox(LotRRollerBox):
    """A helper in a group test: tests at TN − 5; shows what it is likely to give the leader."""

    def __init__(
        self,
        model: LotRCheckModel,
        index: int,
        on_remove: Callable[[int], Any],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(model, index, self.tr("助ける人 {0}").format(index + 1), parent)
        self.gives_label = QLabel()
        self.gives_label.setWordWrap(True)
        self.remove_button = QPushButton(self.tr("外す"))
        self.remove_button.clicked.connect(lambda: on_remove(index))
        form = self.layout()
        assert isinstance(form, QFormLayout)
        form.addRow(self.tr("リーダーへ"), self.gives_label)
        form.addRow("", self.remove_button)

    def sync(self) -> None:
        super().sync()
        helper_bonus = self.model.odds.helper_bonus
        if self.side < len(helper_bonus):
            self.gives_label.setText(
                "、".join(f"+{bonus}: {percent(float(p))}" for bonus, p in helper_bonus[self.side].items())
            )
