"""仮想ライブラリー: the decks gmtool shuffles and holds for a table that plays without cards.

One deck at a time: the zones (library, hand, graveyard, the boost's exile until the end of the
turn), what the player knows of the library (the top cards they have seen, the groups put on the
bottom), and the moves a game needs: shuffle, draw, mill, look at the top, put a card on the
bottom, return everything.  The real order is hidden unless the GM asks to see it.  Every move is
one Ctrl+Z step and one log line.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QSize
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.mtg.labels import cards_text, copy_text
from gmtool.models.mtg.table_model import MTGTableModel
from gmtool.rules.systems.mtg.library_types import VirtualLibrary
from gmtool.rules.systems.mtg.table_types import TableRefused
from gmtool.views.appearance import Tone, set_tone
from gmtool.views.check.roller_inputs_box import fill_combo
from gmtool.views.screen_fit import fit_to_screen
from gmtool.views.widgets import close_only_buttons, show_refusal, shown_message

NOTE_STYLE = Tone("warning")


class MTGLibraryDialog(QDialog):
    def __init__(
        self, model: MTGTableModel, character_id: str | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.model = model
        self.setWindowTitle(self.tr("仮想ライブラリー（MTGでTRPG）"))
        fit_to_screen(self, QSize(760, 640), keep_menu_bar=True)  # its menus stay in reach
        self.deck_combo = QComboBox()
        self.deck_combo.currentIndexChanged.connect(lambda _: self.sync())
        self.turn_label = QLabel()
        self.status_label = QLabel()
        self.status_label.setWordWrap(True)
        self.problem_label = QLabel()
        set_tone(self.problem_label, NOTE_STYLE)
        self.problem_label.setWordWrap(True)
        self.build_button = QPushButton()
        self.build_button.clicked.connect(self._build)
        # As wide for either text: 作る becoming 作り直す moved 仮想ライブラリーをやめる beside it.
        self.build_button.setMinimumWidth(
            max(
                QPushButton(text).sizeHint().width()
                for text in (self.tr("仮想ライブラリーを作る"), self.tr("仮想ライブラリーを作り直す"))
            )
        )
        self.remove_button = QPushButton(self.tr("仮想ライブラリーをやめる"))
        self.remove_button.clicked.connect(self._remove)
        self.end_turn_button = QPushButton(self.tr("ターン終了（シーン終了）"))
        self.end_turn_button.setToolTip(
            self.tr("ブーストで追放したカードをライブラリーの下へ戻し、ブーストと同じ判定の回数を戻します")
        )
        self.end_turn_button.clicked.connect(lambda: self._guard(model.end_turn))

        self.count_spin = QSpinBox()
        self.count_spin.setRange(1, 99)
        moves = QGridLayout()
        self.move_buttons: dict[str, QPushButton] = {}
        for i, (key, text, handler) in enumerate(
            (
                ("shuffle", self.tr("シャッフル"), self._shuffle),
                ("draw", self.tr("引く"), lambda: self._count_move(model.draw)),
                ("mill", self.tr("墓地に置く"), lambda: self._count_move(model.mill)),
                ("look", self.tr("上を見る（PLが知る）"), lambda: self._count_move(model.look_at_top)),
                ("return", self.tr("全部戻してシャッフル"), self._return_all),
            )
        ):
            button = QPushButton(text)
            button.clicked.connect(handler)
            self.move_buttons[key] = button
            moves.addWidget(button, i // 3, i % 3)
        count_row = QHBoxLayout()
        count_row.addWidget(QLabel(self.tr("枚数")))
        count_row.addWidget(self.count_spin)
        count_row.addStretch(1)

        self.library_list = QListWidget()
        self.show_order = QCheckBox(self.tr("ライブラリーの順番を表示する（GMだけが見る）"))
        self.show_order.toggled.connect(lambda _: self.sync())
        self.hand_list, self.graveyard_list, self.exile_list = QListWidget(), QListWidget(), QListWidget()
        self.bottom_button = QPushButton(self.tr("選んだ手札・墓地のカードをライブラリーの下へ"))
        self.bottom_button.clicked.connect(self._to_bottom)

        # Two zones to a row: four side by side left each list a quarter of the dialog, too narrow
        # for a card's name.
        zones = QGridLayout()
        for index, (title, widget) in enumerate(
            (
                (self.tr("ライブラリー（上から）"), self.library_list),
                (self.tr("手札"), self.hand_list),
                (self.tr("墓地"), self.graveyard_list),
                (self.tr("追放（ブースト・ターン終了まで）"), self.exile_list),
            )
        ):
            row, column = 2 * (index // 2), index % 2
            zones.addWidget(QLabel(title), row, column)
            zones.addWidget(widget, row + 1, column)
            zones.setRowStretch(row + 1, 1)
        zones.setColumnStretch(0, 1)
        zones.setColumnStretch(1, 1)
        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("デッキ")))
        top.addWidget(self.deck_combo, 1)
        top.addWidget(self.turn_label)
        top.addWidget(self.end_turn_button)
        manage = QHBoxLayout()
        manage.addWidget(self.build_button)
        manage.addWidget(self.remove_button)
        manage.addStretch(1)
        moves_box = QGroupBox(self.tr("カードを動かす"))
        moves_layout = QVBoxLayout(moves_box)
        moves_layout.addLayout(count_row)
        moves_layout.addLayout(moves)
        moves_layout.addWidget(self.bottom_button)

        # Every button above the lines of text whose length changes with the deck: a status of
        # more lines moves only the lists under it, never a button under the pointer.
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(manage)
        layout.addWidget(moves_box)
        layout.addWidget(self.show_order)
        layout.addWidget(self.status_label)
        layout.addWidget(self.problem_label)
        layout.addLayout(zones, 1)
        layout.addWidget(close_only_buttons(self))
        model.changed.connect(self.sync)
        self.sync()
        if character_id is not None:
            self.deck_combo.setCurrentIndex(self.deck_combo.findData(character_id))

    # ---- actions ----------------------------------------------------------------------------
    def character_id(self) -> str | None:
        character_id = self.deck_combo.currentData()
        return character_id if isinstance(character_id, str) else None

    def _guard(self, action: Callable[..., Any], *args: Any) -> None:
        try:
            action(*args)
        except TableRefused as refused:
            show_refusal(self, str(refused))
            self.sync()

    def ask_confirm(self, title: str, text: str) -> bool:
        """Tests replace this."""
        return QMessageBox.question(self, title, text) == QMessageBox.StandardButton.Yes

    def _build(self) -> None:
        cid = self.character_id()
        if cid is None:
            show_refusal(self, self.tr("デッキを選んでください"))
            return
        if self.model.library(cid) is not None and not self.ask_confirm(
            self.tr("仮想ライブラリーを作り直す"),
            self.tr(
                "デッキから作り直してシャッフルします。"
                "手札・墓地・追放も含めて今の状態は消えます（Ctrl+Z で戻せます）。"
            ),
        ):
            return
        self._guard(self.model.start_library, cid)

    def _remove(self) -> None:
        cid = self.character_id()
        if cid is not None and self.ask_confirm(
            self.tr("仮想ライブラリーをやめる"),
            self.tr("このデッキの仮想ライブラリーをやめ、物理デッキとして判定します（Ctrl+Z で戻せます）。"),
        ):
            self._guard(self.model.remove_library, cid)

    def _change(self, move: Callable[..., None], *args: Any) -> None:
        cid = self.character_id()
        if cid is not None:
            self._guard(move, cid, *args)

    def _shuffle(self) -> None:
        self._change(self.model.shuffle)

    def _return_all(self) -> None:
        if self.ask_confirm(
            self.tr("全部戻してシャッフル"),
            self.tr("手札・墓地・追放のカードをすべてライブラリーに戻してシャッフルします。"),
        ):
            self._change(self.model.return_all)

    def _count_move(self, move: Callable[[str, int], None]) -> None:
        self._change(move, self.count_spin.value())

    def _to_bottom(self) -> None:
        item = self.hand_list.currentItem() or self.graveyard_list.currentItem()
        if item is None:
            show_refusal(self, self.tr("ライブラリーの下に置く手札か墓地のカードを選んでください"))
            return
        self._change(self.model.put_on_bottom, int(item.data(256)))

    # ---- showing ----------------------------------------------------------------------------
    def sync(self) -> None:
        model = self.model
        current = self.character_id()
        self.deck_combo.blockSignals(True)
        fill_combo(
            self.deck_combo, [(name or self.tr("（名前なし）"), cid) for cid, name in model.decks()], current
        )
        if self.deck_combo.currentIndex() < 0 and self.deck_combo.count():
            self.deck_combo.setCurrentIndex(0)
        self.deck_combo.blockSignals(False)
        cid = self.character_id()
        state = model.state()
        self.turn_label.setText(self.tr("ターン {0}").format(state.turn))
        self.problem_label.setText(shown_message(model.problem() or ""))
        self.problem_label.setVisible(bool(model.problem()))
        library = model.library(cid) if cid else None
        self.build_button.setText(
            self.tr("仮想ライブラリーを作り直す") if library else self.tr("仮想ライブラリーを作る")
        )
        self.build_button.setEnabled(cid is not None)
        self.remove_button.setEnabled(library is not None)
        for button in (*self.move_buttons.values(), self.bottom_button):
            button.setEnabled(library is not None)
        if library is None:
            self.status_label.setText(
                self.tr(
                    "このデッキは物理デッキとして判定します。"
                    "仮想ライブラリーを作ると、gmtool が順番を持ちます。"
                )
                if cid
                else self.tr("MTGでTRPG のデッキがありません")
            )
            for widget in (self.library_list, self.hand_list, self.graveyard_list, self.exile_list):
                widget.clear()
            return
        self.status_label.setText(self._status(library, cid or ""))
        self._fill_library(library)
        for widget, zone in (
            (self.hand_list, library.hand),
            (self.graveyard_list, library.graveyard),
            (self.exile_list, library.exiled),
        ):
            widget.clear()
            for instance in zone:
                widget.addItem(copy_text(library.card(instance)))
                widget.item(widget.count() - 1).setData(256, instance)

    def _status(self, library: VirtualLibrary, cid: str) -> str:
        parts = [
            self.tr("ライブラリー {0} 枚・手札 {1}・墓地 {2}・追放 {3}").format(
                library.size, len(library.hand), len(library.graveyard), len(library.exiled)
            )
        ]
        if library.known_top:
            known = cards_text(library.cards_of(library.order[: library.known_top]))
            parts.append(self.tr("PLが知っている上の {0} 枚: {1}").format(library.known_top, known))
        if library.blocks:
            parts.append(self.tr("下に置いたまとまり: {0}（中の順番はPLに分からない）").format(
                " / ".join(str(b) for b in library.blocks)))  # fmt: skip
        if self.model.library_outdated(cid):
            parts.append(self.tr("デッキが変更されています。作り直すと反映されます"))
        return "\n".join(parts)

    def _fill_library(self, library: VirtualLibrary) -> None:
        self.library_list.clear()
        known, pool, *blocks = library.regions()
        for instance in known:
            self.library_list.addItem(self.tr("（既知）{0}").format(copy_text(library.card(instance))))
        if self.show_order.isChecked():
            for instance in pool:
                self.library_list.addItem(copy_text(library.card(instance)))
            for number, block in enumerate(blocks, 1):
                for instance in block:
                    self.library_list.addItem(
                        self.tr("（下のまとまり{0}）{1}").format(number, copy_text(library.card(instance)))
                    )
        else:
            if pool:
                self.library_list.addItem(self.tr("……順番の分からない {0} 枚……").format(len(pool)))
            for number, block in enumerate(blocks, 1):
                self.library_list.addItem(
                    self.tr("（下のまとまり{0}）{1}").format(number, cards_text(library.cards_of(block)))
                )
