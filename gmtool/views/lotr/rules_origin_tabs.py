"""The LotR rule editor's 種族 and 職業 tabs."""

from __future__ import annotations

import re
import unicodedata
from functools import partial

from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.lotr.rules_model import LotRRulesModel
from gmtool.models.lotr.shown_names import shown_name
from gmtool.rules.systems.lotr.rules_types import ATTRIBUTE_IDS, ATTRIBUTE_NAMES
from gmtool.views.lotr.rules_fields import (
    UNSET_NOTE,
    IntField,
    RulesTab,
    mark,
    note_label,
    shown,
    tr,
)

SEPARATORS = re.compile(r"[,、，]")
PACKAGE_ENTRY = re.compile(r"^(.+?)\s*=?\s*(\d+)$")
BONUS_COLUMN = 4  # 種族, サイズ, 負傷段階, Courage, then the six attributes


def split_names(text: str) -> list[str]:
    return [n.strip() for n in SEPARATORS.split(text) if n.strip()]


def parse_package(text: str) -> dict[str, int]:
    """「Armed Combat 3, Observe 2」 → {"Armed Combat": 3, "Observe": 2}."""
    package: dict[str, int] = {}
    for part in split_names(unicodedata.normalize("NFKC", text)):
        match = PACKAGE_ENTRY.match(part)
        if match is None:
            raise ValueError(
                tr("パッケージは「技能名 ランク」をカンマで区切って入れます（読めない部分: {0}）").format(
                    part
                )
            )
        name = match.group(1).strip()
        if name in package:
            raise ValueError(tr("パッケージに同じ技能が 2 回あります: {0}").format(name))
        package[name] = int(match.group(2))
    return package


def package_text(package: dict[str, int]) -> str:
    return ", ".join(f"{name} {ranks}" for name, ranks in package.items())


class RacesView(RulesTab):
    """Size, wound levels, Courage and attribute bonuses of each race and sub-race."""

    def __init__(self, model: LotRRulesModel, parent: QWidget | None = None) -> None:
        super().__init__(model, parent)
        self.size_combos: dict[str, QComboBox] = {}
        self.wound_fields: dict[str, IntField] = {}
        self.courage_fields: dict[str, IntField] = {}
        self.bonus_fields: dict[tuple[str, str, str], IntField] = {}
        self.resets: dict[tuple[str, str], QPushButton] = {}
        grid = QGridLayout()
        headers = [
            tr("種族"),
            tr("サイズ"),
            tr("負傷段階"),
            tr("Courage 修正"),
            *map(str.upper, ATTRIBUTE_IDS),
        ]
        for column, text in enumerate(headers):
            label = QLabel(text)
            if column >= BONUS_COLUMN:
                label.setToolTip(ATTRIBUTE_NAMES[ATTRIBUTE_IDS[column - BONUS_COLUMN]])
            grid.addWidget(label, 0, column)
        row = 1
        for race in model.rules.races:
            grid.addWidget(QLabel(shown_name(race)), row, 0)
            combo = self.size_combos[race.id] = QComboBox()
            for size in model.rules.sizes:
                combo.addItem(shown_name(size), size.id)
            combo.currentIndexChanged.connect(
                lambda _i, r=race.id, c=combo: self.attempt(
                    lambda: model.origins.set_race_value(r, "size", c.currentData())
                )
            )
            grid.addWidget(combo, row, 1)
            self.wound_fields[race.id] = self.int_field(
                partial(model.origins.set_race_value, race.id, "wound_levels"), optional=False
            )
            grid.addWidget(self.wound_fields[race.id], row, 2)
            self.courage_fields[race.id] = self.int_field(
                partial(model.origins.set_race_value, race.id, "courage")
            )
            self._narrow(self.courage_fields[race.id])
            grid.addWidget(self.courage_fields[race.id], row, 3)
            if race.subraces:
                grid.addWidget(
                    QLabel(tr("能力値ボーナスは亜種族ごと")), row, BONUS_COLUMN, 1, len(ATTRIBUTE_IDS)
                )
            else:
                self._bonus_fields(grid, row, race.id, "")
            self.resets[(race.id, "")] = self.reset_button(partial(self._reset, race.id, ""))
            grid.addWidget(self.resets[(race.id, "")], row, BONUS_COLUMN + len(ATTRIBUTE_IDS))
            row += 1
            for sub in race.subraces:
                grid.addWidget(QLabel(f"　└ {shown_name(sub)}"), row, 0)
                self._bonus_fields(grid, row, race.id, sub.id)
                self.resets[(race.id, sub.id)] = self.reset_button(partial(self._reset, race.id, sub.id))
                grid.addWidget(self.resets[(race.id, sub.id)], row, BONUS_COLUMN + len(ATTRIBUTE_IDS))
                row += 1
        layout = QVBoxLayout(self)
        layout.addWidget(
            note_label(
                tr(
                    "負傷段階は Healthy を除く段階の数（1〜5）。能力値ボーナスは 1 つでも入れると、"
                    "その行の残りは 0 として設定済みになります。"
                )
                + tr(UNSET_NOTE)
            )
        )
        layout.addLayout(grid)
        layout.addStretch(1)

    def _bonus_fields(self, grid: QGridLayout, row: int, race_id: str, subrace_id: str) -> None:
        for i, attribute in enumerate(ATTRIBUTE_IDS):
            field = self.int_field(partial(self.model.origins.set_bonus, race_id, subrace_id, attribute))
            self._narrow(field)
            self.bonus_fields[(race_id, subrace_id, attribute)] = field
            grid.addWidget(field, row, BONUS_COLUMN + i)

    @staticmethod
    def _narrow(field: IntField) -> None:
        field.setPlaceholderText(tr("未設定"))  # many boxes in a row: the note above says who sets them
        field.setMinimumWidth(field.fontMetrics().horizontalAdvance(field.placeholderText()) + 16)
        field.setMaximumWidth(80)

    def _reset(self, race_id: str, subrace_id: str) -> None:
        paths = [self.model.origins.bonus_path(race_id, subrace_id)]
        if not subrace_id:
            paths += [("races", race_id, key) for key in ("size", "wound_levels", "courage")]
        race = self.model.rules.race(race_id)
        sub = race.subrace(subrace_id) if race else None
        named = sub or race
        self.model.edits.reset_values(paths, shown_name(named) if named else race_id)

    def reload(self) -> None:
        rules, shipped, model = self.model.rules, self.model.shipped, self.model
        for race in rules.races:
            base = shipped.race(race.id)
            combo = self.size_combos[race.id]
            combo.blockSignals(True)
            combo.setCurrentIndex(combo.findData(race.size))
            combo.blockSignals(False)
            mark(combo, model.edits.is_edited("races", race.id, "size"), base.size if base else "")
            self.wound_fields[race.id].set_value(race.wound_levels)
            mark(
                self.wound_fields[race.id],
                model.edits.is_edited("races", race.id, "wound_levels"),
                shown(base.wound_levels if base else None),
            )
            self.courage_fields[race.id].set_value(race.courage)
            mark(
                self.courage_fields[race.id],
                model.edits.is_edited("races", race.id, "courage"),
                shown(base.courage if base else None),
            )
            for sub_id in ["", *(s.id for s in race.subraces)]:
                if sub_id or not race.subraces:
                    self._reload_bonuses(race.id, sub_id)
                path = ("races", race.id) if not sub_id else ("races", race.id, "subraces", sub_id)
                self.resets[(race.id, sub_id)].setEnabled(model.edits.is_edited(*path))

    def _reload_bonuses(self, race_id: str, subrace_id: str) -> None:
        bonuses, known = self.model.rules.race_bonuses(race_id, subrace_id)
        base, base_known = self.model.shipped.race_bonuses(race_id, subrace_id)
        edited = self.model.edits.is_edited(*self.model.origins.bonus_path(race_id, subrace_id))
        for attribute in ATTRIBUTE_IDS:
            field = self.bonus_fields[(race_id, subrace_id, attribute)]
            field.set_value(bonuses.get(attribute, 0) if known else None)
            mark(field, edited, str(base.get(attribute, 0)) if base_known else "")


class OrdersView(RulesTab):
    """The nine orders: order skills, the package of ranks, the Courage modifier."""

    def __init__(self, model: LotRRulesModel, parent: QWidget | None = None) -> None:
        super().__init__(model, parent)
        self.list = QListWidget()
        for order in model.rules.orders:
            self.list.addItem(shown_name(order))
        self.list.currentRowChanged.connect(lambda _row: self.reload())
        self.skills_edit = QLineEdit()
        self.skills_edit.setPlaceholderText(tr("未設定（カンマ区切り: Armed Combat, Observe）"))
        self.skills_edit.editingFinished.connect(self._commit_skills)
        self.package_edit = QLineEdit()
        self.package_edit.setPlaceholderText(tr("未設定（技能名とランク: Armed Combat 3, Observe 2）"))
        self.package_edit.editingFinished.connect(self._commit_package)
        self.courage_field = self.int_field(
            lambda v: model.origins.set_order_value(self.order_id(), "courage", v)
        )
        self.reset = self.reset_button(lambda: self._reset())
        form = QFormLayout()
        form.addRow(tr("職業スキル"), self.skills_edit)
        form.addRow(tr("パッケージ"), self.package_edit)
        form.addRow(tr("Courage 修正"), self.courage_field)
        form.addRow("", self.reset)
        right = QVBoxLayout()
        right.addWidget(
            note_label(
                tr(
                    "ルール要約は職業ごとの技能・パッケージ・Courage 修正を載せていません。"
                    "パッケージを入れると、作成ウィザードでパッケージを選べるようになります。"
                    "職業スキルは成長の「職業スキル +2 ランク」に使われます。"
                )
            )
        )
        right.addLayout(form)
        right.addStretch(1)
        layout = QHBoxLayout(self)
        layout.addWidget(self.list, 1)
        layout.addLayout(right, 3)
        self.list.setCurrentRow(0)

    def order_id(self) -> str:
        return self.model.rules.orders[max(self.list.currentRow(), 0)].id

    def select(self, order_id: str) -> None:
        self.list.setCurrentRow([o.id for o in self.model.rules.orders].index(order_id))

    def _commit_skills(self) -> None:
        order = self.model.rules.order(self.order_id())
        names = split_names(self.skills_edit.text())
        if order is not None and tuple(names) != order.skills:
            self.attempt(lambda: self.model.origins.set_order_value(order.id, "skills", names))

    def _commit_package(self) -> None:
        order = self.model.rules.order(self.order_id())
        try:
            package = parse_package(self.package_edit.text())
        except ValueError as refusal:
            self.refuse(str(refusal))
            return
        if order is not None and package != dict(order.package):
            self.attempt(lambda: self.model.origins.set_order_value(order.id, "package", package))

    def _reset(self) -> None:
        order = self.model.rules.order(self.order_id())
        paths = [("orders", self.order_id(), key) for key in ("skills", "package", "courage")]
        self.model.edits.reset_values(paths, shown_name(order) if order else self.order_id())

    def reload(self) -> None:
        order = self.model.rules.order(self.order_id())
        base = self.model.shipped.order(self.order_id())
        if order is None or base is None:
            return

        def edited(key: str) -> bool:
            return self.model.edits.is_edited("orders", order.id, key)

        self.skills_edit.setText(", ".join(order.skills))
        mark(self.skills_edit, edited("skills"), ", ".join(base.skills))
        self.package_edit.setText(package_text(dict(order.package)))
        mark(self.package_edit, edited("package"), package_text(dict(base.package)))
        self.courage_field.set_value(order.courage)
        mark(self.courage_field, edited("courage"), shown(base.courage))
        self.reset.setEnabled(self.model.edits.is_edited("orders", order.id))
