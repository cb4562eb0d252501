"""行動判定の進行: the check walked at the table, step by step (mtg_check_procedure.py).

With a virtual library the buttons reveal the real cards; with physical cards the GM picks the
revealed ones (and the boost's six) from the deck's cards.  Every refusal says why; nothing is stored
before 「結果を確定」.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.mtg.check_model import MTGCheckModel
from gmtool.models.mtg.labels import cards_text, color_name, copy_text
from gmtool.rules.systems.mtg.checks_types import LibraryCard
from gmtool.rules.systems.mtg.table_types import TableRefused
from gmtool.views.appearance import Tone, set_tone
from gmtool.views.check.roller_inputs_box import fill_combo
from gmtool.views.compact import ElidedLabel, WrappingCheckBox, move_to_grid, move_widget, shrink_combo
from gmtool.views.status_label import StatusLabel
from gmtool.views.widgets import show_refusal, shown_message

NOTE_STYLE = Tone("warning")
RESULT_POINTS = 13  # the outcome's size, as a roll's result on the other panels
RANDOM_COLOR = -1
# The space between the check's rows: under the demo's banner at 1366×768 the panel is 460 px
# high, and with the usual 6–7 px a finished check's two lines of notes ran past its bottom.
COMPACT_SPACING = 3


class CardCombo(QComboBox):
    """One of the deck's cards (a critical copy listed apart)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        shrink_combo(self)  # a long card name must not widen the panel: the list shows it whole

    def set_cards(self, cards: list[LibraryCard]) -> None:
        """Refilled only when the deck's cards changed, keeping the card shown (a sync must not
        undo the GM's choice)."""
        current = self.currentData()
        if [self.itemData(i) for i in range(self.count())] != cards:
            self.clear()
            for card in cards:
                self.addItem(copy_text(card), card)
        if current is None or not self.select(current):
            self.setCurrentIndex(0 if self.count() else -1)

    def card(self) -> LibraryCard | None:
        card = self.currentData()
        return card if isinstance(card, LibraryCard) else None

    def select(self, card: LibraryCard) -> bool:
        """Shows ``card`` (Qt's findData cannot compare Python objects); False if it is not listed."""
        for index in range(self.count()):
            if self.itemData(index) == card:
                self.setCurrentIndex(index)
                return True
        return False


class MTGProcedureBox(QGroupBox):
    def __init__(self, model: MTGCheckModel, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("行動判定の進行"), parent)
        self.model = model
        # What kind of deck is checked is said in the box's title: a line of its own was room the
        # result below the buttons needed on a laptop.
        # Physical deck: what the player knows on top (the cards, top first, in the label: cut
        # where the row ends, whole in its tooltip).
        self.known_box = QWidget()
        self.known_combo = CardCombo()
        self.known_label = ElidedLabel()
        known_row = QHBoxLayout(self.known_box)
        known_row.setContentsMargins(0, 0, 0, 0)
        known_row.addWidget(self.known_label, 1)
        known_row.addWidget(self.known_combo, 1)
        self.known_add = QPushButton(self.tr("追加"))
        self.known_clear = QPushButton(self.tr("クリア"))
        known_row.addWidget(self.known_add)
        known_row.addWidget(self.known_clear)
        # Step 1.
        self.physical_box = QWidget()
        self.top_combo, self.second_combo = CardCombo(), CardCombo()
        self.choice_combo = QComboBox()
        shrink_combo(self.choice_combo)
        # Two cards to a row, and 計算する beside the color: the panel's height is a laptop's.
        self.physical_grid = grid = QGridLayout(self.physical_box)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.addWidget(QLabel(self.tr("1枚目（目標値）")), 0, 0)
        grid.addWidget(self.top_combo, 0, 1)
        grid.addWidget(QLabel(self.tr("2枚目（達成値）")), 0, 2)
        grid.addWidget(self.second_combo, 0, 3)
        grid.addWidget(QLabel(self.tr("2枚目の色")), 1, 0)
        grid.addWidget(self.choice_combo, 1, 1)
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(3, 1)
        grid.setVerticalSpacing(COMPACT_SPACING)
        self.reveal_button = QPushButton()
        # One line, as high with the revealed cards as without (a long name is cut, whole in the
        # tooltip): the cards appearing move nothing.
        self.shown_label = ElidedLabel()
        # Step 2.
        self.boost_cards_box = QWidget()
        self.boost_combos = [CardCombo() for _ in range(model.boost_cards)]
        boost_grid = QGridLayout(self.boost_cards_box)
        boost_grid.setContentsMargins(0, 0, 0, 0)
        for i, combo in enumerate(self.boost_combos):
            shrink_combo(combo, 4)  # the six in one row; each list shows the names whole
            boost_grid.addWidget(combo, 0, i)
        self.boost_button = QPushButton(self.tr("行動判定ブースト（6枚追放）"))
        self.boost_note = QLabel()
        set_tone(self.boost_note, NOTE_STYLE)
        self.boost_note.setWordWrap(True)
        # Step 3.
        self.finish_button = QPushButton(self.tr("結果を確定"))
        self.cancel_button = QPushButton(self.tr("取り消す"))
        self.changed_check = WrappingCheckBox(self.tr("状況が変わった（同じ判定をもう一度してよい）"))
        self.refusal_label = QLabel()
        set_tone(self.refusal_label, NOTE_STYLE)
        self.refusal_label.setWordWrap(True)
        # The outcome in large type, how it came about beside it (a second line, with a boost,
        # pushes only the notes under it).
        self.result_label = QLabel()
        large = QFont(self.result_label.font())
        large.setPointSize(RESULT_POINTS)
        large.setBold(True)
        self.result_label.setFont(large)
        self.result_label.setMinimumHeight(QFontMetrics(large).height())  # as high with no result
        self.result_detail = StatusLabel(self.tr("まだ判定していません"))

        # Step 1's inputs and steps 2's cards take turns in one place as high as the taller of
        # them: the buttons under it stay where they are through the whole check.
        entry_page, revealed_page = QWidget(), QWidget()
        entry = QVBoxLayout(entry_page)
        entry.setContentsMargins(0, 0, 0, 0)
        entry.setSpacing(COMPACT_SPACING)
        entry.addWidget(self.known_box)
        entry.addWidget(self.physical_box)
        revealed = QVBoxLayout(revealed_page)
        revealed.setContentsMargins(0, 0, 0, 0)
        revealed.addWidget(self.shown_label)
        revealed.addWidget(self.boost_cards_box)
        self.steps = QStackedWidget()
        self.steps.addWidget(entry_page)
        self.steps.addWidget(revealed_page)
        layout = QVBoxLayout(self)
        layout.setSpacing(COMPACT_SPACING)
        margins = layout.contentsMargins()
        layout.setContentsMargins(margins.left(), COMPACT_SPACING, margins.right(), COMPACT_SPACING)
        layout.addWidget(self.steps)
        self.buttons_row = buttons = QHBoxLayout()
        buttons.addWidget(self.reveal_button)
        buttons.addWidget(self.boost_button)
        buttons.addWidget(self.finish_button)
        buttons.addWidget(self.cancel_button)
        layout.addLayout(buttons)
        result_row = QHBoxLayout()
        result_row.addWidget(self.result_label, 0, Qt.AlignmentFlag.AlignTop)
        result_row.addWidget(self.result_detail, 1)
        layout.addLayout(result_row)
        # Notes that come and go, under everything a click lands on (close together: a laptop's
        # panel has no line to spare).
        notes = QVBoxLayout()
        notes.setSpacing(2)
        notes.addWidget(self.boost_note)
        notes.addWidget(self.changed_check)
        notes.addWidget(self.refusal_label)
        layout.addLayout(notes)
        layout.addStretch(1)

        self.known_add.clicked.connect(self._add_known)
        self.known_clear.clicked.connect(lambda: self._guard(model.set_known_top, []))
        self.second_combo.currentIndexChanged.connect(lambda _: self._fill_choices())
        self.reveal_button.clicked.connect(self._reveal)
        self.boost_button.clicked.connect(self._boost)
        self.finish_button.clicked.connect(lambda: self._guard(model.procedure.finish))
        self.cancel_button.clicked.connect(model.procedure.cancel)
        self.changed_check.toggled.connect(model.set_situation_changed)
        model.changed.connect(self.sync)
        model.check_resolved.connect(self.show_result)
        model.result_cleared.connect(self.show_result)
        self.sync()

    def _guard(self, action: Callable[..., Any], *args: Any) -> Any:
        try:
            return action(*args)
        except TableRefused as refused:
            show_refusal(self, str(refused))
            self.sync()
            return None

    def _add_known(self) -> None:
        card = self.known_combo.card()
        if card is not None:
            self._guard(self.model.set_known_top, [*self.model.known_top, card])

    def _fill_choices(self) -> None:
        """「ランダム」 or the color the table chose for a 2nd card of several colors."""
        colors = self.model.procedure.color_choices(self.second_combo.card())
        items: list[tuple[str, object]] = []
        if colors:
            items.append((self.tr("ランダムに決める（記録します）"), RANDOM_COLOR))
            items += [(self.tr("{0}としてあつかう").format(color_name(c)), i) for i, c in enumerate(colors)]
        fill_combo(self.choice_combo, items, self.choice_combo.currentData())
        if self.choice_combo.currentIndex() < 0 and self.choice_combo.count():
            self.choice_combo.setCurrentIndex(0)
        self.choice_combo.setEnabled(bool(items))

    def _reveal(self) -> None:
        procedure = self.model.procedure
        if self.model.virtual:
            self._guard(procedure.reveal_virtual)
            return
        top, second = self.top_combo.card(), self.second_combo.card()
        if top is None or second is None:
            show_refusal(self, self.tr("公開された2枚のカードを選んでください"))
            return
        choice = self.choice_combo.currentData()
        self._guard(
            procedure.reveal_physical, top, second, None if choice in (None, RANDOM_COLOR) else choice
        )

    def _boost(self) -> None:
        procedure = self.model.procedure
        if self.model.virtual:
            self._guard(procedure.boost_virtual)
            return
        cards = [combo.card() for combo in self.boost_combos[: procedure.boost_entry_count]]
        if any(card is None for card in cards):
            show_refusal(self, self.tr("追放した{0}枚のカードを選んでください").format(len(cards)))
            return
        self._guard(procedure.boost_physical, cards)

    def sync(self) -> None:
        model, procedure = self.model, self.model.procedure
        virtual, revealed = model.virtual, procedure.revealed
        deck = model.deck()
        if deck is None:
            mode = self.tr("デッキを選ぶと判定できます")
        elif virtual:
            mode = self.tr("仮想ライブラリー: gmtool がライブラリーの順番を持っています")
        else:
            mode = self.tr("物理デッキ: 公開されたカードを選んで入力します")
        self.setTitle(self.tr("行動判定の進行 — {0}").format(mode))
        cards = model.deck_cards()
        for combo in (self.known_combo, self.top_combo, self.second_combo, *self.boost_combos):
            combo.blockSignals(True)
            combo.set_cards(cards)
            combo.blockSignals(False)
        self._fill_choices()
        self.known_label.setText(
            self.tr("PLが知っている上のカード（上から）: {0}").format(cards_text(model.known_top))
            if model.known_top
            else self.tr("PLが知っている上のカード:")
        )
        self.steps.setCurrentIndex(0 if revealed is None else 1)
        self.known_box.setVisible(not virtual and deck is not None)
        self.known_clear.setText(self.tr("クリア（{0}枚）").format(len(model.known_top)))
        self.physical_box.setVisible(not virtual and deck is not None)
        # Entering the cards: 計算する beside the color; else first of the buttons.
        if not virtual and deck is not None:
            move_to_grid(self.reveal_button, self.physical_grid, 1, 2, 1, 2)
        else:
            move_widget(self.reveal_button, self.buttons_row, index=0)
        self.reveal_button.setText(
            self.tr("カードを公開する") if virtual else self.tr("入力したカードで計算する")
        )
        # Disabled, not hidden, once the cards are revealed: the buttons beside it stay put.
        self.reveal_button.setEnabled(deck is not None and revealed is None)
        # The cards; 目標値 and 達成値 are on the result's line, under the buttons.
        self.shown_label.setText(
            self.tr("公開: {0}").format(cards_text([revealed.shown.top, revealed.shown.second]))
            if revealed
            else ""
        )
        boost_refusal = shown_message(procedure.boost_refusal()) if revealed else ""
        can_boost = revealed is not None and not boost_refusal
        self.boost_cards_box.setVisible(not virtual)
        self.boost_cards_box.setEnabled(can_boost)
        for index, combo in enumerate(self.boost_combos):  # 4 when the revealed two are of the six
            combo.setVisible(index < procedure.boost_entry_count)
        self.boost_button.setEnabled(can_boost)
        self.boost_button.setToolTip(boost_refusal)
        self.boost_note.setText(boost_refusal if revealed and not revealed.shown.succeeded else "")
        self.boost_note.setVisible(bool(self.boost_note.text()))
        self.finish_button.setEnabled(revealed is not None)
        self.cancel_button.setEnabled(revealed is not None)
        self.changed_check.blockSignals(True)
        self.changed_check.setChecked(model.situation_changed)
        self.changed_check.blockSignals(False)
        refusal = model.roll_refusal() if revealed is None else None
        self.refusal_label.setText(shown_message(refusal or ""))
        self.refusal_label.setVisible(bool(refusal))
        self.changed_check.setVisible(model.situation_changed or model.already_checked)

        self.show_result()

    def show_result(self, _result: Any = None) -> None:
        outcome, detail = self.model.result_lines()
        self.result_label.setText(outcome)
        if outcome or detail or self.result_detail.text() != self.tr("まだ判定していません"):
            self.result_detail.setText(detail)
