"""ライブラリー外のカード: a physical deck's cards in hand, graveyard, battlefield or exile.

One row per card of the main deck (a クリティカル・カード copy apart) with how many copies are out
of the library, up to as many as the deck has.  Each change is one Ctrl+Z step and one log line
(the judgement panel's model stores it with the campaign's table state).  The line at the top says
which reading of the house rule mtg.physical_odds is in force: only under 「ライブラリーに残る
カードだけ」 do these cards leave the odds.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.mtg.check_model import MTGCheckModel
from gmtool.models.mtg.labels import copy_text
from gmtool.rules.systems.mtg.checks_types import LibraryCard
from gmtool.rules.systems.mtg.table_types import TableRefused
from gmtool.views.appearance import Tone, set_tone
from gmtool.views.widgets import close_only_buttons, show_refusal, shown_message

CARD, IN_DECK, OUT = range(3)


class MTGOutsideDialog(QDialog):
    def __init__(self, model: MTGCheckModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.setWindowTitle(self.tr("ライブラリー外のカード（MTGでTRPG）"))
        self.resize(520, 560)
        self.deck_label = QLabel()
        self.reading_label = QLabel()
        self.reading_label.setWordWrap(True)
        set_tone(self.reading_label, Tone("special"))
        self.table = QTableWidget(0, 3)
        self.table.setHorizontalHeaderLabels(
            [self.tr("カード"), self.tr("デッキ"), self.tr("ライブラリー外")]
        )
        out_header = self.table.horizontalHeaderItem(OUT)
        if out_header is not None:  # the header short: the card names need the width
            out_header.setToolTip(self.tr("手札・墓地・戦場・追放にある枚数"))
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)  # only the counts change
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(CARD, QHeaderView.ResizeMode.Stretch)
        for column in (IN_DECK, OUT):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.total_label = QLabel()
        self.problem_label = QLabel()
        self.problem_label.setWordWrap(True)
        set_tone(self.problem_label, Tone("warning"))
        self.clear_button = QPushButton(self.tr("すべてライブラリーへ戻す"))
        self.clear_button.clicked.connect(self._clear)
        self.spins: dict[LibraryCard, QSpinBox] = {}
        self._cards: list[LibraryCard] = []

        bottom = QHBoxLayout()
        bottom.addWidget(self.total_label, 1)
        bottom.addWidget(self.clear_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.deck_label)
        layout.addWidget(self.reading_label)
        layout.addWidget(self.table, 1)
        layout.addLayout(bottom)
        layout.addWidget(self.problem_label)
        layout.addWidget(close_only_buttons(self))
        model.changed.connect(self.sync)
        self.sync()

    def _set(self, card: LibraryCard, count: int) -> None:
        try:
            self.model.set_outside(card, count)
        except TableRefused as refused:
            show_refusal(self, str(refused))
            self.sync()  # the spin box back to what is stored

    def _clear(self) -> None:
        self.model.clear_outside()

    def _rebuild(self, cards: list[LibraryCard]) -> None:
        self._cards = cards
        self.spins = {}
        self.table.setRowCount(len(cards))
        for row, card in enumerate(cards):
            name = QTableWidgetItem(copy_text(card))
            name.setToolTip(card.card.name)
            self.table.setItem(row, CARD, name)
            self.table.setItem(row, IN_DECK, QTableWidgetItem())
            spin = QSpinBox()
            spin.setKeyboardTracking(False)  # typed "12" is one step, not 1 then 12
            spin.valueChanged.connect(lambda value, c=card: self._set(c, value))
            self.table.setCellWidget(row, OUT, spin)
            self.spins[card] = spin

    def sync(self) -> None:
        model, deck = self.model, self.model.deck()
        cards = model.deck_cards() if deck is not None and not model.virtual else []
        if cards != self._cards:
            self._rebuild(cards)
        self.deck_label.setText(
            self.tr("デッキ: {0}").format(deck.name)
            if deck is not None
            else self.tr("デッキを選んでください")
        )
        self.reading_label.setText(model.reading_text() if deck is not None else "")
        for row, card in enumerate(cards):
            limit = model.outside_limit(card)
            item = self.table.item(row, IN_DECK)
            if item is not None:
                item.setText(str(limit))
            spin = self.spins[card]
            spin.blockSignals(True)
            spin.setRange(0, limit)
            spin.setValue(model.outside_count(card))
            spin.blockSignals(False)
        total = model.cards_outside
        self.total_label.setText(self.tr("ライブラリー外 合計 {0} 枚").format(total))
        self.clear_button.setEnabled(total > 0)
        self.table.setEnabled(deck is not None and not model.virtual)
        self.problem_label.setText(shown_message(model.problem))
        self.problem_label.setVisible(bool(model.problem))
