"""The rows of the tracker's attack form that only some of 3.2's options need, each shown only while
its option is chosen: a sweep's second and third targets (each with its parry), two weapons' off
hand (its target, the GM's penalty on each hand or Ambidextrous), and trip's resisting bonus.

A number the text does not give (two weapons' penalty) or that the tracker cannot know (a quick
NPC's resisting bonus) starts 未設定 and is read as None, never as 0: the model then says why the
attack cannot be rolled."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import QCheckBox, QComboBox, QFormLayout, QSpinBox, QWidget

from gmtool.rules.systems.lotr import attack_types as engine
from gmtool.views.widgets import hbox


def unset_spin(bounds: tuple[int, int], prefix: str, unset: str) -> QSpinBox:
    """A spin whose lowest value (one below `bounds`) shows 「<prefix>は未設定」 and reads as None.

    `unset`: the translated template of that text, the prefix as {0} (「{0}は未設定」, "{0}: not set":
    "Main hand Not set" read as two labels)."""
    spin = QSpinBox()
    spin.setRange(bounds[0] - 1, bounds[1])
    spin.setSpecialValueText(unset.format(prefix.rstrip()))  # it replaces the prefix: keep what it is
    spin.setPrefix(prefix)
    spin.setValue(spin.minimum())
    return spin


def spin_value(spin: QSpinBox) -> int | None:
    return None if spin.value() == spin.minimum() else spin.value()


class TargetRow:
    """Another target: whom, and its parry (3.3) if it parries."""

    def __init__(self, parent: QWidget, allow_none: str) -> None:
        self.combo = QComboBox(parent)
        self.allow_none = allow_none
        self.parry_check = QCheckBox(parent.tr("防御する"), parent)
        self.parry_spin = QSpinBox(parent)
        self.parry_spin.setRange(*engine.BOUNDS["parry"])
        self.parry_spin.setPrefix(parent.tr("防御 "))
        self.parry_spin.setToolTip(
            parent.tr("この相手の防御のボーナス（盾を含めて）。サイズの差はわかっているサイズから")
        )
        self.widget = hbox(self.combo, self.parry_check, self.parry_spin)

    def fill(self, people: list[tuple[str, str]], refill: Callable[[QComboBox, Any], None]) -> None:
        refill(self.combo, [(self.allow_none, None), *people])

    def target(self) -> str | None:
        data = self.combo.currentData()
        return data if isinstance(data, str) and data else None

    def parry(self) -> int | None:
        return self.parry_spin.value() if self.parry_check.isChecked() else None


class AttackOptionRows(QWidget):
    """Owns the rows; `add_to(form)` puts them in the attack form, `show_for(option)` shows the
    ones the option needs, `fields()` gives the plan's fields."""

    def __init__(self, changed: Callable[[], None], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.second = TargetRow(self, self.tr("（なし）"))
        self.third = TargetRow(self, self.tr("（なし）"))
        self.off_hand = TargetRow(self, self.tr("同じ対象"))
        unset = self.tr("{0}は未設定")  # a spin not yet entered: 「利き腕は未設定」
        self.main_spin = unset_spin(engine.BOUNDS["hand_penalty"], self.tr("利き腕 "), unset)
        self.off_spin = unset_spin(engine.BOUNDS["hand_penalty"], self.tr("逆腕 "), unset)
        for spin in (self.main_spin, self.off_spin):
            spin.setToolTip(
                self.tr("Ambidextrous がなければペナルティがある（3.2）: 本文に数がないので GM が入力します")
            )
        self.ambidextrous_check = QCheckBox(self.tr("Ambidextrous"))
        self.ambidextrous_check.setToolTip(self.tr("Ambidextrous Edge があればペナルティなし（3.2）"))
        self.resist_spin = unset_spin(engine.BOUNDS["bonus"], self.tr("抵抗 "), unset)
        self.resist_spin.setToolTip(
            self.tr("対象の Nimbleness か Swiftness のボーナス（対象が選ぶ）。ペナルティは自動で加わります")
        )
        self.hands_row = hbox(self.main_spin, self.off_spin)
        # a row of its own: beside "Main hand: not set" and "Off hand: not set" it widened the pane
        self.ambidextrous_row = hbox(self.ambidextrous_check)
        self.resist_row = hbox(self.resist_spin)  # as wide as its text, not the form's width
        for row in (self.second, self.third, self.off_hand):
            row.combo.currentIndexChanged.connect(lambda _i: changed())
            row.parry_check.toggled.connect(lambda _on: changed())
            row.parry_spin.valueChanged.connect(lambda _v: changed())
        for spin in (self.main_spin, self.off_spin, self.resist_spin):
            spin.valueChanged.connect(lambda _v: changed())
        self.ambidextrous_check.toggled.connect(lambda _on: changed())
        self._form: QFormLayout | None = None
        self.hide()

    def add_to(self, form: QFormLayout) -> None:
        self._form = form
        form.addRow(self.tr("2人目"), self.second.widget)
        form.addRow(self.tr("3人目"), self.third.widget)
        form.addRow(self.tr("逆腕の対象"), self.off_hand.widget)
        form.addRow(self.tr("手のペナルティ"), self.hands_row)
        form.addRow("", self.ambidextrous_row)
        form.addRow(self.tr("足払い"), self.resist_row)

    def fill(self, people: list[tuple[str, str]], refill: Callable[[QComboBox, Any], None]) -> None:
        for row in (self.second, self.third, self.off_hand):
            row.fill(people, refill)

    def show_for(self, option: str) -> None:
        form = self._form
        if form is None:
            return
        for widget, shown in (
            (self.second.widget, option == "sweep"),
            (self.third.widget, option == "sweep"),
            (self.off_hand.widget, option == "two_weapons"),
            (self.hands_row, option == "two_weapons"),
            (self.ambidextrous_row, option == "two_weapons"),
            (self.resist_row, option == "trip"),
        ):
            form.setRowVisible(widget, shown)
        for spin in (self.main_spin, self.off_spin):
            spin.setEnabled(not self.ambidextrous_check.isChecked())
        for row in (self.second, self.third, self.off_hand):
            row.parry_spin.setEnabled(row.parry_check.isChecked())

    def fields(self, option: str) -> dict[str, Any]:
        """The plan's fields for the option (the rest keep their defaults)."""
        if option == "sweep":
            rows = [r for r in (self.second, self.third) if r.target() is not None]
            return {
                "more_targets": tuple(r.target() or "" for r in rows),
                "more_parries": tuple(r.parry() for r in rows),
            }
        if option == "two_weapons":
            off = self.off_hand.target()
            return {
                "more_targets": (off,) if off else (),
                "more_parries": (self.off_hand.parry(),) if off else (),
                "hands": (spin_value(self.main_spin), spin_value(self.off_spin)),
                "ambidextrous": self.ambidextrous_check.isChecked(),
            }
        if option == "trip":
            return {"resist": spin_value(self.resist_spin)}
        return {}
