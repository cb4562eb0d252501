"""The AF dialog's set-up page: goal, ability, difficulty (50+), round limit, special rules,
participants.  What the GM types stays here until 「開始」; the guideline bands are guidance only.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.aw.focus_model import ABILITY_LABELS, AWFocusModel, FocusSetup
from gmtool.models.aw.focus_text import percent_text
from gmtool.rules.systems.aw.focus_types import MAX_DIFFICULTY, MAX_ROUND_LIMIT

ID_ROLE = Qt.ItemDataRole.UserRole


class FocusSetupPage(QWidget):
    start_requested = Signal()

    def __init__(self, model: AWFocusModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self._preview_stale = True  # set-up inputs changed while the page was hidden
        minimum = model.preparation.minimum_difficulty
        self.goal_edit = QLineEdit()
        self.goal_edit.setMaxLength(200)
        self.goal_edit.setPlaceholderText(self.tr("例: 相手を説得する"))
        self.ability_combo = QComboBox()
        for key, label in ABILITY_LABELS.items():
            self.ability_combo.addItem(self.tr(label), key)
        self.ability_combo.setCurrentIndex(self.ability_combo.findData("intellect"))
        self.difficulty_spin = QSpinBox()
        self.difficulty_spin.setRange(minimum, MAX_DIFFICULTY)
        self.difficulty_spin.setValue(100)
        self.difficulty_spin.setToolTip(
            self.tr("{0}〜{1}（これより大きいと成功率の計算が終わらなくなります）").format(
                minimum, MAX_DIFFICULTY
            )
        )
        self.minimum_label = QLabel(
            self.tr("AF判定の難易度は {0} 以上（フォーカスシステムルール）").format(minimum)
        )
        # A fixed three lines: the band in bold came and went with the difficulty, the line wrapped
        # differently, and 開始 below moved by ~14 px, so a click meant for it missed.
        self.guide_label = QLabel()
        self.guide_label.setWordWrap(True)
        self.guide_label.setTextFormat(Qt.TextFormat.RichText)
        self.guide_label.setFixedHeight(3 * self.fontMetrics().lineSpacing() + 8)
        self.rounds_spin = QSpinBox()
        self.rounds_spin.setRange(1, MAX_ROUND_LIMIT)
        self.rounds_spin.setToolTip(
            self.tr("1〜{0}（これより長いと成功率の計算が終わらなくなります）").format(MAX_ROUND_LIMIT)
        )
        self.rounds_spin.setValue(2)
        self.rounds_spin.setSuffix(self.tr(" ラウンド"))

        self.rules_table = QTableWidget(0, 2)
        self.rules_table.setHorizontalHeaderLabels([self.tr("達成値"), self.tr("特別ルール")])
        self.rules_table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.rules_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.rules_table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.rules_table.setMaximumHeight(120)
        self.threshold_spin = QSpinBox()
        self.threshold_spin.setRange(1, 99_999)
        self.threshold_spin.setValue(50)
        self.threshold_spin.setPrefix(self.tr("達成値 "))
        self.rule_note_edit = QLineEdit()
        self.rule_note_edit.setMaxLength(200)
        self.rule_note_edit.setPlaceholderText(self.tr("例: セキュリティ解除のイベントが発生する"))
        self.add_rule_button = QPushButton(self.tr("特別ルールを追加"))
        self.add_rule_button.clicked.connect(self._add_rule)
        self.remove_rule_button = QPushButton(self.tr("選んだ特別ルールを削除"))
        self.remove_rule_button.clicked.connect(self._remove_rule)
        self.remove_rule_button.setEnabled(False)  # until a rule is selected
        self.rules_table.itemSelectionChanged.connect(
            lambda: self.remove_rule_button.setEnabled(bool(self.rules_table.selectedIndexes()))
        )
        rule_row = QHBoxLayout()
        rule_row.addWidget(self.threshold_spin)
        rule_row.addWidget(self.rule_note_edit, 1)
        rule_row.addWidget(self.add_rule_button)
        rule_row.addWidget(self.remove_rule_button)

        self.scene_label = QLabel()
        self.participants_list = QListWidget()
        self.participants_list.setAccessibleName(self.tr("参加者"))
        self.participants_list.setMaximumHeight(140)
        self.preview_label = QLabel()
        self.start_button = QPushButton(self.tr("開始"))
        self.start_button.setDefault(True)
        self.start_button.clicked.connect(self.start_requested)

        form = QFormLayout()
        form.addRow(self.tr("目的"), self.goal_edit)
        form.addRow(self.tr("使用能力値"), self.ability_combo)
        difficulty_row = QHBoxLayout()
        difficulty_row.addWidget(self.difficulty_spin)
        difficulty_row.addWidget(self.minimum_label, 1)
        form.addRow(self.tr("難易度"), difficulty_row)
        form.addRow("", self.guide_label)
        form.addRow(self.tr("ラウンド制限"), self.rounds_spin)
        form.addRow(self.tr("特別ルール"), self.rules_table)
        form.addRow("", rule_row)
        form.addRow(self.tr("参加者"), self.participants_list)
        form.addRow("", self.scene_label)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.preview_label)
        layout.addWidget(self.start_button, 0, Qt.AlignmentFlag.AlignRight)
        layout.addStretch(1)

        for spin in (self.difficulty_spin, self.rounds_spin):
            spin.valueChanged.connect(self._sync_guidance)
        self.ability_combo.currentIndexChanged.connect(self._sync_guidance)
        self.participants_list.itemChanged.connect(self._sync_guidance)
        self.sync_candidates()

    # ---- reading -------------------------------------------------------------------------
    def setup(self) -> FocusSetup:
        rules = []
        for row in range(self.rules_table.rowCount()):
            threshold_item, note_item = self.rules_table.item(row, 0), self.rules_table.item(row, 1)
            assert threshold_item is not None and note_item is not None  # _add_rule sets both cells
            rules.append((int(threshold_item.data(ID_ROLE)), note_item.text()))
        return FocusSetup(
            goal=self.goal_edit.text(),
            ability=self.ability_combo.currentData(),
            difficulty=self.difficulty_spin.value(),
            round_limit=self.rounds_spin.value(),
            special_rules=tuple(rules),
            participants=tuple(self.ticked()),
        )

    def ticked(self) -> list[str]:
        items = (self.participants_list.item(i) for i in range(self.participants_list.count()))
        return [i.data(ID_ROLE) for i in items if i.checkState() == Qt.CheckState.Checked]

    # ---- syncing ---------------------------------------------------------------------------
    def sync_candidates(self) -> None:
        """The AW characters now; the GM's ticks are kept for those already listed."""
        kept = {
            self.participants_list.item(i).data(ID_ROLE): self.participants_list.item(i).checkState()
            for i in range(self.participants_list.count())
        }
        self.participants_list.blockSignals(True)
        self.participants_list.clear()
        for c in self.model.preparation.candidates():
            text = c.name + (self.tr("（PC）") if c.is_pc else self.tr("（NPC）"))
            if c.in_scene:
                text += self.tr(" — シーンに登場")
            item = QListWidgetItem(text)
            item.setData(ID_ROLE, c.id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            default = Qt.CheckState.Checked if c.default else Qt.CheckState.Unchecked
            item.setCheckState(kept.get(c.id, default))
            self.participants_list.addItem(item)
        self.participants_list.blockSignals(False)
        scene = self.model.preparation.scene_name()
        self.scene_label.setText(
            self.tr(
                "現在のシーン「{0}」に登場しているPCを選んでいます（NPCは必要なら選んでください）"
            ).format(scene)
            if scene is not None
            else self.tr("現在のシーンがないので、アナザーワールドのPCを選んでいます")
        )
        self._sync_guidance()

    def _sync_guidance(self) -> None:
        parts = []
        for g, matches in self.model.preparation.marked_guidelines(self.difficulty_spin.value()):
            band = (
                self.tr("{0}〜{1}").format(g.low, g.high)
                if g.high is not None
                else self.tr("{0}〜").format(g.low)
            )
            text = self.tr("{0} {1}: {2}").format(self.tr(g.label), band, self.tr(g.rounds))
            parts.append(f"<b>{text}</b>" if matches else text)
        self.guide_label.setText(self.tr("目安（AF判定の設定）: ") + self.tr(" ／ ").join(parts))
        self._preview_stale = True
        self._sync_preview()

    def _sync_preview(self) -> None:
        """The odds are the only slow part: computed while the page is shown (the run page's rolls
        and ticks never come here), and the model reuses them while the set-up stays the same."""
        if self.isHidden() or not self._preview_stale:
            return
        self._preview_stale = False
        odds = self.model.preparation.preview_odds(self.setup())
        self.preview_label.setText(
            self.tr("この設定での成功率（特技宣言なし）: {0}").format(percent_text(odds.success))
            if odds is not None
            else self.tr("参加者を選ぶと成功率を表示します")
        )

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._sync_preview()

    def _add_rule(self) -> None:
        row = self.rules_table.rowCount()
        self.rules_table.insertRow(row)
        threshold = QTableWidgetItem(str(self.threshold_spin.value()))
        threshold.setData(ID_ROLE, self.threshold_spin.value())
        self.rules_table.setItem(row, 0, threshold)
        self.rules_table.setItem(row, 1, QTableWidgetItem(self.rule_note_edit.text().strip()))
        self.rule_note_edit.clear()

    def _remove_rule(self) -> None:
        rows = sorted({i.row() for i in self.rules_table.selectedIndexes()}, reverse=True)
        for row in rows:
            self.rules_table.removeRow(row)
