"""The LotR sheet's 勇気・堕落・知名度 group: Courage spent / left, Corruption against Bearing, Renown.

Courage (1.2.3) is the maximum (a plain field, edited on the sheet) and the
points spent (through LotRActions: never below 0 left, never above Courage).
Corruption (1.2.4) is shown against Bearing: red when it has reached Bearing
(the character becomes an NPC), orange one point before.  Every button is one
undo step through LotRActions.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QWidget,
)

from gmtool.models.lotr.actions import MAX_CORRUPTION, MAX_RENOWN, bearing_warning
from gmtool.models.lotr.sheet_model import NEAR, REACHED, LotRSheetModel
from gmtool.models.lotr.table_requests import table_requests
from gmtool.views.lotr.condition_box import amount_spin
from gmtool.views.lotr.refusal_line import RefusalLine
from gmtool.views.lotr.renown_dialog import LotRRenownDialog
from gmtool.views.widgets import show_refusal

REACHED_STYLE = "color: white; background: #c00000; font-weight: bold; padding: 4px;"
NEAR_STYLE = "color: black; background: #ffb347; font-weight: bold; padding: 4px;"
MAX_COURAGE = 99  # the stored schema's limit


class LotRSpiritBox(QGroupBox):
    def __init__(self, model: LotRSheetModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.steps = model.steps
        self.renown_dialog: LotRRenownDialog | None = None
        self.setTitle(self.tr("勇気・堕落・知名度"))
        self.model = model
        self.character_actions = actions = model.actions

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
        # 1.2.3: traits such as Bold and Horselord add to the +3 a point on their skills.
        self.courage_skill_combo = QComboBox()
        self.courage_skill_combo.setAccessibleName(self.tr("勇気を使う判定の技能"))
        self.courage_skill_combo.currentIndexChanged.connect(lambda _i: self._sync_per_point())
        self.per_point_label = RefusalLine(table_requests(model.campaign_model))
        self.recover_button = QPushButton(self.tr("回復する"))
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
        # 1.6.1: a raise for a Renown Trigger (Table 11.3 is not in the text), with its reason.
        self.renown_amount = amount_spin(self.tr("上げる Renown"))
        self.renown_reason = QLineEdit()
        self.renown_reason.setPlaceholderText(self.tr("理由（Renown Trigger）"))
        self.renown_reason.setAccessibleName(self.tr("Renown を上げる理由"))
        self.renown_up_button = QPushButton(self.tr("Renown を上げる"))
        self.renown_up_button.setToolTip(
            self.tr("劇的な行動（Renown Trigger、1.6.1）: 理由と一緒に記録します")
        )
        # The test is this character's Wits against someone else's fame, not a test of this Renown.
        self.renown_test_button = QPushButton(self.tr("相手を知っているか（知名度判定）…"))
        self.renown_test_button.setToolTip(
            self.tr(
                "この人物が相手のことを知っているか: Wits で判定（1.2、Table 2.3）。"
                "相手の Renown は修正の表から"
            )
        )
        self.status_label = QLabel()
        self.status_label.setWordWrap(True)

        self.courage_spin.valueChanged.connect(self._set_courage)
        self.spend_button.clicked.connect(lambda: self._run(self._spend_courage))
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
        self.renown_up_button.clicked.connect(self._raise_renown)
        self.renown_test_button.clicked.connect(self.open_renown_test)
        actions.performed.connect(self.status_label.setText)
        self.steps.performed.connect(self.status_label.setText)

        grid = QGridLayout(self)
        row = 0
        grid.addWidget(QLabel(self.tr("Courage（勇気）")), row, 0)
        grid.addWidget(self.courage_spin, row, 1)
        grid.addWidget(self.courage_label, row, 2, 1, 3)
        courage_row = QHBoxLayout()
        for widget in (self.courage_amount, self.spend_button, self.recover_button, self.recover_all_button):
            courage_row.addWidget(widget)
        courage_row.addStretch(1)
        row += 1
        grid.addLayout(courage_row, row, 0, 1, 5)
        per_point_row = QHBoxLayout()
        per_point_row.addWidget(self.courage_skill_combo)
        per_point_row.addWidget(self.per_point_label, 1)
        per_point_row.addWidget(self.per_point_label.open_button)
        row += 1
        grid.addLayout(per_point_row, row, 0, 1, 5)
        row += 1
        grid.addWidget(QLabel(self.tr("Corruption（堕落）")), row, 0)
        grid.addWidget(self.corruption_spin, row, 1)
        grid.addWidget(self.bearing_label, row, 2, 1, 3)
        corruption_row = QHBoxLayout()
        for widget in (self.corruption_amount, self.corruption_up_button, self.corruption_down_button):
            corruption_row.addWidget(widget)
        corruption_row.addStretch(1)
        grid.addLayout(corruption_row, row + 1, 0, 1, 5)
        grid.addWidget(self.corruption_warning, row + 2, 0, 1, 5)
        row += 3
        grid.addWidget(QLabel(self.tr("Renown（知名度）")), row, 0)
        grid.addWidget(self.renown_spin, row, 1)
        grid.addWidget(self.renown_test_button, row, 2, 1, 3)
        renown_row = QHBoxLayout()
        renown_row.addWidget(self.renown_amount)
        renown_row.addWidget(self.renown_reason, 1)
        renown_row.addWidget(self.renown_up_button)
        grid.addLayout(renown_row, row + 1, 0, 1, 5)
        grid.addWidget(self.status_label, row + 2, 0, 1, 5)

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
        skills = [("", self.tr("技能を指定しない"))] + [(sk.name, sk.name) for sk in c.skills]
        current = self.courage_skill_combo.currentData() or ""
        if [
            (self.courage_skill_combo.itemData(i), self.courage_skill_combo.itemText(i))
            for i in range(self.courage_skill_combo.count())
        ] != skills:
            self.courage_skill_combo.blockSignals(True)
            self.courage_skill_combo.clear()
            for name, label in skills:
                self.courage_skill_combo.addItem(label, name)
            self.courage_skill_combo.setCurrentIndex(max(0, self.courage_skill_combo.findData(current)))
            self.courage_skill_combo.blockSignals(False)
        self._sync_per_point()
        bearing = c.attributes.brg
        self.bearing_label.setText(self.tr("/ Bearing {0}（Bearing に達すると NPC）").format(bearing))
        standing = self.model.corruption_standing
        if standing == REACHED:
            self.corruption_warning.setText(bearing_warning())
            self.corruption_warning.setStyleSheet(REACHED_STYLE)
        elif standing == NEAR:
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
    def _spend_courage(self) -> str:
        skill = self.courage_skill_combo.currentData() or ""
        return self.model.spend_courage(self.courage_amount.value(), skill)

    def _sync_per_point(self) -> None:
        if not self.model.exists:
            return
        value = self.steps.courage_value(self.courage_skill_combo.currentData() or "")
        if value.refusal:  # a trait's addition 未設定: 「表を開く」 to the courage_traits table
            self.per_point_label.show_refusal(value.refusal)
        else:
            self.per_point_label.setText(self.tr("勇気 1 点あたり {0}").format(value.text()))

    def _raise_renown(self) -> None:
        amount, reason = self.renown_amount.value(), self.renown_reason.text()
        try:
            self.steps.raise_renown(amount, reason)
        except ValueError as refusal:
            show_refusal(self, str(refusal))
            return
        self.renown_reason.clear()

    def open_renown_test(self) -> LotRRenownDialog:
        """The renown test of this character (1.2): one dialog, raised again if open."""
        if self.renown_dialog is None:
            self.renown_dialog = LotRRenownDialog(self.model.renown, self)
        self.renown_dialog.show()
        self.renown_dialog.raise_()
        return self.renown_dialog

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
