"""The first pages of the LotR creation wizard: 種族・職業, 能力値, 得意能力値・リアクション.

Every page follows the フォーカード wizard's style: the model changes,
`refresh()` re-reads everything with the editors' signals blocked, then shows
in red why the page cannot be left (the engine's problems for its step).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from math import lcm

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.lotr.creation_model import Blocker, LotRCreationModel
from gmtool.models.lotr.shown_names import shown_name
from gmtool.models.shown_text import QT_TRANSLATE_NOOP
from gmtool.rules.systems.lotr.creation_types import (
    CHOICE,
    CHOICE_POINTS,
    RANDOM,
    STEP_ATTRIBUTES,
    STEP_ORIGIN,
)
from gmtool.rules.systems.lotr.rules_types import ATTRIBUTE_IDS, ATTRIBUTE_NAMES
from gmtool.views.appearance import Tone, set_tone
from gmtool.views.wizard.creation_wizard import CreationPage

KEPT_STYLE = Tone("accent", "font-weight: bold;")
DROPPED_STYLE = Tone("muted")


def roll_table(distribution: Mapping[int, Fraction], tr: Callable[[str], str]) -> QTableWidget:
    """A single 2d6's exact distribution: the value, its chance out of 36, the percentage."""
    items = sorted(distribution.items())
    over = lcm(*(p.denominator for _, p in items))
    table = QTableWidget(3, len(items))
    table.setVerticalHeaderLabels([tr("2d6"), tr("確率"), "%"])
    table.horizontalHeader().hide()
    for column, (value, p) in enumerate(items):
        texts = (str(value), f"{p * over}/{over}", f"{float(p) * 100:.1f}")
        for row, text in enumerate(texts):
            table.setItem(row, column, QTableWidgetItem(text))
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
    table.setFixedHeight(table.verticalHeader().length() + 2 * table.frameWidth())
    return table


def signed(value: int | None) -> str:
    return "—" if value is None else f"{value:+d}"


def bonuses_text(bonuses: dict[str, int]) -> str:
    none = QCoreApplication.translate("LotRWizard", "なし")
    return ", ".join(f"{a.upper()} {v:+d}" for a, v in bonuses.items() if v) or none


class LotRPage(CreationPage):
    """A LotR page: its blockers are the model's problems for its step."""

    model: LotRCreationModel
    step = ""
    override_note = QT_TRANSLATE_NOOP(
        "CreationPage", "GM オーバーライドが有効です。越えた制限は作成時にキャラクターに記録されます"
    )

    def blockers(self) -> list[Blocker]:
        return self.model.problems_for(self.step)

    def override_on(self) -> bool:
        return self.model.override

    def isComplete(self) -> bool:
        return self.model.can_pass(self.step)


class OriginPage(LotRPage):
    """1 種族・職業: race (sub-race when it has them) and order, with what the race gives."""

    step = STEP_ORIGIN

    def __init__(self, model: LotRCreationModel, parent: QWidget | None = None) -> None:
        super().__init__(model, parent)
        self.setTitle(self.tr("種族・職業"))
        self.race_combo, self.subrace_combo, self.order_combo = QComboBox(), QComboBox(), QComboBox()
        self.race_combo.addItem(self.tr("（選んでください）"), "")
        for race in model.rules.races:
            self.race_combo.addItem(shown_name(race), race.id)
        self.order_combo.addItem(self.tr("（選んでください）"), "")
        for order in model.rules.orders:
            self.order_combo.addItem(shown_name(order), order.id)
        self.race_combo.currentIndexChanged.connect(lambda: self._chose(self.race_combo, model.set_race))
        self.subrace_combo.currentIndexChanged.connect(
            lambda: self._chose(self.subrace_combo, model.set_subrace)
        )
        self.order_combo.currentIndexChanged.connect(lambda: self._chose(self.order_combo, model.set_order))
        form = QFormLayout()
        self.subrace_title = QLabel(self.tr("亜種族"))
        form.addRow(self.tr("種族"), self.race_combo)
        form.addRow(self.subrace_title, self.subrace_combo)
        form.addRow(self.tr("職業（Order）"), self.order_combo)
        self.body.addLayout(form)
        self.race_info = QLabel()
        self.race_info.setWordWrap(True)
        self.body.addWidget(self.race_info)
        self.body.addStretch(1)
        self.refresh()

    def _chose(self, combo: QComboBox, setter: Callable[[str], None]) -> None:
        value = combo.currentData()
        if value:
            self.guard(lambda: setter(value))
        else:
            self.refresh()  # the placeholder is not a choice: show the model's again

    def editors(self) -> Sequence[QWidget]:
        return (self.race_combo, self.subrace_combo, self.order_combo)

    def sync(self) -> None:
        model, draft = self.model, self.model.draft
        race = model.rules.race(draft.race)
        self.race_combo.setCurrentIndex(max(0, self.race_combo.findData(draft.race)))
        self.order_combo.setCurrentIndex(max(0, self.order_combo.findData(draft.order)))
        has_subraces = bool(race and race.subraces)
        self.subrace_combo.setVisible(has_subraces)
        self.subrace_title.setVisible(has_subraces)
        self.subrace_combo.clear()
        if race is not None and race.subraces:
            self.subrace_combo.addItem(self.tr("（選んでください）"), "")
            for sub in race.subraces:
                self.subrace_combo.addItem(shown_name(sub), sub.id)
            self.subrace_combo.setCurrentIndex(max(0, self.subrace_combo.findData(draft.subrace)))
        if race is None:
            self.race_info.setText(self.tr("種族を選ぶと、サイズ・負傷段階・能力値ボーナスが表示されます"))
            return
        preview = model.preview()
        if race.subraces and not draft.subrace:
            bonus = self.tr("亜種族を選ぶと決まります")
        elif preview.bonuses_known:
            bonus = bonuses_text(preview.bonuses)
        else:
            bonus = self.tr("ボーナス未設定（GM が設定）")
        courage = str(preview.courage)
        if not preview.courage_known:
            courage += self.tr("（基本値 3。種族・職業の修正は未設定）")
        self.race_info.setText(
            self.tr("サイズ: {0}\n負傷段階: {1}（Healthy を除く）\n能力値ボーナス: {2}\nCourage: {3}").format(
                preview.size, race.wound_levels, bonus, courage
            )
        )


class AttributesPage(LotRPage):
    """2 能力値: the random method (nine 2d6, best six) or the choice method (10 9 7 7 5 4 + 8)."""

    step = STEP_ATTRIBUTES

    def __init__(self, model: LotRCreationModel, parent: QWidget | None = None) -> None:
        super().__init__(model, parent)
        self.setTitle(self.tr("能力値"))
        self.random_radio = QRadioButton(self.tr("ランダム法（2d6 を 9 回振り、高い 6 つを割り当てる）"))
        self.choice_radio = QRadioButton(
            self.tr("選択法（10, 9, 7, 7, 5, 4 に 8 ポイントを配分、種族ボーナスの前に最大 12）")
        )
        group = QButtonGroup(self)
        for radio, method in ((self.random_radio, RANDOM), (self.choice_radio, CHOICE)):
            group.addButton(radio)
            self.body.addWidget(radio)
            radio.toggled.connect(
                lambda on, m=method: on and self.guard(lambda: model.attributes.set_method(m))
            )

        self.random_box = QGroupBox(self.tr("ランダム法"))
        random_layout = QVBoxLayout(self.random_box)
        random_layout.addWidget(QLabel(self.tr("2d6 一回の値の分布（正確な確率）")))
        self.distribution_table = roll_table(model.attributes.random_roll_distribution(), self.tr)
        random_layout.addWidget(self.distribution_table)
        self.roll_button = QPushButton(self.tr("2d6 を 9 回振る"))
        self.roll_button.clicked.connect(lambda: self.guard(model.attributes.roll_attributes))
        self.consent_check = QCheckBox(self.tr("GM の同意を得た"))
        self.reroll_button = QPushButton(self.tr("GM の同意を得て振り直す"))
        self.reroll_button.clicked.connect(self._reroll)
        buttons = QHBoxLayout()
        for widget in (self.roll_button, self.consent_check, self.reroll_button):
            buttons.addWidget(widget)
        buttons.addStretch(1)
        random_layout.addLayout(buttons)
        faces_row = QHBoxLayout()
        self.face_labels = [QLabel("—") for _ in range(9)]
        for label in self.face_labels:
            # Room for the widest roll in bold: squeezed, "[6,4] 10" was cut to "[6,4] 1".
            bold = QFont(label.font())
            bold.setBold(True)
            label.setMinimumWidth(QFontMetrics(bold).horizontalAdvance("[6,6] 12") + 4)
            faces_row.addWidget(label)
        faces_row.addStretch(1)
        random_layout.addLayout(faces_row)
        self.body.addWidget(self.random_box)
        self.points_label = QLabel()
        self.body.addWidget(self.points_label)

        grid = QGridLayout()
        headers = ("能力値", "割り当て", "+ポイント", "種族の前", "種族ボーナス", "最終値", "修正")
        for column, text in enumerate(headers):
            grid.addWidget(QLabel(f"<b>{self.tr(text)}</b>"), 0, column)
        self.assign_combos: dict[str, QComboBox] = {}
        self.point_spins: dict[str, QSpinBox] = {}
        self.before_labels: dict[str, QLabel] = {}
        self.bonus_labels: dict[str, QLabel] = {}
        self.final_labels: dict[str, QLabel] = {}
        self.modifier_labels: dict[str, QLabel] = {}
        for row, a in enumerate(ATTRIBUTE_IDS, start=1):
            grid.addWidget(QLabel(self.tr("{0}（{1}）").format(ATTRIBUTE_NAMES[a], a.upper())), row, 0)
            combo = self.assign_combos[a] = QComboBox()
            combo.currentIndexChanged.connect(
                lambda _i, a=a: self.guard(
                    lambda: model.attributes.assign(a, self.assign_combos[a].currentData())
                )
            )
            spin = self.point_spins[a] = QSpinBox()
            spin.setRange(0, CHOICE_POINTS)
            spin.setAccessibleName(self.tr("{0} に配分するポイント").format(ATTRIBUTE_NAMES[a]))
            spin.valueChanged.connect(
                lambda v, a=a: self.guard(lambda: model.attributes.set_choice_points(a, v))
            )
            grid.addWidget(combo, row, 1)
            grid.addWidget(spin, row, 2)
            for column, labels in enumerate(
                (self.before_labels, self.bonus_labels, self.final_labels, self.modifier_labels), start=3
            ):
                labels[a] = QLabel("—")
                grid.addWidget(labels[a], row, column)
        self.body.addLayout(grid)
        self.bonus_note = QLabel()
        self.body.addWidget(self.bonus_note)
        self.body.addStretch(1)
        self.refresh()

    def _reroll(self) -> None:
        if self.guard(lambda: self.model.attributes.reroll_attributes(self.consent_check.isChecked())):
            self.consent_check.setChecked(False)  # consent is for one reroll, not a standing licence

    def editors(self) -> Sequence[QWidget]:
        return (
            self.random_radio,
            self.choice_radio,
            *self.assign_combos.values(),
            *self.point_spins.values(),
        )

    def sync(self) -> None:
        model, draft = self.model, self.model.draft
        random_method = draft.method == RANDOM
        self.random_radio.setChecked(random_method)
        self.choice_radio.setChecked(not random_method)
        self.random_box.setVisible(random_method)
        rolled = model.attributes.roll_faces is not None
        self.roll_button.setEnabled(not rolled)
        self.consent_check.setEnabled(rolled)
        self.reroll_button.setEnabled(rolled)
        kept = model.attributes.best_six_indices()
        for i, label in enumerate(self.face_labels):
            if model.attributes.roll_faces is None:
                label.setText("—")
                label.setStyleSheet("")
                continue
            faces = model.attributes.roll_faces[i]
            label.setText(f"[{','.join(map(str, faces))}] {sum(faces)}")
            set_tone(label, KEPT_STYLE if i in kept else DROPPED_STYLE)
            label.setToolTip(self.tr("割り当てる 6 つの一つ") if i in kept else self.tr("低いので使わない"))
        if random_method:
            self.points_label.setText("")
        else:
            self.points_label.setText(
                self.tr("残り {0} ポイント（全部で {1}）").format(
                    model.attributes.choice_points_left(), CHOICE_POINTS
                )
            )
        preview = model.preview()
        for a in ATTRIBUTE_IDS:
            combo = self.assign_combos[a]
            combo.clear()
            combo.addItem("—", None)
            for value in model.attributes.available_values(a):
                combo.addItem(str(value), value)
            combo.setCurrentIndex(max(0, combo.findData(draft.assigned.get(a))) if a in draft.assigned else 0)
            spin = self.point_spins[a]
            spin.setEnabled(not random_method)
            spin.setValue(draft.choice_points.get(a, 0) if not random_method else 0)
            before = preview.before_race[a]
            self.before_labels[a].setText("—" if before is None else str(before))
            self.bonus_labels[a].setText(signed(preview.bonuses.get(a, 0)) if preview.bonuses_known else "?")
            final = preview.attributes[a]
            self.final_labels[a].setText("—" if final is None else str(final))
            self.modifier_labels[a].setText(signed(preview.modifiers[a]))
        self.bonus_note.setText(
            ""
            if preview.bonuses_known or not draft.race
            else self.tr("この種族のボーナスは未設定（GM が設定）: 0 として計算しています")
        )
