"""The pages of the フォーカード creation wizard that hold most of the rules.

Every page follows the sheet's style: the model changes, `refresh()` re-reads
everything with the editors' signals blocked, then shows why the page cannot
be left (a red reason) and what will be lost (an orange warning).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from math import lcm

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.fourcard.creation_model import Blocker, CatalogState, FourCardCreationModel
from gmtool.models.fourcard.terms import skill_message, skill_term
from gmtool.models.shown_text import QT_TRANSLATE_NOOP
from gmtool.rules.systems.fourcard.character import ATTRIBUTES
from gmtool.views.appearance import set_tone
from gmtool.views.fourcard.catalog_dialog import SkillCatalogDialog
from gmtool.views.wizard.creation_wizard import REASON_STYLE, CreationPage as BaseCreationPage


def probability_text(p: Fraction, denominator: int | None = None) -> str:
    """「3/9（33.3%）」: over `denominator` (the number of equally likely rolls) when given."""
    over = denominator or p.denominator
    # the UI language's brackets: "3/9 (33.3%)" in English
    return QCoreApplication.translate("FourCardTerms", "{0}（{1}）").format(
        f"{p * over}/{over}", f"{float(p) * 100:.1f}%"
    )


def distribution_table(odds: Mapping[int, Fraction], headers: tuple[str, str]) -> QTableWidget:
    """The exact distribution as two rows: the values, their probabilities as fractions."""
    items = list(odds.items())
    common = lcm(*(p.denominator for _, p in items))  # 1/9, 2/9, 3/9: counts of the 9 rolls stay visible
    table = QTableWidget(2, len(items))
    table.setVerticalHeaderLabels(list(headers))
    table.horizontalHeader().hide()
    for column, (value, p) in enumerate(items):
        table.setItem(0, column, QTableWidgetItem(str(value)))
        table.setItem(1, column, QTableWidgetItem(probability_text(p, common)))
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.resizeColumnsToContents()
    table.setMaximumHeight(table.verticalHeader().length() + 8)
    return table


class CreationPage(BaseCreationPage):
    """A フォーカード page: its blockers, passed on 「次へ」 with the GM override recorded."""

    model: FourCardCreationModel
    override_note = QT_TRANSLATE_NOOP(
        "CreationPage", "GM オーバーライドが有効です。「次へ」で進むと、そのことが記録されます"
    )

    def override_on(self) -> bool:
        return self.model.gm_override

    def isComplete(self) -> bool:
        return self.model.can_pass(self.blockers())

    def validatePage(self) -> bool:
        return self.guard(lambda: self.model.pass_page(self.title(), self.blockers()))


class AttributesPage(CreationPage):
    """能力値: 2D3+1 ×5 once; a full reroll only with GM consent."""

    def __init__(self, model: FourCardCreationModel, parent: QWidget | None = None) -> None:
        super().__init__(model, parent)
        self.setTitle(self.tr("能力値"))
        self.roll_button = QPushButton(self.tr("振る"))
        self.roll_button.setToolTip(self.tr("5 つの能力値をそれぞれ 2D3+1 で決めます"))
        self.roll_button.clicked.connect(lambda: self.guard(model.roll_attributes))
        self.consent_check = QCheckBox(self.tr("GM の同意を得た"))
        self.reroll_button = QPushButton(self.tr("GM の同意を得て振り直す"))
        self.reroll_button.setToolTip(
            self.tr("能力値をすべて振り直します。よほどのことがない限り認めるべきではありません")
        )
        self.reroll_button.clicked.connect(self._reroll)
        buttons = QHBoxLayout()
        for widget in (self.roll_button, self.consent_check, self.reroll_button):
            buttons.addWidget(widget)
        buttons.addStretch(1)
        self.body.addLayout(buttons)

        grid = QGridLayout()
        headers = (self.tr("能力値"), self.tr("出目（2D3）"), self.tr("2D3+1"), self.tr("性別修正後"))
        for column, text in enumerate(headers):
            grid.addWidget(QLabel(f"<b>{text}</b>"), 0, column)
        self.face_labels: dict[str, QLabel] = {}
        self.rolled_labels: dict[str, QLabel] = {}
        self.value_labels: dict[str, QLabel] = {}
        for row, (attribute, label) in enumerate(ATTRIBUTES, start=1):
            grid.addWidget(QLabel(label), row, 0)
            for column, labels in enumerate((self.face_labels, self.rolled_labels, self.value_labels), 1):
                labels[attribute] = QLabel("—")
                grid.addWidget(labels[attribute], row, column)
        self.body.addLayout(grid)
        self.carried_label = QLabel(
            self.tr("取り消した作成ウィザードの出目を引き継いでいます（振り直しは GM の同意を得て）")
        )
        self.carried_label.setWordWrap(True)
        set_tone(self.carried_label, "note")
        self.carried_label.setVisible(model.carried_rolls)
        self.body.addWidget(self.carried_label)
        self.sex_label = QLabel()
        self.hp_label = QLabel()
        self.movement_label = QLabel()
        for shown in (self.sex_label, self.hp_label, self.movement_label):
            self.body.addWidget(shown)
        box = QGroupBox(self.tr("2D3+1 の分布（正確な確率）"))
        self.distribution_table = distribution_table(
            model.attribute_odds(), (self.tr("能力値"), self.tr("確率"))
        )
        QVBoxLayout(box).addWidget(self.distribution_table)
        self.body.addWidget(box)
        self.body.addStretch(1)
        self.refresh()

    def _reroll(self) -> None:
        if self.guard(lambda: self.model.reroll_attributes(self.consent_check.isChecked())):
            self.consent_check.setChecked(False)  # consent is for one reroll, not a standing licence

    def blockers(self) -> list[Blocker]:
        return self.model.attribute_blockers()

    def sync(self) -> None:
        faces, rolled, values = self.model.attribute_faces, self.model.rolled, self.model.attributes
        self.roll_button.setEnabled(faces is None)
        self.reroll_button.setEnabled(faces is not None)
        self.consent_check.setEnabled(faces is not None)
        for attribute, _ in ATTRIBUTES:
            self.face_labels[attribute].setText(
                "[" + ", ".join(map(str, faces[attribute])) + "]" if faces else "—"
            )
            self.rolled_labels[attribute].setText(str(rolled[attribute]) if rolled else "—")
            self.value_labels[attribute].setText(str(values[attribute]) if values else "—")
        if self.model.sex == "female":
            self.sex_label.setText(self.tr("女性: ST −1・WP +1（3 未満・7 超にはなりません）"))
        else:
            self.sex_label.setText(self.tr("男性: 性別による修正はありません"))
        if values is None:
            self.hp_label.setText(self.tr("HP: 能力値を振ると計算されます"))
            self.movement_label.setText("")
            return
        lines = self.model.hp_lines()
        self.hp_label.setText(
            self.tr("HP ライン — 衰弱 {0}（ST×2+VT） / 昏倒 {1}（+WP×2） / 死亡 {2}（+VT×2）").format(
                lines.weakened, lines.unconscious, lines.dead
            )
        )
        self.movement_label.setText(
            self.tr("移動力 {0}（DX + 5 − 装備の移動力修正 {1}）").format(
                self.model.movement(), self.model.draft.equipment_penalty
            )
        )


class SkillsPage(CreationPage):
    """スキル: one TP at a time at 専門性 × new TP, every cap checked by the engine."""

    COLUMNS = ("スキル", "基礎", "専門性", "TP", "次の TP の経験点", "特化", "習得できない理由")

    def __init__(self, model: FourCardCreationModel, parent: QWidget | None = None) -> None:
        super().__init__(model, parent)
        self.setTitle(self.tr("スキル"))
        self.budget_label = QLabel()
        self.body.addWidget(self.budget_label)
        # The way out when the catalog offers nothing: the GM's editor, opened over the wizard,
        # whose stored catalog the page then offers (the rolls and purchases kept).
        self.catalog_button = QPushButton(self.tr("スキルカタログを開く…"))
        self.catalog_button.setToolTip(
            self.tr("GM のスキルカタログを開きます。保存すると、このページにすぐ反映されます")
        )
        self.catalog_button.clicked.connect(self.open_catalog)
        self.catalog_button.setVisible(model.offers_catalog)
        self.catalog_dialog: SkillCatalogDialog | None = None
        self.guide_label = QLabel()
        self.guide_label.setWordWrap(True)
        set_tone(self.guide_label, "accent")
        guide = QHBoxLayout()
        guide.addWidget(self.guide_label, 1)
        guide.addWidget(self.catalog_button, 0, Qt.AlignmentFlag.AlignRight)  # not stretched alone
        self.body.addLayout(guide)
        self.table = QTableWidget(0, len(self.COLUMNS))
        self.table.setHorizontalHeaderLabels([self.tr(c) for c in self.COLUMNS])
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.itemSelectionChanged.connect(self._sync_fields)
        self.body.addWidget(self.table, 2)
        self.buy_button = QPushButton(self.tr("+1TP"))
        self.buy_button.clicked.connect(self._buy)
        self.undo_button = QPushButton(self.tr("1TP 戻す"))
        self.undo_button.setToolTip(self.tr("この画面で最後に買ったものを取り消します"))
        self.undo_button.clicked.connect(lambda: self._attempt(self.model.skills.undo_purchase))
        self.field_combo = QComboBox()
        self.specialise_button = QPushButton(self.tr("特化する"))
        self.specialise_button.setToolTip(
            self.tr("最初の特化（初期特化）は無料、2 つ目からは経験点が要ります")
        )
        self.specialise_button.clicked.connect(self._specialise)
        buttons = QHBoxLayout()
        for widget in (self.buy_button, self.undo_button, self.field_combo, self.specialise_button):
            buttons.addWidget(widget)
        buttons.addStretch(1)
        self.body.addLayout(buttons)
        self.refusal_label = QLabel()
        set_tone(self.refusal_label, REASON_STYLE)
        self.refusal_label.setWordWrap(True)
        self.notice_label = QLabel()
        self.notice_label.setWordWrap(True)
        self.purchase_list = QListWidget()
        for part in (
            self.refusal_label,
            self.notice_label,
            QLabel(self.tr("購入したもの")),
            self.purchase_list,
        ):
            self.body.addWidget(part)
        self.refresh()

    def open_catalog(self) -> SkillCatalogDialog:
        """The GM's skill catalog over the wizard (window-modal); what it stores is offered here."""
        if self.catalog_dialog is None:
            self.catalog_dialog = SkillCatalogDialog(self.model.catalog_editor(), self)
            self.catalog_dialog.setWindowModality(Qt.WindowModality.WindowModal)
            self.catalog_dialog.finished.connect(self._catalog_closed)
        self.catalog_dialog.show()
        self.catalog_dialog.raise_()
        return self.catalog_dialog

    def _catalog_closed(self) -> None:
        if self.catalog_dialog is not None:
            self.catalog_dialog.deleteLater()
            self.catalog_dialog = None
        self.table.setFocus()

    def guide(self) -> str:
        """One line on what to do when the catalog offers nothing to buy ('' when it does)."""
        state, gm = self.model.catalog_state, self.model.offers_catalog
        if state is CatalogState.EMPTY:
            return (
                self.tr(
                    "スキルカタログにスキルがありません。「スキルカタログを開く…」でスキルを追加してください"
                )
                if gm
                else self.tr("スキルカタログにスキルがありません。GM にスキルを設定してもらってください")
            )
        if state is CatalogState.UNPRICED:
            return (
                self.tr(
                    "習得できるスキルがありません（専門性が未設定）。「スキルカタログを開く…」で設定してください"
                )
                if gm
                else self.tr("習得できるスキルがありません（専門性が未設定）。GM に設定してもらってください")
            )
        return ""

    def select_skill(self, name: str) -> None:
        for row in range(self.table.rowCount()):
            if self._skill_at(row) == name:
                self.table.selectRow(row)

    def selected_skill(self) -> str | None:
        rows = self.table.selectionModel().selectedRows()
        return self._skill_at(rows[0].row()) if rows else None

    def _skill_at(self, row: int) -> str | None:
        """The skill a row lists (`sync` fills every cell; None only for a row not yet filled)."""
        item = self.table.item(row, 0)
        return None if item is None else item.data(Qt.ItemDataRole.UserRole)

    def _buy(self) -> None:
        name = self.selected_skill()
        if name is None:
            self._refuse(self.tr("TP を買うスキルを一覧から選んでください"))
            return
        self._attempt(lambda: self.model.skills.buy_tp(name))

    def _specialise(self) -> None:
        name, field = self.selected_skill(), self.field_combo.currentText()
        if name is None or not field:
            self._refuse(
                self.tr("特化するスキルと分野を選んでください（特化分野のあるスキルを 1TP 以上習得してから）")
            )
            return
        self._attempt(lambda: self.model.skills.specialise(name, field))

    def _attempt(self, action: Callable[[], object]) -> None:
        try:
            action()
        except ValueError as refusal:
            self._refuse(str(refusal))
            return
        self.refusal_label.setText("")

    def _refuse(self, message: str) -> None:
        """Said once, under the buttons: no message box on top of the same words."""
        self.refusal_label.setText(skill_message(message))

    def blockers(self) -> list[Blocker]:
        return self.model.skills.blockers()

    def warnings(self) -> list[str]:
        return self.model.skills.warnings()

    def editors(self) -> Sequence[QWidget]:
        return (self.table, self.field_combo)

    def sync(self) -> None:
        model, selected = self.model, self.selected_skill()
        guide = self.guide()
        self.guide_label.setText(guide)
        self.guide_label.setVisible(bool(guide))
        # an empty catalog: the guide says so instead of an empty list
        self.table.setVisible(model.catalog_state is not CatalogState.EMPTY)
        rows = model.skills.rows()
        self.table.setRowCount(len(rows))
        for r, row in enumerate(rows):
            expertise = str(row.expertise) if row.expertise is not None else self.tr("未設定")
            cost = str(row.next_cost) if row.next_cost is not None else "—"
            cells = (
                skill_term(row.name),
                row.base or self.tr("未設定"),
                expertise,
                str(row.tp),
                cost,
                self.tr("・").join(skill_term(field) for field in row.specialisations),
                skill_message(row.status),  # the engine's reasons, in the UI language, naming skills so
            )
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, row.name)
                item.setToolTip(text)
                self.table.setItem(r, c, item)
        if selected is not None:
            self.select_skill(selected)
        self._sync_fields()
        budget = model.budget
        text = self.tr("残り経験点: {0} 点（総合LV {1}）").format(model.skills.leftover, model.level)
        if model.earmarked and model.extra_xp:
            uses = self.tr("、").join(skill_term(n) for n in model.earmarked)
            text += self.tr(" — うち一般 {0} 点、追加初期経験点 {1} 点（{2} 専用）").format(
                budget.general, budget.extra, uses
            )
        self.budget_label.setText(text)
        self.notice_label.setText(model.notice)
        self.purchase_list.clear()
        for entry in model.skills.purchases:
            self.purchase_list.addItem(self.tr("{0} — {1} 点").format(entry.bought, entry.cost))
        self.undo_button.setEnabled(bool(model.skills.purchases))

    def _sync_fields(self) -> None:
        name = self.selected_skill()
        row = next((r for r in self.model.skills.rows() if r.name == name), None)
        self.field_combo.blockSignals(True)
        self.field_combo.clear()
        self.field_combo.addItems(list(row.open_fields) if row and row.tp else [])
        self.field_combo.blockSignals(False)
