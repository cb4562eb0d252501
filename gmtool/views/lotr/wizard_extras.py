"""Page 5 of the LotR creation wizard: 特徴・仕上げ (edges, flaws, order ability, free points, summary).

Its 完了 depends on the whole draft, so it lists every step's remaining problems.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.lotr.creation_model import Blocker, LotRCreationModel
from gmtool.models.shown_text import listed
from gmtool.rules.systems.lotr.character import MAX_RANK
from gmtool.rules.systems.lotr.creation_types import FREE_POINTS, MAX_FLAWS, STEP_EXTRAS
from gmtool.rules.systems.lotr.rules_types import ATTRIBUTE_IDS, ATTRIBUTE_NAMES, REACTION_IDS, REACTION_NAMES
from gmtool.views.appearance import set_tone
from gmtool.views.lotr.wizard_pages import LotRPage
from gmtool.views.lotr.wizard_skills import UNUSED_STYLE
from gmtool.views.widgets import show_refusal, shown_message

STEP_TITLES = {
    "origin": "種族・職業",
    "attributes": "能力値",
    "favoured": "得意能力値・リアクション",
    "skills": "技能",
    "extras": "特徴・仕上げ",
}


class ListEditor(QGroupBox):
    """A name box with 追加, the list, and 外す (edges, flaws)."""

    def __init__(
        self,
        title: str,
        add: Callable[[str], object],
        remove: Callable[[int], object],
        guard: Callable[[Callable[[], object]], bool],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(title, parent)
        self._add, self._remove, self._guard = add, remove, guard
        layout = QVBoxLayout(self)
        row = QHBoxLayout()
        self.edit = QLineEdit()
        self.add_button = QPushButton(self.tr("追加"))
        self.add_button.clicked.connect(self.add_current)
        self.edit.returnPressed.connect(self.add_current)
        self.remove_button = QPushButton(self.tr("外す"))
        self.remove_button.clicked.connect(self.remove_current)
        for widget in (self.edit, self.add_button, self.remove_button):
            row.addWidget(widget)
        layout.addLayout(row)
        self.list = QListWidget()
        self.list.setMaximumHeight(70)
        layout.addWidget(self.list)

    def add_current(self) -> None:
        text = self.edit.text()
        if self._guard(lambda: self._add(text)):
            self.edit.clear()

    def remove_current(self) -> None:
        row = self.list.currentRow()
        if row < 0:
            show_refusal(self, self.tr("外すものを一覧から選んでください"))
            return
        self._guard(lambda: self._remove(row))

    def set_items(self, items: Sequence[str]) -> None:
        self.list.clear()
        self.list.addItems(list(items))


class ExtrasPage(LotRPage):
    """5 特徴・仕上げ: edges, flaws, the order ability, free points, name, money, notes, summary."""

    step = STEP_EXTRAS

    def __init__(self, model: LotRCreationModel, parent: QWidget | None = None) -> None:
        super().__init__(model, parent)
        self.setTitle(self.tr("特徴・仕上げ"))
        self.setFinalPage(True)
        form = QFormLayout()
        self.name_edit = QLineEdit()
        self.name_edit.textChanged.connect(lambda text: self.guard(lambda: model.extras.set_name(text)))
        self.order_ability_edit = QLineEdit()
        self.order_ability_edit.setPlaceholderText(self.tr("自分の職業の能力から一つ（前提条件に注意）"))
        self.order_ability_edit.textChanged.connect(
            lambda text: self.guard(lambda: model.extras.set_order_ability(text))
        )
        self.money_edit = QLineEdit()
        self.money_edit.textChanged.connect(lambda text: self.guard(lambda: model.extras.set_money(text)))
        form.addRow(self.tr("名前"), self.name_edit)
        form.addRow(self.tr("職業の特殊能力"), self.order_ability_edit)
        form.addRow(self.tr("所持金"), self.money_edit)
        columns = QHBoxLayout()
        left, right = QVBoxLayout(), QVBoxLayout()
        columns.addLayout(left, 3)
        columns.addLayout(right, 2)
        self.body.addLayout(columns, 1)
        left.addLayout(form)
        self.edges = ListEditor(
            self.tr("Edge（自由配分の追加 Edge 1 つ、パッケージの Edge など）"),
            model.extras.add_edge,
            model.extras.remove_edge,
            self.guard,
        )
        self.flaws = ListEditor(
            self.tr("Flaw（種族と職業を合わせて {0} つまで）").format(MAX_FLAWS),
            model.extras.add_flaw,
            model.extras.remove_flaw,
            self.guard,
        )
        left.addWidget(self.edges)
        left.addWidget(self.flaws)

        free_box = QGroupBox(
            self.tr("自由ポイント {0} 点: 能力値 +1・Edge（技能ランクは技能のページ）").format(FREE_POINTS)
        )
        free = QVBoxLayout(free_box)
        row = QHBoxLayout()
        self.kind_combo = QComboBox()
        self.kind_combo.addItem(self.tr("能力値 +1"), "attribute")
        self.kind_combo.addItem(self.tr("Edge"), "edge")
        self.kind_combo.currentIndexChanged.connect(self.refresh)
        self.attribute_combo = QComboBox()
        for a in ATTRIBUTE_IDS:
            self.attribute_combo.addItem(ATTRIBUTE_NAMES[a], a)
        self.attribute_combo.currentIndexChanged.connect(self.refresh)
        self.free_edge_edit = QLineEdit()
        self.free_edge_edit.setPlaceholderText(self.tr("Edge の名前"))
        self.cost_spin = QSpinBox()
        self.cost_spin.setRange(0, FREE_POINTS * 2)
        self.cost_spin.setAccessibleName(self.tr("消費ポイント"))
        self.buy_button = QPushButton(self.tr("自由ポイントで買う"))
        self.buy_button.clicked.connect(self._buy)
        widget: QWidget  # the loops below lay out rows of different widgets
        for widget in (self.kind_combo, self.attribute_combo, self.free_edge_edit, QLabel(self.tr("消費"))):
            row.addWidget(widget)
        row.addWidget(self.cost_spin)
        row.addWidget(self.buy_button)
        free.addLayout(row)
        self.cost_label = QLabel()
        self.free_label = QLabel()
        self.buy_list = QListWidget()
        self.buy_list.setMaximumHeight(60)
        self.unbuy_button = QPushButton(self.tr("購入を取り消す"))
        self.unbuy_button.clicked.connect(self._unbuy)
        for widget in (self.cost_label, self.buy_list, self.unbuy_button, self.free_label):
            free.addWidget(widget)
        self.cost_label.setWordWrap(True)
        self.free_label.setWordWrap(True)
        left.addWidget(free_box)
        left.addWidget(QLabel(self.tr("メモ")))
        self.notes_edit = QPlainTextEdit()
        self.notes_edit.setMaximumHeight(50)
        self.notes_edit.textChanged.connect(
            lambda: self.guard(lambda: model.extras.set_notes(self.notes_edit.toPlainText()))
        )
        left.addWidget(self.notes_edit)
        right.addWidget(QLabel(self.tr("できあがるキャラクター")))
        self.unused_label = QLabel()  # points left over: allowed, but said before 完了
        self.unused_label.setWordWrap(True)
        set_tone(self.unused_label, UNUSED_STYLE)
        right.addWidget(self.unused_label)
        self.summary = QPlainTextEdit()
        self.summary.setReadOnly(True)
        right.addWidget(self.summary, 1)
        self.refresh()

    def _buy(self) -> None:
        kind = self.kind_combo.currentData()
        target = self.attribute_combo.currentData() if kind == "attribute" else self.free_edge_edit.text()
        cost = self.cost_spin.value()
        if self.guard(lambda: self.model.extras.add_free_pick(kind, target, cost)):
            self.free_edge_edit.clear()

    def _unbuy(self) -> None:
        row = self.buy_list.currentRow()
        if row < 0:
            show_refusal(self, self.tr("取り消す購入を一覧から選んでください"))
            return
        self.guard(lambda: self.model.extras.remove_free_pick(row))

    # ---- the whole draft decides whether 完了 is possible ---------------------------------
    def blockers(self) -> list[Blocker]:
        return [
            Blocker(
                f"{self.tr(STEP_TITLES[step])}: {b.reason}" if step != self.step else b.reason, b.overridable
            )
            for step, b in self.model.all_problems()
        ]

    def isComplete(self) -> bool:
        return self.model.can_finish()

    def editors(self) -> Sequence[QWidget]:
        return (self.name_edit, self.order_ability_edit, self.money_edit, self.notes_edit)

    def sync(self) -> None:
        model, draft = self.model, self.model.draft
        for edit, value in (
            (self.name_edit, draft.name),
            (self.order_ability_edit, draft.order_ability),
            (self.money_edit, draft.money),
        ):
            if edit.text().strip() != value.strip():
                edit.setText(value)
        if self.notes_edit.toPlainText() != draft.notes:
            self.notes_edit.setPlainText(draft.notes)
        self.edges.set_items(draft.edges)
        self.flaws.set_items(draft.flaws)
        self.flaws.setTitle(
            self.tr("Flaw（種族と職業を合わせて {0} つまで、いま {1}）").format(MAX_FLAWS, len(draft.flaws))
        )
        kind = self.kind_combo.currentData()
        self.attribute_combo.setVisible(kind == "attribute")
        self.free_edge_edit.setVisible(kind == "edge")
        target = self.attribute_combo.currentData() if kind == "attribute" else ""
        table_cost = model.extras.pick_cost(kind, target)
        self.cost_spin.setEnabled(table_cost is None)
        if table_cost is not None:
            self.cost_spin.setValue(table_cost)
            self.cost_label.setText(self.tr("消費はルールデータで {0} 点").format(table_cost))
        else:
            self.cost_label.setText(
                self.tr("消費はルールデータにありません（未設定）: GM と決めた点数を入力してください")
            )
        self.buy_list.clear()
        for buy in model.extras.free_buys():
            what = ATTRIBUTE_NAMES[buy.target] + " +1" if buy.kind == "attribute" else f"Edge: {buy.target}"
            self.buy_list.addItem(self.tr("{0} — {1} 点").format(what, buy.cost))
        budget = model.skills.budgets()["free"]
        self.free_label.setText(
            self.tr("自由ポイント: 使用 {0} / {1}（残り {2}、技能ランクと 2 つ目以降の特化を含む）").format(
                budget.used, budget.limit, budget.left
            )
        )
        self.unused_label.setText(model.skills.unused_text())
        self.unused_label.setVisible(bool(self.unused_label.text()))
        self.summary.setPlainText("\n".join(self.summary_lines()))

    def summary_lines(self) -> list[str]:
        try:
            summary = self.model.summary()
        except ValueError as problem:
            return [self.tr("このままでは作成できません: {0}").format(shown_message(str(problem)))]
        character, preview = summary.character, summary.preview
        lines = [f"{character.name or self.tr('（名前なし）')} — {summary.origin or '—'}"]
        lines.append(
            " ".join(
                f"{ATTRIBUTE_NAMES[a]} {character.attributes.get(a)}({summary.modifiers[a]:+d})"
                for a in ATTRIBUTE_IDS
            )
        )
        favoured = listed(ATTRIBUTE_NAMES[a] for a in character.favoured_attributes) or "—"
        reaction = REACTION_NAMES.get(character.favoured_reaction, "—")
        lines.append(self.tr("得意能力値: {0} / 得意リアクション: {1}").format(favoured, reaction))
        lines.append(" / ".join(f"{REACTION_NAMES[r]} {character.reactions.get(r):+d}" for r in REACTION_IDS))
        courage = str(character.courage) + (
            "" if preview.courage_known else self.tr("（種族・職業の修正は未設定）")
        )
        lines.append(
            self.tr("Health {0} / Defence {1} / Courage {2} / Renown {3} / Size {4} / 負傷段階 {5}").format(
                character.health,
                preview.defence if preview.defence is not None else "—",
                courage,
                character.renown,
                preview.size or "—",
                character.wound_levels,
            )
        )
        for skill in character.skills:
            fields = "".join(self.tr("（{0}）").format(f) for f in skill.specialisations)
            tag = self.tr("職業") if skill.order_skill else ""
            attr = ATTRIBUTE_NAMES.get(summary.skill_attributes[skill.name], self.tr("能力値未設定"))
            lines.append(f"  {skill.name}{fields} {skill.ranks} [{attr}] {tag}".rstrip())
        for name, total in summary.over_stored_max.items():  # build_character stores min(total, 12)
            lines.append(
                self.tr(
                    "  ※ {0} は合計 {1} ランクですが、技能は {2} ランクまでしか記録できないため"
                    " {2} になります"
                ).format(name, total, MAX_RANK)
            )
        if character.edges:
            lines.append(self.tr("Edge: {0}").format(listed(character.edges)))
        if character.flaws:
            lines.append(self.tr("Flaw: {0}").format(listed(character.flaws)))
        lines.append(self.tr("職業の特殊能力: {0}").format(listed(character.order_abilities) or "—"))
        if character.money:
            lines.append(self.tr("所持金: {0}").format(character.money))
        if character.overrides:
            lines.append(self.tr("GM オーバーライドで記録されるもの:"))
            lines += [self.tr("・{0}").format(reason) for reason in self.model.override_reasons()]
        if unused := self.model.skills.unused_text():
            lines.append(unused)
        return lines
