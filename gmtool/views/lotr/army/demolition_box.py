"""取り壊し (3.12): 「Stonecraft (Fortification) 判定を行うことで, そのキャラクターあるいはそのキャラ
クターが属する部隊の指揮官の Siegecraft 判定に +1 (Superior なら +2, Extraordinary なら +3) の
ボーナスを与える」.  Both tests are set up here; the exact odds of each bonus and of the Siegecraft
test with it (and without) are shown before the roll."""

from __future__ import annotations

from fractions import Fraction

from PySide6.QtWidgets import QFormLayout, QGroupBox, QLabel, QSpinBox, QWidget

from gmtool.models.lotr.army_model import LotRArmyModel
from gmtool.models.lotr.check_log import faces_text
from gmtool.models.lotr.commanders import ATTACK_SKILL, Commander
from gmtool.models.outcome_text import percent
from gmtool.models.shown_text import listed
from gmtool.views.lotr.army.commander_picker import CommanderPicker, note
from gmtool.views.widgets import action_button, shown_message

STONECRAFT = "Stonecraft"
DEFAULT_TN = 10  # the spin boxes' starting value only: the GM sets the TN for the structure (P.136)


def _tn_spin(bounds: tuple[int, int]) -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(*bounds)
    spin.setValue(DEFAULT_TN)
    return spin


class DemolitionBox(QGroupBox):
    shown_p: Fraction | None = None  # the Siegecraft test's exact odds shown now (tests read it)

    def __init__(self, model: LotRArmyModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("取り壊し（Stonecraft (Fortification) で Siegecraft を助ける）"))
        self.model = model
        tn_bounds = model.structures.TN_BOUNDS
        self.stonecraft = CommanderPicker(model.commanders, STONECRAFT)
        self.stonecraft_tn = _tn_spin(tn_bounds)
        self.siegecraft = CommanderPicker(model.commanders, ATTACK_SKILL)
        self.siegecraft_tn = _tn_spin(tn_bounds)
        self.odds_label = QLabel()
        self.odds_label.setWordWrap(True)
        self.roll_button = action_button(self, self.tr("判定（Stonecraft → Siegecraft）"), self.roll)
        self.result_label = QLabel()
        self.result_label.setWordWrap(True)
        form = QFormLayout(self)
        form.addRow(self.tr("Stonecraft"), self.stonecraft)
        form.addRow(self.tr("Stonecraft の目標値"), self.stonecraft_tn)
        form.addRow(self.tr("Siegecraft"), self.siegecraft)
        form.addRow(self.tr("Siegecraft の目標値"), self.siegecraft_tn)
        form.addRow(self.odds_label)
        form.addRow(self.roll_button)
        form.addRow(self.result_label)
        form.addRow(
            note(
                self.tr(
                    "Stonecraft (Fortification) の成功で、その人かその人の部隊の指揮官の Siegecraft 判定に "
                    "+1（Superior +2、Extraordinary +3）。目標値は城砦の規模で GM が決めます（P.136）。"
                )
            )
        )
        for picker in (self.stonecraft, self.siegecraft):
            picker.changed.connect(self.update_odds)
        for spin in (self.stonecraft_tn, self.siegecraft_tn):
            spin.valueChanged.connect(lambda _: self.update_odds())
        model.changed.connect(self.sync)
        self.sync()

    def sync(self) -> None:
        self.stonecraft.sync()
        self.siegecraft.sync()
        self.update_odds()

    def _spec_args(self) -> tuple[Commander, int, Commander, int]:
        return (
            self.stonecraft.commander(),
            self.stonecraft_tn.value(),
            self.siegecraft.commander(),
            self.siegecraft_tn.value(),
        )

    def update_odds(self) -> None:
        self.shown_p = None
        try:
            odds = self.model.structures.demolition_odds(*self._spec_args())
        except ValueError as reason:  # a character without the test chosen
            self.odds_label.setText(shown_message(str(reason)))
            self.roll_button.setEnabled(False)
            return
        self.shown_p = odds.siegecraft
        bonuses = listed(f"{b:+d} {percent(float(p))}" for b, p in odds.bonuses)
        self.odds_label.setText(
            self.tr("Stonecraft のボーナス: {0}\nSiegecraft が成功する確率 {1}（助けなしなら {2}）").format(
                bonuses, percent(float(self.shown_p)), percent(float(odds.unhelped))
            )
        )
        self.roll_button.setEnabled(True)

    def roll(self) -> None:
        result = self.model.structures.demolish(*self._spec_args())
        stone, siege = result.stonecraft, result.siegecraft
        label = self.model.structures.degree_label
        self.result_label.setText(
            self.tr("Stonecraft {0} 達成値 {1}（{2}）→ Siegecraft {3:+d}: {4} 達成値 {5}（{6}）").format(
                faces_text(stone.faces),
                stone.total,
                label(stone.degree),
                result.bonus,
                faces_text(siege.faces),
                siege.total,
                label(siege.degree),
            )
        )
