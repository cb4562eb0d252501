"""3.9 騎乗戦闘 in the tracker: a participant's horse (one undo step), the horse's moves from Table
9.22, a War-Trained horse's attack, and a Ride test in combat with its exact chance."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.lotr.mount_model import TN_BOUNDS, LotRMountModel
from gmtool.models.lotr.table_requests import table_requests
from gmtool.rules.systems.lotr import mounted_types as mounted
from gmtool.views.lotr.refusal_line import RefusalLine, add_line
from gmtool.views.session_tab import Confirm, SessionTab
from gmtool.views.widgets import hbox


def _spin(bounds: tuple[int, int], prefix: str, value: int = 0) -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(*bounds)
    spin.setValue(value)
    spin.setPrefix(prefix)
    return spin


class LotRMountBox(SessionTab[LotRMountModel]):
    def __init__(self, model: LotRMountModel, confirm: Confirm, parent: QWidget | None = None) -> None:
        super().__init__(model, confirm, parent)
        self.mounts = model
        self.who_combo = QComboBox()
        self.who_combo.currentIndexChanged.connect(lambda _i: self._read_mount())
        self.mounted_check = QCheckBox(self.tr("騎乗している"))
        self.war_check = QCheckBox(self.tr("War-Trained"))
        self.war_check.setToolTip(self.tr("乗り手の行動に影響せず、馬が1アクションで攻撃できる"))
        self.steady_check = QCheckBox(self.tr("Steady"))
        self.steady_check.setToolTip(self.tr("戦闘中でも Ride 判定にペナルティを受けない"))
        self.ride_check = QCheckBox(self.tr("Mearas・Elven-steed"))
        self.ride_check.setToolTip(self.tr("馬の Ride と乗り手の Ride の高いほうを使う"))
        self.horse_ride_spin = _spin(mounted.RIDE_BOUNDS, self.tr("馬の Ride "))
        self.str_check = QCheckBox(self.tr("馬の STR 修正"))
        # The modifier (1.1.1), not the score: a field labelled 「STR」 took a score of 18 as +18.
        self.horse_str_spin = _spin(mounted.HORSE_STR_BOUNDS, self.tr("修正 "))
        self.horse_str_spin.setToolTip(
            self.tr(
                "馬の STR 能力値ではなく能力値修正（1.1.1 の表）を入力します。ダメージと転倒に使います（3.9）"
            )
        )
        self.set_button = self.button(self.tr("騎乗を設定"), self._set_mount)
        self.speed_combo = QComboBox()
        self.move_button = self.button(self.tr("馬で移動"), self._move)
        self.attack_button = self.button(self.tr("馬の攻撃（War-Trained）"), self._horse_attack)
        self.rider_ride_spin = _spin(mounted.RIDE_BOUNDS, self.tr("乗り手の Ride "))
        self.penalty_spin = _spin((mounted.RIDE_PENALTY_BOUNDS[0], 0), self.tr("戦闘中 "), -1)
        self.penalty_spin.setToolTip(self.tr("戦闘中の Ride 判定は −1〜−4（GM が選ぶ）。Steady なら受けない"))
        self.tn_spin = _spin(TN_BOUNDS, self.tr("目標値 "), 10)
        requests = table_requests(model.model.campaign_model)
        self.ride_label = RefusalLine(requests)
        self.ride_button = self.button(self.tr("Ride 判定を振る"), self._ride)
        self.move_label = RefusalLine(requests)
        for check in (self.ride_check, self.str_check, self.mounted_check):
            check.toggled.connect(lambda _on: self._enable())
        for spin in (self.rider_ride_spin, self.penalty_spin, self.tn_spin):
            spin.valueChanged.connect(lambda _v: self._show())
        self.speed_combo.currentIndexChanged.connect(lambda _i: self._show())

        box = QGroupBox(self.tr("騎乗戦闘"))
        form = QFormLayout(box)
        form.addRow(self.tr("乗り手"), hbox(self.who_combo, self.mounted_check))
        form.addRow(self.tr("馬"), hbox(self.war_check, self.steady_check))
        form.addRow(hbox(self.ride_check, self.horse_ride_spin))
        form.addRow(hbox(self.str_check, self.horse_str_spin, self.set_button))
        form.addRow(self.tr("移動"), hbox(self.speed_combo, self.move_button))
        add_line(form, self.move_label)
        form.addRow(self.attack_button)
        form.addRow(self.tr("Ride"), hbox(self.rider_ride_spin, self.penalty_spin, self.tn_spin))
        add_line(form, self.ride_label)
        form.addRow(self.ride_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(box)

    def sync(self) -> None:
        self.refill(self.who_combo, self.mounts.people())
        self.refill(self.speed_combo, [(name, name) for name in self.mounts.speeds()])
        self._read_mount()

    def _who(self) -> str | None:
        who = self.who_combo.currentData()
        return who if isinstance(who, str) else None

    def _read_mount(self) -> None:
        who = self._who()
        mount = self.mounts.mount(who) if who else mounted.Mount()
        self.mounted_check.setChecked(mount.mounted)
        self.war_check.setChecked(mount.war_trained)
        self.steady_check.setChecked(mount.steady)
        self.ride_check.setChecked(mount.ride is not None)
        self.horse_ride_spin.setValue(mount.ride or 0)
        self.str_check.setChecked(mount.horse_str is not None)
        self.horse_str_spin.setValue(mount.horse_str or 0)
        self._enable()

    def _enable(self) -> None:
        on = self.mounted_check.isChecked()
        for widget in (self.war_check, self.steady_check, self.ride_check, self.str_check):
            widget.setEnabled(on)
        self.horse_ride_spin.setEnabled(on and self.ride_check.isChecked())
        self.horse_str_spin.setEnabled(on and self.str_check.isChecked())
        self.set_button.setEnabled(self._who() is not None)
        self._show()

    def _show(self) -> None:
        who = self._who()
        mount = self.mounts.mount(who) if who else mounted.Mount()
        self.move_button.setEnabled(mount.mounted and bool(self.speed_combo.currentData()))
        self.attack_button.setEnabled(mount.mounted and mount.war_trained)
        self.ride_button.setEnabled(False)
        speed = self.speed_combo.currentData()
        self.move_label.setText("")
        if speed:
            try:
                move = self.mounts.move(speed)
                cost = (
                    self.tr("Full-round")
                    if move.cost is None
                    else self.tr("{0} アクション").format(move.cost)
                )
                tn = "" if move.run_tn is None else self.tr("、Run 判定 目標値 {0}").format(move.run_tn)
                self.move_label.setText(self.tr("{0}: {1}{2}").format(move.name, cost, tn))
            except ValueError as refusal:
                self.move_label.show_refusal(str(refusal))
                self.move_button.setEnabled(False)
        if who is None or not mount.mounted:
            self.ride_label.setText(self.tr("騎乗している参加者を選んでください"))
            return
        try:
            ride = self.mounts.ride_odds(
                who, self.rider_ride_spin.value(), self.penalty_spin.value(), self.tn_spin.value()
            )
        except ValueError as refusal:
            self.ride_label.show_refusal(str(refusal))
            return
        self.ride_label.setText(
            self.tr("Ride {0:+d} / 目標値 {1}: 成功 {2:.2%}").format(ride.bonus, ride.tn, float(ride.chance))
        )
        self.ride_button.setEnabled(True)

    def _mount(self) -> mounted.Mount:
        on = self.mounted_check.isChecked()
        return mounted.Mount(
            mounted=on,
            war_trained=on and self.war_check.isChecked(),
            steady=on and self.steady_check.isChecked(),
            ride=self.horse_ride_spin.value() if on and self.ride_check.isChecked() else None,
            horse_str=self.horse_str_spin.value() if on and self.str_check.isChecked() else None,
        )

    def _set_mount(self) -> None:
        who = self._who()
        if who:
            self.mounts.set_mount(who, self._mount())

    def _move(self) -> None:
        who, speed = self._who(), self.speed_combo.currentData()
        if who and speed:
            self.mounts.spend_move(who, speed)

    def _horse_attack(self) -> None:
        who = self._who()
        if who:
            self.mounts.horse_attack(who)

    def _ride(self) -> None:
        who = self._who()
        if who:
            self.mounts.ride_test(
                who, self.rider_ride_spin.value(), self.penalty_spin.value(), self.tn_spin.value()
            )
