"""One roller's inputs in a judgement panel: character, what the value comes from, the value, 修正.

Both panels (AW and フォーカード) use it; each says what its value is called, how the
current value is read, and what note to show under the inputs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QRadioButton,
    QSpinBox,
    QWidget,
)

from gmtool.models.roller_inputs import CUSTOM, RollerInputsMixin
from gmtool.models.shown_text import QT_TRANSLATE_NOOP
from gmtool.rules.checks import CHECK_MODIFIER_BOUNDS, CHECK_VALUE_BOUNDS
from gmtool.views.compact import shrink_combo
from gmtool.views.fitting_combo import FittingCombo


def fill_combo(combo: QComboBox, items: Sequence[tuple[str, object]], current: object) -> None:
    """Refills a combo only when its items changed: refilling costs a relayout on every keystroke.
    The items it was filled with are kept beside it: reading 300 characters back out of the combo
    at every roll would cost more than the roll."""
    wanted = list(items)
    if getattr(combo, "_filled_items", None) != wanted or combo.count() != len(wanted):
        combo.clear()
        for text, data in wanted:
            combo.addItem(text, data)
        combo._filled_items = wanted  # type: ignore[attr-defined]
    combo.setCurrentIndex(combo.findData(current))


def show_value(spin: QSpinBox, value: int) -> None:
    """The spin box at `value`, left alone when it is there already: QSpinBox.setValue writes its
    text again even then, and every roll repainted each of the panel's spin boxes."""
    if spin.value() != value:
        spin.setValue(value)


# The panel model a box edits one side of (AWCheckModel…): `self.model` of RollerInputsBox[M].
PanelModelT = TypeVar("PanelModelT", bound=RollerInputsMixin)


class RollerInputsBox(QGroupBox, Generic[PanelModelT]):
    value_label = QT_TRANSLATE_NOOP("RollerInputsBox", "判定値")  # a system's box names its own

    def __init__(self, model: PanelModelT, side: Any, title: str, parent: QWidget | None = None) -> None:
        super().__init__(title, parent)
        self.model, self.side = model, side
        # Narrow at 1366×768: a long name is cut at a word with "…", whole in the tooltip and the list.
        self.character_combo = shrink_combo(FittingCombo())
        self.source_combo = shrink_combo(FittingCombo())
        self.value_spin = QSpinBox()
        self.value_spin.setRange(*CHECK_VALUE_BOUNDS)
        self.modifier_spin = QSpinBox()
        self.modifier_spin.setRange(*CHECK_MODIFIER_BOUNDS)
        self.note_label = QLabel()
        # The characters the combo was filled from (stored values are immutable): a roll re-syncs
        # the box, and naming 300 characters again to find nothing changed cost a walk through all.
        self._choices_shown: list[Any] | None = None
        form = QFormLayout(self)
        form.addRow(self.tr("キャラクター"), self.character_combo)
        form.addRow(self.tr(self.value_label), self.source_combo)
        form.addRow(self.tr("値"), self.value_spin)
        form.addRow(self.tr("修正"), self.modifier_spin)
        form.addRow(self.note_label)  # the box's whole width; no empty row while there is no note
        self.note_label.setWordWrap(True)
        self.character_combo.currentIndexChanged.connect(
            lambda _: model.set_character(side, self.character_combo.currentData())
        )
        self.source_combo.currentIndexChanged.connect(
            lambda _: model.set_source(side, self.source_combo.currentData())
        )
        self.value_spin.valueChanged.connect(lambda v: model.set_custom_value(side, v))
        self.modifier_spin.valueChanged.connect(lambda v: model.set_modifier(side, v))

    def current_value(self) -> int:
        raise NotImplementedError

    def note(self) -> str:
        """A line under the inputs (a warning), or ''."""
        return ""

    def character_choices(self) -> list[Any]:
        """The characters this side may pick (StoredCharacter); the panel's whole list by default."""
        return self.model.characters()

    def sync(self) -> None:
        model, side = self.model, self.side
        inputs = model.inputs(side)
        widgets = (self.character_combo, self.source_combo, self.value_spin, self.modifier_spin)
        for w in widgets:
            w.blockSignals(True)
        try:
            choices = self.character_choices()
            # The same stored values: compared by identity, at C speed.
            if choices != self._choices_shown or self.character_combo.count() != len(choices):
                unnamed = self.tr("（名前なし）")
                characters = [(s.character.name or unnamed, s.id) for s in choices]
                fill_combo(self.character_combo, characters, inputs.character_id)
                self._choices_shown = choices
            else:
                self.character_combo.setCurrentIndex(self.character_combo.findData(inputs.character_id))
            sources = [
                (self.tr("{0}（{1}）").format(self.tr(k.label), k.value), k.id) for k in model.kinds(side)
            ]
            fill_combo(self.source_combo, [*sources, (self.tr("直接入力"), CUSTOM)], inputs.source)
            show_value(self.value_spin, self.current_value())
            self.value_spin.setEnabled(inputs.source == CUSTOM)
            show_value(self.modifier_spin, inputs.modifier)
        finally:
            for w in widgets:
                w.blockSignals(False)
        self.note_label.setText(self.note())
        form = self.layout()
        if isinstance(form, QFormLayout) and form.indexOf(self.note_label) >= 0:
            form.setRowVisible(self.note_label, bool(self.note_label.text()))


class ModeButtons(QWidget):
    """A panel's row of exclusive mode radio buttons (目標 / 比較 / 達成, 判定 / グループ / …)."""

    def __init__(
        self, labels: dict[str, str], set_mode: Callable[[str], object], parent: QWidget | None = None
    ):
        super().__init__(parent)
        self.buttons: dict[str, QRadioButton] = {}
        group = QButtonGroup(self)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        for mode, label in labels.items():
            button = QRadioButton(self.tr(label))
            button.toggled.connect(lambda on, m=mode: on and set_mode(m))
            group.addButton(button)
            row.addWidget(button)
            self.buttons[mode] = button

    def show_mode(self, mode: str) -> None:
        """Checks the model's mode without telling the model again."""
        for m, button in self.buttons.items():
            button.blockSignals(True)
            button.setChecked(m == mode)
            button.blockSignals(False)
