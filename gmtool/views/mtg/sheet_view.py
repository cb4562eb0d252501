"""The MTGでTRPG character sheet: the deck.

「PCはデッキ」: the sheet holds the name and creature-type flavour, the main deck (what every 行動判定
reveals) and the sideboard, the クリティカル・カード with the deck's limit, the statistics the
checks care about, and notes.  "Recalculate everything, then re-sync": every change arrives as the
character model's `changed` and `_sync()` re-reads it all, so undo and the panel's edits show at once.

The card database is the window's (`set_card_database`); without one, cards cannot be added by name
and the sheet says so.  Reading a decklist and entering a card by hand are asked of the window through
`decklist_requested` and `manual_card_requested`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.mtg.deck_model import MTGDeckModel
from gmtool.rules.systems.mtg.cards import Card
from gmtool.rules.systems.mtg.character import MAIN, SIDEBOARD, MTGCharacter
from gmtool.views.appearance import Tone, set_tone
from gmtool.views.mtg.deck_box import MTGDeckBox
from gmtool.views.mtg.deck_plots import ColorPlot, ManaCurvePlot
from gmtool.views.sheet.sheet_editing import SheetEditing
from gmtool.views.sheet.two_columns import TwoColumns

WARNING_STYLE = Tone("error")


class MTGSheetView(SheetEditing, QWidget):
    decklist_requested = Signal()  # 「デッキリストを読み込む…」 into this deck
    # A name the database lacks: enter the card by hand (name, section, copies wanted).
    manual_card_requested = Signal(str, str, int)

    def __init__(self, deck_model: MTGDeckModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.deck_model = deck_model
        self.model = model = deck_model.character_model  # the character's own fields (SheetEditing)
        self._init_editing()
        self.main_box = MTGDeckBox(self.deck_model, MAIN)
        self.side_box = MTGDeckBox(self.deck_model, SIDEBOARD)
        for box in (self.main_box, self.side_box):
            box.picker.unknown = partial(self._request_manual_card, box)
        self.curve_plot = ManaCurvePlot()
        self.color_plot = ColorPlot()

        left_column, right_column = QWidget(), QWidget()
        left = QVBoxLayout(left_column)
        left.setContentsMargins(0, 0, 0, 0)
        # The cards come first, also when the columns stack on a narrow sheet: they are the character.
        left.addWidget(self._build_header())
        left.addWidget(self._build_critical())
        left.addWidget(self.main_box, 1)
        right = QVBoxLayout(right_column)
        right.setContentsMargins(0, 0, 0, 0)
        right.addWidget(self.side_box)
        right.addWidget(self._build_statistics())
        right.addWidget(self._notes_box(), 1)
        self.columns = TwoColumns(left_column, right_column)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.columns)
        model.changed.connect(self._sync)
        deck_model.library_changed.connect(self._sync)
        self._sync()

    @property
    def character(self) -> MTGCharacter:
        return self.model.character_as(MTGCharacter)

    def set_card_database(
        self, find: Callable[[str], Card | None] | None, search: Callable[[str], list[Card]] | None
    ) -> None:
        """The card database's lookups (None, None: there is none, and the sheet says why)."""
        for box in (self.main_box, self.side_box):
            box.picker.set_database(find, search)

    def _request_manual_card(self, box: MTGDeckBox, name: str) -> None:
        """A name the database lacks, typed in ``box``: the window offers to enter the card by hand."""
        self.manual_card_requested.emit(name, box.section, box.picker.count_spin.value())

    def add_card(self, card: Card, count: int = 1, section: str = MAIN) -> None:
        """A card entered by hand, added where the player was adding it."""
        box = self.main_box if section == MAIN else self.side_box
        box.add_picked(card, count)

    # ---- sections -------------------------------------------------------------------------
    def _build_header(self) -> QGroupBox:
        box = QGroupBox(self.tr("デッキ（PC）"))
        self.name_label = QLabel()
        self.name_label.setStyleSheet("font-size: 14pt; font-weight: bold;")
        self.name_label.setToolTip(self.tr("名前はキャラクター一覧で変更します"))
        self.creature_edit = self._editor(QLineEdit())
        self.creature_edit.setPlaceholderText(self.tr("例: エルフ、吸血鬼"))
        self.creature_edit.setAccessibleName(self.tr("クリーチャー・タイプ"))
        self.creature_edit.editingFinished.connect(
            lambda: self._commit(
                "creature_type", self.creature_edit.text().strip(), self.tr("クリーチャー・タイプ")
            )
        )
        self.summary_label = QLabel()
        self.summary_label.setWordWrap(True)
        self.library_warning = QLabel()
        set_tone(self.library_warning, WARNING_STYLE)
        self.library_warning.setWordWrap(True)
        self.decklist_button = QPushButton(self.tr("デッキリストを読み込む…"))
        self.decklist_button.setToolTip(
            self.tr("MTG アリーナ・MTGO・Cockatrice・テキストのデッキリストでカードを置き換えます")
        )
        self.decklist_button.clicked.connect(self.decklist_requested)
        form = QFormLayout()
        form.addRow(self.tr("クリーチャー・タイプ"), self.creature_edit)
        layout = QVBoxLayout(box)
        layout.addWidget(self.name_label)
        layout.addLayout(form)
        layout.addWidget(self.summary_label)
        layout.addWidget(self.library_warning)
        layout.addWidget(self.decklist_button)
        self._syncers.append(self._sync_header)
        return box

    def _build_critical(self) -> QGroupBox:
        box = QGroupBox(self.tr("クリティカル・カード"))
        self.critical_label = QLabel()
        self.critical_label.setWordWrap(True)
        self.default_limit_check = self._editor(QCheckBox(self.tr("デッキ枚数の既定を使う")))
        self.default_limit_check.toggled.connect(self._on_default_limit)
        self.limit_spin = self._editor(QSpinBox())
        self.limit_spin.setRange(0, 99_999)
        self.limit_spin.setSuffix(self.tr(" 枚まで"))
        self.limit_spin.setKeyboardTracking(False)
        self.limit_spin.setAccessibleName(self.tr("クリティカル・カードの枚数"))
        self.limit_spin.valueChanged.connect(
            lambda v: self._guard(lambda: self.deck_model.set_critical_limit(v))
        )
        self.override_check = QCheckBox(self.tr("GMオーバーライド（上限を超えて指定する）"))
        self.override_check.setToolTip(self.tr("使ったことはデッキに記録されます"))
        self.override_check.toggled.connect(self._on_override)
        self.overrides_label = QLabel()
        self.overrides_label.setWordWrap(True)
        set_tone(self.overrides_label, "warning")
        hint = QLabel(
            self.tr(
                "メインデッキの表の「クリティカル」列で指定します（F2 で編集）。"
                "公開されると マナ総量 {0} としてあつかいます。"
            ).format(self.deck_model.critical_mana_value)
        )
        hint.setWordWrap(True)
        row = QHBoxLayout()
        row.addWidget(self.limit_spin)
        row.addWidget(self.default_limit_check)
        layout = QVBoxLayout(box)
        layout.addWidget(self.critical_label)
        layout.addLayout(row)
        layout.addWidget(self.override_check)
        layout.addWidget(hint)
        layout.addWidget(self.overrides_label)
        self._syncers.append(self._sync_critical)
        return box

    def _build_statistics(self) -> QGroupBox:
        box = QGroupBox(self.tr("デッキの統計"))
        layout = QVBoxLayout(box)
        layout.addWidget(self.curve_plot)
        layout.addWidget(self.color_plot)
        self._syncers.append(self._sync_statistics)
        return box

    # ---- editing --------------------------------------------------------------------------
    def _on_default_limit(self, use_default: bool) -> None:
        self._guard(lambda: self.deck_model.use_default_limit(use_default))

    def _on_override(self, on: bool) -> None:
        self.main_box.table_model.override = on

    # ---- re-sync --------------------------------------------------------------------------
    def _sync(self) -> None:
        if self.model.exists:  # the statistics every part shows, computed once per change
            self._stats = self.deck_model.statistics()
        super()._sync()

    def _sync_header(self) -> None:
        c = self.character
        stats = self._stats
        self.name_label.setText(c.name or self.tr("（名前なし）"))
        self.creature_edit.setText(c.creature_type)
        left = self.deck_model.library_left()
        # With a virtual library the deck's size is not what is left to reveal: both are said.
        size = (
            self.tr("ライブラリー {0}枚").format(stats.size)
            if left is None
            else self.tr("デッキ {0}枚（仮想ライブラリーの残り {1}枚）").format(stats.size, left)
        )
        self.summary_label.setText(
            self.tr("{0}・サイドボード {1}枚 ／ 土地 {2}・無色（ブーストで数える）{3}・多色 {4}").format(
                size, stats.sideboard, stats.lands, stats.colorless, stats.multicolor
            )
        )
        self.library_warning.setText(
            self.tr("ライブラリーが{0}枚未満です。行動判定ができません").format(stats.minimum_cards)
            if stats.too_few
            else ""
        )
        self.library_warning.setVisible(stats.too_few)

    def _sync_critical(self) -> None:
        stats = self._stats
        limit = stats.critical_limit
        if limit is None:
            text = self.tr(
                "指定 {0}枚 ／ {1}枚のデッキには既定の枚数がありません。GMが枚数を決めてください"
            ).format(stats.critical_marked, stats.size)
        else:
            basis = (
                self.tr("{0}枚デッキの既定").format(stats.size)
                if stats.critical_limit_is_default
                else self.tr("このデッキの設定")
            )
            text = self.tr("指定 {0} ／ {1}枚まで（{2}）").format(stats.critical_marked, limit, basis)
        if stats.critical_over:
            text += self.tr(" — {0}枚多すぎます").format(stats.critical_over)
        self.critical_label.setText(text)
        set_tone(self.critical_label, WARNING_STYLE if stats.critical_over or limit is None else None)
        own = self.character.critical_limit
        self.default_limit_check.setChecked(own is None)
        self.limit_spin.setEnabled(own is not None)
        self.limit_spin.setMaximum(max(stats.size, 0))
        self.limit_spin.setValue(own if own is not None else (limit or 0))
        self.overrides_label.setText("\n".join(self.character.overrides))
        self.overrides_label.setVisible(bool(self.character.overrides))

    def _sync_statistics(self) -> None:
        stats = self._stats
        self.curve_plot.show_statistics(stats)
        self.color_plot.show_statistics(stats)
