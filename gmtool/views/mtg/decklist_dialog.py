"""Reading a decklist: paste it or open a file, see what it resolves to, fix what it does not.

Names are looked up by English or Japanese name in the card database.  A name the database does not
know is listed with its line — never guessed: the player types the name again (another spelling) or
enters the card by hand.  A name that names several cards (破滅を導くもの: Conduit of Ruin and Ruination
Guide) is listed too, and the player chooses which, seeing each card's English name, mana value and
colour.  The deck can be made only when every line is resolved.  The dialog only
reads; the caller makes the deck (a new character, or the cards of an existing one).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.mtg.decklist_model import MTGDecklistModel
from gmtool.models.mtg.decklists import SECTION_LABELS, DeckLine, DecklistError, Resolution
from gmtool.rules.systems.mtg.cards import Card
from gmtool.views.appearance import Tone, set_tone
from gmtool.views.file_dialogs import open_file_name
from gmtool.views.message_catalog import shown_message
from gmtool.views.widgets import read_only_table

DECKLIST_FILTER = "デッキリスト (*.txt *.dek *.dec *.dck *.mwDeck *.cod);;すべてのファイル (*)"
ERROR_STYLE = Tone("error")


class MTGDecklistDialog(QDialog):
    def __init__(
        self, model: MTGDecklistModel, deck_name: str | None = None, parent: QWidget | None = None
    ) -> None:
        """With ``deck_name`` None the deck is an existing one and no name is asked."""
        super().__init__(parent)
        self.model = model
        if model.parent() is None:  # the model lives with the dialog
            model.setParent(self)
        self.setWindowTitle(self.tr("デッキリストを読み込む"))
        self.resize(720, 640)

        self.name_edit = QLineEdit(deck_name or "")
        self.name_edit.setPlaceholderText(self.tr("PC（デッキ）の名前"))
        self.text_edit = QPlainTextEdit()
        self.text_edit.setPlaceholderText(
            self.tr("例:\n4 エルフの神秘家\n4x Llanowar Elves\n《森》 16枚\n\nサイドボード\n2 Naturalize")
        )
        self.open_button = QPushButton(self.tr("ファイルを開く…"))
        self.open_button.clicked.connect(self.open_file)
        self.read_button = QPushButton(self.tr("読み込む"))
        self.read_button.setShortcut("Ctrl+Return")
        self.read_button.setToolTip(self.tr("貼り付けたリストを読みます（Ctrl+Enter）"))
        self.read_button.clicked.connect(
            lambda: self.read_text(self.text_edit.toPlainText(), self.tr("貼り付け"))
        )
        self._loading = False
        self.text_edit.textChanged.connect(self._on_text_edited)
        self.summary_label = QLabel()
        self.summary_label.setWordWrap(True)
        self.unresolved_table = read_only_table(("行", "書かれた名前", "枚数", "区分", "問題"), stretch=1)
        self.unresolved_table.doubleClicked.connect(lambda _i: self._fix_selected())
        self.choose_button = QPushButton(self.tr("どのカードか選ぶ…"))
        self.choose_button.setToolTip(self.tr("この名前のカードが複数あります。どれのことか選びます"))
        self.choose_button.clicked.connect(self.choose_selected)
        self.retype_button = QPushButton(self.tr("名前を直す…"))
        self.retype_button.clicked.connect(self.retype_selected)
        self.manual_button = QPushButton(self.tr("手で入力…"))
        self.manual_button.clicked.connect(self.enter_selected)
        self.drop_button = QPushButton(self.tr("この行を除く"))
        self.drop_button.setToolTip(self.tr("この行のカードをデッキに入れません"))
        self.drop_button.clicked.connect(self.drop_selected)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText(
            self.tr("デッキを作る") if deck_name is not None else self.tr("カードを置き換える")
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.empty = False  # 「空のデッキで始める」: no list, cards added on the sheet
        if deck_name is not None:
            empty_button = self.buttons.addButton(
                self.tr("空のデッキで始める"), QDialogButtonBox.ButtonRole.ActionRole
            )
            empty_button.setToolTip(self.tr("カードはシートで1枚ずつ追加します"))
            empty_button.clicked.connect(self.start_empty)

        layout = QVBoxLayout(self)
        if deck_name is not None:
            form = QFormLayout()
            form.addRow(self.tr("名前"), self.name_edit)
            layout.addLayout(form)
        row = QHBoxLayout()
        row.addWidget(QLabel(self.tr("デッキリスト（MTG アリーナ、MTGO、Cockatrice、Forge、テキスト）")), 1)
        row.addWidget(self.open_button)
        row.addWidget(self.read_button)
        layout.addLayout(row)
        layout.addWidget(self.text_edit, 2)
        layout.addWidget(self.summary_label)
        layout.addWidget(self.unresolved_table, 1)
        fix_row = QHBoxLayout()
        fix_row.addStretch(1)
        fix_row.addWidget(self.choose_button)
        fix_row.addWidget(self.retype_button)
        fix_row.addWidget(self.manual_button)
        fix_row.addWidget(self.drop_button)
        layout.addLayout(fix_row)
        layout.addWidget(self.buttons)
        self._show()

    # ---- reading -------------------------------------------------------------------------
    def ask_open_path(self) -> str:
        return open_file_name(self, self.tr("デッキリストを開く"), self.tr(DECKLIST_FILTER))

    def open_file(self) -> None:
        path = self.ask_open_path()
        if path:
            self.read_file(Path(path))

    def read_file(self, path: Path) -> None:
        try:
            text = self.model.read_file(path)
        except (DecklistError, OSError) as problem:
            self._show(str(problem))
            return
        self._loading = True  # the listing is what was read, not an edit that makes it stale
        self.text_edit.setPlainText(text)
        self._loading = False
        self._took()

    def read_text(self, text: str, source: str) -> None:
        try:
            self.model.read_text(text, source)
        except DecklistError as problem:
            self._show(str(problem))
            return
        self._took()

    def _on_text_edited(self) -> None:
        """An edited list must be read again: the deck is never made from what was read before."""
        if self._loading or self.resolution is None:
            return
        self.model.forget()
        self._show()
        self.summary_label.setText(
            self.tr("リストが変わりました。「読み込む」を押してください（Ctrl+Enter）。")
        )

    def _took(self) -> None:
        """A list was read: its name, if it gives one and the player typed none, names the deck."""
        decklist = self.model.decklist
        if decklist is not None and decklist.name and not self.name_edit.text().strip():
            self.name_edit.setText(decklist.name)
        self._show()

    @property
    def resolution(self) -> Resolution | None:
        return self.model.resolution

    @property
    def source(self) -> str:
        """Where the list came from (a file's name, or 貼り付け): the undo step names it."""
        return self.model.source

    # ---- fixing --------------------------------------------------------------------------
    def _selected(self) -> DeckLine | None:
        rows = self.unresolved_table.selectionModel().selectedRows()
        lines = self.model.problem_lines()
        if not rows or rows[0].row() >= len(lines):
            return None
        return lines[rows[0].row()]

    def _fix_selected(self) -> None:
        line = self._selected()
        if line is not None and self.model.line_candidates(line):
            self.choose_selected()
        else:
            self.retype_selected()

    def card_label(self, card: Card) -> str:
        """ "Conduit of Ruin（マナ総量 6・無色）": what tells apart the cards of one name."""
        words = {
            "W": self.tr("白"),
            "U": self.tr("青"),
            "B": self.tr("黒"),
            "R": self.tr("赤"),
            "G": self.tr("緑"),
        }
        colors = "/".join(words[str(color)] for color in card.colors) or self.tr("無色")
        return self.tr("{0}（マナ総量 {1}・{2}）").format(card.name, card.mana_value, colors)

    def ask_choice(self, line: DeckLine, cards: Sequence[Card]) -> Card | None:
        """Which of ``cards`` the line's name means: the player's choice, None to decide later."""
        labels = [self.card_label(card) for card in cards]
        label, ok = QInputDialog.getItem(
            self,
            self.tr("どのカードか選ぶ"),
            self.tr("「{0}」という名前のカードは{1}枚あります。どれですか？").format(line.name, len(cards)),
            labels,
            0,
            False,
        )
        return cards[labels.index(label)] if ok and label in labels else None

    def choose_selected(self) -> None:
        line = self._selected()
        cards = self.model.line_candidates(line) if line is not None else ()
        if line is None or not cards:
            self._show(self.tr("複数のカードに当たる行を選んでください"))
            return
        card = self.ask_choice(line, cards)
        if card is not None:
            self._choose(line, card)

    def _choose(self, line: DeckLine, card: Card) -> None:
        self.model.choose(line, card)
        self._show()

    def ask_name(self, current: str, suggested: list[str]) -> tuple[str, bool]:
        """Another spelling; the names the database has that look alike are offered, never applied."""
        return QInputDialog.getItem(
            self,
            self.tr("名前を直す"),
            self.tr("カード名（英語または日本語。似た名前から選ぶこともできます）:"),
            [current, *suggested],
            0,
            True,
        )

    def retype_selected(self) -> None:
        line = self._selected()
        if line is None:
            self._show(self.tr("直す行を選んでください"))
            return
        name, ok = self.ask_name(line.name, self.model.suggestions(line.name))
        name = name.strip().strip("《》「」").strip()
        if not ok or not name:
            return
        cards = self.model.cards_named(name)
        if not cards:
            self._show(self.tr("「{0}」もカードデータベースにありません").format(name))
            return
        card = cards[0] if len(cards) == 1 else self.ask_choice(line, cards)
        if card is None:
            return
        self.model.retype(line, name, card)
        self._loading = True  # the list reads as it was fixed: not an edit that makes it stale
        self.text_edit.setPlainText(self.model.text)
        self._loading = False
        self._show()

    def enter_selected(self) -> None:
        line = self._selected()
        if line is None:
            self._show(self.tr("手で入力する行を選んでください"))
            return
        if self.model.enter(line):
            self._show()

    def drop_selected(self) -> None:
        line = self._selected()
        if line is None or self.resolution is None:
            self._show(self.tr("除く行を選んでください"))
            return
        self.model.drop(line)
        self._show()

    # ---- showing -------------------------------------------------------------------------
    def _show(self, problem: str = "") -> None:
        resolution = self.resolution
        unresolved = resolution.unresolved if resolution else []
        ambiguous = resolution.ambiguous if resolution else []
        problems = self.model.problem_lines()
        table = self.unresolved_table
        table.setRowCount(len(problems))
        for row, line in enumerate(problems):
            cards = self.model.line_candidates(line)
            problem_text = (
                self.tr("{0}枚のカードのどれか").format(len(cards))
                if cards
                else self.tr("データベースにない")
            )
            for column, text in enumerate(
                (
                    str(line.line),
                    line.name,
                    str(line.count),
                    shown_message(SECTION_LABELS[line.section]),
                    problem_text,
                )
            ):
                item = QTableWidgetItem(text)
                item.setToolTip(
                    "\n".join(self.card_label(card) for card in cards) if cards and column == 4 else line.text
                )
                if column in (0, 2):
                    item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                table.setItem(row, column, item)
        if problems:
            table.selectRow(0)
        for widget in (table, self.retype_button, self.manual_button, self.drop_button):
            widget.setVisible(bool(problems))
        self.choose_button.setVisible(bool(ambiguous))
        if problem:
            self.summary_label.setText(problem)
            set_tone(self.summary_label, ERROR_STYLE)
        elif resolution is None:
            self.summary_label.setText(
                self.tr("リストを貼り付けて「読み込む」を押すか、ファイルを開いてください。")
            )
            self.summary_label.setStyleSheet("")
        else:
            text = self.tr("メインデッキ {0}枚（{1}種）").format(
                self.model.main_count(), len(resolution.library)
            )
            outside = self.model.outside_counts()
            if outside:
                each, labels = self.tr("{0} {1}枚"), SECTION_LABELS
                parts = self.tr("・").join(
                    each.format(shown_message(labels[k]), n) for k, n in outside.items()
                )
                text += self.tr("・デッキ外 {0}枚（{1}）").format(self.model.outside_count(), parts)
            if unresolved:
                text += self.tr(
                    "\nカードデータベースにない名前が {0} 行あります。"
                    "名前を直すか、カードを手で入力してください（またはその行を除く）。"
                ).format(len(unresolved))
                if self.model.data_date:
                    text += self.tr(
                        "\nカードデータベースのデータは {0} 時点のものです。それより新しいカードは、"
                        "カードデータベースに新しいデータを読み込むか、手で入力してください。"
                    ).format(self.model.data_date)
            if ambiguous:
                text += self.tr(
                    "\n複数のカードに当たる名前が {0} 行あります。「どのカードか選ぶ…」で選んでください。"
                ).format(len(ambiguous))
            decklist = self.model.decklist
            if decklist is not None and decklist.notes:
                text += "\n" + "\n".join(shown_message(note) for note in decklist.notes)
            self.summary_label.setText(text)
            set_tone(self.summary_label, ERROR_STYLE if problems else None)
        self.ok_button.setEnabled(self.model.ready)

    def start_empty(self) -> None:
        self.empty = True
        if not self.name_edit.text().strip():
            self.name_edit.setText(self.tr("新しいデッキ"))
        super().accept()

    def accept(self) -> None:
        if self.resolution is None or not self.resolution.complete:
            return
        if not self.name_edit.isHidden() and not self.name_edit.text().strip():
            self.name_edit.setText(self.model.file_stem or self.tr("新しいデッキ"))
        super().accept()

    @property
    def deck_name(self) -> str:
        return self.name_edit.text().strip()
