"""契約・イベントキー on the AW sheet: the character's master, servants, 令呪 left and event keys.

Read-only ("キャラクターシートに…名前を記入すること": the sheet shows them; the session dialog
changes them), live on AWSessionModel.changed."""

from __future__ import annotations

from PySide6.QtWidgets import QFormLayout, QGroupBox, QLabel, QWidget

from gmtool.models.aw.session_model import AWSessionModel


class AWSessionBox(QGroupBox):
    def __init__(
        self, session_model: AWSessionModel, character_id: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("契約・イベントキー"))
        self.session_model = session_model
        self.character_id = character_id
        self.master_label = QLabel()
        self.servants_label = QLabel()
        self.spells_label = QLabel()
        self.keys_label = QLabel()
        for label in (self.master_label, self.servants_label, self.keys_label):
            label.setWordWrap(True)
        self.spells_caption = QLabel(self.tr("令呪 残り"))
        form = QFormLayout(self)
        form.addRow(self.tr("マスター"), self.master_label)
        form.addRow(self.tr("サーヴァント"), self.servants_label)
        form.addRow(self.spells_caption, self.spells_label)
        form.addRow(self.tr("イベントキー"), self.keys_label)
        session_model.changed.connect(self.sync)
        self.sync()

    def sync(self) -> None:
        model = self.session_model
        entry = model.sheet_entry(self.character_id)
        none = self.tr("なし")
        self.master_label.setText(none if entry.master is None else entry.master)
        self.servants_label.setText(self.tr("、").join(entry.servants) or none)
        shown = entry.spells_left is not None
        self.spells_label.setText(self.tr("{0}/{1}").format(entry.spells_left, entry.spells) if shown else "")
        self.spells_caption.setVisible(shown)
        self.spells_label.setVisible(shown)
        keys = [
            self.tr("{0}（シーン「{1}」）").format(key, scene) if scene else key for key, scene in entry.keys
        ]
        self.keys_label.setText("\n".join(keys) or none)
        problem = model.problem()
        self.setToolTip("" if problem is None else problem)
