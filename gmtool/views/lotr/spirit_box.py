"""The LotR sheet's 勇気・堕落・知名度 group: Courage spent / left, Corruption against Bearing, Renown.

Courage (1.2.3) is the maximum (a plain field, edited on the sheet) and the
points spent (through LotRActions: never below 0 left, never above Courage).
Corruption (1.2.4) is shown against Bearing: red when it has reached Bearing
(the character becomes an NPC), orange one point before.  Every button is one
undo step through LotRActions.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QGridLayout, QGroupBox, QHBoxLayout, QLabel, QPushButton, QSpinBox, QWidget

from gmtool.models.character_model import CharacterModel
from gmtool.models.lotr.actions import MAX_CORRUPTION, MAX_RENOWN, LotRActions, bearing_warning
from gmtool.views.lotr.condition_box import amount_spin
from gmtool.views.widgets import show_refusal

REACHED_STYLE = "color: white; background: #c00000; font-weight: bold; padding: 4px;"
NEAR_STYLE = "color: black; background: #ffb347; font-weight: bold; padding: 4px;"
MAX_COURAGE = 99  # the stored schema's limit


class LotRSpiritBox(QGroupBox):
    def __init__(self, model: CharacterModel, actions: LotRActions, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("勇気・堕落・知名度"))
        self.model = model
        self.character_actions = actions

        self.courage_spin = QSpinBox()
        self.courage_spin.setRange(0, MAX_COURAGE)
        self.courage_spin.setKeyboardTracking(False)
        self.courage_spin.setAccessibleName(self.tr("Courage"))
        self.courage_spin.setToolTip(self.tr("Courage の最大値（基本 3、種族・職業で修正）"))
        self.courage_label = QLabel()
        self.courage_amount = amount_spin(self.tr("使う・回復する勇気"))
        self.spend_button = QPushButton(self.tr("勇気を使う"))
        self.spend_button.setToolTip(
            self.tr("判定に +3（結果を見てから、1ラウンドに4点まで）、または特別な判定を行う権利")
        )
        self.recover_button = QPushButton(self.tr("回復"))
        self.recover_all_button = QPushButton(self.tr("すべて回復"))
        self.recover_all_button.setToolTip(
            self.tr("英雄的な目的に使った勇気はシーンの終わりに、利己的な目的なら長期間の後に回復（1.2.3）")
        )

        self.corruption_spin = QSpinBox()
        self.corruption_spin.setRange(0, MAX_CORRUPTION)
        self.corruption_spin.setKeyboardTracking(False)
        self.corruption_spin.setAccessibleName(self.tr("Corruption"))
        self.corruption_spin.setToolTip(self.tr("訂正用: Corruption を直接入力"))
        self.bearing_label = QLabel()
        self.corruption_amount = amount_spin(self.tr("Corruption の増減"))
        self.corruption_up_button = QPushButton(self.tr("Corruption を増やす"))
        self.corruption_up_button.setToolTip(
            self.tr("抵抗の失敗 +1、Complete Failure +2、Disastrous +3、誘惑に乗ったら最低 +2")
        )
        self.corruption_down_button = QPushButton(self.tr("Corruption を減らす"))
        self.corruption_down_button.setToolTip(
            self.tr("Superior Success −1、Extraordinary −2、GM が認めた善行で最低 −2（0 未満にはならない）")
        )
        self.corruption_warning = QLabel()
        self.corruption_warning.setWordWrap(True)

        self.renown_spin = QSpinBox()
        self.renown_spin.setRange(0, MAX_RENOWN)
        self.renown_spin.setKeyboardTracking(False)
        self.renown_spin.setAccessibleName(self.tr("Renown"))
        self.renown_spin.setToolTip(self.tr("知名度: 0 から始まり、活躍によって上がる（1.2）"))
        self.status_label = QLabel()
        self.status_label.setWordWrap(True)

        self.courage_spin.valueChanged.connect(self._set_courage)
        self.spend_button.clicked.connect(
            lambda: self._run(lambda: actions.spend_courage(self.courage_amount.value()))
        )
        self.recover_button.clicked.connect(
            lambda: self._run(lambda: actions.recover_courage(self.courage_amount.value()))
        )
        self.recover_all_button.clicked.connect(lambda: self._run(actions.recover_courage))
        self.corruption_spin.valueChanged.connect(
            lambda v: self._run_if_changed(v, "corruption", lambda: actions.set_corruption(v))
        )
        self.corruption_up_button.clicked.connect(
            lambda: self._run(lambda: actions.change_corruption(self.corruption_amount.value()))
        )
        self.corruption_down_button.clicked.connect(
            lambda: self._run(lambda: actions.change_corruption(-self.corruption_amount.value()))
        )
        self.renown_spin.valueChanged.connect(
            lambda v: self._run_if_changed(v, "renown", lambda: actions.set_renown(v))
        )
        actions.performed.connect(self.status_label.setText)

        grid = QGridLayout(self)
        grid.addWidget(QLabel(self.tr("Courage（勇気）")), 0, 0)
        grid.addWidget(self.courage_spin, 0, 1)
        grid.addWidget(self.courage_label, 0, 2, 1, 3)
        courage_row = QHBoxLayout()
        for widget in (self.courage_amount, self.spend_button, self.recover_button, self.recover_all_button):
            courage_row.addWidget(widget)
        courage_row.addStretch(1)
        grid.addLayout(courage_row, 1, 0, 1, 5)
        grid.addWidget(QLabel(self.tr("Corruption（堕落）")), 2, 0)
        grid.addWidget(self.corruption_spin, 2, 1)
        grid.addWidget(self.bearing_label, 2, 2, 1, 3)
        corruption_row = QHBoxLayout()
        for widget in (self.corruption_amount, self.corruption_up_button, self.corruption_down_button):
            corruption_row.addWidget(widget)
        corruption_row.addStretch(1)
        grid.addLayout(corruption_row, 3, 0, 1, 5)
        grid.addWidget(self.corruption_warning, 4, 0, 1, 5)
        grid.addWidget(QLabel(self.tr("Renown（知名度）")), 5, 0)
        grid.addWidget(self.renown_spin, 5, 1)
        grid.addWidget(self.status_label, 6, 0, 1, 5)

    # ---- state ----------------------------------------------------------------------------
    @property
    def warning(self) -> str:
        """The corruption warning shown ('' when none)."""
        return self.corruption_warning.text() if not self.corruption_warning.isHidden() else ""

    def sync(self) -> None:
        if not self.model.exists:
            return
        c = self.model.character
        for spin, value in (
            (self.courage_spin, c.courage),
            (self.corruption_spin, c.corruption),
            (self.renown_spin, c.renown),
        ):
            spin.blockSignals(True)
            spin.setValue(value)
            spin.blockSignals(False)
        self.courage_label.setText(self.tr("使用 {0} / 残り {1}").format(c.courage_spent, c.courage_left))
        bearing = c.attributes.brg
        self.bearing_label.setText(self.tr("/ Bearing {0}（Bearing に達すると NPC）").format(bearing))
        if c.corruption >= bearing:
            self.corruption_warning.setText(bearing_warning())
            self.corruption_warning.setStyleSheet(REACHED_STYLE)
        elif c.corruption == bearing - 1:
            self.corruption_warning.setText(
                self.tr("あと 1 点で Corruption が Bearing に達します（{0} / {1}、1.2.4）").format(
                    c.corruption, bearing
                )
            )
            self.corruption_warning.setStyleSheet(NEAR_STYLE)
        else:
            self.corruption_warning.setText("")
        self.corruption_warning.setVisible(bool(self.corruption_warning.text()))

    # ---- editing --------------------------------------------------------------------------
    def _set_courage(self, value: int) -> None:
        if self.model.exists and value != self.model.character.courage:
            self._run(lambda: self.model.set_value("courage", value, self.tr("Courage")))

    def _run_if_changed(self, value: int, path: str, action: Callable[[], object]) -> None:
        if self.model.exists and value != self.model.value(path):
            self._run(action)

    def _run(self, action: Callable[[], object]) -> None:
        try:
            action()
        except ValueError as refusal:
            show_refusal(self, str(refusal))
            self.sync()
