"""A number of the tracker's LotR forms that the sheet fills in (attack bonus, parry, Intimidate,
Willpower): it follows the sheet's value as the attacker, target or weapon changes, until the GM
types another number; beside it a short note says which it is — シートから (with the check it came
from as its tooltip), GMの値 (the sheet's number in the tooltip, ↺ brings it back) or 手入力 (no
sheet: a quick NPC, or a sheet without the skill)."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QSpinBox, QToolButton, QWidget

from gmtool.models.lotr.sheet_values import SheetValue
from gmtool.views.appearance import set_tone
from gmtool.views.widgets import hbox


class SheetLink(QWidget):
    """`spin` with its note and its ↺ in one row (the widget itself)."""

    def __init__(self, spin: QSpinBox, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.spin = spin
        self.note = QLabel()
        set_tone(self.note, "note")
        self.reset_button = QToolButton()
        self.reset_button.setText("↺")
        self.reset_button.setToolTip(self.tr("シートの値に戻す"))
        self.reset_button.clicked.connect(self.reset)
        keep_place = self.reset_button.sizePolicy()
        keep_place.setRetainSizeWhenHidden(True)  # ↺ coming and going moves nothing
        self.reset_button.setSizePolicy(keep_place)
        self.edited = False  # the GM typed a number: the sheet's no longer replaces it
        self._sheet: SheetValue | None = None
        self._setting = False
        spin.valueChanged.connect(self._typed)
        row = hbox(spin, self.note, self.reset_button)
        row.setContentsMargins(0, 0, 0, 0)
        self.setLayout(row)
        self._show()

    def offer(self, value: SheetValue | None) -> None:
        """The sheet's number for who is chosen now (None: no sheet gives one)."""
        self._sheet = value
        if not self.edited:  # no sheet: 0, not the number another participant's sheet gave
            self._setting = True
            self.spin.setValue(0 if value is None else value.value)
            self._setting = False
        self._show()

    def reset(self) -> None:
        self.edited = False
        self.offer(self._sheet)

    def from_sheet(self) -> bool:
        """The number shown is the sheet's."""
        return self._sheet is not None and self.spin.value() == self._sheet.value

    def _typed(self, _value: int) -> None:
        if not self._setting:
            self.edited = True
            self._show()

    def _show(self) -> None:
        sheet = self._sheet
        if sheet is None:
            self.note.setText(self.tr("手入力"))
            self.note.setToolTip(self.tr("シートから取れない値です（NPC、または技能がシートにない）"))
        elif self.from_sheet():
            self.note.setText(self.tr("シートから"))
            self.note.setToolTip(self.tr("シートの {0} {1:+d}").format(sheet.source, sheet.value))
        else:
            self.note.setText(self.tr("GMの値"))
            self.note.setToolTip(
                self.tr("GMが入力した値です（シートの {0} は {1:+d}。↺ で戻します）").format(
                    sheet.source, sheet.value
                )
            )
        self.reset_button.setVisible(sheet is not None and not self.from_sheet())
