"""The renown test (1.2, Table 2.3): Wits against the TN of where the two come from, with the
modifiers the GM ticks, the exact chance of knowing, and the roll (one undo step, one log line)."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.lotr.renown_model import MODIFIER_BOUND, LotRRenownModel
from gmtool.models.lotr.table_requests import table_requests
from gmtool.views.lotr.refusal_line import RefusalLine, add_line
from gmtool.views.screen_fit import keep_under_menu_bar
from gmtool.views.widgets import show_refusal

UNSET = "未設定（ルール表 → 参照表 で入力）"
PROBLEM_STYLE = "color: #c00000;"


class LotRRenownDialog(QDialog):
    def __init__(self, model: LotRRenownModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.setWindowTitle(self.tr("相手を知っているか（知名度判定、1.2）"))
        # The sheet's Renown is this character's own; the test is about the other person's fame.
        self.intro_label = QLabel(
            self.tr(
                "この人物が相手のことを知っているかを Wits で判定します。相手の Renown による修正は"
                "修正の表（ルール表 → 参照表 の「知名度の修正」）から選びます。"
            )
        )
        self.intro_label.setWordWrap(True)
        self.about_edit = QLineEdit()
        self.about_edit.setPlaceholderText(self.tr("知っているか判定する相手（ログ用）"))
        self.about_edit.textChanged.connect(lambda text: setattr(model, "about", text.strip()))
        self.origin_combo = QComboBox()
        self.origin_combo.setToolTip(self.tr("自分と相手の出身: Local（同郷）5、Area（同一地域）10、…"))
        self.origin_combo.currentIndexChanged.connect(self._origin_chosen)
        self.modifiers_box = QWidget()
        self.modifiers_layout = QVBoxLayout(self.modifiers_box)
        self.modifiers_layout.setContentsMargins(0, 0, 0, 0)
        self.modifier_checks: dict[str, QCheckBox] = {}
        self.no_modifiers = QLabel(self.tr("知名度の修正の表は空です（ルール表 → 参照表 で追加）"))
        self.modifiers_layout.addWidget(self.no_modifiers)
        self.modifier_spin = QSpinBox()
        self.modifier_spin.setRange(-MODIFIER_BOUND, MODIFIER_BOUND)
        self.modifier_spin.setAccessibleName(self.tr("その他の修正"))
        self.modifier_spin.valueChanged.connect(model.set_modifier)
        self.wounds_check = QCheckBox(self.tr("負傷のペナルティを含める"))
        self.wounds_check.setChecked(model.wounds)
        self.wounds_check.toggled.connect(model.set_wounds)
        self.tn_label = RefusalLine(table_requests(model.campaign_model))
        self.odds_label = QLabel()
        self.roll_button = QPushButton(self.tr("判定する"))
        self.roll_button.clicked.connect(self.roll)
        self.result_label = QLabel()
        self.result_label.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)

        form = QFormLayout()
        form.addRow(self.tr("相手"), self.about_edit)
        form.addRow(self.tr("出身の関係"), self.origin_combo)
        form.addRow(self.tr("修正"), self.modifiers_box)
        form.addRow(self.tr("その他の修正"), self.modifier_spin)
        form.addRow("", self.wounds_check)
        add_line(form, self.tn_label, self.tr("目標値"))
        form.addRow(self.tr("知っている確率"), self.odds_label)
        layout = QVBoxLayout(self)
        layout.addWidget(self.intro_label)
        layout.addLayout(form)
        layout.addWidget(self.roll_button)
        layout.addWidget(self.result_label)
        layout.addWidget(buttons)
        model.changed.connect(self.sync)
        self.sync()
        keep_under_menu_bar(self)  # opened beside the sheet, it stays off the window's menus

    def roll(self) -> None:
        try:
            self.model.roll()
        except ValueError as refusal:
            show_refusal(self, str(refusal))

    def sync(self) -> None:
        model = self.model
        self.origin_combo.blockSignals(True)
        self.origin_combo.clear()
        for name, tn in model.origins():
            self.origin_combo.addItem(f"{name} {tn}" if tn is not None else f"{name} {self.tr(UNSET)}", name)
        self.origin_combo.setCurrentIndex(max(0, self.origin_combo.findData(model.origin)))
        self.origin_combo.blockSignals(False)
        self._sync_modifiers()
        setup = model.setup()
        if setup.tn is None:
            self.tn_label.show_refusal(setup.problem)
            self.tn_label.setStyleSheet(PROBLEM_STYLE)
        else:
            parts = " ".join(f"{n} {v:+d}" if i else f"{n} {v}" for i, (n, v) in enumerate(setup.parts))
            self.tn_label.setText(f"{setup.tn} = {parts}")
            self.tn_label.setStyleSheet("")
        probability = model.probability()
        spec = model.spec()
        self.odds_label.setText(
            self.tr("{0:.2%}（Wits {1:+d}）").format(float(probability), spec.roller.bonus)
            if probability is not None and spec is not None
            else "—"
        )
        self.roll_button.setEnabled(setup.tn is not None)
        self.roll_button.setToolTip(setup.problem)
        last = model.last()
        self.result_label.setText(
            self.tr("前回: 目標値 {0}、{1} → {2}").format(
                last["tn"],
                last["total"],
                self.tr("知っている") if last["knows"] else self.tr("知らない"),
            )
            if last
            else ""
        )

    def _sync_modifiers(self) -> None:
        rows = self.model.modifier_rows()
        if [name for name, _ in rows] != list(self.modifier_checks):
            for check in self.modifier_checks.values():
                check.deleteLater()
            self.modifier_checks = {}
            for name, _ in rows:
                check = QCheckBox()
                check.toggled.connect(lambda on, n=name: self._tick(n, on))
                self.modifier_checks[name] = check
                self.modifiers_layout.addWidget(check)
        for name, value in rows:
            check = self.modifier_checks[name]
            check.blockSignals(True)
            check.setText(f"{name} {value:+d}" if value is not None else f"{name} {self.tr(UNSET)}")
            check.setChecked(name in self.model.ticked)
            check.blockSignals(False)
        self.no_modifiers.setVisible(not rows)

    def _origin_chosen(self, _index: int) -> None:
        origin = self.origin_combo.currentData()
        if origin and origin != self.model.origin:
            self.model.set_origin(origin)

    def _tick(self, name: str, on: bool) -> None:
        self.model.set_ticked(name, on)
