"""生命力の回復: a meal or a night's sleep recovers HP and MP by the amount the GM enters (the text
gives none), shown beside the words of the text and the sheet's pools before and after.

Losses (a missed meal, short sleep: 1〜5D6) and 供給 are rolled in 供給・生命力の増減."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.aw.rest_model import REST_LABELS, REST_TEXTS
from gmtool.models.aw.session_model import AWSessionModel
from gmtool.rules.systems.aw.session_state import SessionRefused
from gmtool.rules.systems.aw.supply_types import MAX_AMOUNT, RestKind
from gmtool.views.appearance import set_tone
from gmtool.views.session_tab import Confirm, SessionTab


class AWRestTab(SessionTab[AWSessionModel]):
    def __init__(self, model: AWSessionModel, confirm: Confirm, parent: QWidget | None = None) -> None:
        super().__init__(model, confirm, parent)
        self.rest = model.rest
        self.character_combo = QComboBox()
        self.character_combo.setAccessibleName(self.tr("回復するキャラクター"))
        self.character_combo.currentIndexChanged.connect(lambda _: self._sync_preview())
        self.kind_combo = QComboBox()
        for kind, label in REST_LABELS.items():
            self.kind_combo.addItem(self.tr(label), kind)
        self.kind_combo.currentIndexChanged.connect(lambda _: self._sync_preview())
        self.rule_label = QLabel()
        self.rule_label.setWordWrap(True)
        set_tone(self.rule_label, "note")
        self.hp_spin = self._amount_spin(self.tr("回復するHP"))
        self.mp_spin = self._amount_spin(self.tr("回復するMP"))
        amount_note = QLabel(self.tr("本文に回復量の記載はありません。GMが決めた量を入れてください。"))
        amount_note.setWordWrap(True)
        self.preview_label = QLabel()
        self.preview_label.setWordWrap(True)
        self.recover_button = self.button(self.tr("回復する"), self._recover)

        amounts = QHBoxLayout()
        for caption, spin in ((self.tr("HP"), self.hp_spin), (self.tr("MP"), self.mp_spin)):
            amounts.addWidget(QLabel(caption))
            amounts.addWidget(spin)
        amounts.addStretch(1)
        box = QGroupBox(self.tr("食事・睡眠による生命力の回復"))
        form = QFormLayout(box)
        form.addRow(self.tr("キャラクター"), self.character_combo)
        form.addRow(self.tr("回復の方法"), self.kind_combo)
        form.addRow(self.rule_label)
        form.addRow(self.tr("回復する量"), amounts)
        form.addRow(amount_note)
        form.addRow(self.preview_label)
        form.addRow(self.recover_button)
        note = QLabel(
            self.tr(
                "回復は最大値で止まります（最大値が 0 のときは上限なし）。"
                "食事を摂れなかった・睡眠不足による減少と供給は「供給・生命力の増減…」で振ります。"
            )
        )
        note.setWordWrap(True)
        set_tone(note, "note")
        layout = QVBoxLayout(self)
        layout.addWidget(box)
        layout.addWidget(note)
        layout.addStretch(1)

    def _amount_spin(self, name: str) -> QSpinBox:
        spin = QSpinBox()
        spin.setRange(0, MAX_AMOUNT)
        spin.setPrefix("+")
        spin.setAccessibleName(name)
        spin.valueChanged.connect(lambda _: self._sync_preview())
        return spin

    def kind(self) -> RestKind:
        return RestKind(self.kind_combo.currentData())  # Qt may hand the enum back as a plain str

    def _recover(self) -> None:
        character = self.character_combo.currentData()
        if character is None:
            raise SessionRefused(self.tr("アナザーワールドのキャラクターがいません"))
        self.rest.recover(character, self.kind(), self.hp_spin.value(), self.mp_spin.value())
        self.sync()

    # ---- sync ------------------------------------------------------------------------------
    def sync(self) -> None:
        names = [(name or self.tr("（名前なし）"), i) for i, name in self.rest.characters()]
        self.refill(self.character_combo, names)
        self._sync_preview()

    def _sync_preview(self) -> None:
        self.rule_label.setText(self.tr(REST_TEXTS[self.kind()]))
        character = self.character_combo.currentData()
        hp_amount, mp_amount = self.hp_spin.value(), self.mp_spin.value()
        entered = hp_amount > 0 or mp_amount > 0
        self.recover_button.setEnabled(character is not None and entered)
        if character is None:
            self.preview_label.setText(self.tr("アナザーワールドのキャラクターがいません"))
            return
        (hp, hp_max), (mp, mp_max) = self.rest.pools(character)
        new_hp, new_mp = self.rest.after(character, hp_amount, mp_amount)
        self.preview_label.setText(
            self.tr("HP {0}/{1} → {2}/{1}、MP {3}/{4} → {5}/{4}").format(
                hp, hp_max, new_hp, mp, mp_max, new_mp
            )
        )
