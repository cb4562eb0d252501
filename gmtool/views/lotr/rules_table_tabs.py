"""The number tables of the LotR rule editor: 能力値修正表, 負傷・疲労, 成功度, 成長ポイント."""

from __future__ import annotations

from functools import partial

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.lotr.rules_input import parse_int
from gmtool.models.lotr.rules_model import PICK_LABELS, LotRRulesModel
from gmtool.models.lotr.shown_names import shown_name
from gmtool.rules.systems.lotr.rules_types import PICK_KINDS, Degree, Level
from gmtool.views.edit_table import type_through
from gmtool.views.lotr.rules_fields import (
    IntField,
    RulesTab,
    mark,
    mark_item,
    note_label,
    shown,
    tr,
)
from gmtool.views.widgets import edit_new_row, shown_message

LOW, HIGH, MODIFIER = range(3)


class ModifierTableView(RulesTab):
    """Table 2.1: each row from its lower end (the row above's upper end + 1) to its upper end."""

    def __init__(self, model: LotRRulesModel, parent: QWidget | None = None) -> None:
        super().__init__(model, parent)
        self.table = QTableWidget(0, 3)
        type_through(self.table)
        self.table.setHorizontalHeaderLabels([tr("能力値（から）"), tr("能力値（まで）"), tr("修正")])
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.table.verticalHeader().setVisible(False)
        self.table.itemChanged.connect(self._on_item_changed)
        self.add_button = QPushButton(tr("行を追加"))
        self.add_button.clicked.connect(self.add_row)
        self.remove_button = QPushButton(tr("最後の行を削除"))
        self.remove_button.clicked.connect(lambda: self.attempt(model.remove_modifier_row))
        self.reset = self.reset_button(lambda: self._reset_all_rows())
        self.beyond_field = self.int_field(lambda step: model.set_beyond_step(step), optional=False)
        self.beyond_label = QLabel()
        buttons = QHBoxLayout()
        for button in (self.add_button, self.remove_button, self.reset):
            buttons.addWidget(button)
        buttons.addStretch(1)
        beyond = QHBoxLayout()
        beyond.addWidget(self.beyond_label)
        beyond.addWidget(self.beyond_field)
        beyond.addWidget(QLabel(tr("点ごとに修正 +1")))
        beyond.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(
            note_label(
                tr(
                    "能力値 → 能力値修正（Table 2.1）。各行の「から」は上の行の「まで」+1 で決まります。"
                    "「まで」と「修正」を編集できます（修正は上の行より大きく）。"
                )
            )
        )
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)
        layout.addLayout(beyond)

    def reload(self) -> None:
        rules, shipped = self.model.rules, self.model.shipped
        self.table.blockSignals(True)
        try:
            self.table.setRowCount(len(rules.modifier_rows))
            for row, values in enumerate(rules.modifier_rows):
                base = shipped.modifier_rows[row] if row < len(shipped.modifier_rows) else None
                for column, value in enumerate(values):
                    item = self.table.item(row, column)
                    if item is None:
                        item = QTableWidgetItem()
                        item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                        if column == LOW:
                            item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
                        self.table.setItem(row, column, item)
                    item.setText(str(value))
                    edited = base is None or base[column] != value
                    mark_item(item, edited, "" if base is None else str(base[column]))
        finally:
            self.table.blockSignals(False)
        self.beyond_label.setText(tr("{0} 以上: 能力値").format(rules.beyond_from))
        self.beyond_field.set_value(rules.beyond_step)
        mark(self.beyond_field, rules.beyond_step != shipped.beyond_step, str(shipped.beyond_step))
        self.reset.setEnabled(
            self.model.edits.is_edited("modifier_rows") or self.model.edits.is_edited("beyond_step")
        )

    def add_row(self) -> None:
        """行を追加: the new row's upper end open for typing (its lower end follows the row above)."""
        if self.attempt(self.model.add_modifier_row):
            edit_new_row(self.table, self.table.rowCount() - 1, HIGH)

    def _on_item_changed(self, item: QTableWidgetItem) -> None:
        row, column = item.row(), item.column()
        try:
            value = parse_int(item.text(), optional=False)
        except ValueError as refusal:
            self.refuse(str(refusal))
            return
        if column == HIGH:
            self.attempt(lambda: self.model.set_modifier_row(row, high=value))
        elif column == MODIFIER:
            self.attempt(lambda: self.model.set_modifier_row(row, modifier=value))

    def _reset_all_rows(self) -> None:
        self.model.edits.reset_values((("modifier_rows",), ("beyond_step",)), tr("能力値修正表"))


class ConditionsView(RulesTab):
    """Wound and weariness levels: the penalty to every test while at that level."""

    def __init__(self, model: LotRRulesModel, parent: QWidget | None = None) -> None:
        super().__init__(model, parent)
        self.fields: dict[tuple[str, str], IntField] = {}
        self.resets: dict[tuple[str, str], QPushButton] = {}
        layout = QVBoxLayout(self)
        layout.addWidget(
            note_label(
                tr(
                    "その段階にいる間、すべての判定に加える修正（0 以下）。"
                    "負傷と疲労のペナルティは合計されます。"
                )
                + tr(
                    "ルール要約は負傷のペナルティをどの段階にも挙げていないので"
                    "（「すべての肉体判定と ほとんどの知識判定にペナルティを受ける」とだけ）、"
                    "負傷段階はすべて未設定（空欄）で同梱しています。"
                    "疲労は Exhausted の −10 だけが本文の値です（1.2.2）。"
                )
            )
        )
        # How an empty field is read now: the campaign's house rule, so it follows a switch.
        self.reading_label = note_label("")
        layout.addWidget(self.reading_label)
        boxes = QHBoxLayout()
        rules = model.rules
        tracks = (
            ("wound", tr("負傷段階（Wound Levels）"), rules.wound_levels),
            ("weariness", tr("疲労段階（Weariness）"), rules.weariness_levels),
        )
        for track, title, levels in tracks:
            box = QGroupBox(title)
            form = QFormLayout(box)
            for level in levels:
                form.addRow(shown_name(level), self._row(track, level))
            boxes.addWidget(box)
        layout.addLayout(boxes)
        layout.addStretch(1)

    def _row(self, track: str, level: Level) -> QHBoxLayout:
        key = (track, level.id)
        field = self.fields[key] = self.int_field(lambda v: self.model.set_penalty(track, level.id, v))
        path = ("wound_penalties" if track == "wound" else "weariness_penalties", level.id)
        self.resets[key] = self.reset_button(lambda: self.model.edits.reset_value(path, shown_name(level)))
        row = QHBoxLayout()
        row.addWidget(field)
        row.addWidget(self.resets[key])
        row.addStretch(1)
        return row

    def reload(self) -> None:
        rules, shipped = self.model.rules, self.model.shipped
        # The switch by the title the house-rules window shows it under, and the way there.
        title, chosen = (shown_message(text) for text in self.model.unset_wound_switch())
        if self.model.unset_wound_reads_lighter():
            reading = tr(
                "空欄の負傷段階は、値のあるいちばん近い軽い段階のペナルティで判定します"
                "（値がどこにもなければ 0。重い段階が軽い段階よりよく振れることはありません）。"
                "空欄の疲労段階は 0 として判定します。"
                "読み方は 編集 → ハウスルール（ルールの読み方）… の「{0}」で変えられます"
                "（いまは既定の「{1}」）。"
            ).format(title, chosen)
        else:
            reading = tr(
                "空欄の負傷段階と疲労段階は 0 として判定します。"
                "軽い段階にだけ値を入れると、重い段階のほうがよく振れます。"
                "読み方は 編集 → ハウスルール（ルールの読み方）… の「{0}」で変えられます"
                "（いまは「{1}」）。"
            ).format(title, chosen)
        self.reading_label.setText(reading)
        for track, levels, base_levels in (
            ("wound", rules.wound_levels, shipped.wound_levels),
            ("weariness", rules.weariness_levels, shipped.weariness_levels),
        ):
            key_name = "wound_penalties" if track == "wound" else "weariness_penalties"
            for level, base in zip(levels, base_levels, strict=True):
                field = self.fields[(track, level.id)]
                field.set_value(level.penalty)
                edited = self.model.edits.is_edited(key_name, level.id)
                mark(field, edited, shown(base.penalty))
                self.resets[(track, level.id)].setEnabled(edited)


class DegreesView(RulesTab):
    """The degree-of-success bands by the lowest margin (達成値 − 目標値) of each."""

    def __init__(self, model: LotRRulesModel, parent: QWidget | None = None) -> None:
        super().__init__(model, parent)
        self.fields: dict[str, IntField] = {}
        self.ranges: dict[str, QLabel] = {}
        self.resets: dict[str, QPushButton] = {}
        form = QFormLayout()
        for band in model.rules.degrees:
            row = QHBoxLayout()
            if band.min_margin is None:
                row.addWidget(QLabel(tr("下限なし")))
            else:
                field = self.fields[band.id] = self.int_field(
                    partial(model.set_degree_margin, band.id), optional=False
                )
                self.resets[band.id] = self.reset_button(
                    partial(model.edits.reset_value, ("degrees", band.id), shown_name(band))
                )
                row.addWidget(field)
                row.addWidget(self.resets[band.id])
            self.ranges[band.id] = QLabel()
            row.addWidget(self.ranges[band.id])
            row.addStretch(1)
            form.addRow(shown_name(band), row)
        layout = QVBoxLayout(self)
        layout.addWidget(
            note_label(
                tr(
                    "差分 = 達成値 − 目標値。各帯の下限を編集します（下から順に大きく。"
                    "Marginal Success は差分 0 から始まります）。"
                )
            )
        )
        layout.addLayout(form)
        layout.addStretch(1)

    def reload(self) -> None:
        rules, shipped = self.model.rules, self.model.shipped
        bands = rules.degrees
        for i, band in enumerate(bands):
            upper: int | None = None
            if i + 1 < len(bands):
                above = bands[i + 1].min_margin
                assert above is not None  # only the lowest band has no lower bound (rules_data checks)
                upper = above - 1
            low = tr("…") if band.min_margin is None else str(band.min_margin)
            high = tr("…") if upper is None else str(upper)
            self.ranges[band.id].setText(tr("差分 {0} 〜 {1}").format(low, high))
            if band.id in self.fields:
                self.fields[band.id].set_value(band.min_margin)
                edited = self.model.edits.is_edited("degrees", band.id)
                mark(self.fields[band.id], edited, shown(shipped.band(Degree(band.id)).min_margin))
                self.resets[band.id].setEnabled(edited)


class PicksView(RulesTab):
    """What one advancement pick buys (and what the creation's 5 free points buy)."""

    def __init__(self, model: LotRRulesModel, parent: QWidget | None = None) -> None:
        super().__init__(model, parent)
        self.fields: dict[str, IntField] = {}
        self.resets: dict[str, QPushButton] = {}
        self.readings: dict[str, QLabel] = {}
        form = QFormLayout()
        for kind in PICK_KINDS:
            field = self.fields[kind] = self.int_field(partial(model.set_pick_cost, kind))
            label = tr(PICK_LABELS[kind])
            self.resets[kind] = self.reset_button(partial(model.edits.reset_value, ("picks", kind), label))
            self.readings[kind] = QLabel(tr("（本文からの読み）"))
            row = QHBoxLayout()
            row.addWidget(field)
            row.addWidget(self.resets[kind])
            row.addWidget(self.readings[kind])
            row.addStretch(1)
            form.addRow(label, row)
        layout = QVBoxLayout(self)
        layout.addWidget(
            note_label(
                tr(
                    "成長ポイント（Advancement Pick）の消費量。"
                    "作成時の 5 点の自由ポイントも同じ表を使います。"
                    "未設定の項目は、購入するたびに消費量を入力します。"
                )
            )
        )
        layout.addLayout(form)
        layout.addStretch(1)

    def reload(self) -> None:
        rules, shipped = self.model.rules, self.model.shipped
        for kind, field in self.fields.items():
            field.set_value(rules.picks.get(kind))
            edited = self.model.edits.is_edited("picks", kind)
            mark(field, edited, shown(shipped.picks.get(kind)))
            self.resets[kind].setEnabled(edited)
            self.readings[kind].setVisible(kind in rules.inferred_picks)
