"""Udonarium から読み込む: the characters a save holds, where each goes, and 読み込む.

The table shows every character with its system and what is read (or why it is refused); the
system box applies to the characters that do not name theirs.  読み込む adds the accepted ones as
one undo step; the dialog closes and the window says what was read.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.udonarium_import_model import UdonariumImportModel
from gmtool.views.appearance import set_tone, tone_colour
from gmtool.views.widgets import guarded, refill


class UdonariumImportDialog(QDialog):
    def __init__(self, model: UdonariumImportModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        if model.parent() is None:
            model.setParent(self)
        self.setWindowTitle(self.tr("Udonarium から読み込む"))
        intro = QLabel(
            self.tr(
                "「{0}」のキャラクターです。gmtool が書き出したキャラクターはそのシートごと戻り、"
                "卓で変わった値（HP・ダメージなど）はファイルの値になります。ほかの値はシートの同じ名前の欄へ、"
                "シートにない値とメモはキャラクターのメモへ入ります。チャットパレットと画像は読みません。"
            ).format(model.file_name)
        )
        intro.setWordWrap(True)
        self.system_combo = QComboBox()
        refill(self.system_combo, [(name, system_id) for system_id, name in model.systems()])
        self.system_combo.setCurrentIndex(self.system_combo.findData(model.fallback_system))
        self.system_combo.currentIndexChanged.connect(self._system_chosen)
        form = QFormLayout()
        self.system_label = QLabel(self.tr("システムの分からないキャラクター:"))
        form.addRow(self.system_label, self.system_combo)
        self.system_label.setBuddy(self.system_combo)
        self.npc_check = QCheckBox(self.tr("NPC として読み込む（メモは GM だけのもの）"))
        self.npc_check.toggled.connect(self.model.set_as_npc)
        form.addRow(self.npc_check)
        self.table = QTableWidget(0, 3)
        self.table.setHorizontalHeaderLabels([self.tr("名前"), self.tr("システム"), self.tr("読み込み")])
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.table.verticalHeader().setVisible(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.table.setWordWrap(True)
        self.count_label = QLabel()
        self.count_label.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.import_button = buttons.addButton(self.tr("読み込む"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.import_button.setDefault(True)
        cancel = buttons.button(QDialogButtonBox.StandardButton.Cancel)
        cancel.setAutoDefault(False)  # Enter reads the characters in; Esc cancels
        buttons.accepted.connect(self._import)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.count_label)
        layout.addWidget(buttons)
        model.changed.connect(self._sync)
        self._sync()
        self.resize(760, 460)
        self.import_button.setFocus(Qt.FocusReason.OtherFocusReason)

    def _system_chosen(self) -> None:
        guarded(self, lambda: self.model.set_fallback_system(str(self.system_combo.currentData())))

    def _sync(self) -> None:
        rows = self.model.rows()
        self.table.setRowCount(len(rows))
        refused_colour = tone_colour("warning", self.palette())
        for index, row in enumerate(rows):
            for column, text in enumerate((row.name, row.system, row.result)):
                item = QTableWidgetItem(text)
                item.setToolTip(text)
                if not row.accepted:
                    item.setForeground(refused_colour)
                self.table.setItem(index, column, item)
        self.table.resizeRowsToContents()
        unnamed = self.model.unnamed_count
        self.system_combo.setEnabled(unnamed > 0)
        accepted = self.model.accepted_count
        self.import_button.setEnabled(accepted > 0)
        self.import_button.setText(self.model.import_button_text())
        refused = len(rows) - accepted
        text = self.model.count_text()
        if refused:
            text += self.tr(" {0} 人はシートに合わないので読み込みません（理由は表に）。").format(refused)
        self.count_label.setText(text)
        set_tone(self.count_label, "warning" if refused else None)

    def _import(self) -> None:
        if guarded(self, self.model.import_characters):
            self.accept()
