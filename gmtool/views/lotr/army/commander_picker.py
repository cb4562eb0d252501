"""What the army tabs share: combos that keep the GM's choice across re-syncs, small labels and
spin boxes, and the commander picker (a campaign LotR character and one of his tests, or a
bonus typed in)."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QSpinBox,
    QWidget,
)

from gmtool.models.lotr.commanders import Commander, LotRCommanders
from gmtool.rules.systems.lotr.units_types import INPUT_RANGE
from gmtool.views.appearance import Tone, set_tone
from gmtool.views.widgets import refill

DIRECT = ""  # the commander combo's 直接入力 entry
PROBLEM_STYLE = Tone("error")
NOTE_STYLE = Tone("note")
MODIFIER_RANGE = INPUT_RANGE  # shared with the CLI


def modifier_spin(tip: str) -> QSpinBox:
    box = QSpinBox()
    box.setRange(-MODIFIER_RANGE, MODIFIER_RANGE)
    box.setToolTip(tip)
    return box


def note(text: str) -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    set_tone(label, NOTE_STYLE)
    return label


class CommanderPicker(QWidget):
    """Who tests: a campaign LotR character and one of his tests, or a bonus typed in."""

    changed = Signal()

    def __init__(self, model: LotRCommanders, skill: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model, self.skill = model, skill
        self.character_combo = QComboBox()
        self.kind_combo = QComboBox()
        self.bonus_spin = modifier_spin(self.tr("判定の値（ランク + 能力値修正など）"))
        self.modifier_spin = modifier_spin(self.tr("状況による判定への修正"))
        self.value_label = QLabel()
        self.value_label.setWordWrap(True)
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.character_combo, 1)
        row.addWidget(self.kind_combo, 1)
        row.addWidget(self.bonus_spin)
        form = QFormLayout(self)
        form.setContentsMargins(0, 0, 0, 0)
        form.addRow(row)
        form.addRow(self.tr("判定への修正"), self.modifier_spin)
        form.addRow(self.value_label)
        self.character_combo.currentIndexChanged.connect(self._on_character)
        self.kind_combo.currentIndexChanged.connect(self._on_input)
        self.bonus_spin.valueChanged.connect(self._on_input)
        self.modifier_spin.valueChanged.connect(self._on_input)
        self.sync()

    def sync(self) -> None:
        refill(
            self.character_combo,
            [(self.tr("直接入力"), DIRECT), *((n, i) for i, n in self.model.characters())],
        )
        self._fill_kinds()

    def _on_character(self, _index: int) -> None:
        self._fill_kinds(pick_default=True)
        self.changed.emit()

    def _on_input(self, _value: int) -> None:
        self._show_value()
        self.changed.emit()

    def _fill_kinds(self, pick_default: bool = False) -> None:
        character_id = self.character_combo.currentData() or DIRECT
        direct = character_id == DIRECT
        self.bonus_spin.setVisible(direct)
        self.kind_combo.setVisible(not direct)
        kinds = [] if direct else self.model.kinds(character_id)
        self.kind_combo.blockSignals(True)
        refill(self.kind_combo, [(self.tr("{0}（{1:+d}）").format(k.label, k.value), k.id) for k in kinds])
        if pick_default and not direct:
            default = self.model.default_kind(character_id, self.skill)
            if default:
                self.kind_combo.setCurrentIndex(max(0, self.kind_combo.findData(default)))
        self.kind_combo.blockSignals(False)
        self._show_value()

    def commander(self) -> Commander:
        character_id = self.character_combo.currentData() or DIRECT
        if character_id == DIRECT:
            return Commander(bonus=self.bonus_spin.value(), modifier=self.modifier_spin.value())
        kind_id = self.kind_combo.currentData() or ""
        return Commander(character_id, kind_id, modifier=self.modifier_spin.value())

    def _show_value(self) -> None:
        """Where the character's bonus comes from (wounds and weariness included)."""
        commander = self.commander()
        if commander.character_id is None:
            self.value_label.setText("")
            return
        text = self.model.text(commander) if commander.kind_id else ""
        if not self.model.default_kind(commander.character_id, self.skill):
            # Only an attack has a substitute (Bearing); for Intimidate the GM decides.
            text = self.tr("{0} 技能がありません。使う判定を選んでください。").format(self.skill) + text
        self.value_label.setText(text)
