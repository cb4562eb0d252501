"""戦闘: what the battle tracker's AW fight is doing now, and the way to it.

Rounds, initiative, engagements and 離脱 are the battle tracker's (戦闘 → 戦闘トラッカー…); this page
only names the running round, because a 令呪 summon in combat adds the servant and moves it to
クリンナップ (and a 令呪 dismissal marks the servant 逃走)."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QGroupBox, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from gmtool.models.aw.session_model import AWSessionModel
from gmtool.views.appearance import set_tone
from gmtool.views.session_tab import Confirm, SessionTab


class AWCombatTab(SessionTab[AWSessionModel]):
    tracker_requested = Signal()  # 「戦闘トラッカーを開く」: the window opens it (the tab does not know how)

    def __init__(self, model: AWSessionModel, confirm: Confirm, parent: QWidget | None = None) -> None:
        super().__init__(model, confirm, parent)
        self.status_label = QLabel()
        self.status_label.setStyleSheet("font-size: 14pt;")
        self.status_label.setWordWrap(True)
        self.tracker_button = QPushButton(self.tr("戦闘トラッカーを開く"))
        self.tracker_button.setAutoDefault(False)
        self.tracker_button.clicked.connect(lambda _=False: self.tracker_requested.emit())
        buttons = QHBoxLayout()
        buttons.addWidget(self.tracker_button)
        buttons.addStretch(1)
        note = QLabel(
            self.tr(
                "ラウンドの進行・行動順・エンゲージ・離脱は戦闘トラッカー"
                "（メニュー「戦闘」→「戦闘トラッカー…」、Ctrl+B）で行ないます。"
                "戦闘中に令呪でサーヴァントをシーンに登場させると、"
                "サーヴァントは戦闘トラッカーの戦闘に加わり、そのラウンドはクリンナップへ移ります。"
                "令呪でシーンから退場させると、戦闘トラッカーでは「逃走」になります。"
            )
        )
        note.setWordWrap(True)
        set_tone(note, "note")
        box = QGroupBox(self.tr("戦闘ラウンド"))
        inner = QVBoxLayout(box)
        inner.addWidget(self.status_label)
        inner.addLayout(buttons)
        layout = QVBoxLayout(self)
        layout.addWidget(box)
        layout.addWidget(note)
        layout.addStretch(1)
        # The tracker's steps change only the encounter: this page re-reads, the others need not.
        model.combat_changed.connect(self.sync)

    def sync(self) -> None:
        summary = self.model.combat.summary()
        self.status_label.setText(summary if summary is not None else self.tr("戦闘は行なわれていません"))
