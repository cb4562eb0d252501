"""Page 4 of the LotR creation wizard: 技能 (1.4, 1.4.1).

One table with a column per rank pool (order 15 ≤ 3 each, order free 5, race 6,
language/lore WIT × 3, free points 5) and the total (≤ 6 at creation); the
specialisations and the edges bought with race points sit below it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.lotr.creation_model import LotRCreationModel
from gmtool.models.lotr.shown_names import shown_skill
from gmtool.models.shown_text import listed
from gmtool.rules.systems.lotr.creation_types import CREATION_MAX_RANK, CUSTOM, PACKAGE, POOLS, STEP_SKILLS
from gmtool.rules.systems.lotr.rules_types import ATTRIBUTE_IDS, ATTRIBUTE_NAMES
from gmtool.views.appearance import Tone, set_tone
from gmtool.views.lotr.wizard_pages import LotRPage
from gmtool.views.widgets import show_refusal

POOL_TITLES = {
    "order": "職業（≤3）",
    "order_free": "職業・自由",
    "race": "種族",
    "language": "言語・知識",
    "free": "自由ポイント",
}
POOL_BUDGET_NAMES = {
    "order": "職業スキル",
    "order_free": "職業スキルの自由配分",
    "race": "種族スキル・特徴",
    "language": "言語・知識（WIT×3）",
    "free": "自由ポイント",
}
NAME_COLUMN, ATTRIBUTE_COLUMN = 0, 1
TOTAL_COLUMN = 2 + len(POOLS)
MAX_SPIN = 12  # lets the player try past a limit and read why it is refused
UNUSED_STYLE = Tone("warning", "font-weight: bold;")  # orange: worth a look, not a blocker


class SkillsPage(LotRPage):
    step = STEP_SKILLS

    def __init__(self, model: LotRCreationModel, parent: QWidget | None = None) -> None:
        super().__init__(model, parent)
        self.setTitle(self.tr("技能"))
        self.package_radio = QRadioButton(self.tr("職業パッケージ"))
        self.custom_radio = QRadioButton(
            self.tr("自由配分（15 ランク・一つに 3 まで + 5 ランク、Edge 1 つ追加）")
        )
        group, row = QButtonGroup(self), QHBoxLayout()
        for radio, mode in ((self.package_radio, PACKAGE), (self.custom_radio, CUSTOM)):
            group.addButton(radio)
            row.addWidget(radio)
            radio.toggled.connect(
                lambda on, m=mode: on and self.guard(lambda: model.skills.set_skill_mode(m))
            )
        row.addStretch(1)
        self.body.addLayout(row)
        self.package_label = QLabel()
        self.package_label.setWordWrap(True)
        self.budget_label = QLabel()
        self.budget_label.setWordWrap(True)
        # Points left over are allowed (not a problem), but going on without noticing is not.
        self.unused_label = QLabel()
        self.unused_label.setWordWrap(True)
        set_tone(self.unused_label, UNUSED_STYLE)
        self.body.addWidget(self.package_label)
        self.body.addWidget(self.budget_label)
        self.body.addWidget(self.unused_label)

        add_row = QHBoxLayout()
        self.skill_edit = QComboBox()
        self.skill_edit.setEditable(True)
        self.skill_edit.setMinimumWidth(240)
        # Named as the races and orders are (「Stealth（隠密）」 in Japanese, the name in English); the
        # item keeps the skill's name, which is what a typed entry is too.
        for skill in model.rules.skills:
            self.skill_edit.addItem(shown_skill(skill.name, model.rules), skill.name)
        self.skill_edit.setCurrentText("")
        self.skill_edit.setToolTip(self.tr("技能グループは「Language: Westron」のように分野を付けます"))
        self.add_button = QPushButton(self.tr("技能を追加"))
        self.add_button.clicked.connect(lambda: self.guard(self._add_skill))
        self.remove_button = QPushButton(self.tr("選んだ技能を外す"))
        self.remove_button.clicked.connect(lambda: self._on_selected(model.skills.remove_skill))
        widget: QWidget  # the loops below lay out rows of different widgets
        for widget in (self.skill_edit, self.add_button, self.remove_button):
            add_row.addWidget(widget)
        add_row.addStretch(1)
        self.body.addLayout(add_row)

        headers = [self.tr("技能"), self.tr("能力値"), *(self.tr(POOL_TITLES[p]) for p in POOLS)]
        headers.append(self.tr("合計（≤{0}）").format(CREATION_MAX_RANK))
        self.table = QTableWidget(0, len(headers))
        self.table.setHorizontalHeaderLabels(headers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.body.addWidget(self.table, 2)
        self.rows: list[str] = []
        self.rank_spins: dict[tuple[str, str], QSpinBox] = {}
        self.attribute_combos: dict[str, QComboBox] = {}

        special_box = QGroupBox(self.tr("特化（最初の 1 つは無料、2 つ目から自由ポイント 1 点ずつ）"))
        special = QVBoxLayout(special_box)
        special_row = QHBoxLayout()
        self.special_edit = QLineEdit()
        self.special_edit.setPlaceholderText(self.tr("分野（例: Hide）"))
        self.special_button = QPushButton(self.tr("選んだ技能を特化"))
        self.special_button.clicked.connect(self._add_specialisation)
        self.special_list = QListWidget()
        self.unspecial_button = QPushButton(self.tr("特化を外す"))
        self.unspecial_button.clicked.connect(self._remove_specialisation)
        for widget in (self.special_edit, self.special_button, self.unspecial_button):
            special_row.addWidget(widget)
        special.addLayout(special_row)
        special.addWidget(self.special_list)

        edge_box = QGroupBox(self.tr("種族ポイントで取る特徴（Edge）"))
        edges = QVBoxLayout(edge_box)
        edge_row = QHBoxLayout()
        self.race_edge_edit = QLineEdit()
        self.race_edge_edit.setPlaceholderText(self.tr("Edge の名前"))
        self.race_edge_cost = QSpinBox()
        self.race_edge_cost.setRange(0, 6)
        self.race_edge_cost.setAccessibleName(self.tr("消費ポイント"))
        self.race_edge_button = QPushButton(self.tr("種族ポイントで取る"))
        self.race_edge_button.clicked.connect(self._add_race_edge)
        self.race_edge_list = QListWidget()
        self.race_edge_remove = QPushButton(self.tr("外す"))
        self.race_edge_remove.clicked.connect(
            lambda: self._on_row(self.race_edge_list, self.model.skills.remove_race_edge)
        )
        for widget in (
            self.race_edge_edit,
            QLabel(self.tr("消費")),
            self.race_edge_cost,
            self.race_edge_button,
        ):
            edge_row.addWidget(widget)
        edges.addLayout(edge_row)
        edges.addWidget(self.race_edge_list)
        edges.addWidget(self.race_edge_remove)
        lower = QHBoxLayout()
        lower.addWidget(special_box)
        lower.addWidget(edge_box)
        self.body.addLayout(lower, 1)
        self.refresh()

    # ---- actions ------------------------------------------------------------------------
    def _add_skill(self) -> None:
        typed = self.skill_edit.currentText()
        listed = self.skill_edit.findText(typed)
        name = self.model.skills.add_skill(self.skill_edit.itemData(listed) if listed >= 0 else typed)
        self.skill_edit.setCurrentText("")
        self.select_skill(name)

    def select_skill(self, name: str) -> None:
        if name in self.rows:
            self.table.selectRow(self.rows.index(name))

    def selected_skill(self) -> str | None:
        selected = self.table.selectionModel().selectedRows()
        return self.rows[selected[0].row()] if selected else None

    def _on_selected(self, action: Callable[[str], None]) -> bool:
        name = self.selected_skill()
        if name is None:
            show_refusal(self, self.tr("技能を一覧から選んでください"))
            return False
        return self.guard(lambda: action(name))

    def _on_row(self, widget: QListWidget, action: Callable[[int], None]) -> None:
        row = widget.currentRow()
        if row < 0:
            show_refusal(self, self.tr("外すものを一覧から選んでください"))
            return
        self.guard(lambda: action(row))

    def _add_specialisation(self) -> None:
        field = self.special_edit.text()
        if self._on_selected(lambda name: self.model.skills.add_specialisation(name, field)):
            self.special_edit.clear()

    def _remove_specialisation(self) -> None:
        item = self.special_list.currentItem()
        if item is None:
            show_refusal(self, self.tr("外す特化を一覧から選んでください"))
            return
        name, field = item.data(Qt.ItemDataRole.UserRole)
        self.guard(lambda: self.model.skills.remove_specialisation(name, field))

    def _add_race_edge(self) -> None:
        name, cost = self.race_edge_edit.text(), self.race_edge_cost.value()
        if self.guard(lambda: self.model.skills.add_race_edge(name, cost)):
            self.race_edge_edit.clear()

    # ---- reading the model ---------------------------------------------------------------
    def editors(self) -> Sequence[QWidget]:
        return (
            self.package_radio,
            self.custom_radio,
            self.table,
            *self.rank_spins.values(),
            *self.attribute_combos.values(),
        )

    def _build_rows(self, names: list[str]) -> None:
        """New rows only when the list of skills changed (never while one of its spins is in use)."""
        self.rows = names
        self.rank_spins, self.attribute_combos = {}, {}
        self.table.setRowCount(0)
        self.table.setRowCount(len(names))
        for r, name in enumerate(names):
            self.table.setItem(r, NAME_COLUMN, QTableWidgetItem(shown_skill(name, self.model.rules)))
            if not self.model.skills.listed_attribute(name):
                combo = self.attribute_combos[name] = QComboBox()
                combo.addItem(self.tr("未設定"), "")
                for a in ATTRIBUTE_IDS:
                    combo.addItem(ATTRIBUTE_NAMES[a], a)
                combo.currentIndexChanged.connect(
                    lambda _i, n=name, c=combo: self.guard(
                        lambda: self.model.skills.set_skill_attribute(n, c.currentData())
                    )
                )
                self.table.setCellWidget(r, ATTRIBUTE_COLUMN, combo)
            for c, pool in enumerate(POOLS, start=2):
                spin = self.rank_spins[(name, pool)] = QSpinBox()
                spin.setRange(0, MAX_SPIN)
                spin.setAccessibleName(f"{name} {POOL_TITLES[pool]}")
                spin.valueChanged.connect(
                    lambda v, n=name, p=pool: self.guard(lambda: self.model.skills.set_ranks(p, n, v))
                )
                self.table.setCellWidget(r, c, spin)
            self.table.setItem(r, TOTAL_COLUMN, QTableWidgetItem())

    def sync(self) -> None:
        model, draft = self.model, self.model.draft
        package_mode = draft.skill_mode == PACKAGE
        self.package_radio.setChecked(package_mode)
        self.custom_radio.setChecked(not package_mode)
        package = model.skills.package()
        if package:
            contents = listed(f"{n} {r}" for n, r in package.items())
        else:
            contents = self.tr("この職業のパッケージはルールデータにありません（GM が設定）")
        self.package_label.setText(self.tr("パッケージ: {0}").format(contents) if draft.order else "")
        # No package to take: the radio would only lead to a refusal.  Kept enabled while it is the
        # chosen mode (a GM edit emptied the package), so the page still shows what was chosen.
        self.package_radio.setEnabled(bool(package) or package_mode)
        self.package_radio.setToolTip(
            ""
            if package
            else self.tr(
                "この職業のパッケージの中身はルールデータにありません"
                "（GM: ルール表 → 職業 で設定できます）。自由配分を使ってください"
            )
        )
        self.unused_label.setText(model.skills.unused_text())
        self.unused_label.setVisible(bool(self.unused_label.text()))
        self.budget_label.setText(
            "\n".join(
                self.tr("{0}: {1}/{2}（残り {3}）").format(
                    self.tr(POOL_BUDGET_NAMES[p]), budget.used, budget.limit, budget.left
                )
                for p, budget in model.skills.counted_pools().items()
            )
        )
        names = model.skills.skill_names()
        if names != self.rows:
            self._build_rows(names)
        for r, name in enumerate(names):
            attribute = model.skills.listed_attribute(name)
            if attribute:
                self.table.setItem(r, ATTRIBUTE_COLUMN, QTableWidgetItem(ATTRIBUTE_NAMES[attribute]))
            else:
                combo = self.attribute_combos[name]
                combo.setCurrentIndex(max(0, combo.findData(draft.skill_attributes.get(name, ""))))
            for pool in POOLS:
                spin = self.rank_spins[(name, pool)]
                spin.setValue(model.skills.ranks(pool, name))
                spin.setEnabled(model.skills.pool_open(pool))
            total = model.skills.total(name)
            item = self.table.item(r, TOTAL_COLUMN)
            assert item is not None  # _build_rows gave every row its total cell
            item.setText(str(total))
            too_high = model.skills.total_too_high(name)
            item.setForeground(Qt.GlobalColor.red if too_high else Qt.GlobalColor.black)
        self.special_list.clear()
        for name, fields in draft.specialisations.items():
            for field in fields:
                special = QListWidgetItem(f"{name}（{field}）")
                special.setData(Qt.ItemDataRole.UserRole, (name, field))
                self.special_list.addItem(special)
        self.race_edge_list.clear()
        for pick in draft.race_edges:
            self.race_edge_list.addItem(self.tr("{0} — {1} ポイント").format(pick.target, pick.cost))
        table_cost = model.extras.pick_cost("edge")
        self.race_edge_cost.setEnabled(table_cost is None)
        if table_cost is not None:
            self.race_edge_cost.setValue(table_cost)
        self.race_edge_cost.setToolTip(
            self.tr("Edge の消費はルールデータで {0} 点").format(table_cost)
            if table_cost is not None
            else self.tr("Edge の消費はルールデータにありません: GM と決めた点数を入力")
        )
