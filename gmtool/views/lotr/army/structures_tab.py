"""建造物: the structures (base values edited in place), their locks and bars, siege damage,
Stonecraft (Fortification) improvements with their history, and 戦闘終了 (those three in
structure_improvements' box).

The base Protection and Structure are the GM's (Tables 9.27/9.28 are not in the summary); an
empty cell is "not entered" and siege damage says so instead of guessing.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.lotr.army_model import LotRArmyModel
from gmtool.rules.systems.lotr.structures_types import LOCK_CAP, Structure, Target
from gmtool.rules.systems.lotr.units_types import NAME_MAX
from gmtool.views.appearance import set_tone
from gmtool.views.edit_table import type_through
from gmtool.views.lotr.army.commander_picker import PROBLEM_STYLE, note
from gmtool.views.lotr.army.structure_improvements import StructureImprovementsBox
from gmtool.views.widgets import action_button, guarded, read_only_table, shown_message

# (field, header); None = computed, read-only.  The editable ones are the GM's numbers.
COLUMNS = (
    ("name", "名前"),
    ("protection", "Protection（基本）"),
    (None, "錠・閂"),
    (None, "強化（P）"),
    (None, "Protection 合計"),
    ("structure", "Structure（基本）"),
    (None, "強化（S）"),
    ("damage", "受けたダメージ"),
    (None, "残り Structure"),
    (None, "状態"),
)
ID_ROLE = Qt.ItemDataRole.UserRole
DAMAGE_MAX = 100_000


def _number(value: int | None) -> str:
    return "" if value is None else str(value)


class StructuresTab(QWidget):
    def __init__(self, model: LotRArmyModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.structures = model.structures
        self._syncing = False
        self.problem_label = QLabel()
        self.problem_label.setWordWrap(True)
        set_tone(self.problem_label, PROBLEM_STYLE)
        layout = QVBoxLayout(self)
        layout.addWidget(self.problem_label)
        layout.addWidget(self._build_list(), 1)
        row = QHBoxLayout()
        row.addWidget(self._build_locks(), 1)
        row.addWidget(self._build_siege(), 1)
        layout.addLayout(row)
        self.improvements = StructureImprovementsBox(self.structures, self._require)
        layout.addWidget(self.improvements, 1)
        self.structures.changed.connect(self.sync)
        self.sync()

    # ---- the list --------------------------------------------------------------------------
    def _build_list(self) -> QGroupBox:
        box = QGroupBox(self.tr("建造物"))
        self.structures_table = table = QTableWidget(0, len(COLUMNS))
        type_through(table)
        table.setHorizontalHeaderLabels([self.tr(h) for _, h in COLUMNS])
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        table.verticalHeader().setVisible(False)
        table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        table.itemChanged.connect(self._on_item_changed)
        table.itemSelectionChanged.connect(self._sync_selected)
        self.new_structure_edit = QLineEdit()
        self.new_structure_edit.setMaxLength(NAME_MAX)
        self.new_structure_edit.setPlaceholderText(self.tr("名前（城門、城壁など）"))
        self.add_structure_button = action_button(self, self.tr("建造物を追加"), self.add_structure)
        self.remove_structure_button = action_button(self, self.tr("削除"), self.remove_selected)
        buttons = QHBoxLayout()
        buttons.addWidget(self.new_structure_edit, 1)
        buttons.addWidget(self.add_structure_button)
        buttons.addWidget(self.remove_structure_button)
        inner = QVBoxLayout(box)
        inner.addWidget(table, 1)
        inner.addLayout(buttons)
        inner.addWidget(
            note(
                self.tr(
                    "Protection がダメージを吸収し、超えた分だけ Structure が減ります。Structure 0 で破壊。"
                    "基本の Protection と Structure（Table 9.27・9.28）は本文にないため GM が入力します"
                    "（空欄 = 未入力）。"
                )
            )
        )
        return box

    def selected_id(self) -> str | None:
        item = self.structures_table.item(self.structures_table.currentRow(), 0)
        return item.data(ID_ROLE) if item is not None else None

    def _selected(self) -> Structure | None:
        structure_id = self.selected_id()
        return self.model.state().structure(structure_id) if structure_id else None

    def _require(self) -> str:
        structure_id = self.selected_id()
        if structure_id is None:
            raise ValueError(self.tr("建造物を表で選んでください"))
        return structure_id

    def add_structure(self) -> None:
        structure_id = self.structures.add_structure(self.new_structure_edit.text())
        self.new_structure_edit.clear()
        self.select(structure_id)

    def remove_selected(self) -> None:
        self.structures.remove_structure(self._require())

    def select(self, structure_id: str) -> None:
        for row in range(self.structures_table.rowCount()):
            item = self.structures_table.item(row, 0)
            if item is not None and item.data(ID_ROLE) == structure_id:
                self.structures_table.selectRow(row)
                return

    def _on_item_changed(self, item: QTableWidgetItem) -> None:
        """An edited cell: the name or one of the GM's numbers (empty = not entered)."""
        if self._syncing:
            return
        field = COLUMNS[item.column()][0]
        if field is None:
            return  # a computed column: sync makes its cells read-only
        id_item = self.structures_table.item(item.row(), 0)
        assert id_item is not None  # sync fills whole rows with signals off; edits come after
        structure_id = id_item.data(ID_ROLE)
        text = item.text().strip()

        def apply() -> None:
            if field == "name":
                self.structures.rename(structure_id, text)
                return
            try:
                value = int(text) if text else None
            except ValueError:
                header = self.tr(COLUMNS[item.column()][1])
                raise ValueError(
                    self.tr("{0} は整数で入力してください（{1}）").format(header, text)
                ) from None
            self.structures.set_value(structure_id, field, value)

        if not guarded(self, apply):
            self.sync()  # the cell shows the stored value again

    # ---- locks -----------------------------------------------------------------------------
    def _build_locks(self) -> QGroupBox:
        box = QGroupBox(self.tr("錠・閂（扉の Protection に加算）"))
        self.locks_table = read_only_table(("名前", "Protection"), 0, "StructuresTab")
        self.lock_total_label = QLabel()
        self.lock_name_edit = QLineEdit()
        self.lock_name_edit.setMaxLength(NAME_MAX)
        self.lock_name_edit.setPlaceholderText(self.tr("閂、鉄の錠など"))
        self.lock_protection_spin = QSpinBox()
        self.lock_protection_spin.setRange(1, LOCK_CAP)
        self.lock_protection_spin.setPrefix("+")
        self.lock_protection_spin.setToolTip(self.tr("Table 9.29 は本文にないため GM が入力"))
        self.add_lock_button = action_button(self, self.tr("錠・閂を追加"), self.add_lock)
        self.remove_lock_button = action_button(self, self.tr("外す"), self.remove_lock)
        row = QHBoxLayout()
        row.addWidget(self.lock_name_edit, 1)
        row.addWidget(self.lock_protection_spin)
        row.addWidget(self.add_lock_button)
        row.addWidget(self.remove_lock_button)
        inner = QVBoxLayout(box)
        inner.addWidget(self.locks_table, 1)
        inner.addWidget(self.lock_total_label)
        inner.addLayout(row)
        return box

    def add_lock(self) -> None:
        self.structures.add_lock(
            self._require(), self.lock_name_edit.text(), self.lock_protection_spin.value()
        )
        self.lock_name_edit.clear()

    def remove_lock(self) -> None:
        row = self.locks_table.currentRow()
        if row < 0:
            raise ValueError(self.tr("外す錠・閂を選んでください"))
        self.structures.remove_lock(self._require(), row)

    # ---- siege damage ----------------------------------------------------------------------
    def _build_siege(self) -> QGroupBox:
        box = QGroupBox(self.tr("攻城ダメージ"))
        self.siege_damage_spin = QSpinBox()
        self.siege_damage_spin.setRange(0, DAMAGE_MAX)
        self.siege_damage_spin.setToolTip(
            self.tr("攻城兵器などのダメージ（Table 9.30 は本文にないため GM が入力）")
        )
        self.siege_button = action_button(self, self.tr("ダメージを与える"), self.siege)
        self.siege_preview_label = QLabel()
        self.siege_preview_label.setWordWrap(True)
        self.siege_result_label = QLabel()
        self.siege_result_label.setWordWrap(True)
        self.siege_damage_spin.valueChanged.connect(lambda _: self._sync_selected())
        form = QFormLayout(box)
        form.addRow(self.tr("ダメージ"), self.siege_damage_spin)
        form.addRow(self.siege_preview_label)
        form.addRow(self.siege_button)
        form.addRow(self.siege_result_label)
        return box

    def siege(self) -> None:
        structure_id = self._require()
        name = self.structures.structure(structure_id).label()
        result = self.structures.siege_damage(structure_id, self.siege_damage_spin.value())
        text = self.tr("{0}: {1} のうち Protection {2} が吸収、Structure {3} → {4}").format(
            name, result.damage, result.protection, result.before, result.after
        )
        self.siege_result_label.setText(text + (self.tr("。破壊された") if result.destroyed else ""))

    # ---- syncing ---------------------------------------------------------------------------
    def sync(self) -> None:
        problem = self.model.problem()
        self.problem_label.setText(
            ""
            if problem is None
            else self.tr("{0}（次の操作で新しい状態に置き換わります）").format(shown_message(problem))
        )
        self.problem_label.setVisible(problem is not None)
        chosen = self.selected_id()
        structures = self.structures.structures()
        self._syncing = True
        table = self.structures_table
        table.setRowCount(len(structures))
        for row, structure in enumerate(structures):
            for column, text in enumerate(self._row(structure)):
                item = QTableWidgetItem(text)
                if COLUMNS[column][0] is None:
                    item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
                if column == 0:
                    item.setData(ID_ROLE, structure.id)
                table.setItem(row, column, item)
        self._syncing = False
        if chosen is not None:
            self.select(chosen)
        elif structures and table.currentRow() < 0:
            table.selectRow(0)
        self.improvements.sync_people([(name, i) for i, name in self.model.commanders.characters()])
        self._sync_selected()

    def _row(self, s: Structure) -> list[str]:
        state = self.tr("破壊") if s.destroyed else ""
        return [
            s.name,
            _number(s.protection),
            f"+{s.lock_total}",
            f"+{s.improvement_total(Target.PROTECTION)}",
            _number(s.total_protection),
            _number(s.structure),
            f"+{s.improvement_total(Target.STRUCTURE)}",
            str(s.damage),
            _number(s.structure_left),
            state,
        ]

    def _sync_selected(self) -> None:
        """The locks, the preview and the history of the structure chosen in the list."""
        structure = self._selected()
        locks = structure.locks if structure else ()
        self.locks_table.setRowCount(len(locks))
        for row, lock in enumerate(locks):
            self.locks_table.setItem(row, 0, QTableWidgetItem(lock.name))
            self.locks_table.setItem(row, 1, QTableWidgetItem(f"+{lock.protection}"))
        total = structure.lock_total if structure else 0
        room = self.structures.lock_room(structure.id) if structure else LOCK_CAP
        self.lock_total_label.setText(
            self.tr("錠・閂の合計 +{0}／上限 +{1}（鍵と閂の防御力は最大 +6 まで累積、残り +{2}）").format(
                total, LOCK_CAP, room
            )
        )
        self._preview(structure)
        self.improvements.show_history(structure)

    def _preview(self, structure: Structure | None) -> None:
        if structure is None:
            self.siege_preview_label.setText(self.tr("建造物を表で選んでください"))
            return
        preview = self.structures.siege_preview(structure.id, self.siege_damage_spin.value())
        if preview is None:
            self.siege_preview_label.setText(self.tr("Protection と Structure を入力してください（未入力）"))
        else:
            self.siege_preview_label.setText(
                self.tr("Protection {0} が吸収し、Structure へ {1}（{2} → {3}）").format(
                    preview.protection, preview.through, preview.before, preview.after
                )
            )
