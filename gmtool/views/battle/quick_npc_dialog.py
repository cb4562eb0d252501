"""A quick NPC from a name and the few values the system's round needs, or N copies of it."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from gmtool.models.battle_roster import BattleRoster
from gmtool.views.widgets import show_refusal


class QuickNpcDialog(QDialog):
    def __init__(self, roster: BattleRoster, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.roster = roster
        self.setWindowTitle(self.tr("NPCを追加"))
        self.name_edit = QLineEdit()
        self.name_edit.setPlaceholderText(self.tr("例: ゴブリン"))
        self.count_spin = QSpinBox()
        self.count_spin.setRange(1, 100)
        self.count_spin.setToolTip(self.tr("2体以上なら「名前 A」「名前 B」…と名付けます"))
        self.hidden_check = QCheckBox(self.tr("非公開（プレイヤーに見せない・書き出さない）"))
        self.value_spins: dict[str, QSpinBox] = {}
        form = QFormLayout(self)
        form.addRow(self.tr("名前"), self.name_edit)
        form.addRow(self.tr("数"), self.count_spin)
        fields = roster.quick_fields()
        for field in fields:
            spin = QSpinBox()
            if field.required:  # no value the rules give: it starts empty and must be entered
                spin.setRange(field.minimum - 1, field.maximum)
                spin.setSpecialValueText(self.tr("未入力"))
                spin.setValue(field.minimum - 1)
            else:
                spin.setRange(field.minimum, field.maximum)
                spin.setValue(field.default)
            self.value_spins[field.key] = spin
            form.addRow(self.tr(field.label), spin)
        if any(f.key in ("hp", "life") for f in fields):
            note = QLabel(self.tr("ルールに値がないので、GMが決めて入力します（0なら後で入力）。"))
            note.setWordWrap(True)
            form.addRow(note)
        form.addRow(self.hidden_check)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self._accept_if_complete)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def missing(self) -> list[str]:
        return [self.tr(label) for label in self.roster.missing_quick_values(self.values())]

    def _accept_if_complete(self) -> None:
        missing = self.missing()
        if missing:
            show_refusal(self, self.tr("次の値を入力してください: {0}").format(self.tr("、").join(missing)))
            return
        self.accept()

    def values(self) -> dict[str, int]:
        return {key: spin.value() for key, spin in self.value_spins.items()}
