"""過去のセッション: one character's 縁故, 前借り and 幻想能力 of the sessions that have ended (they
leave the current session at セッション終了, 縁故は各セッションで結ぶもの)."""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QLabel, QVBoxLayout, QWidget

from gmtool.models.sengensho.session_model import SengenshoSessionModel
from gmtool.views.sengensho.session_parts import Host, SengenshoPage

HISTORY_HEADERS = ("セッション", "記録", "類型", "詳細", "シーン")


class SengenshoHistoryPage(SengenshoPage):
    def __init__(self, model: SengenshoSessionModel, host: Host, parent: QWidget | None = None) -> None:
        super().__init__(model, host, parent)
        self.holder_combo = self.holder_combo_box()
        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("キャラクター")))
        top.addWidget(self.holder_combo, 1)
        self.table_view = self.table(HISTORY_HEADERS, stretch=3)
        self.table_view.setAccessibleName(self.tr("過去のセッションの縁故・前借り・幻想能力"))
        self.empty_label = QLabel()
        self.empty_label.setWordWrap(True)
        note = QLabel(
            self.tr(
                "セッション終了で記録に移った縁故・前借り・幻想能力の使用です"
                "（持ち越した縁故は「縁故・幻想能力」にも残ります）。"
            )
        )
        note.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.table_view, 1)
        layout.addWidget(self.empty_label)
        layout.addWidget(note)

    def select_holder(self, character_id: str | None) -> None:
        self.choose_holder(self.holder_combo, character_id)

    def sync(self) -> None:
        self.refill_holders(self.holder_combo)
        holder = self.holder_combo.currentData()
        lines = self.model.history.lines(holder) if isinstance(holder, str) else []
        self.fill(self.table_view, [(x.session, x.what, x.archetype, x.detail, x.scene) for x in lines])
        if not self.model.state().history:
            empty = self.tr("終了したセッションはまだありません")
        elif not lines:
            empty = self.tr("このキャラクターの記録はありません")
        else:
            empty = ""
        self.empty_label.setText(empty)
        self.empty_label.setVisible(bool(empty))
