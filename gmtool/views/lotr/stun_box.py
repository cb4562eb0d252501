"""3.7 スタン in the tracker: after a Blunt hit at a called shot, the GM picks the stun table's row,
sees the exact chance of each outcome of the target's Stamina test and rolls it."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QFormLayout, QGroupBox, QLabel, QSpinBox, QVBoxLayout, QWidget

from gmtool.models.lotr.stun_model import LotRStunModel
from gmtool.models.lotr.table_requests import table_requests
from gmtool.rules.systems.lotr import stun_types as stun
from gmtool.views.lotr.refusal_line import RefusalLine, add_line
from gmtool.views.session_tab import Confirm, SessionTab
from gmtool.views.widgets import hbox


class LotRStunBox(SessionTab[LotRStunModel]):
    def __init__(self, model: LotRStunModel, confirm: Confirm, parent: QWidget | None = None) -> None:
        super().__init__(model, confirm, parent)
        self.stun = model
        self._target: str | None = None
        self.row_combo = QComboBox()
        self.row_combo.setToolTip(self.tr("スタン表（Table 9.17）の行: GM が選びます"))
        self.stamina_spin = QSpinBox()
        self.stamina_spin.setRange(*stun.STAMINA_BOUNDS)
        self.stamina_spin.setPrefix(self.tr("Stamina "))
        self.stamina_spin.setToolTip(
            self.tr("対象の Stamina。負傷・疲労・状態のペナルティは自動で加わります")
        )
        self.odds_label = RefusalLine(table_requests(model.model.campaign_model))
        self.roll_button = self.button(self.tr("Stamina 判定を振る"), self._roll)
        self.result_label = QLabel()
        self.result_label.setWordWrap(True)
        self.relief_label = QLabel()
        self.relief_label.setWordWrap(True)
        self.row_combo.currentIndexChanged.connect(lambda _i: self._show())
        self.stamina_spin.valueChanged.connect(lambda _v: self._show())

        box = QGroupBox(self.tr("スタン（Blunt 攻撃の命中）"))
        form = QFormLayout(box)
        form.addRow(self.tr("スタン表"), hbox(self.row_combo, self.stamina_spin))
        add_line(form, self.odds_label)
        form.addRow(self.relief_label)
        form.addRow(self.roll_button)
        form.addRow(self.result_label)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(box)

    def sync(self) -> None:
        self.refill(self.row_combo, [(name, name) for name in self.stun.rows()])
        target = self.stun.waiting()
        if target != self._target and target is not None:
            known = self.stun.stamina(target)
            if known is not None:
                self.stamina_spin.setValue(known)
        self._target = target
        self._show()

    def _show(self) -> None:
        self.relief_label.setText(self._relief_text())
        self.relief_label.setVisible(bool(self.relief_label.text()))
        row = self.row_combo.currentData()
        self.roll_button.setEnabled(False)
        if not row:
            self.odds_label.show_refusal(self.stun.no_rows())
            return
        try:
            odds = self.stun.odds_summary(row, self.stamina_spin.value())
        except ValueError as refusal:
            self.odds_label.show_refusal(str(refusal))
            return
        if odds is None:
            self.odds_label.setText(self.tr("Blunt 攻撃が命中するとここで Stamina 判定を振ります"))
            return
        self.odds_label.setText(
            self.tr(
                "{0}: 目標値 {1}、ペナルティ {2:+d}、{3} ラウンド — "
                "スタン {4:.2%}、半分 {5:.2%}、影響なし {6:.2%}"
            ).format(
                odds.target,
                odds.tn,
                odds.penalty,
                odds.rounds,
                float(odds.full),
                float(odds.halved),
                float(odds.none),
            )
        )
        self.roll_button.setEnabled(True)

    def _relief_text(self) -> str:
        if not self.stun.relief():
            return ""
        return self.tr("ハウスルール: ペナルティを Complete −1・Superior −3・Extraordinary −5 軽減")

    def _roll(self) -> None:
        row = self.row_combo.currentData()
        if not row:
            return
        effect = self.stun.roll(row, self.stamina_spin.value())
        if effect.rounds:
            text = self.tr("スタン {0} ラウンド、すべての判定に {1:+d}").format(effect.rounds, effect.penalty)
        else:
            text = self.tr("スタンしなかった")
        self.result_label.setText(text)
