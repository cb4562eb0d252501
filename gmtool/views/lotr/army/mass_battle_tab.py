"""戦争 (mass battle): the sides, the start, Siegecraft, the track, the hourly roll, the exact odds,
the hour log and the heroes' records.  Everything shown is re-read from the model on `changed`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

from PySide6.QtCore import QCoreApplication, QSignalBlocker, Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.lotr.mass_battle_model import LotRMassBattleModel, position_label
from gmtool.rules.systems.lotr.mass_battle_types import DEFEAT, MAX_SIEGECRAFT, POSITIONS, VICTORY
from gmtool.views.appearance import set_tone, tone_colour
from gmtool.views.lotr.army.hero_combat_box import HeroCombatBox
from gmtool.views.lotr.army.mass_battle_plot import BattleOddsPlot
from gmtool.views.widgets import action_button, guarded, read_only_table, shown_message

ROLL_SHORTCUT = "Ctrl+Return"
# Where a hero fights, as the summary names two of Table 9.24's answers (their Hero Combat roll
# gets +1 and +2): offered while the GM's PRESS table is empty, its rows once it is filled in.
PRESS_SUGGESTIONS = ("Thick of Battle", "Heart of Battle")
CURRENT_STYLE = "font-weight: bold; color: white; background: {0}; padding: 4px; border-radius: 3px;"
COLORS = {VICTORY: "#1b7f3b", DEFEAT: "#c23b3b"}  # the ends; every other step is blue
TRACK_COLOR = "#1f5fa8"
TRACK_TONES = {VICTORY: "success", DEFEAT: "failure"}  # the ends' text when the battle is elsewhere


def percent_one_decimal(p: Fraction) -> str:
    """One decimal, but never "0.0%" for a chance that exists nor "100.0%" for one that can fail."""
    if 0 < p < Fraction(1, 2000):
        return QCoreApplication.translate("MassBattleTab", "0.1%未満")
    if Fraction(1999, 2000) < p < 1:
        return QCoreApplication.translate("MassBattleTab", "99.9%超")
    return f"{float(p) * 100:.1f}%"


class MassBattleTab(QWidget):
    def __init__(self, model: LotRMassBattleModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self._shown_start: int | None = None
        self._shown_hours = -1

        self.ours_edit = QLineEdit()
        self.theirs_edit = QLineEdit()
        for edit, hint in ((self.ours_edit, self.tr("味方")), (self.theirs_edit, self.tr("敵"))):
            edit.setPlaceholderText(hint)
            edit.setMaxLength(200)
            edit.editingFinished.connect(self._names_edited)
        self.start_combo = QComboBox()
        for p in POSITIONS:
            self.start_combo.addItem(position_label(p), p)
        self.start_combo.currentIndexChanged.connect(self._start_chosen)
        self.restart_button = self._button(self.tr("この戦況から始める（やり直し）"), self._restart)
        self.use_siegecraft = QCheckBox(self.tr("指揮官の Siegecraft ランクを加える"))
        self.siegecraft_ours_spin = QSpinBox()
        self.siegecraft_theirs_spin = QSpinBox()
        for spin in (self.siegecraft_ours_spin, self.siegecraft_theirs_spin):
            spin.setRange(0, MAX_SIEGECRAFT)
            spin.setKeyboardTracking(False)  # a typed "12" is one change, not "1" then "12"
            spin.valueChanged.connect(self._siegecraft_edited)
        self.use_siegecraft.toggled.connect(self._siegecraft_edited)

        self.track_labels: dict[int, QLabel] = {}
        track = QHBoxLayout()
        for p in range(DEFEAT, VICTORY + 1):
            label = QLabel(position_label(p))
            label.setAlignment(Qt.AlignmentFlag.AlignCenter)
            self.track_labels[p] = label
            track.addWidget(label)
        self.status_label = QLabel()
        self.status_label.setStyleSheet("font-size: 13pt;")
        self.victory_label = QLabel()
        self.hours_label = QLabel()
        for label in (self.victory_label, self.hours_label):
            label.setStyleSheet("font-size: 13pt; font-weight: bold;")
        self.roll_button = self._button(self.tr("1時間進める"), self.model.roll_hour)
        self.roll_button.setToolTip(self.tr("各陣営の 2d6 を振る（{0}）").format(ROLL_SHORTCUT))
        self.roll_shortcut = QShortcut(QKeySequence(ROLL_SHORTCUT), self)
        self.roll_shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.roll_shortcut.activated.connect(self.roll_button.click)
        self.odds_plot = BattleOddsPlot()
        self.problem_label = QLabel()
        self.problem_label.setWordWrap(True)
        set_tone(self.problem_label, "error")

        self.hours_table = read_only_table(
            ("時間", "味方の出目", "味方の合計", "敵の出目", "敵の合計", "戦況"), 5, "MassBattleTab"
        )
        self.heroes_table = read_only_table(
            ("時間", "英雄", "位置（9.24）", "結果（9.25）"), 3, "MassBattleTab"
        )  # short headers: the table shares the tab's width with the battle state
        self.hero_hour_spin = QSpinBox()
        # 「1時間目」 but "Hour 1": the number's text either side comes from one template
        hour_prefix, _, hour_suffix = self.tr("{0}時間目").partition("{0}")
        self.hero_hour_spin.setPrefix(hour_prefix)
        self.hero_hour_spin.setSuffix(hour_suffix)
        self.hero_combo = QComboBox()
        self.hero_combo.setEditable(True)
        _line_edit(self.hero_combo).setPlaceholderText(self.tr("英雄の名前"))
        self.hero_position_combo = QComboBox()
        self.hero_position_combo.setEditable(True)
        self.hero_position_combo.addItems(["", *PRESS_SUGGESTIONS])
        _line_edit(self.hero_position_combo).setPlaceholderText(self.tr("位置（Table 9.24 の結果）"))
        self.hero_result_edit = QLineEdit()
        self.hero_result_edit.setPlaceholderText(self.tr("結果（Table 9.25 を GM が読んで入力）"))
        self.hero_result_edit.returnPressed.connect(self._add_hero)
        self.add_hero_button = self._button(self.tr("英雄の記録を追加"), self._add_hero)
        self.hero_combat = HeroCombatBox(model, self.hero_hour_spin.value, self.hero_combo.currentText)

        self._lay_out()
        model.changed.connect(self.sync)
        self.sync()

    def _lay_out(self) -> None:
        sides = QHBoxLayout()
        sides.addWidget(self.ours_edit, 1)
        sides.addWidget(QLabel(self.tr("対")))
        sides.addWidget(self.theirs_edit, 1)
        start = QHBoxLayout()
        start.addWidget(self.start_combo)
        start.addWidget(self.restart_button)
        start.addStretch(1)
        siegecraft = QHBoxLayout()
        siegecraft.addWidget(self.use_siegecraft)
        siegecraft.addWidget(QLabel(self.tr("味方")))
        siegecraft.addWidget(self.siegecraft_ours_spin)
        siegecraft.addWidget(QLabel(self.tr("敵")))
        siegecraft.addWidget(self.siegecraft_theirs_spin)
        siegecraft.addStretch(1)
        setup = QGroupBox(self.tr("陣営と開始時の戦況（Table 9.2 で GM が決める）"))
        form = QFormLayout(setup)
        form.addRow(self.tr("陣営"), sides)
        form.addRow(self.tr("開始"), start)
        form.addRow(self.tr("Siegecraft"), siegecraft)

        track_box = QGroupBox(self.tr("戦況（1ラウンド = 1時間）"))
        track = QVBoxLayout(track_box)
        row = QHBoxLayout()
        for label in self.track_labels.values():
            row.addWidget(label)
        track.addLayout(row)
        track.addWidget(self.status_label)
        odds = QHBoxLayout()
        odds.addWidget(self.victory_label)
        odds.addSpacing(24)
        odds.addWidget(self.hours_label)
        odds.addStretch(1)
        odds.addWidget(self.roll_button)
        track.addLayout(odds)
        track.addWidget(self.odds_plot, 1)

        left = QVBoxLayout()
        left.addWidget(self.problem_label)
        left.addWidget(setup)
        left.addWidget(track_box, 1)

        self.hero_note = note = QLabel(
            self.tr(
                "英雄が戦う場所は選ぶか 2d6（Table 9.24 PRESS）で決め、Hero Combat（Table 9.25）は "
                "2d6 に Thick of Battle +1・Heart of Battle +2 を加えて読みます。"
                "表はルール表 → 参照表で入力します。結果を手で記録することもできます。"
            )
        )
        note.setWordWrap(True)
        set_tone(note, "note")
        who_where = QHBoxLayout()
        who_where.addWidget(self.hero_hour_spin)
        who_where.addWidget(self.hero_combo, 1)
        who_where.addWidget(self.hero_position_combo, 1)
        what = QHBoxLayout()
        what.addWidget(self.hero_result_edit, 1)
        what.addWidget(self.add_hero_button)
        heroes_box = QGroupBox(self.tr("英雄の記録"))
        heroes = QVBoxLayout(heroes_box)
        heroes.addWidget(note)
        heroes.addLayout(who_where)  # the hour and the hero first: the Hero Combat roll uses them
        heroes.addWidget(self.hero_combat)
        heroes.addLayout(what)
        heroes.addWidget(self.heroes_table, 1)
        hours_box = QGroupBox(self.tr("時間ごとの記録"))
        QVBoxLayout(hours_box).addWidget(self.hours_table)
        right = QVBoxLayout()
        right.addWidget(hours_box, 1)
        right.addWidget(heroes_box, 1)

        layout = QHBoxLayout(self)
        layout.addLayout(left, 1)
        layout.addLayout(right, 1)

    # ---- re-reading --------------------------------------------------------------------------
    def sync(self) -> None:
        state = self.model.state()
        problem = self.model.problem()
        self.problem_label.setText(shown_message(problem or ""))
        self.problem_label.setVisible(bool(problem))
        ours, theirs = self.model.side_names()
        for edit, text in ((self.ours_edit, state.ours), (self.theirs_edit, state.theirs)):
            if not edit.hasFocus() and edit.text() != text:
                edit.setText(text)
        # The GM's pick of a new start survives unrelated re-syncs; a stored change (a restart, an
        # undo) is shown.
        if state.start != self._shown_start or not state.hours:
            with QSignalBlocker(self.start_combo):
                self.start_combo.setCurrentIndex(self.start_combo.findData(state.start))
            self._shown_start = state.start
        with QSignalBlocker(self.use_siegecraft):
            self.use_siegecraft.setChecked(state.use_siegecraft)
        for spin, value in (
            (self.siegecraft_ours_spin, state.siegecraft_ours),
            (self.siegecraft_theirs_spin, state.siegecraft_theirs),
        ):
            with QSignalBlocker(spin):
                spin.setValue(value)

        for p, label in self.track_labels.items():
            color = COLORS.get(p, TRACK_COLOR)
            if p == state.position:
                label.setStyleSheet(CURRENT_STYLE.format(color))
            else:  # the ends in the theme's success / failure shades (dark green was unreadable on dark)
                shade = tone_colour(TRACK_TONES.get(p, "note")).name()
                label.setStyleSheet(f"color: {shade}; padding: 4px;")
        winner = self.model.winner()
        if winner is not None:
            self.status_label.setText(
                self.tr("{0}時間で終結: {1}（{2}の勝ち）").format(
                    len(state.hours), position_label(state.position), winner
                )
            )
        elif state.hours:
            self.status_label.setText(
                self.tr("{0}時間目を終えて: {1}").format(len(state.hours), position_label(state.position))
            )
        else:
            self.status_label.setText(self.tr("開始: {0}").format(position_label(state.position)))
        victory, hours = self.model.current_odds()
        self.victory_label.setText(self.tr("勝利する確率 {0}").format(percent_one_decimal(victory)))
        self.hours_label.setText(self.tr("終わるまでの時間の期待値 {0:.2f} 時間").format(float(hours)))
        self.roll_button.setEnabled(not state.ended)
        self.odds_plot.set_odds(
            {p: v for p, (v, _) in self.model.odds().items()}, None if state.ended else state.position
        )
        self._fill_hours(ours, theirs)
        self._fill_heroes()
        self.hero_combat.sync()

    def _fill_hours(self, ours: str, theirs: str) -> None:
        state = self.model.state()
        for column, side in ((1, ours), (3, theirs)):
            header = self.hours_table.horizontalHeaderItem(column)
            assert header is not None  # read_only_table gave every column its header item
            header.setText(self.tr("{0}の出目").format(side))
        rows = []
        for record in state.hours:
            # The modifiers beside the faces: the track value, then Siegecraft when it was added.
            bonus = f"{record.before:+d}" + (f"+{record.siegecraft_ours}" if record.siegecraft_ours else "")
            faces = self.tr("{0}（{1}）")  # 「5, 6（+0）」, "5, 6 (+0)": the brackets of the UI language
            ours = faces.format(f"{record.ours_faces[0]}, {record.ours_faces[1]}", bonus)
            theirs = f"{record.theirs_faces[0]}, {record.theirs_faces[1]}"
            if record.siegecraft_theirs:
                theirs = faces.format(theirs, f"+{record.siegecraft_theirs}")
            rows.append(
                (
                    str(record.hour),
                    ours,
                    str(record.ours_total),
                    theirs,
                    str(record.theirs_total),
                    f"{position_label(record.before)} → {position_label(record.after)}"
                    + (self.tr("（同点で {0} 回振り直し）").format(len(record.ties)) if record.ties else ""),
                )
            )
        _fill(self.hours_table, rows)
        if rows:
            self.hours_table.scrollToBottom()

    def _fill_heroes(self) -> None:
        state = self.model.state()
        _fill(
            self.heroes_table,
            [(str(h.hour), h.hero, h.position, h.result) for h in state.heroes],
        )
        self.hero_hour_spin.setRange(1, max(1, state.next_hour))
        if len(state.hours) != self._shown_hours:  # a new hour: record for the one just played
            self.hero_hour_spin.setValue(max(1, len(state.hours)))
            self._shown_hours = len(state.hours)
        places = ["", *(self.model.press_places() or PRESS_SUGGESTIONS)]
        if [self.hero_position_combo.itemText(i) for i in range(self.hero_position_combo.count())] != places:
            typed = self.hero_position_combo.currentText()
            with QSignalBlocker(self.hero_position_combo):
                self.hero_position_combo.clear()
                self.hero_position_combo.addItems(places)
                self.hero_position_combo.setEditText(typed)
        names = self.model.characters()
        if [self.hero_combo.itemText(i) for i in range(self.hero_combo.count())] != names:
            typed = self.hero_combo.currentText()
            with QSignalBlocker(self.hero_combo):
                self.hero_combo.clear()
                self.hero_combo.addItems(names)
                self.hero_combo.setEditText(typed)

    # ---- actions -----------------------------------------------------------------------------
    def _button(self, text: str, action: Callable[[], object]) -> QPushButton:
        return action_button(self, text, action, self.sync)  # Enter in a text box must not roll

    def _guard(self, action: Callable[[], object]) -> bool:
        return guarded(self, action, self.sync)

    def _names_edited(self) -> None:
        self._guard(lambda: self.model.set_names(self.ours_edit.text(), self.theirs_edit.text()))

    def _start_chosen(self) -> None:
        # Before the first hour the choice is the start itself; after it, a restart clears the
        # hours, so it waits for the button.
        if not self.model.state().hours:
            self._restart()

    def _restart(self) -> None:
        start = self.start_combo.currentData()
        state = self.model.state()
        if state.start != start or state.position != start or state.hours or state.heroes:
            self._guard(lambda: self.model.start(start))

    def _siegecraft_edited(self) -> None:
        self._guard(
            lambda: self.model.set_siegecraft(
                self.use_siegecraft.isChecked(),
                self.siegecraft_ours_spin.value(),
                self.siegecraft_theirs_spin.value(),
            )
        )

    def _add_hero(self) -> None:
        added = self._guard(
            lambda: self.model.record_hero(
                self.hero_hour_spin.value(),
                self.hero_combo.currentText(),
                self.hero_position_combo.currentText(),
                self.hero_result_edit.text(),
            )
        )
        if added:
            self.hero_result_edit.clear()


def _line_edit(combo: QComboBox) -> QLineEdit:
    line = combo.lineEdit()
    assert line is not None  # only called on an editable combo, which always has its line edit
    return line


def _fill(table: QTableWidget, rows: Sequence[tuple[str, ...]]) -> None:
    table.setRowCount(len(rows))
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            table.setItem(r, c, QTableWidgetItem(text))
