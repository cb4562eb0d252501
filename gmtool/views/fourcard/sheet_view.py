"""The フォーカード character sheet.

"Recalculate everything, then re-sync the widgets": every change arrives as
CharacterModel.changed, and `_sync()` re-reads every value with signals blocked,
so undo/redo and edits made elsewhere (the growth dialog, the damage buttons)
show at once.  Field edits go through `CharacterModel.set_value`, which validates
against the schema; a refused value is explained and the widget snaps back.
"""

from __future__ import annotations

from functools import partial

from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QSpinBox,
    QTableView,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.fourcard.equipment_table_model import EquipmentTableModel
from gmtool.models.fourcard.sheet_model import FourCardSheetModel
from gmtool.models.fourcard.terms import HANDEDNESS, HANDEDNESS_NAMES, SEX_NAMES, skill_term, term
from gmtool.rules.systems.fourcard.character import (
    ATTRIBUTE_LABELS,
    ATTRIBUTE_MAX,
    ATTRIBUTE_MIN,
    ATTRIBUTES,
    MAX_GAIN,
    FourCardCharacter,
)
from gmtool.views.edit_table import type_through
from gmtool.views.fourcard.damage_box import FourCardDamageBox
from gmtool.views.fourcard.hp_bar import FourCardHPBar
from gmtool.views.sheet.sheet_editing import SheetEditing
from gmtool.views.sheet.two_columns import TwoColumns
from gmtool.views.widgets import CommitPlainTextEdit, edit_new_row, shown_message

MAX_POINTS = 99_999  # the schema's limit for 疲労, 負傷 and 所持金


class FourCardSheetView(SheetEditing, QWidget):
    def __init__(self, sheet_model: FourCardSheetModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.sheet_model = sheet_model
        self.model = sheet_model.character_model  # the character's own fields (SheetEditing)
        self.character_actions = self.sheet_model.actions
        self._init_editing()

        left_column, right_column = QWidget(), QWidget()
        left = QVBoxLayout(left_column)
        left.setContentsMargins(0, 0, 0, 0)
        left.addLayout(self._build_header())
        left.addWidget(self._build_attributes())
        left.addWidget(self._build_hp())
        self.damage_box = FourCardDamageBox(self.character_actions)
        left.addWidget(self.damage_box)
        left.addStretch(1)
        right = QVBoxLayout(right_column)
        right.setContentsMargins(0, 0, 0, 0)
        right.addWidget(self._build_skills(), 1)
        right.addWidget(self._build_belongings())
        right.addWidget(self._build_equipment(), 1)
        right.addWidget(self._build_texts(), 1)
        # Side by side where the sheet is wide; one above the other where it is narrow (a laptop).
        layout = QVBoxLayout(self)
        layout.addWidget(TwoColumns(left_column, right_column))

        self.model.changed.connect(self._sync)
        # The 総合LV table's reading and the in-game day are the campaign's, not the character's.
        self.sheet_model.context_changed.connect(self._sync)
        self._sync()

    # ---- sections -------------------------------------------------------------------------
    def _build_header(self) -> QGridLayout:
        self.name_edit = self._editor(QLineEdit())
        self.name_edit.editingFinished.connect(
            lambda: self._commit("name", self.name_edit.text(), self.tr("名前"))
        )
        self.pc_check = self._editor(QCheckBox(self.tr("PC")))
        self.pc_check.toggled.connect(lambda on: self._commit("is_pc", on, self.tr("PC/NPC")))
        self.sex_combo = self._combo(
            "sex", self.tr("性別"), [("", "—"), *((k, term(v)) for k, v in SEX_NAMES.items())]
        )
        self.sex_combo.setToolTip(
            self.tr("性別を変えても能力値の修正はやり直しません（能力値は修正後の値で記録されています）")
        )
        self.level_label = QLabel()
        self.xp_earned_label, self.xp_spent_label, self.xp_unspent_label = QLabel(), QLabel(), QLabel()
        self._syncers.append(lambda: self.name_edit.setText(self.character.name))
        self._syncers.append(lambda: self.pc_check.setChecked(self.character.is_pc))
        self._syncers.append(self._sync_experience)
        grid = QGridLayout()
        grid.addWidget(QLabel(self.tr("名前")), 0, 0)
        grid.addWidget(self.name_edit, 0, 1, 1, 5)
        grid.addWidget(self.pc_check, 0, 6)
        grid.addWidget(QLabel(self.tr("性別")), 1, 0)
        grid.addWidget(self.sex_combo, 1, 1)
        grid.addWidget(QLabel(self.tr("総合LV")), 1, 2)
        grid.addWidget(self.level_label, 1, 3)
        grid.addWidget(QLabel(self.tr("獲得経験点")), 2, 0)
        grid.addWidget(self.xp_earned_label, 2, 1)
        grid.addWidget(QLabel(self.tr("使用")), 2, 2)
        grid.addWidget(self.xp_spent_label, 2, 3)
        grid.addWidget(QLabel(self.tr("残り")), 2, 4)
        grid.addWidget(self.xp_unspent_label, 2, 5)
        return grid

    def _build_attributes(self) -> QGroupBox:
        box = QGroupBox(self.tr("能力値"))
        grid = QGridLayout(box)
        for column, title in enumerate(
            (self.tr("初期値"), self.tr("+成長"), self.tr("−低下"), self.tr("現在値"))
        ):
            grid.addWidget(QLabel(title), 0, column + 1)
        self.initial_spins: dict[str, QSpinBox] = {}
        self.gain_spins: dict[str, QSpinBox] = {}
        self.loss_spins: dict[str, QSpinBox] = {}
        self.current_labels: dict[str, QLabel] = {}
        for row, (key, label) in enumerate(ATTRIBUTES, start=1):
            grid.addWidget(QLabel(label), row, 0)
            parts = (
                (self.initial_spins, "attributes", ATTRIBUTE_MIN, ATTRIBUTE_MAX, self.tr("{0}の初期値")),
                (self.gain_spins, "gains", 0, MAX_GAIN, self.tr("{0}の成長")),
                (self.loss_spins, "losses", 0, 99, self.tr("{0}の低下")),
            )
            for column, (spins, group, low, high, name) in enumerate(parts, start=1):
                spins[key] = self._spin(f"{group}.{key}", low, high, name.format(label))
                grid.addWidget(spins[key], row, column)
            self.current_labels[key] = QLabel()
            grid.addWidget(self.current_labels[key], row, 4)
            self._syncers.append(partial(self._sync_current, key))
        for spin in self.initial_spins.values():
            spin.setToolTip(self.tr("作成時の値（性別の修正後）。GM の訂正として直接変更できます"))
        return box

    def _build_hp(self) -> QGroupBox:
        box = QGroupBox(self.tr("HP・ダメージ"))
        self.hp_bar = FourCardHPBar()
        self.fatigue_spin = self._spin("fatigue", 0, MAX_POINTS, self.tr("疲労"))
        self.injury_spin = self._spin("injury", 0, MAX_POINTS, self.tr("負傷"))
        for spin in (self.fatigue_spin, self.injury_spin):
            spin.setToolTip(self.tr("訂正用。ふだんは下のボタンで受ける・回復する"))
        self.hungry_check = self._editor(QCheckBox(self.tr("空腹")))
        self.hungry_check.setToolTip(self.tr("十分な食事を摂るまで疲労は一切回復しません"))
        self.hungry_check.toggled.connect(lambda on: self._commit("hungry", on, self.tr("空腹")))
        self.damage_label, self.condition_label = QLabel(), QLabel()
        self._syncers.append(self._sync_hp)
        grid = QGridLayout(box)
        grid.addWidget(self.hp_bar, 0, 0, 1, 6)
        for column, (title, widget) in enumerate(
            (
                (self.tr("疲労"), self.fatigue_spin),
                (self.tr("負傷"), self.injury_spin),
                (self.tr("累積ダメージ"), self.damage_label),
            )
        ):
            grid.addWidget(QLabel(title), 1, column * 2)
            grid.addWidget(widget, 1, column * 2 + 1)
        grid.addWidget(QLabel(self.tr("状態")), 2, 0)
        grid.addWidget(self.condition_label, 2, 1, 1, 3)
        grid.addWidget(self.hungry_check, 2, 4, 1, 2)
        return box

    def _build_skills(self) -> QGroupBox:
        box = QGroupBox(self.tr("スキル"))
        self.skill_table = QTableWidget(0, 4)
        self.skill_table.setHorizontalHeaderLabels(
            [self.tr("スキル"), self.tr("基礎"), self.tr("TP"), self.tr("LV")]
        )
        self.skill_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.skill_table.verticalHeader().setVisible(False)
        header = self.skill_table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.skill_table.setToolTip(self.tr("スキルは成長の画面で習得します"))
        self._syncers.append(self._sync_skills)
        QVBoxLayout(box).addWidget(self.skill_table)
        return box

    def _build_belongings(self) -> QGroupBox:
        box = QGroupBox(self.tr("移動力・所持金"))
        self.movement_label, self.movement_note = QLabel(), QLabel()
        self.money_spin = self._spin("money", 0, MAX_POINTS, self.tr("所持金"))
        self.money_spin.setSuffix(" CP")
        self.handedness_combo = self._combo(
            "handedness",
            term(HANDEDNESS),
            [("", "—"), *((k, term(v)) for k, v in HANDEDNESS_NAMES.items())],
        )
        self._syncers.append(self._sync_movement)
        form = QFormLayout(box)
        movement_row = QHBoxLayout()
        movement_row.addWidget(self.movement_label)
        movement_row.addWidget(self.movement_note, 1)
        form.addRow(self.tr("移動力"), movement_row)
        form.addRow(self.tr("所持金"), self.money_spin)
        form.addRow(term(HANDEDNESS), self.handedness_combo)
        return box

    def _build_equipment(self) -> QGroupBox:
        box = QGroupBox(self.tr("装備"))
        self.equipment_model = EquipmentTableModel(self.model, self)
        self.equipment_model.refused.connect(self._refuse)
        self.equipment_table = QTableView()
        type_through(self.equipment_table)
        self.equipment_table.setModel(self.equipment_model)
        self.equipment_table.horizontalHeader().setStretchLastSection(True)
        self.add_equipment_button = add = QPushButton(self.tr("装備を追加"))
        add.clicked.connect(self.add_equipment)
        self.remove_equipment_button = remove = QPushButton(self.tr("選択した装備を削除"))
        remove.clicked.connect(
            lambda: self._guard(
                lambda: self.equipment_model.remove_item(self.equipment_table.currentIndex().row())
            )
        )
        layout = QVBoxLayout(box)
        layout.addWidget(self.equipment_table)
        buttons = QHBoxLayout()
        buttons.addWidget(add)
        buttons.addWidget(remove)
        buttons.addStretch(1)
        layout.addLayout(buttons)
        return box

    def add_equipment(self) -> None:
        """装備を追加: a new row, its name cell open for typing."""
        rows = self.equipment_model.rowCount()
        self._guard(self.equipment_model.add_item)
        if self.equipment_model.rowCount() > rows:
            edit_new_row(self.equipment_table, rows)

    def _build_texts(self) -> QWidget:
        self.notes_edit = self._editor(CommitPlainTextEdit())
        self.notes_edit.committed.connect(lambda text: self._commit("notes", text, self.tr("メモ")))
        self._syncers.append(lambda: self.notes_edit.set_text_if_changed(self.character.notes))
        self.overrides_list = QListWidget()
        self.overrides_list.setToolTip(self.tr("ルールの制限を GM が外した記録（成長の画面で追加されます）"))
        self._syncers.append(self._sync_overrides)
        holder = QWidget()
        row = QHBoxLayout(holder)
        row.setContentsMargins(0, 0, 0, 0)
        for title, widget in (
            (self.tr("メモ"), self.notes_edit),
            (self.tr("GM オーバーライドの記録"), self.overrides_list),
        ):
            group = QGroupBox(title)
            QVBoxLayout(group).addWidget(widget)
            row.addWidget(group)
        return holder

    # ---- construction helpers -----------------------------------------------------------
    def _combo(self, path: str, label: str, items: list[tuple[str, str]]) -> QComboBox:
        combo = self._editor(QComboBox())
        for value, text in items:
            combo.addItem(text, value)
        combo.setAccessibleName(label)
        combo.currentIndexChanged.connect(lambda _i: self._commit(path, combo.currentData(), label))
        self._syncers.append(lambda: combo.setCurrentIndex(max(0, combo.findData(self.model.value(path)))))
        return combo

    # ---- editing ------------------------------------------------------------------------
    @property
    def character(self) -> FourCardCharacter:
        return self.model.character_as(FourCardCharacter)

    # ---- re-sync --------------------------------------------------------------------------
    def _sync_experience(self) -> None:
        c = self.character
        self.level_label.setText(str(self.sheet_model.level()))
        self.xp_earned_label.setText(str(c.xp_earned))
        self.xp_spent_label.setText(str(c.xp_spent))
        self.xp_unspent_label.setText(str(c.xp_unspent))

    def _sync_current(self, key: str) -> None:
        self.current_labels[key].setText(str(self.character.current(key)))

    def _sync_hp(self) -> None:
        c = self.character
        self.hp_bar.set_values(self.sheet_model.hp_lines(), c.fatigue, c.injury)
        self.damage_label.setText(str(c.damage))
        self.condition_label.setText(self.sheet_model.condition_text())
        self.hungry_check.setChecked(c.hungry)

    def _sync_movement(self) -> None:
        shown = self.sheet_model.movement()
        self.movement_label.setText(str(shown.value))
        note = self.tr("（DX {0} + {1} − 装備 {2}）").format(shown.dx, shown.base, shown.equipment_penalty)
        if shown.warning == "immobile":
            note += self.tr(" その場から動けません")
        elif shown.warning == "low":
            note += self.tr(" 移動力が3未満: まともに活躍するのは難しい")
        self.movement_note.setText(note)

    def _sync_skills(self) -> None:
        rows = []
        for line in self.sheet_model.skill_levels():
            if line.field is not None:
                name = self.tr("{0}特化{1}").format(skill_term(line.name), skill_term(line.field))
            elif line.specialised:
                name = self.tr("{0}（その他）").format(skill_term(line.name))
            else:  # the rule text's skills with English beside them in the English UI
                name = skill_term(line.name)
            rows.append((name, ATTRIBUTE_LABELS[line.base], line.tp, line.level))
        self.skill_table.setRowCount(len(rows))
        for row, values in enumerate(rows):
            for column, value in enumerate(values):
                self.skill_table.setItem(row, column, QTableWidgetItem(str(value)))

    def _sync_overrides(self) -> None:
        overrides = [shown_message(record) for record in self.character.overrides]
        if [self.overrides_list.item(i).text() for i in range(self.overrides_list.count())] != overrides:
            self.overrides_list.clear()
            self.overrides_list.addItems(overrides)

    def _sync_parts(self) -> None:
        self.damage_box.sync()
