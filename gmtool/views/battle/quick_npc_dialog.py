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

from gmtool.rules.battle_rules import CombatRules


class QuickNpcDialog(QDialog):
    def __init__(self, rules: CombatRules, parent: QWidget | None = None) -> None:
        super().__init__(parent)
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
        for field in rules.quick_fields:
            spin = QSpinBox()
            spin.setRange(field.minimum, field.maximum)
            spin.setValue(field.default)
            self.value_spins[field.key] = spin
            form.addRow(self.tr(field.label), spin)
        if any(f.key in ("hp", "life") for f in rules.quick_fields):
            note = QLabel(self.tr("ルールに値がないので、GMが決めて入力します（0なら後で入力）。"))
            note.setWordWrap(True)
            form.addRow(note)
        form.addRow(self.hidden_check)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def values(self) -> dict[str, int]:
        return {key: spin.value() for key, spin in self.value_spins.items()}
