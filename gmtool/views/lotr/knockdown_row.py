"""The charge's knockdown in the tracker's attack form (3.2): after a charge that hit, the target's
Strength test against the charger's STR + 2, its exact odds before the roll, and the roll.  The STR
of a campaign character comes from its sheet; a quick NPC's is entered (未設定 until then)."""

from __future__ import annotations

from PySide6.QtWidgets import QFormLayout, QLabel, QPushButton, QWidget

from gmtool.models.lotr.knockdown_model import LotRKnockdown
from gmtool.models.shown_text import listed
from gmtool.rules.battle_types import BattleRefused
from gmtool.rules.systems.lotr.attack_types import BOUNDS
from gmtool.views.lotr.attack_option_rows import spin_value, unset_spin
from gmtool.views.widgets import hbox


class KnockdownRow(QWidget):
    def __init__(self, model: LotRKnockdown, roll_button: QPushButton, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        unset = self.tr("{0}は未設定")  # a spin not yet entered: 「利き腕は未設定」
        self.str_spin = unset_spin(BOUNDS["str_score"], self.tr("チャージした側の STR "), unset)
        self.str_spin.setToolTip(self.tr("目標値は STR+2（3.2）。騎乗なら馬の STR を使ってよい（3.9）"))
        self.bonus_spin = unset_spin(BOUNDS["bonus"], self.tr("対象の STR修正 "), unset)  # as prob takes it
        self.bonus_spin.setToolTip(self.tr("対象の負傷・疲労などのペナルティは自動で加わります"))
        self.odds_label = QLabel()
        self.odds_label.setWordWrap(True)
        # what the charge asks next while the knockdown waits, and its result once rolled
        self.status_label = QLabel()
        self.status_label.setWordWrap(True)
        self.roll_button = roll_button
        self.row = hbox(self.str_spin, self.bonus_spin)
        for spin in (self.str_spin, self.bonus_spin):
            spin.valueChanged.connect(lambda _v: self.show_odds())
        self._pair: tuple[str, str] | None = None
        self._form: QFormLayout | None = None

    def add_to(self, form: QFormLayout) -> None:
        self._form = form
        form.addRow(self.status_label)
        form.addRow(self.tr("転倒の判定"), self.row)
        form.addRow(self.odds_label)
        form.addRow(self.roll_button)

    def values(self) -> tuple[int | None, int | None]:
        return spin_value(self.str_spin), spin_value(self.bonus_spin)

    def sync(self) -> None:
        pair = self.model.waiting()
        if pair != self._pair:
            self._pair = pair
            charger_str, bonus = self.model.sheet_values()
            self.str_spin.setValue(self.str_spin.minimum() if charger_str is None else charger_str)
            self.bonus_spin.setValue(self.bonus_spin.minimum() if bonus is None else bonus)
        status = self.model.outcome() or self.model.prompt() or ""
        self.status_label.setText(status)
        if self._form is not None:
            self._form.setRowVisible(self.status_label, bool(status))
            for widget in (self.row, self.odds_label, self.roll_button):
                self._form.setRowVisible(widget, pair is not None)
        self.show_odds()

    def show_odds(self) -> None:
        if self.model.waiting() is None:
            self.roll_button.setEnabled(False)
            return
        try:
            odds = self.model.odds(*self.values())
        except BattleRefused as refusal:
            self.odds_label.setText(str(refusal))
            self.roll_button.setEnabled(False)
            return
        self.roll_button.setEnabled(True)
        text = self.tr("{0}: Strength {1:+d} / 目標値 {2} — 転倒する {3:.2%}").format(
            odds.target, odds.bonus, odds.tn, float(odds.falls)
        )
        if odds.penalties:  # the bonus is the STR modifier entered plus these: say what they are
            parts = listed(f"{label}\u00a0{value:+d}" for label, value in odds.penalties)
            text += self.tr("（{0} を含む）").format(parts)
        if self.model.rider():
            text += self.tr("（馬の STR を使ってよい 3.9）")
        self.odds_label.setText(text)

    def roll(self) -> None:
        self.model.roll(*self.values())
