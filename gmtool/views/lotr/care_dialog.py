"""「回復・手当て…」: 1.2.1's rest, weekly test, Healing and advanced care, and (医者 tab,
care_physician_page.py) 医術 and the physician's daily care; 1.2.2's resistance test and recovery
from Exhausted.  Each section shows the exact chance of its test as it would be rolled
now (or why it cannot be: 未設定 in the tables, no damage…); its button rolls and applies it (one
undo step and a log line, the model's).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.lotr.care_base import CUSTOM, percent_text
from gmtool.models.lotr.care_model import MAX_TN, LotRCareModel
from gmtool.models.lotr.table_requests import table_requests
from gmtool.rules.systems.lotr.healing_types import MAX_BONUS, MAX_REST_DAYS
from gmtool.views.lotr.care_physician_page import PhysicianPage
from gmtool.views.lotr.refusal_line import RefusalLine, add_line, show_step
from gmtool.views.widgets import show_refusal


def bonus_spin(name: str) -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(-MAX_BONUS, MAX_BONUS)
    spin.setAccessibleName(name)
    return spin


def fill_people(
    combo: QComboBox, people: list[tuple[str, str]], custom: str, none: str | None = None
) -> None:
    """None first (when offered), then the bonus entered by hand, then the campaign's characters."""
    current = combo.currentData()
    combo.blockSignals(True)
    combo.clear()
    if none is not None:
        combo.addItem(none, None)
    combo.addItem(custom, CUSTOM)
    for character_id, name in people:
        combo.addItem(name, character_id)
    index = combo.findData(current)
    combo.setCurrentIndex(max(index, 0))
    combo.blockSignals(False)


def lay_out_tabbed(dialog: QDialog, tabs: QTabWidget) -> QLabel:
    """The care and hazard dialogs' frame: the tabs, a status line under them, 閉じる; the status."""
    status = QLabel()
    status.setWordWrap(True)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
    buttons.rejected.connect(dialog.reject)
    layout = QVBoxLayout(dialog)
    layout.addWidget(tabs)
    layout.addWidget(status)
    layout.addWidget(buttons)
    return status


def run_step(dialog: QWidget, status: QLabel, action: Callable[[], str]) -> None:
    """One roll or step of the dialog: its result in the status line, a refusal in a box."""
    try:
        status.setText(action())
    except ValueError as refusal:
        show_refusal(dialog, str(refusal))
    grow_to_fit(dialog)


def grow_to_fit(dialog: QWidget) -> None:
    """Taller when a status line or a longer text needs it: a top-level window does not grow by
    itself for wrapped labels, it squeezes them until they overlap the rows under them."""
    layout = dialog.layout()
    if layout is None:
        return
    layout.activate()
    width = dialog.width()
    need = layout.totalHeightForWidth(width) if layout.hasHeightForWidth() else -1
    need = max(need, layout.totalMinimumSize().height())
    if need > dialog.height():
        dialog.resize(width, need)


class LotRCareDialog(QDialog):
    def __init__(self, model: LotRCareModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.requests = table_requests(model.actions.campaign_model)  # 「表を開く」 beside a refusal
        self.setWindowTitle(self.tr("回復・手当て（1.2.1 / 1.2.2）"))
        tabs = QTabWidget()
        tabs.addTab(self._wounds_page(), self.tr("負傷の回復"))
        tabs.addTab(self._weariness_page(), self.tr("疲労の回復"))
        self.physician_combo = QComboBox()
        self.physician_combo.setAccessibleName(self.tr("医者"))
        self.physician_bonus = bonus_spin(self.tr("医者の Healing ボーナス"))
        self.physician_page = PhysicianPage(
            model.physician, self.requests, self.physician_combo, self.physician_bonus, self._run
        )
        for signal in (self.physician_combo.currentIndexChanged, self.physician_bonus.valueChanged):
            signal.connect(lambda _v: self.sync())
        tabs.addTab(self.physician_page, self.tr("医者（医術・付きっ切り）"))
        self.status_label = lay_out_tabbed(self, tabs)
        model.changed.connect(self.sync)
        self.sync()

    # ---- pages ------------------------------------------------------------------------------
    def _wounds_page(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)

        rest = QGroupBox(self.tr("休息（1日1点）"))
        self.days_spin = QSpinBox()
        self.days_spin.setRange(1, MAX_REST_DAYS)
        self.days_spin.setSuffix(self.tr(" 日"))
        self.days_spin.setAccessibleName(self.tr("休む日数"))
        self.rest_button = QPushButton(self.tr("休んで回復"))
        self.rest_button.clicked.connect(lambda: self._run(lambda: self.model.rest(self.days_spin.value())))
        row = QHBoxLayout(rest)
        row.addWidget(self.days_spin)
        row.addWidget(self.rest_button)
        row.addStretch(1)
        ability = QLabel(self.tr("下がった能力値も休息 1 日で 1 点回復します（判定では早まりません）"))
        ability.setWordWrap(True)
        layout.addWidget(rest)
        layout.addWidget(ability)

        weekly = QGroupBox(self.tr("週 1 回の自然治癒（Stamina 判定、Table 9.36）"))
        self.cared_check = QCheckBox(self.tr("治療師の手当て・手当ての成功・高度な治療のあと（週 2 回）"))
        self.weekly_label = RefusalLine(self.requests)
        self.weekly_button = QPushButton(self.tr("Stamina 判定を振る"))
        self.weekly_button.clicked.connect(lambda: self._run(self.model.natural_test))
        self.cared_check.toggled.connect(lambda _on: self.sync())
        form = QVBoxLayout(weekly)
        add_line(form, self.weekly_label)
        form.addWidget(self.cared_check)
        form.addWidget(self.weekly_button)
        layout.addWidget(weekly)

        care = QGroupBox(self.tr("手当て（Healing 判定、Table 9.37）"))
        self.healer_combo = QComboBox()
        self.healer_combo.setAccessibleName(self.tr("手当てする人"))
        self.healer_bonus = bonus_spin(self.tr("手当てする人の Healing ボーナス"))
        self.advanced_check = QCheckBox(
            self.tr("高度な治療（Minas Tirith・エルロンドの館: +5、成功で Health 分回復）")
        )
        self.healing_label = RefusalLine(self.requests)
        self.healing_button = QPushButton(self.tr("Healing 判定を振る"))
        self.healing_button.clicked.connect(
            lambda: self._run(
                lambda: self.model.healing_test(*self._healer(), self.advanced_check.isChecked())
            )
        )
        for signal in (self.healer_combo.currentIndexChanged, self.healer_bonus.valueChanged):
            signal.connect(lambda _v: self.sync())
        self.advanced_check.toggled.connect(lambda _on: self.sync())
        # A column, not a form: a form row squeezes a wrapped label onto the rows under it.
        grid = QVBoxLayout(care)
        who = QHBoxLayout()
        who.addWidget(QLabel(self.tr("手当てする人")))
        who.addWidget(self.healer_combo, 1)
        who.addWidget(self.healer_bonus)
        grid.addLayout(who)
        grid.addWidget(self.advanced_check)
        add_line(grid, self.healing_label)
        grid.addWidget(self.healing_button)
        layout.addWidget(care)
        layout.addStretch(1)
        return page

    def _weariness_page(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        resist = QGroupBox(self.tr("疲労への抵抗判定（Stamina）"))
        self.tn_spin = QSpinBox()
        self.tn_spin.setRange(0, MAX_TN)
        self.tn_spin.setValue(10)
        self.tn_spin.setAccessibleName(self.tr("疲労判定の目標値"))
        self.tn_spin.setToolTip(self.tr("目標値は負荷によって GM が決めます"))
        self.resist_modifier = bonus_spin(self.tr("そのほかの修正"))
        self.resist_label = RefusalLine(self.requests)
        self.resist_button = QPushButton(self.tr("抵抗判定を振る"))
        self.resist_button.clicked.connect(
            lambda: self._run(
                lambda: self.model.resistance_test(self.tn_spin.value(), self.resist_modifier.value())
            )
        )
        for spin in (self.tn_spin, self.resist_modifier):
            spin.valueChanged.connect(lambda _v: self.sync())
        form = QFormLayout()
        form.addRow(self.tr("目標値"), self.tn_spin)
        form.addRow(self.tr("修正"), self.resist_modifier)
        column = QVBoxLayout(resist)
        column.addLayout(form)
        add_line(column, self.resist_label)
        column.addWidget(self.resist_button)
        layout.addWidget(resist)

        recover = QGroupBox(self.tr("Exhausted から Spent への回復（目標値 10、−10）"))
        self.helper_combo = QComboBox()
        self.helper_combo.setAccessibleName(self.tr("回復を助ける人"))
        self.helper_bonus = bonus_spin(self.tr("助ける人の Healing ボーナス"))
        self.recovery_label = RefusalLine(self.requests)
        self.recovery_button = QPushButton(self.tr("回復判定を振る"))
        self.recovery_button.clicked.connect(
            lambda: self._run(lambda: self.model.recovery_test(*self._helper()))
        )
        for signal in (self.helper_combo.currentIndexChanged, self.helper_bonus.valueChanged):
            signal.connect(lambda _v: self.sync())
        when = QLabel(
            self.tr(
                "戦闘中は 1 ラウンドに 1 回、通常は 1 分に 1 回。ほかの人の Healing 判定（目標値 10）で"
                " Marginal −3・Complete −5・Superior −10、Extraordinary ならただちに Spent"
            )
        )
        when.setWordWrap(True)
        grid = QVBoxLayout(recover)
        who = QHBoxLayout()
        who.addWidget(QLabel(self.tr("助ける人")))
        who.addWidget(self.helper_combo, 1)
        who.addWidget(self.helper_bonus)
        grid.addLayout(who)
        grid.addWidget(when)
        add_line(grid, self.recovery_label)
        grid.addWidget(self.recovery_button)
        layout.addWidget(recover)
        layout.addStretch(1)
        return page

    # ---- state ------------------------------------------------------------------------------
    def _healer(self) -> tuple[str, int]:
        return self.healer_combo.currentData() or CUSTOM, self.healer_bonus.value()

    def _helper(self) -> tuple[str | None, int]:
        return self.helper_combo.currentData(), self.helper_bonus.value()

    def sync(self) -> None:
        if not self.model.actions.exists:
            return
        people = self.model.others()
        fill_people(self.healer_combo, people, self.tr("ボーナスを入力"))
        fill_people(self.helper_combo, people, self.tr("ボーナスを入力"), self.tr("助けなし"))
        fill_people(self.physician_combo, people, self.tr("ボーナスを入力"))
        self.physician_bonus.setEnabled(self.physician_combo.currentData() in (CUSTOM, None))
        self.physician_page.sync()
        self.healer_bonus.setEnabled(self.healer_combo.currentData() in (CUSTOM, None))
        self.helper_bonus.setEnabled(self.helper_combo.currentData() == CUSTOM)

        tests = self.model.tests_per_week(self.cared_check.isChecked())
        self._odds(
            self.weekly_label,
            self.weekly_button,
            lambda: self.model.natural_odds(),
            lambda p: self.tr("{0}: 目標値 {1}、成功 {2} で {3} 点回復（今週 {4} 回まで）").format(
                self.model.natural_target().row,
                self.model.natural_target().tn,
                percent_text(p),
                self.model.natural_heal(),
                tests,
            ),
        )
        advanced = self.advanced_check.isChecked()
        self._odds(
            self.healing_label,
            self.healing_button,
            lambda: self.model.healing_odds(*self._healer(), advanced),
            lambda p: self.tr("{0}: 目標値 {1}、成功 {2} で {3} 点回復").format(
                self.model.healing_target().row,
                self.model.healing_target().tn,
                percent_text(p),
                self.model.healing_heals(advanced),
            ),
        )
        character = self.model.character
        roller = self.model.resistance_bonus(self.resist_modifier.value())
        self._odds(
            self.resist_label,
            self.resist_button,
            lambda: self.model.resistance_odds(self.tn_spin.value(), self.resist_modifier.value()),
            lambda p: self.tr("ボーナス {0:+d}（負傷・疲労 {1:+d}、年齢 {2}）: 成功 {3}").format(
                roller.bonus, roller.condition, self.model.age_label(character.age), percent_text(p)
            ),
        )
        self._odds(
            self.recovery_label,
            self.recovery_button,
            lambda: self.model.recovery_odds(*self._helper()),
            lambda p: self.tr("Spent に回復する確率 {0}").format(percent_text(p)),
        )

    def _odds(
        self,
        label: RefusalLine,
        button: QPushButton,
        odds: Callable[[], Fraction],
        text: Callable[[Fraction], str],
    ) -> None:
        show_step(label, button, lambda: text(odds()))

    def _run(self, action: Callable[[], str]) -> None:
        run_step(self, self.status_label, action)
        self.sync()
        grow_to_fit(self)
