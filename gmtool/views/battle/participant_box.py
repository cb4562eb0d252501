"""The selected participant: damage and healing on its resources, maxima, status, side, secrecy
and conditions with their durations."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.battle_labels import SIDE_LABELS, STATUS_LABELS
from gmtool.models.battle_model import BattleModel
from gmtool.rules.battle_types import Participant, Side, Status
from gmtool.views.appearance import set_tone
from gmtool.views.session_tab import Confirm, SessionTab


class ParticipantBox(SessionTab[BattleModel]):
    def __init__(self, model: BattleModel, confirm: Confirm, parent: QWidget | None = None) -> None:
        super().__init__(model, confirm, parent)
        self.battle = model
        self.participant_id: str | None = None
        self.title = QLabel()
        self.title.setStyleSheet("font-weight: bold;")

        self.resource_combo = QComboBox()
        self.amount_spin = QSpinBox()
        self.amount_spin.setRange(0, 99_999)
        self.amount_spin.setValue(1)
        self.damage_button = self.button(self.tr("ダメージ"), lambda: self._damage(1))
        self.heal_button = self.button(self.tr("回復する"), lambda: self._damage(-1))
        self.value_spin = QSpinBox()
        self.value_spin.setRange(-99_999, 99_999)
        self.max_spin = QSpinBox()
        self.max_spin.setRange(0, 99_999)
        self.max_spin.setSpecialValueText(self.tr("なし"))
        self.set_button = self.button(self.tr("値を設定"), self._set_value)
        self.resource_note = QLabel()
        self.resource_note.setWordWrap(True)
        set_tone(self.resource_note, "note")
        self.resource_combo.currentIndexChanged.connect(lambda _i: self._show_resource())

        damage_row = QHBoxLayout()
        w: QWidget
        for w in (self.resource_combo, self.amount_spin, self.damage_button, self.heal_button):
            damage_row.addWidget(w)
        value_row = QHBoxLayout()
        for w in (
            QLabel(self.tr("値")),
            self.value_spin,
            QLabel(self.tr("最大")),
            self.max_spin,
            self.set_button,
        ):
            value_row.addWidget(w)

        self.status_combo = QComboBox()
        for status in Status:
            self.status_combo.addItem(self.tr(STATUS_LABELS[status]) or self.tr("行動可能"), status)
        self.status_combo.activated.connect(
            lambda _i: self._act(
                lambda pid: self.battle.edit.set_status(pid, self.status_combo.currentData())
            )
        )
        self.side_combo = QComboBox()
        for side in Side:
            self.side_combo.addItem(self.tr(SIDE_LABELS[side]), side)
        self.side_combo.activated.connect(
            lambda _i: self._act(lambda pid: self.battle.edit.set_side(pid, self.side_combo.currentData()))
        )
        self.hidden_check = QCheckBox(self.tr("非公開"))
        self.hidden_check.clicked.connect(
            lambda on: self._act(lambda pid: self.battle.edit.set_hidden(pid, bool(on)))
        )
        status_row = QHBoxLayout()
        for w in (self.status_combo, self.side_combo, self.hidden_check):
            status_row.addWidget(w)

        self.condition_edit = QLineEdit()
        self.condition_edit.setPlaceholderText(self.tr("状態の名前（例: 放心）"))
        self.rounds_spin = QSpinBox()
        self.rounds_spin.setRange(0, 999)
        self.rounds_spin.setSpecialValueText(self.tr("無期限"))
        self.rounds_spin.setSuffix(self.tr(" ラウンド"))
        self.counts_combo = QComboBox()
        self.counts_combo.setToolTip(self.tr("残りラウンドを数える手番（誰の手番の開始で1減るか）"))
        self.add_condition_button = self.button(self.tr("状態を追加"), self._add_condition)
        self.condition_combo = QComboBox()
        self.remove_condition_button = self.button(self.tr("解除"), self._remove_condition)
        # The name on a row of its own: beside the rounds, whose 「無期限」 and the counter took the
        # width, its placeholder was cut to 「Conditi…」.
        condition_row = QHBoxLayout()
        for w in (self.rounds_spin, self.counts_combo, self.add_condition_button):
            condition_row.addWidget(w)
        remove_row = QHBoxLayout()
        remove_row.addWidget(self.condition_combo, 1)
        remove_row.addWidget(self.remove_condition_button)

        box = QGroupBox(self.tr("選んだ参加者"))
        form = QFormLayout(box)
        form.addRow(self.title)
        form.addRow(self.tr("ダメージ・回復"), damage_row)
        form.addRow(self.tr("リソース"), value_row)
        form.addRow(self.resource_note)
        form.addRow(self.tr("状態"), status_row)
        form.addRow(self.tr("状態異常"), self.condition_edit)
        form.addRow("", condition_row)
        form.addRow("", remove_row)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(box)

    def select(self, participant_id: str | None) -> None:
        self.participant_id = participant_id
        self.sync()

    def current(self) -> Participant | None:
        state = self.battle.state()
        return state.participant(self.participant_id)

    def sync(self) -> None:
        p = self.current()
        self.setEnabled(p is not None)
        if p is None:
            self.title.setText(self.tr("表で参加者を選んでください"))
            return
        self.title.setText(p.name)
        self.refill(self.resource_combo, [(self.tr(r.label), r.key) for r in p.resources])
        self._show_resource()
        self.status_combo.setCurrentIndex(self.status_combo.findData(p.status))
        self.side_combo.setCurrentIndex(self.side_combo.findData(p.side))
        self.hidden_check.setChecked(p.hidden)
        people = self.battle.state().participants
        counts = [(self.battle.round_end_label(), "")] + [(q.name, q.id) for q in people]
        self.refill(self.counts_combo, counts)
        self.refill(self.condition_combo, [(self.tr(c.name), c.name) for c in p.conditions])
        self.remove_condition_button.setEnabled(bool(p.conditions))

    def _show_resource(self) -> None:
        key = self.resource_combo.currentData() or ""
        resource = self.battle.edit.resource(self.participant_id, key)
        if resource is not None:
            self.value_spin.setValue(resource.value)
            self.max_spin.setValue(resource.maximum or 0)
        self.resource_note.setText(self.battle.edit.resource_note(self.participant_id, key))

    def _act(self, action: Callable[[str], object]) -> bool:
        """Runs `action` on the selected participant's id, guarded; False when none is selected."""
        p = self.current()
        return p is not None and self.guard(lambda: action(p.id))

    def _damage(self, sign: int) -> None:
        key = self.resource_combo.currentData()
        if key:
            self._act(lambda pid: self.battle.edit.damage(pid, key, sign * self.amount_spin.value()))

    def _set_value(self) -> None:
        key = self.resource_combo.currentData()
        if key:
            maximum = self.max_spin.value() or None
            self._act(lambda pid: self.battle.edit.set_resource(pid, key, self.value_spin.value(), maximum))

    def _add_condition(self) -> None:
        rounds = self.rounds_spin.value() or None
        counts_on = self.counts_combo.currentData() or None
        name = self.condition_edit.text()
        if self._act(lambda pid: self.battle.edit.add_condition(pid, name, rounds, counts_on)):
            self.condition_edit.clear()  # kept when refused, to be mended

    def _remove_condition(self) -> None:
        name = self.condition_combo.currentData()
        if name:
            self._act(lambda pid: self.battle.edit.remove_condition(pid, name))
