"""契約・令呪: the master → servant tree, forming and breaking contracts, the history of every
contract, and the use of 令呪 (the box in aw_session_spells_box.py)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QScrollArea,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.aw.session_contracts import BREAK_LABELS
from gmtool.models.aw.session_model import AWSessionModel
from gmtool.rules.systems.aw.session_state import BreakMethod
from gmtool.views.appearance import tone_colour
from gmtool.views.aw.session_spells_box import AWSpellsBox
from gmtool.views.session_tab import ID_ROLE, Confirm, SessionTab

HISTORY_HEADERS = (
    "マスター",
    "サーヴァント",
    "契約したセッション",
    "破棄の方法",
    "メモ",
    "破棄したセッション",
)
TREE_HEADERS = ("キャラクター", "令呪", "備考")


class AWContractsTab(SessionTab[AWSessionModel]):
    def __init__(self, model: AWSessionModel, confirm: Confirm, parent: QWidget | None = None) -> None:
        super().__init__(model, confirm, parent)
        self.tree = QTreeWidget()
        self.tree.setColumnCount(len(TREE_HEADERS))
        self.tree.setHeaderLabels([self.tr(h) for h in TREE_HEADERS])
        self.tree.header().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.tree.header().setStretchLastSection(True)
        self.tree.setAccessibleName(self.tr("マスターとサーヴァント"))
        tree_box = QGroupBox(self.tr("マスター → サーヴァント"))
        QVBoxLayout(tree_box).addWidget(self.tree)

        self.master_combo = QComboBox()
        self.master_combo.setAccessibleName(self.tr("マスター"))
        self.servant_combo = QComboBox()
        self.servant_combo.setAccessibleName(self.tr("サーヴァント"))
        self.form_button = self.button(self.tr("契約する"), self._form)
        form_box = QGroupBox(self.tr("契約を結ぶ"))
        form = QFormLayout(form_box)
        form.addRow(self.tr("マスター"), self.master_combo)
        form.addRow(self.tr("サーヴァント"), self.servant_combo)
        rules_note = QLabel(
            self.tr(
                "サーヴァントのマスターは 1 人だけ。一度結んだ向きの契約は、破棄した後も二度と結べません。"
                "逆向きの契約は、今の契約を破棄した後なら結べます。"
            )
        )
        rules_note.setWordWrap(True)
        form.addRow(rules_note)
        form.addRow(self.form_button)

        self.break_servant_combo = QComboBox()
        self.break_servant_combo.setAccessibleName(self.tr("契約を破棄するサーヴァント"))
        self.method_combo = QComboBox()
        for method, label in BREAK_LABELS.items():
            self.method_combo.addItem(self.tr(label), method)
        self.break_note_edit = QLineEdit(placeholderText=self.tr("どのように（任意）"))
        self.break_note_edit.setMaxLength(5000)  # the session document's limit for a note
        self.break_hint = QLabel()
        self.break_hint.setWordWrap(True)
        self.break_button = self.button(self.tr("契約を破棄"), self._break)
        for combo in (self.break_servant_combo, self.method_combo):
            combo.currentIndexChanged.connect(lambda _: self._sync_break_hint())
        break_box = QGroupBox(self.tr("契約を破棄する"))
        breaking = QFormLayout(break_box)
        breaking.addRow(self.tr("サーヴァント"), self.break_servant_combo)
        breaking.addRow(self.tr("方法"), self.method_combo)
        breaking.addRow(self.tr("メモ"), self.break_note_edit)
        breaking.addRow(self.break_button)
        breaking.addRow(self.break_hint)  # below: the hint coming and going moves no button

        self.history_table = self.table(HISTORY_HEADERS, stretch=4)
        history_box = QGroupBox(self.tr("契約の履歴（破棄されたものも残ります）"))
        QVBoxLayout(history_box).addWidget(self.history_table)

        self.spells = AWSpellsBox(model, confirm, self)

        left = QVBoxLayout()
        left.addWidget(tree_box, 1)
        left.addWidget(history_box, 1)
        # The column scrolls: its word-wrapped notes need more height than a QFormLayout asks of the
        # dialog, and without the scroll area they were drawn over the buttons at small sizes.
        column = QWidget()
        right = QVBoxLayout(column)
        right.setContentsMargins(0, 0, 0, 0)
        right.addWidget(form_box)
        right.addWidget(break_box)
        right.addWidget(self.spells)
        right.addStretch(1)
        self.right_scroll = QScrollArea()
        self.right_scroll.setWidget(column)
        self.right_scroll.setWidgetResizable(True)
        self.right_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.right_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._column = column
        self._fit_column()
        layout = QHBoxLayout(self)
        layout.addLayout(left, 3)
        layout.addWidget(self.right_scroll, 2)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._fit_column()  # the boxes are polished now: their titles' real widths

    def _fit_column(self) -> None:
        """Never narrower than the column (combos, box titles) plus the scroll bar: only height
        scrolls.  Again at each sync: the 令呪 box's title is set there, and in English it is
        wider than the column was, which then lost its right edge."""
        bar = self.right_scroll.verticalScrollBar().sizeHint().width()
        layout = self._column.layout()
        if layout is not None:
            layout.invalidate()  # the boxes' new titles, not the sizes it cached before
        self.right_scroll.setMinimumWidth(self._column.minimumSizeHint().width() + bar)

    # ---- actions ----------------------------------------------------------------------------
    def _form(self) -> None:
        master, servant = self.master_combo.currentData(), self.servant_combo.currentData()
        if master is None or servant is None:
            raise ValueError(self.tr("マスターとサーヴァントを選んでください"))
        self.model.contracts.form_contract(master, servant)

    def _break(self) -> None:
        servant = self.break_servant_combo.currentData()
        if servant is None:
            raise ValueError(self.tr("契約しているサーヴァントがいません"))
        method = BreakMethod(self.method_combo.currentData())  # Qt may hand the enum back as a plain str
        if method is BreakMethod.COMMAND_SPELL:
            # The method list starts on the 令呪 (the text's @): a quick click must not spend one unasked.
            master = self.model.state().master_of(servant) or ""
            self.model.contracts.check_spell_available(master)  # none left: the refusal, not a question
            left = self.model.contracts.spells_left(master)
            text = self.tr(
                "{0}の令呪を 1 つ使って、{1}との契約を破棄しますか？\n\n令呪 残り {2} → {3}"
            ).format(self.model.name(master), self.model.name(servant), left, left - 1)
            if not self.confirm(self.tr("令呪で契約破棄"), text):
                return
        self.model.contracts.break_contract(servant, method, self.break_note_edit.text())
        self.break_note_edit.clear()

    # ---- sync ------------------------------------------------------------------------------
    def sync(self) -> None:
        state = self.model.state()
        characters = [(name, i) for i, name in self.model.characters()]
        fresh = self.servant_combo.count() == 0
        self.refill(self.master_combo, characters)
        self.refill(self.servant_combo, characters)
        if fresh and len(characters) > 1:  # start with a pair that is not one character twice
            self.servant_combo.setCurrentIndex(1)
        servants = [
            (
                self.tr("{0}（マスター: {1}）").format(self.model.name(c.servant), self.model.name(c.master)),
                c.servant,
            )
            for c in state.contracts
            if c.active
        ]
        self.refill(self.break_servant_combo, servants)
        self.break_button.setEnabled(bool(servants))
        self._sync_break_hint()
        self._sync_tree()
        rows: list[tuple[str, ...]] = []
        broken: list[bool] = []
        for c in state.contracts:
            b = c.broken
            rows.append(
                (
                    self.model.name(c.master),
                    self.model.name(c.servant),
                    self.tr("セッション {0}").format(c.session),
                    self.tr(BREAK_LABELS[b.method]) if b else self.tr("（継続中）"),
                    b.note if b else "",
                    self.tr("セッション {0}").format(b.session) if b else "",
                )
            )
            broken.append(b is not None)
        self.fill(self.history_table, rows)
        for r, was_broken in enumerate(broken):
            for col in range(len(HISTORY_HEADERS)) if was_broken else ():
                item = self.history_table.item(r, col)
                assert item is not None  # fill() has just set every cell of every row
                item.setForeground(tone_colour("muted"))
        self.spells.sync()
        self._fit_column()

    def _sync_tree(self) -> None:
        maximum = self.model.rules.command_spells
        pcs = {i for i, _ in self.model.pcs()}
        self.tree.clear()
        parents: list[QTreeWidgetItem] = []
        for row in self.model.contract_rows():
            name = self.model.name(row.character)
            spells = ""
            if self.model.contracts.is_master(row.character) and not row.cycle:
                spells = self.tr("令呪 残り {0}/{1}").format(
                    self.model.contracts.spells_left(row.character), maximum
                )
            note = self.tr("PC") if row.character in pcs else self.tr("NPC")
            if row.cycle:
                note = self.tr("↻ 上に表示済み（契約が輪になっています）")
            item = QTreeWidgetItem([name, spells, note])
            item.setData(0, ID_ROLE, row.character)
            del parents[row.depth :]
            if parents:
                parents[-1].addChild(item)
            else:
                self.tree.addTopLevelItem(item)
            parents.append(item)
        self.tree.expandAll()

    def _sync_break_hint(self) -> None:
        servant = self.break_servant_combo.currentData()
        master = self.model.state().master_of(servant) if servant else None
        if master is not None and self.method_combo.currentData() == BreakMethod.COMMAND_SPELL:
            self.break_hint.setText(
                self.tr("{0}の令呪を 1 つ使います（残り {1}）").format(
                    self.model.name(master), self.model.contracts.spells_left(master)
                )
            )
        else:
            self.break_hint.setText("")
        self.break_hint.setVisible(bool(self.break_hint.text()))
