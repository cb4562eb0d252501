"""建造物 tab's 築城 part: Stonecraft (Fortification) improvements — who tested, at which rank,
the degree and what it adds to — their history, and 戦闘終了 (this battle's ones end).

A box of `StructuresTab`, over its structures model; the tab says which structure is chosen in
its list (`selected`, which refuses when none is).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QTableWidgetItem,
    QWidget,
)

from gmtool.models.lotr.structures_model import LotRStructuresModel
from gmtool.rules.systems.lotr.character import MAX_RANK
from gmtool.rules.systems.lotr.rules_types import Degree
from gmtool.rules.systems.lotr.structures_types import IMPROVEMENT_AMOUNT, TARGET_LABELS, Structure, Target
from gmtool.rules.systems.lotr.units_types import NAME_MAX
from gmtool.views.lotr.army.commander_picker import DIRECT, note
from gmtool.views.widgets import action_button, read_only_table, refill

HISTORY = ("日時", "誰が", "成功度", "対象", "強化", "種類", "Stonecraft")


class StructureImprovementsBox(QGroupBox):
    def __init__(
        self, structures: LotRStructuresModel, selected: Callable[[], str], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("築城（Stonecraft (Fortification) 判定による強化）"))
        self.structures = structures
        self._selected = selected
        self.degree_combo = QComboBox()
        for degree, amount in IMPROVEMENT_AMOUNT.items():
            self.degree_combo.addItem(f"{self.structures.degree_label(degree)}: +{amount}", str(degree))
        self.degree_combo.setCurrentIndex(self.degree_combo.findData(str(Degree.COMPLETE_SUCCESS)))
        self.improve_target_combo = QComboBox()
        for target in Target:
            self.improve_target_combo.addItem(TARGET_LABELS[target], str(target))
        self.permanent_check = QCheckBox(self.tr("永続（外すと この戦闘のみ）"))
        self.permanent_check.setChecked(True)
        self.who_combo = QComboBox()
        self.who_combo.currentIndexChanged.connect(self._on_who)
        self.who_edit = QLineEdit()
        self.who_edit.setMaxLength(NAME_MAX)
        self.who_edit.setPlaceholderText(self.tr("判定した人の名前"))
        self.rank_spin = QSpinBox()
        self.rank_spin.setRange(0, MAX_RANK)
        self.rank_spin.setToolTip(self.tr("判定したときの Stonecraft のランク"))
        self.improve_button = action_button(self, self.tr("強化を記録"), self.improve)
        self.end_battle_button = action_button(self, self.tr("戦闘を終了する"), self.structures.end_battle)
        self.end_battle_button.setToolTip(
            self.tr("この戦闘だけの強化をすべて終わらせます（履歴には残ります）")
        )
        self.history_table = read_only_table(HISTORY, 1, "StructuresTab")
        who = QHBoxLayout()
        who.addWidget(self.who_combo)
        who.addWidget(self.who_edit, 1)
        who.addWidget(QLabel(self.tr("Stonecraft ランク")))
        who.addWidget(self.rank_spin)
        what = QHBoxLayout()
        what.addWidget(self.degree_combo)
        what.addWidget(self.improve_target_combo)
        what.addWidget(self.permanent_check)
        what.addStretch(1)
        what.addWidget(self.improve_button)
        what.addWidget(self.end_battle_button)
        form = QFormLayout(self)
        form.addRow(self.tr("判定した人"), who)
        form.addRow(self.tr("成功度・対象"), what)
        form.addRow(self.history_table)
        form.addRow(
            note(
                self.tr(
                    "成功で +1、Superior で +2、Extraordinary で +3（Protection か Structure のどちらか）。"
                    "難易度は城砦の規模による（P.136、本文になし）。"
                    "永続的な強化は、Stonecraft を最低 1 ランク伸ばしてからでないと同じ人が再び判定できません"
                    "（判定時のランクを記録し、同じかそれ以下のランクでの 2 度目は断ります）。"
                )
            )
        )

    def sync_people(self, characters: list[tuple[str, str]]) -> None:
        """Who may have tested: a name typed in, or a campaign character ((name, id) each)."""
        refill(self.who_combo, [(self.tr("名前を入力"), DIRECT), *characters])

    def _on_who(self, _index: int) -> None:
        character_id = self.who_combo.currentData() or DIRECT
        self.who_edit.setVisible(character_id == DIRECT)
        if character_id != DIRECT:
            self.rank_spin.setValue(self.structures.stonecraft_rank(character_id))

    def improve(self) -> None:
        character_id = self.who_combo.currentData() or None
        self.structures.improve(
            self._selected(),
            Target(self.improve_target_combo.currentData()),
            Degree(self.degree_combo.currentData()),
            self.permanent_check.isChecked(),
            who="" if character_id else self.who_edit.text(),
            character_id=character_id,
            stonecraft_rank=self.rank_spin.value(),
        )

    def show_history(self, structure: Structure | None) -> None:
        """The improvements made to the structure chosen in the list, ended ones too."""
        history = structure.improvements if structure else ()
        self.history_table.setRowCount(len(history))
        for row, i in enumerate(history):
            kind = self.tr("永続") if i.permanent else self.tr("終了") if i.ended else self.tr("この戦闘のみ")
            texts = (
                i.when.replace("T", " ")[:16],
                i.who or self.tr("（名前なし）"),
                self.structures.degree_label(i.degree),
                TARGET_LABELS[i.target],
                f"+{i.amount}",
                kind,
                str(i.stonecraft_rank),
            )
            for column, text in enumerate(texts):
                self.history_table.setItem(row, column, QTableWidgetItem(text))
