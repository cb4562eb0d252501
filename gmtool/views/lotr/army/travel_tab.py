"""長距離移動 (4.): who travels and how (Table 9.41), how far (Table 9.42 or typed), and how long,
at the slowest member's pace.  Everything shown is re-read from the model on `changed`; what the
tables still lack is said where the answer would be."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.lotr.table_requests import table_requests
from gmtool.models.lotr.travel_model import LotRTravelModel
from gmtool.views.appearance import set_tone
from gmtool.views.lotr.refusal_line import RefusalLine, add_line
from gmtool.views.widgets import action_button, read_only_table, refill

TYPED = None  # the route combo's first entry: the distance typed beside it


class TravelTab(QWidget):
    def __init__(self, model: LotRTravelModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.members_table = read_only_table(("名前", "移動手段", "1日の距離", "1時間の距離"), 0, "TravelTab")
        self.name_combo = QComboBox()
        self.name_combo.setEditable(True)
        name_edit = self.name_combo.lineEdit()
        assert name_edit is not None  # an editable combo has its line edit
        name_edit.setPlaceholderText(self.tr("旅をする人の名前"))
        self.name_combo.setAccessibleName(self.tr("名前"))
        self.name_combo.editTextChanged.connect(lambda _t: self._sync_add())
        self.mode_combo = QComboBox()
        self.mode_combo.setAccessibleName(self.tr("移動手段"))
        self.add_button = action_button(self, self.tr("加える"), self.add_member, self.sync)
        # Why the mode list is empty: the modes are the rows of the GM's travel_speeds table.
        self.no_modes_label = QLabel(
            self.tr("移動手段がありません: 旅の速度の表（Table 9.41）をルール表 → 参照表 で入力してください")
        )
        self.no_modes_label.setWordWrap(True)
        set_tone(self.no_modes_label, "note")
        self.remove_button = action_button(self, self.tr("選んだ人を外す"), self.remove_member, self.sync)
        self.route_combo = QComboBox()
        self.distance_edit = QLineEdit()
        self.distance_edit.setPlaceholderText(self.tr("距離（例: 120）"))
        self.distance_edit.setMaxLength(20)
        self.route_combo.currentIndexChanged.connect(lambda _: self.update_plan())
        self.distance_edit.textChanged.connect(lambda _: self.update_plan())
        self.pace_label = QLabel()
        self.pace_label.setWordWrap(True)
        self.time_label = QLabel()
        self.time_label.setStyleSheet("font-size: 14pt; font-weight: bold;")
        self.problem_label = RefusalLine(table_requests(model.campaign_model))
        set_tone(self.problem_label, "error")
        self.log_button = action_button(self, self.tr("ログに記録"), self.log_plan, self.sync)
        self._lay_out()
        model.changed.connect(self.sync)
        self.sync()

    def _lay_out(self) -> None:
        party = QGroupBox(self.tr("旅の一行（Table 9.41 旅の速度）"))
        adding = QHBoxLayout()
        adding.addWidget(QLabel(self.tr("名前")))
        adding.addWidget(self.name_combo, 1)
        adding.addWidget(QLabel(self.tr("移動手段")))
        adding.addWidget(self.mode_combo, 1)
        adding.addWidget(self.add_button)
        column = QVBoxLayout(party)
        column.addLayout(adding)
        column.addWidget(self.no_modes_label)
        column.addWidget(self.members_table, 1)
        column.addWidget(self.remove_button)
        plan = QGroupBox(self.tr("距離と日数（Table 9.42 場所の距離）"))
        form = QFormLayout(plan)
        route = QHBoxLayout()
        route.addWidget(self.route_combo, 1)
        route.addWidget(self.distance_edit, 1)
        form.addRow(self.tr("距離"), route)
        form.addRow(self.tr("一行の速さ"), self.pace_label)
        form.addRow(self.tr("かかる時間"), self.time_label)
        add_line(form, self.problem_label)
        form.addRow(self.log_button)
        note = QLabel(
            self.tr(
                "一緒に旅をするときは最も遅い者に合わせます（4.）。速度と距離の表はルール表 → 参照表で"
                "入力します（距離の単位は両方の表でそろえてください）。"
            )
        )
        note.setWordWrap(True)
        set_tone(note, "note")
        layout = QVBoxLayout(self)
        layout.addWidget(party, 1)
        layout.addWidget(plan)
        layout.addWidget(note)

    def route(self) -> str | None:
        data = self.route_combo.currentData()
        return data if isinstance(data, str) else TYPED

    def sync(self) -> None:
        names = self.model.characters()
        if [self.name_combo.itemText(i) for i in range(self.name_combo.count())] != names:
            typed = self.name_combo.currentText()
            self.name_combo.clear()
            self.name_combo.addItems(names)
            self.name_combo.setEditText(typed)
        refill(self.mode_combo, [(m, m) for m in self.model.modes()])
        self.no_modes_label.setVisible(self.mode_combo.count() == 0)
        self._sync_add()
        refill(self.route_combo, [(self.tr("距離を入力"), TYPED), *((r, r) for r in self.model.routes())])
        members = self.model.member_speeds()
        self.members_table.setRowCount(len(members))
        for r, (name, mode, per_day, per_hour) in enumerate(members):
            cells = [
                name,
                mode,
                *(self.tr("未設定") if value is None else value for value in (per_day, per_hour)),
            ]
            for c, text in enumerate(cells):
                self.members_table.setItem(r, c, QTableWidgetItem(text))
        self.update_plan()

    def update_plan(self) -> None:
        route = self.route()
        self.distance_edit.setEnabled(route is TYPED)
        self.log_button.setEnabled(False)
        self.pace_label.setText("—")
        self.time_label.setText("—")
        try:
            pace = self.model.pace()
            self.pace_label.setText(self.model.pace_text(pace))
            if route is TYPED and not self.distance_edit.text().strip():
                raise ValueError(self.tr("距離を入れるか、場所の距離の表から選んでください"))
            self.time_label.setText(self.model.time_text(self.model.time(route, self.distance_edit.text())))
        except ValueError as refusal:  # what the tables or the distance still lack
            self._say(str(refusal))
            return
        missing = pace.missing_day or pace.missing_hour
        # One of the two figures is not entered for a mode: the other is still worked out.
        self._say(
            self.tr("旅の速度の「{0}」の値が一部未設定です（ルール表 → 参照表）").format(missing)
            if missing
            else ""
        )
        self.log_button.setEnabled(True)

    def _sync_add(self) -> None:
        """加える waits for a name and a mode; its tooltip says which is missing."""
        missing = []
        if not self.name_combo.currentText().strip():
            missing.append(self.tr("名前を入れてください"))
        if self.mode_combo.count() == 0:
            missing.append(self.tr("移動手段がありません（旅の速度の表が空です）"))
        self.add_button.setEnabled(not missing)
        self.add_button.setToolTip("\n".join(missing))

    def _say(self, problem: str) -> None:
        self.problem_label.show_refusal(problem)  # an engine message in the UI language
        self.problem_label.setVisible(bool(problem))

    def add_member(self) -> None:
        self.model.add_member(self.name_combo.currentText(), self.mode_combo.currentData() or "")
        self.name_combo.setEditText("")

    def remove_member(self) -> None:
        rows = self.members_table.selectionModel().selectedRows()
        index = rows[0].row() if rows else self.members_table.currentRow()
        self.model.remove_member(index)

    def log_plan(self) -> None:
        self.model.log_plan(self.route(), self.distance_edit.text())
