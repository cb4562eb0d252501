"""The AF dialog's running page: participants in 行動値 order with their declarations, the roll,
the GM's fumble decision, the running total against the lowered difficulty, and the live odds.

Everything shown is read from the model on every change (`sync`), so undo, a second window or
a crash-and-reopen all show the same AF.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.aw.focus_model import ABILITY_LABELS, AWFocusModel
from gmtool.models.aw.focus_state import FocusDoc, RecordKind, RollRecord
from gmtool.models.aw.focus_text import percent_text
from gmtool.rules.systems.aw.focus_types import MAX_DECLARATIONS, FocusStatus
from gmtool.views.appearance import set_tone, tone_colour
from gmtool.views.aw.focus_plot import FocusRoundsPlot
from gmtool.views.aw.focus_rules_box import FocusRulesBox

VISIBLE_ROWS = 6  # the members table is never shorter than this many rows (or all of them)
COLUMNS = ("", "名前", "判定値", "修正", "特技の所持宣言", "その他の特技", "宣言数")
TEXT_COLUMNS = (0, 1, 2, 6)  # the cells holding text; the others hold widgets


class FocusRunPage(QWidget):
    def __init__(self, model: AWFocusModel, guard: Callable[[Callable[[], object]], None]) -> None:
        super().__init__()
        self.model = model
        self._guard = guard  # runs a model action, showing a refusal's reason
        self._structure: tuple[object, ...] | None = None
        self.feat_boxes: list[dict[str, QCheckBox]] = []
        self.other_spins: list[QSpinBox] = []
        self.modifier_spins: list[QSpinBox] = []

        self.header_label = QLabel()
        self.header_label.setWordWrap(True)
        self.header_label.setStyleSheet("font-size: 12pt;")
        self.members_table = QTableWidget(0, len(COLUMNS))
        self.members_table.setHorizontalHeaderLabels([self.tr(c) for c in COLUMNS])
        self.members_table.horizontalHeader().setSectionResizeMode(4, QHeaderView.ResizeMode.Stretch)
        self.members_table.verticalHeader().setVisible(False)
        self.members_table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.members_table.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.total_bar = QProgressBar()
        self.total_bar.setTextVisible(True)
        self.rules_label = QLabel()
        self.rules_label.setWordWrap(True)
        self.next_label = QLabel()

        self.roll_button = QPushButton(self.tr("振る"))
        self.roll_button.setDefault(True)
        self.roll_button.clicked.connect(lambda: self._guard(self.model.roll))
        self.natural_spin = QSpinBox()
        self.natural_spin.setRange(2, 12)
        self.natural_spin.setValue(7)
        self.natural_spin.setPrefix(self.tr("出目 "))
        self.natural_spin.setToolTip(self.tr("実際のダイスで振った 2D6 の合計"))
        self.manual_button = QPushButton(self.tr("出目を入力"))
        self.manual_button.clicked.connect(
            lambda: self._guard(lambda: self.model.roll(self.natural_spin.value()))
        )
        roll_row = QHBoxLayout()
        roll_row.addWidget(self.next_label, 1)
        roll_row.addWidget(self.roll_button)
        roll_row.addWidget(self.natural_spin)
        roll_row.addWidget(self.manual_button)

        self.fumble_box = QGroupBox(self.tr("ファンブル"))
        self.fumble_label = QLabel()
        self.fumble_label.setWordWrap(True)
        self.cancel_fumble_button = QPushButton(self.tr("特技で打ち消した"))
        self.cancel_fumble_button.clicked.connect(
            lambda: self._guard(lambda: self.model.resolve_fumble(True))
        )
        self.fail_fumble_button = QPushButton(self.tr("失敗で終了"))
        self.fail_fumble_button.clicked.connect(lambda: self._guard(lambda: self.model.resolve_fumble(False)))
        fumble_layout = QVBoxLayout(self.fumble_box)
        fumble_layout.addWidget(self.fumble_label)
        fumble_buttons = QHBoxLayout()
        fumble_buttons.addWidget(self.cancel_fumble_button)
        fumble_buttons.addWidget(self.fail_fumble_button)
        fumble_buttons.addStretch(1)
        fumble_layout.addLayout(fumble_buttons)

        self.odds_label = QLabel()
        self.odds_label.setStyleSheet("font-size: 22pt; font-weight: bold;")
        self.fumble_odds_label = QLabel()
        self.result_label = QLabel()
        self.result_label.setWordWrap(True)
        self.result_label.setStyleSheet("font-size: 16pt; font-weight: bold;")
        self.plot = FocusRoundsPlot()
        self.plot.setMinimumHeight(160)
        odds_row = QHBoxLayout()
        odds_row.addWidget(self.odds_label)
        odds_row.addWidget(self.fumble_odds_label, 1)

        self.end_note_edit = QLineEdit()
        self.end_note_edit.setMaxLength(200)
        self.end_note_edit.setPlaceholderText(self.tr("例: NPCの協力で成功（ログに残るメモ）"))
        self.gm_success_button = QPushButton(self.tr("特別ルールで成功"))
        self.gm_success_button.clicked.connect(lambda: self._end(True))
        self.gm_failure_button = QPushButton(self.tr("特別ルールで失敗"))
        self.gm_failure_button.clicked.connect(lambda: self._end(False))
        self.cancel_button = QPushButton(self.tr("AF判定を中止"))
        self.cancel_button.setToolTip(
            self.tr("設定を間違えたときなど。成功でも失敗でもなく終わります（Ctrl+Z で戻せます）")
        )
        self.cancel_button.clicked.connect(self._cancel)
        # AF例2: 「PCが令呪を1つ消費すればこのAF判定自動成功」 — only a participating master can.
        self.master_combo = QComboBox()
        self.master_combo.setAccessibleName(self.tr("令呪を使うマスター"))
        self.spell_button = QPushButton(self.tr("令呪を1つ使って成功"))
        self.spell_button.clicked.connect(self._spend_spell)
        self.no_master_label = QLabel(self.tr("（参加者にマスターがいません）"))
        gm_box = QGroupBox(self.tr("GM: 特別ルールで終了"))
        gm_layout = QVBoxLayout(gm_box)
        gm_row = QHBoxLayout()
        gm_row.addWidget(self.end_note_edit, 1)
        gm_row.addWidget(self.gm_success_button)
        gm_row.addWidget(self.gm_failure_button)
        gm_row.addWidget(self.cancel_button)
        spell_row = QHBoxLayout()
        spell_row.addWidget(QLabel(self.tr("令呪:")))
        spell_row.addWidget(self.master_combo)
        spell_row.addWidget(self.spell_button)
        spell_row.addWidget(self.no_master_label)
        spell_row.addStretch(1)
        gm_layout.addLayout(gm_row)
        gm_layout.addLayout(spell_row)

        self.history_list = QListWidget()
        self.history_list.setAccessibleName(self.tr("判定の記録"))
        self.history_list.setMaximumHeight(130)

        # Below the roll row everything scrolls: on a small screen the table and the roll stay in
        # view and nothing is drawn over anything else (the plot has a minimum height).
        lower = QWidget()
        lower_layout = QVBoxLayout(lower)
        lower_layout.setContentsMargins(0, 0, 0, 0)
        lower_layout.addWidget(self.fumble_box)
        lower_layout.addWidget(self.result_label)
        lower_layout.addLayout(odds_row)
        lower_layout.addWidget(self.plot, 1)
        lower_layout.addWidget(gm_box)
        lower_layout.addWidget(self.history_list)
        self.lower_scroll = QScrollArea()
        self.lower_scroll.setWidgetResizable(True)
        self.lower_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.lower_scroll.setWidget(lower)

        layout = QVBoxLayout(self)
        layout.addWidget(self.header_label)
        layout.addWidget(self.members_table)
        layout.addWidget(self.total_bar)
        layout.addWidget(self.rules_label)
        self.house_rules = FocusRulesBox(model, guard)  # the AF's two switches and the GM's tick
        layout.addWidget(self.house_rules)
        layout.addLayout(roll_row)
        layout.addWidget(self.lower_scroll, 1)

    # ---- syncing ---------------------------------------------------------------------------
    def sync(self) -> None:
        doc = self.model.doc()
        if doc is None:
            return
        structure = tuple((m.id, m.name, m.feats) for m in doc.members)
        if structure != self._structure:
            self._rebuild(doc)
            self._structure = structure
        self._sync_members(doc)
        self._sync_progress(doc)
        self._sync_odds(doc)
        self.house_rules.sync()
        self.history_list.clear()
        self.history_list.addItems([self._record_text(doc, r) for r in doc.history])
        self.history_list.scrollToBottom()

    def _rebuild(self, doc: FocusDoc) -> None:
        table = self.members_table
        table.setRowCount(len(doc.members))
        self.feat_boxes, self.other_spins, self.modifier_spins = [], [], []
        for row, member in enumerate(doc.members):
            cells = {column: QTableWidgetItem() for column in TEXT_COLUMNS}
            for column, item in cells.items():
                table.setItem(row, column, item)
            cells[1].setText(member.name + ("" if member.is_pc else self.tr("（NPC）")))
            modifier = self._spin(-99, 99, self.tr("修正"))
            modifier.valueChanged.connect(lambda v, r=row: self._guard(lambda: self.model.set_modifier(r, v)))
            table.setCellWidget(row, 3, modifier)
            self.modifier_spins.append(modifier)
            cell = QWidget()
            boxes = QHBoxLayout(cell)
            boxes.setContentsMargins(4, 0, 4, 0)
            self.feat_boxes.append({})
            for feat in member.feats:
                box = QCheckBox(f"《{feat}》")
                box.toggled.connect(
                    lambda on, r=row, f=feat: self._guard(lambda: self.model.set_ticked(r, f, on))
                )
                boxes.addWidget(box)
                self.feat_boxes[row][feat] = box
            if not member.feats:
                boxes.addWidget(QLabel(self.tr("（シートに特技なし）")))
            boxes.addStretch(1)
            table.setCellWidget(row, 4, cell)
            other = self._spin(0, MAX_DECLARATIONS, self.tr("シートにない特技の数"))
            other.valueChanged.connect(lambda v, r=row: self._guard(lambda: self.model.set_other(r, v)))
            table.setCellWidget(row, 5, other)
            self.other_spins.append(other)
        table.resizeColumnsToContents()
        table.resizeRowsToContents()
        # Every row in view up to VISIBLE_ROWS (a larger party scrolls inside the table); room is kept
        # for the horizontal scroll bar a narrow window brings.
        rows = min(len(doc.members), VISIBLE_ROWS)
        height = table.horizontalHeader().sizeHint().height() + 2 * table.frameWidth()
        height += sum(table.rowHeight(r) for r in range(rows))
        table.setFixedHeight(height + table.horizontalScrollBar().sizeHint().height())

    def _spin(self, low: int, high: int, tip: str) -> QSpinBox:
        spin = QSpinBox()
        spin.setRange(low, high)
        spin.setKeyboardTracking(False)  # one value typed is one undo step, not one per digit
        spin.setToolTip(tip)
        return spin

    def _cell(self, row: int, column: int) -> QTableWidgetItem:
        """A text cell of the members table (TEXT_COLUMNS)."""
        item = self.members_table.item(row, column)
        assert item is not None  # sync() rebuilds the rows, with every text cell, when the members change
        return item

    def _sync_members(self, doc: FocusDoc) -> None:
        editable = doc.running and not doc.pending_fumble
        for row, member in enumerate(doc.members):
            is_next = doc.running and row == doc.next_index
            self._cell(row, 0).setText("▶" if is_next else "")
            self._cell(row, 2).setText(str(member.value))
            self._cell(row, 6).setText(str(self.model.declarations_now(row)))  # as the switch counts
            background = tone_colour("mark") if is_next else QColor(Qt.GlobalColor.transparent)
            for column in TEXT_COLUMNS:
                self._cell(row, column).setBackground(background)
            for feat, box in self.feat_boxes[row].items():
                with QSignalBlocker(box):
                    box.setChecked(feat in member.ticked)
                box.setEnabled(editable)
            for spin, value in (
                (self.other_spins[row], member.other),
                (self.modifier_spins[row], member.modifier),
            ):
                with QSignalBlocker(spin):
                    spin.setValue(value)
                spin.setEnabled(editable)

    def _sync_progress(self, doc: FocusDoc) -> None:
        standing = self.model.standing()
        assert standing is not None  # the run page is shown only with an AF
        difficulty = standing.difficulty
        header = self.tr("「{0}」【{1}】 難易度 {2}").format(
            doc.goal or self.tr("（目的なし）"), self.tr(ABILITY_LABELS[doc.ability]), doc.difficulty
        )
        if doc.declared:
            header += self.tr(" → {0}（特技宣言 {1}）").format(difficulty, doc.declared)
        header += self.tr(" ／ ラウンド {0} / {1}").format(standing.round_shown, doc.round_limit)
        self.header_label.setText(header)
        self.total_bar.setRange(0, max(1, difficulty))
        self.total_bar.setValue(max(0, min(doc.total, difficulty)))
        self.total_bar.setFormat(self.tr("達成値の合計 {0} / 難易度 {1}").format(doc.total, difficulty))
        marks = []
        for rule, reached in zip(doc.special_rules, standing.reached, strict=True):
            mark = "✔" if reached else self.tr("・")
            marks.append(self.tr("{0} 達成値 {1}: {2}").format(mark, rule.threshold, rule.note))
        self.rules_label.setText("\n".join(marks))
        self.rules_label.setVisible(bool(marks))

        running = doc.running and not doc.pending_fumble
        member = doc.members[doc.next_index]
        if running:
            count, lowered = standing.next_declarations, standing.next_difficulty
            text = self.tr("次は {0}（判定値 {1}）").format(member.name, member.value)
            if count:
                text += self.tr(" — 特技宣言 {0} で難易度 {1}").format(count, lowered)
            self.next_label.setText(text)
        else:
            self.next_label.setText("")
        for widget in (self.roll_button, self.natural_spin, self.manual_button):
            widget.setEnabled(running)
        for control in (
            self.gm_success_button,
            self.gm_failure_button,
            self.end_note_edit,
            self.cancel_button,
        ):
            control.setEnabled(doc.running)
        self._sync_masters(doc)
        self.fumble_box.setVisible(doc.pending_fumble)
        if doc.pending_fumble:
            last = doc.history[-1]
            fumbled = doc.members[last.member]
            assert last.natural is not None
            self.fumble_label.setText(
                self.tr(
                    "{0}がファンブル（出目 {1}）。AF判定は止まっています。直後にファンブルを打ち消す特技を"
                    "使ったなら「特技で打ち消した」（達成値 {2} の通常の判定として数える）。"
                ).format(fumbled.name, last.natural, standing.cancelled_achievement)
            )
        end = self.model.end_text()
        self.result_label.setText(end)
        self.result_label.setVisible(bool(end))
        tone = {FocusStatus.SUCCESS: "success", FocusStatus.CANCELLED: "muted"}.get(doc.status, "failure")
        set_tone(self.result_label, tone, "font-size: 16pt; font-weight: bold;")

    def _sync_masters(self, doc: FocusDoc) -> None:
        chosen = self.master_combo.currentData()
        with QSignalBlocker(self.master_combo):
            self.master_combo.clear()
            for master, name, left in self.model.spell_masters():
                self.master_combo.addItem(self.tr("{0}（令呪 残り {1}）").format(name, left), master)
            index = self.master_combo.findData(chosen)
            self.master_combo.setCurrentIndex(max(0, index))
        has_master = self.master_combo.count() > 0
        self.master_combo.setVisible(has_master)
        self.no_master_label.setVisible(not has_master)
        self.spell_button.setEnabled(doc.running and has_master)
        self.master_combo.setEnabled(doc.running and has_master)

    def _sync_odds(self, doc: FocusDoc) -> None:
        odds = self.model.odds()
        cancel = self.model.cancel_odds()
        if doc.pending_fumble and cancel is not None:
            self.odds_label.setText(self.tr("成功率 —"))
            self.fumble_odds_label.setText(
                self.tr("打ち消した場合の成功率 {0}（ファンブルで終了 {1}）").format(
                    percent_text(cancel.success), percent_text(cancel.fumble)
                )
            )
            self.plot.set_rounds(cancel.by_round, self.tr("ファンブルを打ち消した場合"))
            return
        if odds is None or doc.status is FocusStatus.CANCELLED:
            self.odds_label.setText(self.tr("成功率 —"))
            self.fumble_odds_label.setText("")
        else:
            self.odds_label.setText(self.tr("成功率 {0}").format(percent_text(odds.success)))
            self.fumble_odds_label.setText(
                self.tr("ファンブルで終了する確率 {0}").format(percent_text(odds.fumble))
                if doc.running
                else ""
            )
        if not doc.running:  # no odds left to chart: how the AF went, instead of a blank chart
            difficulty = self.model.effective_difficulty() or doc.difficulty
            caption = self.tr("AF判定の経過: 各ラウンド終了時の合計")
            self.plot.set_course(doc.totals_by_round(), difficulty, caption)
        else:
            self.plot.set_rounds(odds.by_round if odds is not None else ())

    def _record_text(self, doc: FocusDoc, record: RollRecord) -> str:
        name = doc.members[record.member].name
        text = self.tr("R{0} {1}").format(record.round, name)
        if record.declared:
            text += self.tr(" 宣言 {0}").format(record.declared)
        if record.natural is not None:
            dice = "+".join(map(str, record.faces)) + "=" if record.faces else ""
            text += self.tr(" 出目 {0}{1}").format(dice, record.natural)
        result = {
            RecordKind.CRITICAL: self.tr("クリティカル 達成値 {0}"),
            RecordKind.NORMAL: self.tr("達成値 {0}"),
            RecordKind.CANCELLED: self.tr("ファンブルを打ち消し 達成値 {0}"),
            RecordKind.FUMBLE: self.tr("ファンブル"),
            RecordKind.DECLARED: self.tr("特技宣言で到達"),
        }[record.kind].format(record.achievement)
        return text + f" → {result}" + self.tr("（合計 {0}）").format(record.total)

    def _end(self, success: bool) -> None:
        self._guard(lambda: self.model.end_by_rule(success, self.end_note_edit.text()))
        self.end_note_edit.clear()

    def _cancel(self) -> None:
        self._guard(lambda: self.model.cancel(self.end_note_edit.text()))
        self.end_note_edit.clear()

    def _spend_spell(self) -> None:
        master = self.master_combo.currentData()
        self._guard(lambda: self.model.end_by_command_spell(master, self.end_note_edit.text()))
        doc = self.model.doc()
        if doc is None or not doc.running:
            self.end_note_edit.clear()  # kept when refused, so the GM need not type it again
