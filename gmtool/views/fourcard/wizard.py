"""The フォーカード character-creation wizard (「キャラクター」1–7 of the rule text).

Six pages over one FourCardCreationModel; the GM override switch sits beside
every page, and the campaign gets the character only on 完了 (one undo step).
"""

from __future__ import annotations

from collections.abc import Sequence

import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QButtonGroup,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.fourcard.creation_model import Blocker, FourCardCreationModel
from gmtool.models.fourcard.terms import ledger_text, skill_term
from gmtool.rules.systems.fourcard.character import ATTRIBUTES
from gmtool.views.check.probability_plots import style_plot
from gmtool.views.check.themed_plot import ThemedPlot
from gmtool.views.fourcard.wizard_pages import (
    AttributesPage,
    CreationPage,
    SkillsPage,
    probability_text,
)
from gmtool.views.widgets import shown_message
from gmtool.views.wizard.creation_wizard import CreationWizard

BAR_COLOR, ROLLED_COLOR = "#9aa5b1", "#1f5fa8"


class IdentityPage(CreationPage):
    """名前, PC/NPC and 性別 (the player's free choice; female: ST −1, WP +1)."""

    def __init__(self, model: FourCardCreationModel, parent: QWidget | None = None) -> None:
        super().__init__(model, parent)
        self.setTitle(self.tr("名前と性別"))
        self.name_edit = QLineEdit()
        self.name_edit.textChanged.connect(model.set_name)
        self.pc_radio, self.npc_radio = QRadioButton(self.tr("PC")), QRadioButton(self.tr("NPC"))
        self.pc_radio.toggled.connect(model.set_is_pc)
        self.male_radio, self.female_radio = QRadioButton(self.tr("男性")), QRadioButton(self.tr("女性"))
        self.male_radio.toggled.connect(lambda on: on and self.guard(lambda: model.set_sex("male")))
        self.female_radio.toggled.connect(lambda on: on and self.guard(lambda: model.set_sex("female")))
        form = QFormLayout()
        form.addRow(self.tr("名前"), self.name_edit)
        for label, radios in (
            (self.tr("PC/NPC"), (self.pc_radio, self.npc_radio)),
            (self.tr("性別"), (self.male_radio, self.female_radio)),
        ):
            row, group = QHBoxLayout(), QButtonGroup(self)
            for radio in radios:
                group.addButton(radio)
                row.addWidget(radio)
            row.addStretch(1)
            form.addRow(label, row)
        self.body.addLayout(form)
        self.body.addWidget(
            QLabel(self.tr("女性キャラクターは ST −1・WP +1（能力値は 3〜7 の範囲に収まります）"))
        )
        self.refresh()

    def blockers(self) -> list[Blocker]:
        return self.model.identity_blockers()

    def editors(self) -> Sequence[QWidget]:
        return (self.name_edit, self.pc_radio, self.npc_radio, self.male_radio, self.female_radio)

    def sync(self) -> None:
        if self.name_edit.text().strip() != self.model.name:
            self.name_edit.setText(self.model.name)
        (self.pc_radio if self.model.is_pc else self.npc_radio).setChecked(True)
        self.male_radio.setChecked(self.model.sex == "male")
        self.female_radio.setChecked(self.model.sex == "female")


class ExperiencePage(CreationPage):
    """初期経験点 = 15 + 追加初期経験点; the extra is earmarked for named skills."""

    def __init__(self, model: FourCardCreationModel, parent: QWidget | None = None) -> None:
        super().__init__(model, parent)
        self.setTitle(self.tr("経験点"))
        self.extra_spin = QSpinBox()
        self.extra_spin.setRange(0, 999)
        self.extra_spin.setAccessibleName(self.tr("追加初期経験点"))
        self.extra_spin.valueChanged.connect(lambda v: self.guard(lambda: model.set_extra_xp(v)))
        row = QHBoxLayout()
        row.addWidget(QLabel(self.tr("追加初期経験点")))
        row.addWidget(self.extra_spin)
        row.addStretch(1)
        self.body.addLayout(row)
        self.total_label = QLabel()
        self.body.addWidget(self.total_label)
        self.body.addWidget(QLabel(self.tr("追加初期経験点の用途（このスキルにしか使えません）")))
        self.earmark_list = QListWidget()
        self._fill_earmarks()
        self.earmark_list.itemChanged.connect(self._earmarks_changed)
        self.body.addWidget(self.earmark_list)
        model.catalog_changed.connect(self._on_catalog_changed)
        self.refresh()

    def _fill_earmarks(self) -> None:
        """One box per catalog skill (again when the GM stores another catalog)."""
        self.earmark_list.clear()
        for name in self.model.catalog.names:
            item = QListWidgetItem(skill_term(name))
            item.setData(Qt.ItemDataRole.UserRole, name)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.earmark_list.addItem(item)

    def _on_catalog_changed(self) -> None:
        self.earmark_list.blockSignals(True)
        try:
            self._fill_earmarks()
        finally:
            self.earmark_list.blockSignals(False)
        self.refresh()

    def set_earmark(self, name: str, on: bool) -> None:
        """Ticks one skill as a use of the extra XP (what a click on its box does)."""
        for i in range(self.earmark_list.count()):
            item = self.earmark_list.item(i)
            if item.data(Qt.ItemDataRole.UserRole) == name:
                item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)

    def _earmarks_changed(self) -> None:
        items = (self.earmark_list.item(i) for i in range(self.earmark_list.count()))
        names = [i.data(Qt.ItemDataRole.UserRole) for i in items if i.checkState() == Qt.CheckState.Checked]
        self.guard(lambda: self.model.set_earmarked(names))

    def blockers(self) -> list[Blocker]:
        return self.model.xp_blockers()

    def warnings(self) -> list[str]:
        return self.model.xp_warnings()

    def editors(self) -> Sequence[QWidget]:
        return (self.extra_spin, self.earmark_list)

    def sync(self) -> None:
        model = self.model
        self.extra_spin.setValue(model.extra_xp)
        self.earmark_list.setEnabled(model.extra_xp > 0)
        for i in range(self.earmark_list.count()):
            item = self.earmark_list.item(i)
            on = item.data(Qt.ItemDataRole.UserRole) in model.earmarked
            item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
        self.total_label.setText(
            self.tr("初期経験点 15 + 追加初期経験点 {0} = {1} 点（総合LV {2}）。必ず使い切ります").format(
                model.extra_xp, model.draft.xp_earned, model.level
            )
        )


class FortunePage(CreationPage):
    """利き腕 (2D6 = 12 → 両手利き) and 所持金 (3D6×100+1000 CP), each rolled once."""

    def __init__(self, model: FourCardCreationModel, parent: QWidget | None = None) -> None:
        super().__init__(model, parent)
        self.setTitle(self.tr("利き腕と所持金"))
        hand_box = QGroupBox(self.tr("利き腕（2D6 で 12 なら両手利き）"))
        hand = QVBoxLayout(hand_box)
        self.hand_button = QPushButton(self.tr("2D6 を振る"))
        self.hand_button.clicked.connect(lambda: self.guard(model.fortune.roll_handedness))
        hand.addWidget(self.hand_button)
        hand.addWidget(
            QLabel(
                self.tr("両手利きの確率: {0}").format(
                    probability_text(model.fortune.ambidextrous_probability())
                )
            )
        )
        self.hand_label = QLabel()
        hand.addWidget(self.hand_label)
        self.right_radio, self.left_radio = QRadioButton(self.tr("右利き")), QRadioButton(self.tr("左利き"))
        group, row = QButtonGroup(self), QHBoxLayout()
        for radio, value in ((self.right_radio, "right"), (self.left_radio, "left")):
            group.addButton(radio)
            row.addWidget(radio)
            radio.toggled.connect(
                lambda on, v=value: on and self.guard(lambda: model.fortune.set_handedness(v))
            )
        row.addStretch(1)
        hand.addLayout(row)

        money_box = QGroupBox(self.tr("所持金（3D6×100+1000 CP）"))
        money = QVBoxLayout(money_box)
        self.money_button = QPushButton(self.tr("3D6 を振る"))
        self.money_button.clicked.connect(lambda: self.guard(model.fortune.roll_money))
        money.addWidget(self.money_button)
        odds = model.fortune.money_odds()
        low, high = min(odds), max(odds)
        money.addWidget(
            QLabel(self.tr("範囲 {0}〜{1} CP（下のグラフは各金額の正確な確率）").format(low, high))
        )
        self.money_label = QLabel()
        money.addWidget(self.money_label)
        self.money_plot = ThemedPlot()
        style_plot(self.money_plot, self.tr("確率 (%)"), self.tr("所持金 (CP)"))
        self.money_plot.setMinimumHeight(140)
        self.money_bars = pg.BarGraphItem(x=[], height=[], width=80, brushes=[], pen=pg.mkPen(None))
        self.money_plot.addItem(self.money_bars)
        money.addWidget(self.money_plot)
        self.body.addWidget(hand_box)
        self.body.addWidget(money_box)
        self.refresh()

    def blockers(self) -> list[Blocker]:
        return self.model.fortune.blockers()

    def editors(self) -> Sequence[QWidget]:
        return (self.right_radio, self.left_radio)

    def sync(self) -> None:
        fortune = self.model.fortune
        faces = fortune.handedness_faces
        self.hand_button.setEnabled(faces is None)
        both = fortune.handedness == "both"
        for radio, value in ((self.right_radio, "right"), (self.left_radio, "left")):
            radio.setEnabled(faces is not None and not both)
            radio.setChecked(fortune.handedness == value)
        if faces is None:
            self.hand_label.setText(self.tr("まだ振っていません"))
        else:
            result = self.tr("両手利き") if both else self.tr("右利きか左利きを選んでください")
            self.hand_label.setText(
                self.tr("出目 [{0}] = {1} → {2}").format(", ".join(map(str, faces)), sum(faces), result)
            )
        odds = fortune.money_odds()
        money = fortune.money
        self.money_button.setEnabled(fortune.money_faces is None)
        if fortune.money_faces is None or money is None:
            self.money_label.setText(self.tr("まだ振っていません"))
        else:
            self.money_label.setText(
                self.tr("出目 [{0}] = {1} → {2} CP（この金額の確率 {3}）").format(
                    ", ".join(map(str, fortune.money_faces)),
                    sum(fortune.money_faces),
                    money,
                    probability_text(odds[money]),
                )
            )
        values = list(odds)
        brushes = [pg.mkBrush(QColor(ROLLED_COLOR if v == money else BAR_COLOR)) for v in values]
        self.money_bars.setOpts(x=values, height=[float(odds[v]) * 100 for v in values], brushes=brushes)


class SummaryPage(CreationPage):
    """Everything the finished character will hold, before 完了 adds it to the campaign."""

    def __init__(self, model: FourCardCreationModel, parent: QWidget | None = None) -> None:
        super().__init__(model, parent)
        self.setTitle(self.tr("確認"))
        self.setFinalPage(True)
        self.summary = QPlainTextEdit()
        self.summary.setReadOnly(True)
        self.body.addWidget(self.summary)
        self.refresh()

    def warnings(self) -> list[str]:
        return self.model.skills.warnings()

    def sync(self) -> None:
        self.summary.setPlainText("\n".join(self.summary_lines()))

    def summary_lines(self) -> list[str]:
        model = self.model
        try:
            character = model.character()
        except ValueError as problem:
            return [self.tr("このままでは作成できません: {0}").format(shown_message(str(problem)))]
        sex = {"male": self.tr("男性"), "female": self.tr("女性")}.get(character.sex, "")
        lines = [self.tr("{0}（{1}・{2}）").format(character.name, "PC" if character.is_pc else "NPC", sex)]
        if model.attributes is not None:
            lines.append(" ".join(f"{label} {character.current(a)}" for a, label in ATTRIBUTES))
            hp = model.hp_lines()
            lines.append(
                self.tr("衰弱 {0} / 昏倒 {1} / 死亡 {2} / 移動力 {3}").format(
                    hp.weakened, hp.unconscious, hp.dead, model.movement()
                )
            )
        for skill in character.skills:
            fields = "".join(skill_term(f) for f in skill.specialisations)
            lines.append(self.tr("{0}{1}TP {2}").format(skill_term(skill.name), skill.tp, fields).rstrip())
        lines.append(self.tr("経験点の記録:"))
        for entry in character.growth:
            amount = f"+{entry.xp}" if entry.xp else f"−{entry.cost}" if entry.cost else "0"
            lines.append(f"  {entry.date} {ledger_text(entry.scenario)} {ledger_text(entry.bought)} {amount}")
        lines.append(self.tr("獲得経験点 {0} / 使用 {1}").format(character.xp_earned, character.xp_spent))
        hands = {"right": self.tr("右利き"), "left": self.tr("左利き"), "both": self.tr("両手利き")}
        lines.append(
            self.tr("利き腕: {0} / 所持金: {1} CP").format(
                hands.get(character.handedness, "—"), character.money
            )
        )
        for record in character.overrides:
            lines.append(self.tr("GM オーバーライド: {0}").format(shown_message(record)))
        return lines


class FourCardWizard(CreationWizard):
    """Creates one フォーカード character; `created_id` holds its id after 完了."""

    def __init__(self, model: FourCardCreationModel, parent: QWidget | None = None) -> None:
        pages = (
            IdentityPage(model),
            AttributesPage(model),
            ExperiencePage(model),
            SkillsPage(model),
            FortunePage(model),
            SummaryPage(model),
        )
        title = QCoreApplication.translate("FourCardWizard", "フォーカード キャラクター作成")
        super().__init__(model, title, pages, lambda: model.gm_override, model.set_gm_override, parent)
        self.pages: list[CreationPage] = list(pages)
        (
            self.identity_page,
            self.attributes_page,
            self.experience_page,
            self.skills_page,
            self.fortune_page,
            self.summary_page,
        ) = pages

    def close_rolled_question(self) -> str:
        return self.tr(
            "作成をやめて閉じますか？\n"
            "振った出目は次の作成ウィザードに引き継がれ、セッションログには（取り消し）として残ります。"
        )
