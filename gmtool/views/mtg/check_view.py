"""The MTGでTRPG judgement panel: the deck (PC), the check's color and 難易度, the exact odds with and
without 行動判定ブースト, the six colors side by side, the curve over 難易度, and the check itself."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetrics
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.mtg.check_model import DIFFICULTY_BOUNDS, MTGCheckModel
from gmtool.models.mtg.labels import SWATCHES, check_name, color_name
from gmtool.models.outcome_text import percent
from gmtool.rules.checks import Side
from gmtool.rules.systems.mtg.checks_types import CheckColor, MTGOutcome
from gmtool.views.appearance import set_tone, text_on
from gmtool.views.check.odds_box import OddsBox
from gmtool.views.check.roller_inputs_box import fill_combo
from gmtool.views.compact import shrink_combo
from gmtool.views.mtg.plots import BOOST_COLOR, PLAIN_COLOR, MTGSuccessPlot
from gmtool.views.mtg.procedure_box import COMPACT_SPACING, NOTE_STYLE, MTGProcedureBox
from gmtool.views.widgets import shown_message

FAIL_COLOR = "#e8a33d"


class MTGCheckView(QWidget):
    library_requested = Signal()  # 「仮想ライブラリー…」: the integrator opens the library dialog
    outside_requested = Signal()  # 「ライブラリー外のカード…」: the integrator opens its dialog

    def __init__(self, model: MTGCheckModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.deck_combo = shrink_combo(QComboBox(), 10)
        self.deck_combo.currentIndexChanged.connect(
            lambda _: model.set_character(Side.ACTION, self.deck_combo.currentData())
        )
        self.color_buttons: dict[CheckColor, QPushButton] = {}
        self.color_group = QButtonGroup(self)
        # Each color's odds (as revealed, with a boost) under its button: the table of the six colors
        # beside the procedure made the panel taller than a laptop leaves it.
        self.color_odds: dict[CheckColor, tuple[QLabel, QLabel]] = {}
        color_grid = QGridLayout()
        color_grid.setVerticalSpacing(2)
        color_grid.addWidget(QLabel(self.tr("成功率")), 1, 0)
        color_grid.addWidget(QLabel(self.tr("ブーストあり")), 2, 0)
        for column, color in enumerate(CheckColor, start=1):
            button = QPushButton(color_name(color.value))
            button.setCheckable(True)
            swatch = SWATCHES[color.value]
            # The chosen button's face is the swatch in either theme: its name in black or white,
            # whichever reads on it (white on 白's pale gold, and on 無色's grey, did not).
            face = text_on(QColor(swatch)).name()
            button.setStyleSheet(
                f"QPushButton {{ border: 2px solid {swatch}; border-radius: 4px; padding: 3px 8px;"
                " min-width: 2.5em; }"
                f"QPushButton:checked {{ background-color: {swatch}; color: {face}; font-weight: bold; }}"
            )
            bold = QFont(button.font())
            bold.setBold(True)  # the chosen color's button: its bold name must not be cut
            button.setMinimumWidth(QFontMetrics(bold).horizontalAdvance(button.text()) + 24)
            button.setToolTip(check_name(color))
            button.clicked.connect(lambda _=False, c=color: model.set_color(c))
            self.color_group.addButton(button)
            self.color_buttons[color] = button
            color_grid.addWidget(button, 0, column)
            odds = (QLabel(), QLabel())
            for row, label in enumerate(odds, start=1):
                label.setAlignment(Qt.AlignmentFlag.AlignCenter)
                color_grid.addWidget(label, row, column)
            self.color_odds[color] = odds
        color_grid.setColumnStretch(len(CheckColor) + 1, 1)
        self.difficulty_spin = QSpinBox()
        self.difficulty_spin.setRange(*DIFFICULTY_BOUNDS)
        self.difficulty_spin.valueChanged.connect(model.set_difficulty)
        self.difficulty_note = QLabel()
        set_tone(self.difficulty_note, NOTE_STYLE)
        self.library_button = QPushButton(self.tr("仮想ライブラリー…"))
        self.library_button.clicked.connect(self.library_requested)

        odds_box = OddsBox(
            [
                (MTGOutcome.SUCCESS, PLAIN_COLOR, self.tr("成功（公開のまま）")),
                (MTGOutcome.BOOSTED, BOOST_COLOR, self.tr("成功（行動判定ブーストで）")),
                (MTGOutcome.FAILURE, FAIL_COLOR, self.tr("失敗")),
            ]
        )
        # Lines close together, as the colors' odds above: the room is the check's result's.
        odds_box.grid.setVerticalSpacing(3)
        self.probability_labels = odds_box.probability_labels
        self.success_label = odds_box.headline
        self.boost_label = odds_box.add_line(QLabel())
        set_tone(self.boost_label, "special", "font-weight: bold;")
        self.basis_label = odds_box.add_line(QLabel())
        self.basis_label.setWordWrap(True)
        self.problem_label = odds_box.add_line(QLabel())
        self.problem_label.setWordWrap(True)
        set_tone(self.problem_label, NOTE_STYLE)

        self.plot = MTGSuccessPlot(model)
        self.procedure_box = MTGProcedureBox(model)
        # A physical deck's cards out of the library, which the house rule mtg.physical_odds may
        # leave out of the odds: beside 仮想ライブラリー… (no row of its own: the panel's height is
        # a laptop's), entered in a dialog the integrator opens.
        self.outside_button = QPushButton()
        self.outside_button.clicked.connect(self.outside_requested)
        # Hidden with a virtual library, its room kept: else 仮想ライブラリー… moved under the pointer
        # (~140 px to the right) as the library was made or given up.
        policy = self.outside_button.sizePolicy()
        policy.setRetainSizeWhenHidden(True)
        self.outside_button.setSizePolicy(policy)

        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("デッキ（PC）")))
        top.addWidget(self.deck_combo, 1)
        top.addWidget(QLabel(self.tr("難易度")))
        top.addWidget(self.difficulty_spin)
        top.addWidget(self.library_button)
        top.addWidget(self.outside_button)
        self.difficulty_note.setWordWrap(True)
        # An unusual 難易度's note in the room right of the colors, not on a line of its own.
        color_grid.addWidget(self.difficulty_note, 0, len(CheckColor) + 1, 3, 1)
        middle = QHBoxLayout()
        odds_column = QVBoxLayout()
        odds_column.addWidget(odds_box)
        odds_column.addStretch(1)
        # The odds wider than the plot: their lines wrapped onto lines the check's result needed.
        middle.addLayout(odds_column, 3)
        middle.addWidget(self.plot, 2)
        layout = QVBoxLayout(self)
        # Rows close together: under the demo's banner, at 1366×768, the panel is 460 px high and a
        # finished check's notes (two lines) went past its bottom with the usual spacing.
        layout.setSpacing(COMPACT_SPACING)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.addLayout(top)
        layout.addLayout(color_grid)
        layout.addLayout(middle)
        layout.addWidget(self.procedure_box)
        # Room to spare goes under the check, not above it: a note appearing under the result
        # then moves no button (a stretch above would give way and lift them all).
        layout.addStretch(1)
        model.changed.connect(self.sync)
        self.sync()

    def sync(self) -> None:
        model, plan = self.model, self.model.plan
        self.deck_combo.blockSignals(True)
        names = [(s.character.name or self.tr("（名前なし）"), s.id) for s in model.decks()]
        fill_combo(self.deck_combo, names, model.character_id)
        self.deck_combo.blockSignals(False)
        self.color_buttons[model.color].setChecked(True)
        self.difficulty_spin.blockSignals(True)
        self.difficulty_spin.setValue(model.difficulty)
        self.difficulty_spin.blockSignals(False)
        low, high = model.difficulty_guides()[0][:2]
        self.difficulty_note.setText(
            self.tr("通常の難易度は {0}〜{1}（シナリオ上必要なら、それ以外も可）").format(low, high)
            if model.difficulty_unusual
            else ""
        )
        plain, boosted = plan.success, plan.success_with_boost
        for outcome, probability in model.outcome_probabilities.items():
            self.probability_labels[outcome].setText(percent(float(probability)))
        if not plan.odds.possible:
            self.success_label.setText(self.tr("判定できません"))
        else:
            self.success_label.setText(self.tr("成功率 {0}").format(percent(float(plain))))
        if plan.boost_allowed:
            self.boost_label.setText(self.tr("失敗しそうならブースト: {0}").format(percent(float(boosted))))
        elif plan.boost_used:
            self.boost_label.setText(self.tr("このターンはブースト済み（1ターンに1回）"))
        elif plan.odds.possible:
            self.boost_label.setText(self.tr("ライブラリーが6枚未満なのでブーストはできません"))
        else:
            self.boost_label.setText("")
        self.basis_label.setText(model.basis_text())
        self.problem_label.setText(shown_message(model.problem))
        self.problem_label.setVisible(bool(model.problem))
        self.difficulty_note.setVisible(bool(self.difficulty_note.text()))
        for color, labels in self.color_odds.items():
            plain_p, boost_p = model.color_table[color]
            texts = (percent(float(plain_p)), percent(float(boost_p)) if plan.boost_allowed else "—")
            for label, text in zip(labels, texts, strict=True):
                label.setText(text)
                font = label.font()
                font.setBold(color is model.color)
                label.setFont(font)
        self.library_button.setEnabled(model.deck() is not None)
        # Short: the line under the odds says which reading is in force; the tooltip says it too.
        # The count closed in brackets before the dialog's '…': 「ライブラリー外 0枚…」 read as cut.
        self.outside_button.setText(self.tr("ライブラリー外（{0}枚）…").format(model.cards_outside))
        self.outside_button.setToolTip(model.reading_text())
        self.outside_button.setVisible(model.deck() is not None and not model.virtual)
