"""The import's look at how a character was made, before it is added to the campaign: the method,
every roll (replayed from its seed when the file was read), the re-rolls with the GM's consent and
the GM overrides, with whose window ticked them; or that the file carries no creation record."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.creation_record_model import CreationRecordModel
from gmtool.views.appearance import Tone, set_tone
from gmtool.views.message_catalog import shown_message
from gmtool.views.screen_fit import fit_to_screen


class CreationRecordDialog(QDialog):
    """追加する adds the character (accept); キャンセル imports nothing."""

    def __init__(self, model: CreationRecordModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.setWindowTitle(self.tr("キャラクターのインポート: 作成の記録"))
        layout = QVBoxLayout(self)
        self.summary_label = QLabel(self._summary())
        self.summary_label.setWordWrap(True)
        self.summary_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.summary_label)
        self.rolls_table = self._rolls_table()
        layout.addWidget(self.rolls_table, 1)
        self.overrides_label = QLabel(self._overrides())
        self.overrides_label.setWordWrap(True)
        set_tone(self.overrides_label, Tone("warning"))
        self.overrides_label.setVisible(bool(self.overrides_label.text()))
        layout.addWidget(self.overrides_label)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.add_button = buttons.addButton(self.tr("追加する"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.add_button.setDefault(True)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        fit_to_screen(self, QSize(640, 420 if model.has_record else 200))

    def _summary(self) -> str:
        model = self.model
        if not model.has_record:
            return self.tr(
                "「{0}」: 作成の記録はありません（記録を持たない古いファイルか、"
                "ダイスを振らずに作られたキャラクターです）。"
            ).format(model.name)
        who = self.tr("プレイヤーの画面") if model.made_by_player else self.tr("GM の画面")
        lines = [
            self.tr("「{0}」の作成の記録").format(model.name),
            self.tr("作成方法: {0}（{1}で作成）").format(shown_message(model.method), who),
            self.tr("出目: {0} 回（すべてシードから再現できました）").format(len(model.rows()))
            if model.rows()
            else self.tr("出目: なし"),
            self.tr("GM の同意による振り直し: {0} 回").format(model.rerolls),
        ]
        return "\n".join(lines)

    def _rolls_table(self) -> QTableWidget:
        rows = self.model.rows()
        table = QTableWidget(len(rows), 4)
        table.setHorizontalHeaderLabels(
            [self.tr("振ったもの"), self.tr("出目"), self.tr("シード"), self.tr("GM の同意")]
        )
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.verticalHeader().setVisible(False)
        for i, row in enumerate(rows):
            cells = [
                shown_message(row.what),
                row.faces,
                str(row.seed),
                self.tr("あり") if row.consent else "",
            ]
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setToolTip(text)
                table.setItem(i, column, item)
        header = table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.ResizeToContents)
        table.setVisible(bool(rows))
        return table

    def _overrides(self) -> str:
        overrides = self.model.overrides()
        if not overrides:
            return ""
        who = self.tr("プレイヤー") if self.model.made_by_player else self.tr("GM")
        lines = [self.tr("GM オーバーライド（{0}がチェック）:").format(who)]
        lines += [
            self.tr("・{0}: {1}").format(
                shown_message(what), self.tr("、").join(shown_message(reason) for reason in reasons)
            )
            for what, reasons in overrides
        ]
        return "\n".join(lines)
