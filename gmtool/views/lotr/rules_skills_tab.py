"""The LotR rule editor's 技能 tab: the skill list with key attributes."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.lotr.rules_model import LotRRulesModel
from gmtool.models.shown_text import english_ui
from gmtool.rules.systems.lotr.rules_types import ATTRIBUTE_IDS, ATTRIBUTE_NAMES
from gmtool.views.edit_table import type_through
from gmtool.views.lotr.rules_fields import UNSET, RulesTab, mark, mark_item, note_label, tr

NAME, NAME_JA, ATTRIBUTE, UNTRAINED, GROUP = range(5)


class SkillListView(RulesTab):
    """The skill list: key attribute, whether it can be used untrained, skill groups."""

    def __init__(self, model: LotRRulesModel, parent: QWidget | None = None) -> None:
        super().__init__(model, parent)
        self.table = QTableWidget(0, 5)
        type_through(self.table)
        self.table.setHorizontalHeaderLabels(
            [tr("技能"), tr("日本語名"), tr("能力値"), tr("ランク 0 で判定（Untrained）"), tr("技能グループ")]
        )
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.verticalHeader().setVisible(False)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.itemChanged.connect(self._on_item_changed)
        self.new_name_edit = QLineEdit()
        self.new_name_edit.setPlaceholderText(tr("英語名（例: Cooking）"))
        self.new_name_ja_edit = QLineEdit()
        self.new_name_ja_edit.setPlaceholderText(tr("日本語名（例: 料理）"))
        self.add_button = QPushButton(tr("技能を追加"))
        self.add_button.clicked.connect(self._add)
        self.remove_button = QPushButton(tr("選んだ技能を削除"))
        self.remove_button.clicked.connect(self._remove)
        self.reset = self.reset_button(lambda: model.edits.reset_value(("skills",), tr("技能一覧")))
        buttons = QHBoxLayout()
        for widget in (
            self.new_name_edit,
            self.new_name_ja_edit,
            self.add_button,
            self.remove_button,
            self.reset,
        ):
            buttons.addWidget(widget)
        layout = QVBoxLayout(self)
        layout.addWidget(
            note_label(
                tr(
                    "判定に使う能力値が「未設定」の技能は、キャラクターごとに能力値を選びます。"
                    "Untrained が未設定の技能は判定画面で注意が出ます。"
                )
            )
        )
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)
        # The Japanese name is the gloss the Japanese UI shows beside the English one; the English UI
        # shows no gloss, so it has no use for the column.
        self.table.setColumnHidden(NAME_JA, english_ui())
        self.new_name_ja_edit.setVisible(not english_ui())

    def _names(self) -> list[str]:
        return [item.text() for r in range(self.table.rowCount()) if (item := self.table.item(r, NAME))]

    def _item(self, row: int, column: int) -> QTableWidgetItem:
        item = self.table.item(row, column)
        assert item is not None  # _rebuild gives every row its name, 日本語名 and group items
        return item

    def _combo_at(self, row: int, column: int) -> QComboBox:
        combo = self.table.cellWidget(row, column)
        assert isinstance(combo, QComboBox)  # _rebuild puts a combo in the 能力値 and Untrained cells
        return combo

    def _combo(self, row: int, column: int, choices: Sequence[tuple[str, object]]) -> QComboBox:
        combo = QComboBox()
        for text, data in choices:
            combo.addItem(text, data)
        key = "attribute" if column == ATTRIBUTE else "untrained"
        combo.currentIndexChanged.connect(
            lambda _i: self._commit(self._item(row, NAME).text(), key, combo.currentData())
        )
        self.table.setCellWidget(row, column, combo)
        return combo

    def _rebuild(self) -> None:
        skills = self.model.rules.skills
        self.table.setRowCount(0)
        self.table.setRowCount(len(skills))
        attributes = [
            (tr(UNSET), ""),
            *((tr("{0}（{1}）").format(a.upper(), ATTRIBUTE_NAMES[a]), a) for a in ATTRIBUTE_IDS),
        ]
        untrained = [(tr(UNSET), None), (tr("できる（−2）"), True), (tr("できない"), False)]
        for row, skill in enumerate(skills):
            name = QTableWidgetItem(skill.name)
            name.setFlags(name.flags() & ~Qt.ItemFlag.ItemIsEditable)
            self.table.setItem(row, NAME, name)
            self.table.setItem(row, NAME_JA, QTableWidgetItem())
            group = QTableWidgetItem(tr("グループ"))
            group.setFlags((group.flags() | Qt.ItemFlag.ItemIsUserCheckable) & ~Qt.ItemFlag.ItemIsEditable)
            self.table.setItem(row, GROUP, group)
            self._combo(row, ATTRIBUTE, attributes)
            self._combo(row, UNTRAINED, untrained)

    def reload(self) -> None:
        rules, model = self.model.rules, self.model
        self.table.blockSignals(True)
        try:
            if self._names() != [s.name for s in rules.skills]:
                self._rebuild()
            for row, skill in enumerate(rules.skills):
                base = model.shipped.skill(skill.name)

                def edited(key: str, name: str = skill.name) -> bool:
                    return model.edits.is_edited("skills", name, key)

                name_ja = self._item(row, NAME_JA)
                name_ja.setText(skill.name_ja)
                mark_item(name_ja, edited("name_ja"), base.name_ja if base else "")
                group = self._item(row, GROUP)
                group.setCheckState(Qt.CheckState.Checked if skill.group else Qt.CheckState.Unchecked)
                mark_item(
                    group,
                    edited("group"),
                    "" if base is None else (tr("はい") if base.group else tr("いいえ")),
                )
                for column, value, key in (
                    (ATTRIBUTE, skill.attribute, "attribute"),
                    (UNTRAINED, skill.untrained, "untrained"),
                ):
                    combo = self._combo_at(row, column)
                    combo.blockSignals(True)
                    combo.setCurrentIndex(combo.findData(value))
                    combo.blockSignals(False)
                    shipped_text = "" if base is None else combo.itemText(combo.findData(getattr(base, key)))
                    mark(combo, edited(key), shipped_text)
        finally:
            self.table.blockSignals(False)
        self.reset.setEnabled(model.edits.is_edited("skills"))

    def _on_item_changed(self, item: QTableWidgetItem) -> None:
        name = self._item(item.row(), NAME).text()
        if item.column() == NAME_JA:
            self._commit(name, "name_ja", item.text().strip())
        elif item.column() == GROUP:
            self._commit(name, "group", item.checkState() == Qt.CheckState.Checked)

    def _commit(self, name: str, key: str, value: object) -> None:
        skill = self.model.rules.skill(name)
        if skill is not None and getattr(skill, key) != value:
            self.attempt(lambda: self.model.skills.set_value(name, key, value))

    def _add(self) -> None:
        if self.attempt(
            lambda: self.model.skills.add(self.new_name_edit.text(), self.new_name_ja_edit.text())
        ):
            self.new_name_edit.clear()
            self.new_name_ja_edit.clear()

    def _remove(self) -> None:
        row = self.table.currentRow()
        item = self.table.item(row, NAME) if row >= 0 else None
        name = item.text() if item else ""
        self.attempt(lambda: self.model.skills.remove(name))
