"""The tracker's つかみ・捕縛 step (3.2): who holds whom after a grab or a grapple, the opposed Strength
test's exact odds, and each step that follows — the held one's escape, the holder's pin, 1d6+STR
damage or a slam for 1d6; the whip's test of the round that leaves the entangled one unable to
defend or knocked down.  The STR modifiers of quick NPCs start 未設定."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QFormLayout, QGroupBox, QLabel, QVBoxLayout, QWidget

from gmtool.models.lotr.hold_model import ENTANGLE, GRAB, HELPLESS, PRONE, Hold, LotRHoldModel
from gmtool.rules.battle_types import BattleRefused
from gmtool.rules.systems.lotr.attack_types import BOUNDS
from gmtool.views.lotr.attack_option_rows import spin_value, unset_spin
from gmtool.views.session_tab import Confirm, SessionTab
from gmtool.views.widgets import hbox


class LotRHoldBox(SessionTab[LotRHoldModel]):
    def __init__(self, model: LotRHoldModel, confirm: Confirm, parent: QWidget | None = None) -> None:
        super().__init__(model, confirm, parent)
        self.holds = model
        self.hold_combo = QComboBox()
        self.hold_combo.currentIndexChanged.connect(lambda _i: self._hold_changed())
        unset = self.tr("{0}は未設定")  # a spin not yet entered: 「利き腕は未設定」
        # As `prob lotr-attack --holder-str/--held-str` takes them (a bonus: penalties may add to it).
        self.holder_spin = unset_spin(BOUNDS["bonus"], self.tr("つかむ側の STR修正 "), unset)
        self.held_spin = unset_spin(BOUNDS["bonus"], self.tr("つかまれた側の STR修正 "), unset)
        for spin in (self.holder_spin, self.held_spin):
            spin.setToolTip(self.tr("負傷・疲労・つかまれている −5 などのペナルティは自動で加わります"))
            spin.valueChanged.connect(lambda _v: self._show())
        self.odds_label = QLabel()
        self.odds_label.setWordWrap(True)
        self.odds_label.setMinimumHeight(2 * self.fontMetrics().lineSpacing())
        self.escape_button = self.button(self.tr("抜け出す（1アクション）"), self._escape)
        self.pin_button = self.button(self.tr("押さえつける（+3）"), self._pin)
        self.squeeze_button = self.button(self.tr("締め上げる（1d6+STR）"), self._squeeze)
        self.slam_button = self.button(self.tr("たたきつける（1d6）"), self._slam)
        self.effect_combo = QComboBox()
        self.effect_combo.addItem(self.tr("防御できない状態にする"), HELPLESS)
        self.effect_combo.addItem(self.tr("地面に倒す"), PRONE)
        self.pull_button = self.button(self.tr("捕縛の対決判定を振る（+4）"), self._pull)
        self._keys: list[Hold] = []
        self._filled: Hold | None = None

        box = QGroupBox(self.tr("つかむ・捕縛（指輪物語RPG 3.2）"))
        form = self.form = QFormLayout(box)
        form.addRow(self.tr("誰が誰を"), self.hold_combo)
        form.addRow(self.tr("STR"), hbox(self.holder_spin, self.held_spin))
        form.addRow(self.odds_label)
        self.grab_row = hbox(self.escape_button, self.pin_button)
        self.hit_row = hbox(self.squeeze_button, self.slam_button)
        self.pull_row = hbox(self.effect_combo, self.pull_button)
        form.addRow(self.grab_row)
        form.addRow(self.hit_row)
        form.addRow(self.pull_row)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(box)

    def sync(self) -> None:
        current = self.hold()
        self._keys = self.holds.holds()
        self.refill(self.hold_combo, [(self.holds.label(h), i) for i, h in enumerate(self._keys)])
        same = [
            i
            for i, h in enumerate(self._keys)
            if current and (h.holder, h.held, h.kind) == (current.holder, current.held, current.kind)
        ]
        if same:
            self.hold_combo.setCurrentIndex(same[0])
        self._hold_changed()

    def hold(self) -> Hold | None:
        index = self.hold_combo.currentData()
        return self._keys[index] if isinstance(index, int) and 0 <= index < len(self._keys) else None

    def _hold_changed(self) -> None:
        hold = self.hold()
        if hold is not None and (
            self._filled is None or (hold.holder, hold.held) != (self._filled.holder, self._filled.held)
        ):
            self._filled = hold
            for spin, who in ((self.holder_spin, hold.holder), (self.held_spin, hold.held)):
                known = self.holds.str_bonus(who)
                spin.setValue(spin.minimum() if known is None else known)
        self._show()

    def _values(self) -> tuple[int | None, int | None]:
        return spin_value(self.holder_spin), spin_value(self.held_spin)

    def _show(self) -> None:
        hold = self.hold()
        grab = hold is not None and hold.kind == GRAB
        for row, shown in (
            (self.grab_row, grab),
            (self.hit_row, grab),
            (self.pull_row, hold is not None and hold.kind == ENTANGLE),
        ):
            self.form.setRowVisible(row, shown)
        for button in (self.escape_button, self.pull_button, self.squeeze_button):
            button.setEnabled(False)
        self.pin_button.setEnabled(grab and hold is not None and not hold.pinned)
        self.slam_button.setEnabled(grab)
        if hold is None:
            self.odds_label.setText(self.tr("つかんでいる・絡め取っている人はいません"))
            return
        self.squeeze_button.setEnabled(self._values()[0] is not None)
        try:
            odds = self.holds.odds(hold, *self._values())
        except BattleRefused as refusal:
            self.odds_label.setText(str(refusal))
            return
        self.escape_button.setEnabled(grab)
        self.pull_button.setEnabled(not grab)
        text = (
            self.tr("抜け出す: STR {0:+d} 対 {1:+d}（同点は振り直し）— {2:.2%}")
            if grab
            else self.tr("捕縛の対決判定: STR {0:+d} 対 {1:+d}（同点は振り直し）— 勝つ {2:.2%}")
        )
        self.odds_label.setText(text.format(odds.acting, odds.resisting, float(odds.wins)))

    def _escape(self) -> None:
        hold = self.hold()
        if hold is not None:
            self.holds.escape(hold, *self._values())

    def _pull(self) -> None:
        hold = self.hold()
        if hold is not None:
            self.holds.pull(hold, *self._values(), self.effect_combo.currentData())

    def _pin(self) -> None:
        hold = self.hold()
        if hold is not None:
            self.holds.pin(hold)

    def _squeeze(self) -> None:
        hold = self.hold()
        if hold is not None:
            self.holds.squeeze(hold, self._values()[0])

    def _slam(self) -> None:
        hold = self.hold()
        if hold is not None:
            self.holds.slam(hold)
