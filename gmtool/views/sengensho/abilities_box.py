"""One character's 幻想値 per 類型 (with 前借り) and 幻想能力, and the buttons that use them.

「幻想能力の使用によって幻想値は減少しない」: the values come from the 縁故 every time they are shown.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.sengensho import labels as labels
from gmtool.models.sengensho.session_model import SengenshoSessionModel
from gmtool.rules.systems.sengensho.catalog_types import ABILITY_KIND_LABELS
from gmtool.rules.systems.sengensho.character import LAST_BOSS
from gmtool.rules.systems.sengensho.fantasy_types import AbilityStatus
from gmtool.views.appearance import set_tone
from gmtool.views.sengensho.session_parts import Host, SengenshoPage, labels_tr
from gmtool.views.table_fit import ColumnFit

VALUE_HEADERS = ("類型", "幻想値", "縁故", "前借り", "目安")
ABILITY_HEADERS = ("類型", "幻想能力", "種類", "必要幻想値", "状態", "効果")
GUIDE_COLUMN = 4
EFFECT_COLUMN = 5
SHRINKABLE = (0, 1, 4, EFFECT_COLUMN)  # 類型, 幻想能力, 状態, 効果: texts; 種類 and 必要幻想値 are short
EFFECT_SHARE = 1 / 3
NOT_IN_CATALOG = "-"


def ability_id(archetype: str, index: int | None) -> str:
    """A row's id as text (Qt keeps text as it is): 「index:類型」, index "-" without a catalog entry."""
    return f"{NOT_IN_CATALOG if index is None else index}:{archetype}"


class SengenshoAbilitiesBox(SengenshoPage):
    def __init__(self, model: SengenshoSessionModel, host: Host, parent: QWidget | None = None) -> None:
        super().__init__(model, host, parent)
        self.holder: str | None = None

        self.values_table = self.table(VALUE_HEADERS, stretch=GUIDE_COLUMN)
        self.values_table.setAccessibleName(self.tr("類型ごとの幻想値"))
        self.debt_note = QLabel(labels_tr(labels.DEBT_NOTE))
        self.debt_note.setWordWrap(True)
        self.unlimited_note = QLabel(labels_tr(labels.UNLIMITED_NOTE))
        self.unlimited_note.setWordWrap(True)  # a narrow box must not widen the whole dialog
        self.catalog_problem = QLabel()
        self.catalog_problem.setWordWrap(True)
        set_tone(self.catalog_problem, "error")
        values_box = QGroupBox(self.tr("幻想値（縁故のレベルの合計。幻想能力を使っても減りません）"))
        values = QVBoxLayout(values_box)
        values.addWidget(self.values_table, 1)
        values.addWidget(self.debt_note)

        self.abilities_table = self.table(ABILITY_HEADERS, stretch=EFFECT_COLUMN)
        self.abilities_table.setAccessibleName(self.tr("幻想能力"))
        # The row fits the box, in English too: the names and states give up width (cut, whole in
        # the tooltip) before the 効果 does, which keeps a third of it (a sideways scroll bar and a
        # 効果 cut to 「ffec」 at 1366 px); the whole effect is under the table.
        ColumnFit(self.abilities_table, shrinkable=(SHRINKABLE,), kept={EFFECT_COLUMN: EFFECT_SHARE})
        self.abilities_table.itemSelectionChanged.connect(self._sync_detail)
        self.detail_label = QLabel()  # the chosen ability's whole effect text
        self.detail_label.setWordWrap(True)
        self.use_button = self.button(self.tr("使う"), self._use)
        self.borrow_button = self.button(self.tr("前借りして使う"), self._borrow)
        abilities_box = QGroupBox(self.tr("幻想能力（各能力は1セッションに1回）"))
        abilities = QVBoxLayout(abilities_box)
        abilities.addWidget(self.abilities_table, 1)
        abilities.addWidget(self.detail_label)
        row = QHBoxLayout()
        row.addWidget(self.unlimited_note, 1)
        row.addWidget(self.use_button)
        row.addWidget(self.borrow_button)
        abilities.addLayout(row)
        abilities.addWidget(self.catalog_problem)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(values_box, 1)
        layout.addWidget(abilities_box, 2)

    def set_holder(self, holder: str | None) -> None:
        self.holder = holder
        self.sync()

    # ---- actions -----------------------------------------------------------------------------
    def _chosen(self) -> tuple[str, str, int]:
        if self.holder is None:
            raise ValueError(self.tr("キャラクターを選んでください"))
        chosen = self.selected_id(self.abilities_table)
        if chosen is None:
            raise ValueError(self.tr("使う幻想能力を一覧から選んでください"))
        index_text, archetype = chosen.split(":", 1)
        if index_text == NOT_IN_CATALOG:
            raise ValueError(
                self.tr("類型「{0}」は類型カタログにありません（幻想能力は未設定）").format(
                    labels.archetype_label(archetype)
                )
            )
        return self.holder, archetype, int(index_text)

    def _use(self) -> None:
        self.model.fantasy.use_ability(*self._chosen())

    def _borrow(self) -> None:
        self.model.fantasy.use_ability(*self._chosen(), borrow_if_short=True)

    # ---- sync ------------------------------------------------------------------------------
    def sync(self) -> None:
        holder = self.holder
        values = self.model.fantasy.values(holder) if holder else {}
        npc = holder is not None and not self.model.members.is_pc(holder)
        guide = labels_tr(labels.NPC_GUIDE_NOTE)
        rows: list[tuple[str, ...]] = [
            (
                labels.archetype_label(v.archetype),
                str(v.value),
                str(v.bonds),
                labels.debt_text(v.debt, v.by_count),
                guide if npc and v.archetype != LAST_BOSS else "",
            )
            for v in values.values()
        ]
        self.fill(self.values_table, rows)
        self.values_table.setColumnHidden(GUIDE_COLUMN, not npc)
        # The widest column visible takes the rest of the width: the guide for an NPC, else 前借り.
        header = self.values_table.horizontalHeader()
        header.setSectionResizeMode(
            GUIDE_COLUMN - 1,
            QHeaderView.ResizeMode.ResizeToContents if npc else QHeaderView.ResizeMode.Stretch,
        )
        self.debt_note.setVisible(any(v.debt for v in values.values()))
        cast = self.model.cast()
        self.unlimited_note.setVisible(holder is not None and holder in cast and cast[holder].unlimited)

        statuses = self.model.fantasy.statuses(holder) if holder else []
        ability_rows = [self._ability_row(s) for s in statuses]
        ids = [ability_id(s.archetype, s.index) for s in statuses]
        for archetype in self.model.fantasy.missing_from_catalog(holder) if holder else ():
            ability_rows.append(
                (
                    labels.archetype_label(archetype),
                    self.tr("未設定（類型カタログにありません）"),
                    "",
                    self.tr("未設定"),
                    self.tr("未設定"),
                    "",
                )
            )
            ids.append(ability_id(archetype, None))
        self.fill(self.abilities_table, ability_rows, ids)
        for r, row in enumerate(ability_rows):  # a text cut to its column's width is read on hover
            for c in SHRINKABLE:
                self._cell(r, c).setToolTip(row[c])
        self._sync_detail()
        problem = self.model.catalog_problem()
        self.catalog_problem.setText(problem or "")
        self.catalog_problem.setVisible(problem is not None)
        enabled = holder is not None and bool(statuses)
        self.use_button.setEnabled(enabled)
        self.borrow_button.setEnabled(enabled)

    def _cell(self, row: int, column: int) -> QTableWidgetItem:
        item = self.abilities_table.item(row, column)
        assert item is not None  # fill() sets every cell of every row (each row has every column)
        return item

    def _sync_detail(self) -> None:
        rows = self.abilities_table.selectionModel().selectedRows()
        if not rows:
            self.detail_label.setText(self.tr("幻想能力を選ぶと、効果の全文がここに出ます"))
            return
        r = rows[0].row()
        name = self._cell(r, 1).text()
        effect = self._cell(r, EFFECT_COLUMN).text() or self.tr("未設定")
        self.detail_label.setText(self.tr("{0}: {1}").format(name, effect))

    def _ability_row(self, status: AbilityStatus) -> tuple[str, ...]:
        ability = status.ability
        unset = self.tr("未設定")
        return (
            labels.archetype_label(status.archetype),
            labels.ability_name(status),
            self.tr(ABILITY_KIND_LABELS[ability.kind]),
            unset if ability.required is None else str(ability.required),
            labels.ability_state_text(status),
            ability.effect or unset,
        )
