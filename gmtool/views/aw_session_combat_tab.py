"""戦闘: a minimal round and process counter, enough for 令呪 (a summon in combat moves the round to
クリンナッププロセス).  The battle tracker will replace it with the full tracker."""

from __future__ import annotations

from PySide6.QtWidgets import QGroupBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from gmtool.models.aw_session_model import PHASE_LABELS, AWSessionModel
from gmtool.rules.systems.aw.session import PHASE_ORDER
from gmtool.views.aw_session_parts import Confirm, SessionTab


class AWCombatTab(SessionTab):
    def __init__(self, model: AWSessionModel, confirm: Confirm, parent: QWidget | None = None) -> None:
        super().__init__(model, confirm, parent)
        self.status_label = QLabel()
        self.status_label.setStyleSheet("font-size: 14pt;")
        self.phase_labels = [QLabel(self.tr(PHASE_LABELS[phase])) for phase in PHASE_ORDER]
        phases = QHBoxLayout()
        for i, label in enumerate(self.phase_labels):
            if i:
                phases.addWidget(QLabel("→"))
            phases.addWidget(label)
        phases.addStretch(1)
        self.start_button = self.button(self.tr("戦闘開始"), self.model.start_combat)
        self.next_button = self.button(self.tr("次のプロセス"), self.model.next_phase)
        self.end_button = self.button(self.tr("戦闘終了"), self.model.end_combat)
        buttons = QHBoxLayout()
        for button in (self.start_button, self.next_button, self.end_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        note = QLabel(
            self.tr(
                "簡易版: ラウンドとプロセスだけを数えます"
                "（令呪でのシーン登場はクリンナッププロセスへ移します）。"
                "行動順やエンゲージを含む戦闘の進行は、戦闘トラッカー（別の課題）で扱います。"
            )
        )
        note.setWordWrap(True)
        note.setStyleSheet("color: #666;")
        box = QGroupBox(self.tr("戦闘ラウンド"))
        inner = QVBoxLayout(box)
        inner.addWidget(self.status_label)
        inner.addLayout(phases)
        inner.addLayout(buttons)
        layout = QVBoxLayout(self)
        layout.addWidget(box)
        layout.addWidget(note)
        layout.addStretch(1)

    def sync(self) -> None:
        combat = self.model.state().combat
        if combat.active:
            self.status_label.setText(
                self.tr("戦闘中: ラウンド {0}・{1}").format(combat.round, self.tr(PHASE_LABELS[combat.phase]))
            )
        else:
            self.status_label.setText(self.tr("戦闘は行なわれていません"))
        for phase, label in zip(PHASE_ORDER, self.phase_labels, strict=True):
            current = combat.active and combat.phase is phase
            label.setStyleSheet(
                "font-weight: bold; text-decoration: underline;" if current else "color: #888;"
            )
        self.start_button.setEnabled(not combat.active)
        self.next_button.setEnabled(combat.active)
        self.end_button.setEnabled(combat.active)
