"""LotR experience and advancement: the XP log, then the 5 picks of an advancement.

Every change (an XP entry, a pick, undo, a rule-table edit, the override switch) arrives as
LotRAdvancementModel.changed and `_sync()` refreshes tables and reasons from the model; the
builder's inputs keep what the GM is typing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.lotr.advancement_model import (
    KIND_LABELS,
    UNSET_COST,
    LotRAdvancementModel,
    target_input,
    target_label,
)
from gmtool.rules.systems.lotr.advancement_types import OBJECTIVE_LABELS, OBJECTIVE_XP, PICKS_PER_ADVANCEMENT
from gmtool.rules.systems.lotr.rules_types import ATTRIBUTE_IDS, ATTRIBUTE_NAMES, REACTION_IDS, REACTION_NAMES
from gmtool.views.appearance import Tone, set_tone
from gmtool.views.lotr.orders_box import LotROrdersBox
from gmtool.views.widgets import read_only_table, show_refusal, shown_message

XP_HEADERS = ("日付", "理由", "経験点")
PICK_HEADERS = ("成長の内容", "対象", "消費", "メモ")


class LotRAdvancementDialog(QDialog):
    def __init__(self, model: LotRAdvancementModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self._cost_from_table = False
        self.setModal(False)  # the GM keeps it open beside the sheet during the session

        self.problem_label = QLabel()  # a bad campaign rule table, or the character deleted
        self.problem_label.setWordWrap(True)
        set_tone(self.problem_label, "error")
        self.status_label = QLabel()
        self.status_label.setStyleSheet("font-size: 14pt;")

        self.xp_table = self._table(XP_HEADERS, stretch=1)
        self.remove_xp_button = self._button(
            self.tr("選んだ行を削除"),
            lambda: self.model.xp.remove_xp_entry(self._selected_row(self.xp_table)),
        )
        self.remove_xp_button.setToolTip(self.tr("成長に使った経験点の削除は GM オーバーライドが必要"))
        add_tabs = QTabWidget()
        add_tabs.addTab(self._test_tab(), self.tr("判定に成功"))
        add_tabs.addTab(self._objective_tab(), self.tr("目的を達成"))
        add_tabs.addTab(self._other_tab(), self.tr("その他"))
        xp_box = QGroupBox(self.tr("経験点"))
        xp_layout = QVBoxLayout(xp_box)
        xp_layout.addWidget(self.xp_table, 1)
        xp_layout.addWidget(self.remove_xp_button, 0, Qt.AlignmentFlag.AlignRight)
        xp_layout.addWidget(add_tabs)

        buttons = QDialogButtonBox()
        buttons.addButton(self.tr("閉じる"), QDialogButtonBox.ButtonRole.RejectRole)
        buttons.rejected.connect(self.reject)

        self.content = QWidget()  # everything but 閉じる: disabled while the character is gone
        content = QHBoxLayout(self.content)
        content.setContentsMargins(0, 0, 0, 0)
        content.addWidget(xp_box, 1)
        content.addWidget(self._advancement_box(), 1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.problem_label)
        layout.addWidget(self.status_label)
        layout.addWidget(self.content, 1)
        layout.addWidget(buttons)
        self.resize(1080, 680)

        model.changed.connect(self._sync)
        self._sync()

    # ---- adding XP ------------------------------------------------------------------
    def _test_tab(self) -> QWidget:
        self.tn_spin = self._spin(1, 99, 10, self.tr("成功した判定の目標値"))
        self.test_reason_edit = self._edit(self.tr("どの判定か（任意）"))
        self.tn_spin.valueChanged.connect(self._sync_previews)
        self.add_test_button = self._button(
            self.tr("経験点を記録"),
            lambda: self.model.xp.add_test_xp(self.tn_spin.value(), self.test_reason_edit.text()),
        )
        self.tn_spin.setToolTip(self.tr("ストーリーの目的に関連した判定に成功: 目標値と同じ点数"))
        tab = QWidget()
        form = QFormLayout(tab)
        form.addRow(self.tr("目標値"), self.tn_spin)
        form.addRow(self.tr("メモ"), self.test_reason_edit)
        form.addRow(self.add_test_button)
        return tab

    def _objective_tab(self) -> QWidget:
        objectives = [
            (self.tr("{0}（{1} 点）").format(self.tr(v), OBJECTIVE_XP[k]), k)
            for k, v in OBJECTIVE_LABELS.items()
        ]
        self.objective_combo = self._combo(objectives)
        self.recipient_list = QListWidget()
        self.recipient_list.setAccessibleName(self.tr("経験点を受け取るキャラクター"))
        self.recipient_list.itemChanged.connect(self._recipients_changed)
        self.sharers_spin = self._spin(1, 99, 1, self.tr("分配する人数"))
        self.sharers_spin.setSuffix(self.tr(" 人"))
        self.sharers_spin.setToolTip(self.tr("目的を達成したキャラクターの人数（ここにいない人も含む）"))
        self.objective_reason_edit = self._edit(self.tr("どの目的か（任意）"))
        self.objective_combo.currentIndexChanged.connect(self._sync_previews)
        self.sharers_spin.valueChanged.connect(self._sync_previews)
        self.add_objective_button = self._button(self.tr("経験点を記録"), self._add_objective)
        tab = QWidget()
        form = QFormLayout(tab)
        form.addRow(self.tr("目的"), self.objective_combo)
        form.addRow(self.tr("受け取る"), self.recipient_list)
        form.addRow(self.tr("分配する人数"), self.sharers_spin)
        form.addRow(self.tr("メモ"), self.objective_reason_edit)
        form.addRow(self.add_objective_button)
        return tab

    def _other_tab(self) -> QWidget:
        self.other_xp_spin = self._spin(-9999, 9999, 100, self.tr("経験点"))
        self.other_reason_edit = self._edit(self.tr("ロールプレイなど（理由は必須）"))
        self.add_other_button = self._button(
            self.tr("経験点を記録"),
            lambda: self.model.xp.add_other_xp(self.other_xp_spin.value(), self.other_reason_edit.text()),
        )
        tab = QWidget()
        form = QFormLayout(tab)
        form.addRow(self.tr("経験点"), self.other_xp_spin)
        form.addRow(self.tr("理由"), self.other_reason_edit)
        form.addRow(self.add_other_button)
        return tab

    def recipients(self) -> list[str]:
        """Ids of the characters ticked to receive the objective's share."""
        items = (self.recipient_list.item(i) for i in range(self.recipient_list.count()))
        return [it.data(Qt.ItemDataRole.UserRole) for it in items if it.checkState() == Qt.CheckState.Checked]

    def _recipients_changed(self) -> None:
        # The share is split among at least the characters receiving it.
        self.sharers_spin.setValue(max(self.sharers_spin.value(), len(self.recipients())))
        self._sync_previews()

    def _add_objective(self) -> None:
        objective, sharers = self.objective_combo.currentData(), self.sharers_spin.value()
        reason = self.objective_reason_edit.text()
        self.model.xp.add_objective_xp(objective, sharers, self.recipients(), reason)

    # ---- the advancement ----------------------------------------------------------------
    def _advancement_box(self) -> QGroupBox:
        box = QGroupBox(
            self.tr("成長（Advancement）: 成長ポイント {0} 点を使い切る").format(PICKS_PER_ADVANCEMENT)
        )
        self.order_combo = QComboBox()
        self.order_combo.setToolTip(self.tr("上級職には一つの職業で 6 回以上の成長が必要です（1.6.3）"))
        self.order_combo.activated.connect(
            lambda _: setattr(self.model, "order", self.order_combo.currentData())
        )
        self.kind_combo = self._combo([(self.tr(label), kind) for kind, label in KIND_LABELS.items()])
        self.skill_combo = QComboBox()
        self.skill_combo.setEditable(True)  # a skill the character does not have yet may be typed
        self.field_edit = self._edit(self.tr("特化する分野"))
        self.attribute_combo = self._combo([(ATTRIBUTE_NAMES[a], a) for a in ATTRIBUTE_IDS])
        self.reaction_combo = self._combo([(REACTION_NAMES[r], r) for r in REACTION_IDS])
        self.text_edit = self._edit(self.tr("名前"))
        self.cost_spin = self._spin(-99, 99, 1, self.tr("消費する成長ポイント"))
        self.cost_label = QLabel()
        self.cost_label.setWordWrap(True)
        self.add_pick_button = self._button(self.tr("加える"), self._add_pick)
        for combo in (self.kind_combo, self.skill_combo, self.attribute_combo, self.reaction_combo):
            combo.currentTextChanged.connect(self._sync_builder)

        self.picks_table = self._table(PICK_HEADERS, stretch=1)
        self.remove_pick_button = self._button(
            self.tr("選んだ項目を取り消す"),
            lambda: self.model.remove_pick(self._selected_row(self.picks_table)),
        )
        self.picks_left_label = QLabel()
        self.picks_left_label.setStyleSheet("font-weight: bold;")
        self.problems_label = QLabel()
        self.problems_label.setWordWrap(True)
        self.override_check = QCheckBox(self.tr("GM オーバーライド"))
        self.override_check.setToolTip(self.tr("ルールの制限を越えた成長・経験点の削除（記録されます）"))
        self.override_check.toggled.connect(lambda on: setattr(self.model, "override", on))
        self.take_button = self._button(self.tr("成長する"), self.model.take)
        self.orders_box = LotROrdersBox(self.model, self._guard)  # 1.6.2 / 1.6.3

        targets = self._row(self.skill_combo, self.field_edit, self.attribute_combo, self.reaction_combo)
        targets.addWidget(self.text_edit)
        form = QFormLayout(box)
        form.addRow(self.tr("この成長を数える職業（上級職の条件 1.6.3）"), self.order_combo)
        form.addRow(self.orders_box)
        form.addRow(self.tr("成長の内容"), self.kind_combo)
        form.addRow(self.tr("対象"), targets)
        form.addRow(self.tr("消費"), self._row(self.cost_spin, (self.cost_label, 1), self.add_pick_button))
        form.addRow(self.picks_table)
        form.addRow(self._row((self.picks_left_label, 1), self.remove_pick_button))
        form.addRow(self.problems_label)
        form.addRow(self._row((self.override_check, 1), self.take_button))
        return box

    def builder_pick(self) -> tuple[str, str]:
        """(kind, target) as the builder's inputs stand."""
        kind = self.kind_combo.currentData()
        kind_input = target_input(kind)
        if kind_input == "skill":
            skill = self.skill_combo.currentText().strip()
            return kind, (f"{skill}/{self.field_edit.text().strip()}" if kind == "specialisation" else skill)
        if kind_input == "attribute":
            return kind, self.attribute_combo.currentData()
        if kind_input == "reaction":
            return kind, self.reaction_combo.currentData()
        return kind, "" if kind_input == "none" else self.text_edit.text()

    def _add_pick(self) -> None:
        kind, target = self.builder_pick()
        known = self.model.rule_cost(kind, target)
        self.model.add_pick(kind, target, self.cost_spin.value() if known is None else None)

    def _sync_builder(self) -> None:
        """Shows the target input the kind takes and where its cost comes from."""
        if not self.model.exists:
            return
        kind, target = self.builder_pick()
        kind_input = target_input(kind)
        self.skill_combo.setVisible(kind_input == "skill")
        self.field_edit.setVisible(kind == "specialisation")
        self.attribute_combo.setVisible(kind_input == "attribute")
        self.reaction_combo.setVisible(kind_input == "reaction")
        self.text_edit.setVisible(kind_input == "text")
        known = self.model.rule_cost(kind, target)
        if known is not None or self._cost_from_table:  # a table's value belongs to its own kind
            self.cost_spin.setValue(1 if known is None else known)
        self._cost_from_table = known is not None
        self.cost_spin.setEnabled(known is None)
        text = self.tr(UNSET_COST) if known is None else self.tr("ルール表の値: {0} 点").format(known)
        if known is not None and known < 0:
            text = self.tr("ルール表: 成長ポイントを {0} 点獲得（GM の許可が必要）").format(-known)
        self.cost_label.setText(text)
        set_tone(self.cost_label, Tone("warning") if known is None else None)

    # ---- sync ---------------------------------------------------------------------------
    def _sync(self) -> None:
        exists = self.model.exists
        self.content.setEnabled(exists)
        deleted = self.tr("このキャラクターは削除されました（元に戻すと再び記録できます）")
        problem = self.model.rules_problem if exists else deleted
        self.problem_label.setText(shown_message(problem))
        self.problem_label.setVisible(bool(problem))
        if not exists:
            return
        model, character = self.model, self.model.character
        self.setWindowTitle(self.tr("経験点と成長 — {0}").format(character.name))
        status = self.tr(
            "経験点 {xp_total}　成長: 獲得 {earned}・済み {taken}・可能 {available}　"
            "次の成長まで {xp_to_next} 点"
        )
        self.status_label.setText(status.format(**model.standing()))
        self._fill(self.xp_table, [(e.date, e.reason, f"{e.xp:+d}") for e in character.xp_log])
        self._sync_recipients()
        self._refill(self.order_combo, [(label, o) for o, label in model.order_choices()])
        self.order_combo.setCurrentIndex(self.order_combo.findData(model.order))
        self._refill(self.skill_combo, [(name, name) for name in model.skill_names()])
        self.orders_box.sync()
        picks = [
            (self.tr(KIND_LABELS[p.kind]), target_label(p.kind, p.target), str(p.cost), p.note)
            for p in model.picks
        ]
        self._fill(self.picks_table, picks)
        self.picks_left_label.setText(
            self.tr("成長ポイント: 使用 {0} / {1} 点").format(model.picks_spent, PICKS_PER_ADVANCEMENT)
        )
        blocking, problems = model.blocking(), model.problems()
        overridden = model.override and bool(problems)
        lines = [shown_message(line) for line in blocking + problems]  # each its own message
        if overridden and not blocking:
            lines.append(self.tr("（GM オーバーライドで成長できます。理由はキャラクターに記録されます）"))
        self.problems_label.setText("\n".join(lines))
        set_tone(self.problems_label, "warning" if overridden and not blocking else "error")
        self.override_check.setChecked(model.override)  # toggled only sets the same value back
        self.take_button.setEnabled(model.can_take())
        self.take_button.setToolTip("\n".join(lines))
        self._sync_builder()
        self._sync_previews()

    def _sync_recipients(self) -> None:
        """Every LotR character of the campaign, ticks kept; this character ticked at first."""
        checked = set(self.recipients()) if self.recipient_list.count() else {self.model.character_id}
        self.recipient_list.blockSignals(True)
        self.recipient_list.clear()
        for character_id, name in self.model.lotr_characters():
            item = QListWidgetItem(name)
            item.setData(Qt.ItemDataRole.UserRole, character_id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if character_id in checked else Qt.CheckState.Unchecked)
            self.recipient_list.addItem(item)
        self.recipient_list.blockSignals(False)
        self.sharers_spin.setValue(max(self.sharers_spin.value(), len(self.recipients())))

    def _sync_previews(self) -> None:
        self.add_test_button.setText(self.tr("経験点 +{0} を記録").format(self.tn_spin.value()))
        share = self.model.xp.objective_share(self.objective_combo.currentData(), self.sharers_spin.value())
        self.add_objective_button.setText(self.tr("1 人あたり {0} 点を記録（端数は四捨五入）").format(share))

    # ---- helpers --------------------------------------------------------------------------
    def _button(self, text: str, action: Callable[[], object]) -> QPushButton:
        button = QPushButton(text)
        button.clicked.connect(lambda _=False: self._guard(action))
        return button

    @classmethod
    def _combo(cls, items: list[tuple[str, str]]) -> QComboBox:
        combo = QComboBox()
        cls._refill(combo, items)
        return combo

    @staticmethod
    def _refill(combo: QComboBox, items: list[tuple[str, str]]) -> None:
        """New items only when the list changed (undo, a new skill); what was typed or chosen stays."""
        if [(combo.itemText(i), combo.itemData(i)) for i in range(combo.count())] == items:
            return
        text = combo.currentText()
        combo.blockSignals(True)
        combo.clear()
        for label, data in items:
            combo.addItem(label, data)
        if text:
            combo.setCurrentText(text)
        combo.blockSignals(False)

    @staticmethod
    def _row(*items: QWidget | tuple[QWidget, int]) -> QHBoxLayout:
        row = QHBoxLayout()
        for item in items:
            widget, stretch = item if isinstance(item, tuple) else (item, 0)
            row.addWidget(widget, stretch)
        return row

    @staticmethod
    def _spin(low: int, high: int, value: int, name: str) -> QSpinBox:
        spin = QSpinBox()
        spin.setRange(low, high)
        spin.setValue(value)
        spin.setAccessibleName(name)
        return spin

    @staticmethod
    def _edit(placeholder: str) -> QLineEdit:
        return QLineEdit(placeholderText=placeholder)

    def _table(self, headers: tuple[str, ...], stretch: int = 0) -> QTableWidget:
        return read_only_table(headers, stretch, "LotRAdvancementDialog")

    @staticmethod
    def _fill(table: QTableWidget, rows: Sequence[tuple[str, ...]]) -> None:
        table.setRowCount(len(rows))
        for r, row in enumerate(rows):
            for c, text in enumerate(row):
                table.setItem(r, c, QTableWidgetItem(text))

    @staticmethod
    def _selected_row(table: QTableWidget) -> int:
        rows = table.selectionModel().selectedRows()
        return rows[0].row() if rows else -1

    def _guard(self, action: Callable[[], object]) -> None:
        """Runs an action; a refusal is explained and the dialog shows the state as it is."""
        try:
            action()
        except ValueError as refusal:
            show_refusal(self, str(refusal))
        self._sync()
