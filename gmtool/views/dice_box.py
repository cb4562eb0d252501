"""The dice box: a command line for BCDice-style commands, its live exact odds and recent results.

Tests read back what the plot was given (`bar_heights`), so it is checked against the model's
distribution rather than by pixels.

Nothing in it grows with use: the plot's place is kept from the start (the plot itself is made with
the first command that has odds), each recent result is one line (cut in its middle, whole in its
tooltip), and 結果を見る / 公開 sit under the list, which takes the height there is — so a secret
roll's 公開 stays in view however many rolls come.  The plot's place shows one thing at a time:
the plot while the command has odds, a refusal (its reason, the command and the caret) in its
stead, or nothing — never empty axes; a refusal longer than the place is cut there and whole in
its tooltip, so it never pushes the place, or the buttons, out of the dock.
"""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtCore import QPoint, QSize, Qt
from PySide6.QtGui import QColor, QFont, QKeyEvent
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QMessageBox,
    QPushButton,
    QSizePolicy,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.dice_box_model import DiceBoxModel, LogEntry
from gmtool.views.appearance import set_tone
from gmtool.views.check.probability_plots import style_plot
from gmtool.views.check.themed_plot import ThemedPlot
from gmtool.views.compact import ElidedLabel
from gmtool.views.fonts import with_japanese
from gmtool.views.widgets import guarded, shown_message

PASS_COLOR = "#2e7d32"
FAIL_COLOR = "#9e9e9e"
PLAIN_COLOR = "#1f5fa8"
ENTRY_ROLE = Qt.ItemDataRole.UserRole
COMPACT_HEIGHT = 150  # px: the height the box asks for (the window's layout gives it the log's)
PLOT_MIN_HEIGHT = 60  # px: the plot's place, kept before the plot is made, so nothing moves then
TIP_ROWS = 40  # rows of a dice table listed in the odds' tooltip (a D66 table's 36 fit)


class DiceBoxPlot(ThemedPlot):
    """P(total) of the typed command; totals that pass the comparison in green."""

    def __init__(self, model: DiceBoxModel, parent: QWidget | None = None) -> None:
        super().__init__(parent=parent)
        self.model = model
        style_plot(self, self.tr("確率 (%)"), self.tr("合計"))
        # One brush per bar: the single-colour path of BarGraphItem crashed PySide6 (see AmountPlot).
        self.bars = pg.BarGraphItem(x=[], height=[], width=0.8, brushes=[], pen=pg.mkPen(None))
        self.addItem(self.bars)
        self.setMinimumHeight(PLOT_MIN_HEIGHT)
        model.changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        odds = self.model.odds
        if odds is None:
            self.bars.setOpts(x=[], height=[], brushes=[])
            return
        items = sorted(odds.totals.items())
        xs = [x for x, _ in items]
        heights = [float(p) * 100 for _, p in items]

        def color(total: int) -> str:
            if odds.success is None:
                return PLAIN_COLOR
            return PASS_COLOR if total in odds.passing else FAIL_COLOR

        brushes = [pg.mkBrush(QColor(color(x))) for x in xs]
        self.bars.setOpts(x=xs, height=heights, brushes=brushes)
        self.keep_range(x=(min(xs) - 0.6, max(xs) + 0.6), y=(0.0, max(heights) * 1.1))

    def bar_heights(self) -> dict[int, float]:
        return {int(x): float(h) for x, h in zip(self.bars.opts["x"], self.bars.opts["height"], strict=True)}


class RefusalLabel(QLabel):
    """A wrapped refusal whose height is its place's (the plot's): asked its height for a width, a
    wrapped label made the dock's scroll area give the box more height than the dock has."""

    def hasHeightForWidth(self) -> bool:
        return False


class CommandLine(QLineEdit):
    """Up / Down walk the model's history of typed commands, as in a terminal."""

    def __init__(self, model: DiceBoxModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Up:
            self.setText(self.model.history_previous())
        elif event.key() == Qt.Key.Key_Down:
            self.setText(self.model.history_next())
        else:
            super().keyPressEvent(event)


class DiceBoxView(QWidget):
    def __init__(self, model: DiceBoxModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.line = CommandLine(model)
        # The placeholder is one example, short enough for the field at 1366 px (the list of four was
        # cut after its first); every example is in the tooltip.
        self.line.setPlaceholderText(self.tr("例: 2D6+3>=10 攻撃"))
        self.line.setToolTip(self.tr("ダイスコマンド（例: 2D6+3>=10 攻撃、S2D6、x3 1D6、choice[A,B]）"))
        self.line.setClearButtonEnabled(True)
        self.roll_button = QPushButton(self.tr("振る"))
        # ダイスボット: how commands are read, as a CCFolia or Udonarium room's game system.
        self.system_combo = QComboBox()
        for value in model.system_choices():
            self.system_combo.addItem(model.system_label(value), value)
        self.system_combo.setToolTip(
            self.tr(
                "BCDice のどのダイスボットとしてコマンドを読むか（キャンペーンに保存）。"
                "「自動」は選んだキャラクターのシステムに合わせます。"
                "アナザーワールドでは 2D6+m>=t が 12/2 の自動成功・自動失敗つきの判定になります"
            )
        )
        self.odds_label = ElidedLabel()  # one line beside ダイスボット: a long table name is cut
        self.error_label = RefusalLabel()
        mono = QFont("monospace")
        mono.setStyleHint(QFont.StyleHint.Monospace)
        self.error_label.setFont(with_japanese(mono))  # the caret must sit under the character it points at
        set_tone(self.error_label, "error")
        self.error_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # A long reason wraps rather than being cut at the column's edge (at 1366 px the half-width
        # column showed 「…にすると振れます」 without the setting that refuses it); the command and
        # its caret are excerpted to fit, so only the reason's line ever wraps.
        self.error_label.setWordWrap(True)
        self.error_label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        # Its height is the place's, not its text's: three lines and a plot under them gave the dock
        # a scroll bar and took 結果を見る / 公開 out of view (issue 37's walk).
        self.error_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Ignored)
        # The plot is made with the first command that has odds: a pyqtgraph widget costs start-up.
        self._plot: DiceBoxPlot | None = None
        self.plot_place = QStackedWidget()
        self.plot_place.setMinimumHeight(PLOT_MIN_HEIGHT)
        self.plot_place.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Ignored)
        self.nothing_shown = QWidget()  # no command, or one with no odds (its words are the odds line)
        self.plot_place.addWidget(self.nothing_shown)
        self.plot_place.addWidget(self.error_label)
        # One line per roll: a BCDice line wrapped over two or three made the list unreadable.  Cut
        # in the middle, a line keeps its command's start and its outcome's end.
        self.results = QListWidget()
        self.results.setWordWrap(False)
        self.results.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.results.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.results.setUniformItemSizes(True)
        self.reveal_button = QPushButton(self.tr("公開"))
        self.reveal_button.setToolTip(self.tr("選んだシークレットダイスの結果をログに公開します"))
        self.peek_button = QPushButton(self.tr("結果を見る"))
        self.peek_button.setToolTip(
            self.tr("選んだシークレットダイスの結果をGMだけに表示します（ログには出しません）")
        )
        self.results.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.results.customContextMenuRequested.connect(self._show_result_menu)

        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("ダイス")))
        top.addWidget(self.line, 1)
        top.addWidget(self.roll_button)
        # The setting has a line of its own, the odds the next: side by side, at 1366 px one cut
        # the other ("Follow the cha", or the odds' number).
        self.system_combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.system_combo.setMinimumContentsLength(8)
        second = QHBoxLayout()
        second.addWidget(QLabel(self.tr("ダイスボット")))
        second.addWidget(self.system_combo, 1)
        # Two columns that keep their shares (5 : 3) whatever is typed or rolled: sized by their
        # texts, the command's odds widened the left one and moved 公開 under the GM's pointer.
        self.command_column, self.results_column = QWidget(), QWidget()
        left = QVBoxLayout(self.command_column)
        left.setContentsMargins(0, 0, 0, 0)
        left.addLayout(top)
        left.addLayout(second)
        left.addWidget(self.odds_label)
        left.addWidget(self.plot_place, 1)
        right = QVBoxLayout(self.results_column)
        right.setContentsMargins(0, 0, 0, 0)
        right.addWidget(QLabel(self.tr("最近の結果")))
        right.addWidget(self.results, 1)
        secret_row = QHBoxLayout()
        secret_row.addWidget(self.peek_button)
        secret_row.addWidget(self.reveal_button)
        right.addLayout(secret_row)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)  # the odds' own line is taken from them, not the plot
        for column, share in ((self.command_column, 5), (self.results_column, 3)):
            column.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
            layout.addWidget(column, share)

        self.line.textChanged.connect(model.set_text)
        self.line.returnPressed.connect(self.roll)
        self.roll_button.clicked.connect(self.roll)
        self.system_combo.activated.connect(
            lambda index: guarded(self, lambda: model.set_system_setting(self.system_combo.itemData(index)))
        )
        self.reveal_button.clicked.connect(self.reveal_selected)
        self.peek_button.clicked.connect(self.peek_selected)
        self.results.currentItemChanged.connect(lambda *_: self._update_reveal_button())
        model.changed.connect(self.refresh)
        model.rolled.connect(self._add_rolled)
        model.revealed.connect(lambda _: self._reload_results())
        model.campaign_switched.connect(self._reload_results)
        self._reload_results()
        self.refresh()

    def sizeHint(self) -> QSize:
        # A strip under the sheet, not a third of the window: the GM drags it taller for the plot.
        return QSize(800, COMPACT_HEIGHT)

    @property
    def plot(self) -> DiceBoxPlot:
        if self._plot is None:
            self._plot = DiceBoxPlot(self.model)
            self._plot.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Ignored)
            self.plot_place.addWidget(self._plot)
        return self._plot

    # ---- actions -------------------------------------------------------------------------------
    def roll(self) -> None:
        if self.model.roll() is not None:
            self.line.clear()

    def reveal_selected(self) -> None:
        item = self.results.currentItem()
        if item is None:
            return
        row = self.results.row(item)
        # The button turns disabled once the roll is revealed, and Qt would hand its focus on to the
        # next field in the window (the sheet's name, its text selected, overwritten by the next key
        # typed): the keyboard stays with the recent results, the revealed roll the current one.
        if self.reveal_button.hasFocus():
            self.results.setFocus(Qt.FocusReason.OtherFocusReason)
        guarded(self, lambda: self.model.reveal(item.data(ENTRY_ROLE)), self._reload_results)
        self.results.setCurrentRow(min(row, self.results.count() - 1))

    def peek_selected(self) -> None:
        """The selected secret roll's result, shown to the GM here and written nowhere."""
        item = self.results.currentItem()
        result = self.model.peek(item.data(ENTRY_ROLE)) if item is not None else None
        if result is not None:
            self.show_message(self.tr("シークレットダイスの結果（GMのみ）"), result)

    def replay_selected(self) -> None:
        item = self.results.currentItem()
        again = self.model.replay(item.data(ENTRY_ROLE)) if item is not None else None
        if again is not None:
            verdict = self.tr("記録と同じ結果です。") if again.same else self.tr("記録と違います。")
            self.show_message(
                self.tr("同じシードで振り直す"),
                self.tr("{0} をシード {1} で振り直しました:\n{2}\n\n{3}").format(
                    again.command, again.seed, again.text, verdict
                ),
            )

    def show_message(self, title: str, text: str) -> None:
        """Shown on this screen only (tests read it instead)."""
        QMessageBox.information(self, title, text)

    def _show_result_menu(self, at: QPoint) -> None:
        item = self.results.itemAt(at)
        if item is None:
            return
        self.results.setCurrentItem(item)
        menu = QMenu(self)
        for button, slot in (
            (self.peek_button, self.peek_selected),
            (self.reveal_button, self.reveal_selected),
        ):
            menu.addAction(button.text(), slot).setEnabled(button.isEnabled())
        menu.addAction(self.tr("同じシードで振り直す"), self.replay_selected)
        menu.popup(self.results.viewport().mapToGlobal(at))

    # ---- display -------------------------------------------------------------------------------
    def _show_system(self) -> None:
        """The saved setting selected; while it follows the character, the system that applies."""
        model = self.model
        self.system_combo.setCurrentIndex(self.system_combo.findData(model.system_setting))
        # 「自動」, not the model's 「キャラクターに合わせる」: with the system after it, the long
        # words were cut at 1366 px ("Follow the cha"); the tooltip says what it follows.
        now = model.system_label(model.system())
        self.system_combo.setItemText(0, self.tr("自動（{0}）").format(now))

    def refresh(self) -> None:
        model = self.model
        self._show_system()
        self.error_label.setText(self._error_text())
        self.error_label.setToolTip(self.error_label.text())  # whole, where the place cuts it
        self.odds_label.setToolTip("")
        if model.odds is None:
            none = model.error is None and model.text.strip()
            self.odds_label.setText(shown_message(model.no_odds) if none else "")
        elif model.table is not None:  # one of the campaign's dice tables: a bar per row
            self.plot  # noqa: B018 - made when first needed
            self._show_table_odds()
        elif model.odds.success is not None:
            self.plot  # noqa: B018 - made when first needed
            self.odds_label.setText(self.tr("成功率 {0:.2f}%").format(float(model.odds.success) * 100))
            if model.odds.at_least is not None:  # xRy>=t: the last bar is "that many or more"
                self.odds_label.setToolTip(
                    self.tr("成功数 {0} の棒は「{0} 以上」です（振り足しに上限がないため）").format(
                        model.odds.at_least
                    )
                )
        else:
            self.plot  # noqa: B018 - made when first needed
            self.odds_label.setText(self.tr("期待値 {0:.2f}").format(model.mean()))
        self.roll_button.setEnabled(model.error is None and bool(model.text.strip()))
        self._show_in_plot_place()

    def _show_in_plot_place(self) -> None:
        """The refusal, the plot while there are odds, or nothing (not the last command's axes)."""
        if self.model.error is not None:
            self.plot_place.setCurrentWidget(self.error_label)
        elif self.model.odds is not None:
            self.plot_place.setCurrentWidget(self.plot)
        else:
            self.plot_place.setCurrentWidget(self.nothing_shown)

    def _show_table_odds(self) -> None:
        """The table's name and dice; every row with its exact chance in the tooltip."""
        table, rows = self.model.table, self.model.table_rows()
        assert table is not None  # shown only while the command names a table
        self.odds_label.setText(
            self.tr("ダイス表「{0}」（{1}、{2}行）: 出目ごとの確率").format(table.name, table.dice, len(rows))
        )
        lines = [
            f"{row.value}: {float(row.probability) * 100:.2f}% ({row.probability})  {row.shown}"
            for row in rows[:TIP_ROWS]
        ]
        if len(rows) > TIP_ROWS:  # a 1D1000 table: the dialog (ダイス表…) lists them all
            lines.append(self.tr("…ほか{0}行").format(len(rows) - TIP_ROWS))
        self.odds_label.setToolTip("\n".join(lines))

    def _error_text(self) -> str:
        """Where the command went wrong and why (in the UI's language), the command, and a caret."""
        error = self.model.error
        if error is None:
            return ""
        reason = shown_message(error.message)
        if error.position is None:
            return reason
        where = self.tr("{0}文字目: {1}").format(error.position + 1, reason)
        shown, column = error.excerpt()  # a long command is cut around the caret
        return f"{where}\n{shown}\n{' ' * column}^"

    def result_text(self, entry: LogEntry) -> str:
        """One row per roll: a secret one hidden until 公開, then its result.  In words, not a 🔒: the
        default fonts have no such glyph and drew an empty box."""
        p = entry.payload
        if p.get("secret") and not self.model.is_revealed(entry):
            return self.tr("シークレットダイス（非公開）: {0}").format(p.get("command", ""))
        prefix = self.tr("公開: ") if p.get("reveals") or p.get("secret") else ""
        return prefix + self.model.roll_text(entry)

    def _add_result(self, entry: LogEntry) -> None:
        if entry.payload.get("reveals"):
            return  # 公開 of a secret roll: the secret's own row now shows the result
        text = self.result_text(entry)
        item = QListWidgetItem(" ".join(text.split("\n")))  # a repeated roll's lines on one row
        item.setToolTip(text)  # the whole of it, wherever the row is cut
        item.setData(ENTRY_ROLE, entry)
        self.results.addItem(item)
        self.results.scrollToBottom()
        self._update_reveal_button()

    def _add_rolled(self, entry: LogEntry) -> None:
        """A roll just made is the row chosen: a secret one's 公開 is one click, not a greyed
        button until the GM finds that its row must be clicked first."""
        self._add_result(entry)
        if not entry.payload.get("reveals"):
            self.results.setCurrentRow(self.results.count() - 1)

    def _reload_results(self) -> None:
        self.results.clear()
        for entry in self.model.recent:
            self._add_result(entry)

    def _update_reveal_button(self) -> None:
        item = self.results.currentItem()
        entry = item.data(ENTRY_ROLE) if item is not None else None
        secret = entry is not None and entry.payload.get("secret") and not self.model.is_revealed(entry)
        self.reveal_button.setEnabled(bool(secret))
        self.peek_button.setEnabled(bool(secret))
