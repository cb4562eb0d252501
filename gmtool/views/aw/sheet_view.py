"""The アナザーワールドSRS character sheet.

"Recalculate everything, then re-sync the widgets": every change arrives as
CharacterModel.changed, and `_sync()` re-reads all values with signals
blocked, so undo/redo and edits from elsewhere always show.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.aw.feat_table_model import FeatTableModel
from gmtool.models.aw.session_model import AWSessionModel
from gmtool.models.character_model import CharacterModel
from gmtool.rules.systems.aw.character import ATTRIBUTES, COMBAT_VALUES, MAX_CLASSES
from gmtool.views.aw.session_box import AWSessionBox
from gmtool.views.edit_table import type_through
from gmtool.views.sheet.two_columns import TwoColumns
from gmtool.views.widgets import CommitPlainTextEdit, edit_new_row, show_refusal


class AWSheetView(QWidget):
    def __init__(self, model: CharacterModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.spins: dict[str, QSpinBox] = {}
        self._syncers: list[Callable[[], None]] = []

        self.name_edit = QLineEdit()
        self.name_edit.editingFinished.connect(
            lambda: self._commit("name", self.name_edit.text(), self.tr("名前"))
        )
        self.pc_check = QCheckBox(self.tr("PC"))
        self.pc_check.toggled.connect(lambda on: self._commit("is_pc", on, self.tr("PC/NPC")))
        self._syncers.append(lambda: self.name_edit.setText(self.model.value("name")))
        self._syncers.append(lambda: self.pc_check.setChecked(self.model.value("is_pc")))
        header = QHBoxLayout()
        header.addWidget(QLabel(self.tr("名前")))
        header.addWidget(self.name_edit, 1)
        header.addWidget(self.pc_check)

        attributes = self._spin_group(
            self.tr("能力値"), [(f"attributes.{key}", self.tr(label)) for key, label in ATTRIBUTES]
        )
        combat = self._spin_group(
            self.tr("戦闘値"), [(f"combat.{key}", self.tr(label)) for key, label in COMBAT_VALUES]
        )
        pools = self._spin_group(
            self.tr("HP・MP・判定"),
            [
                ("hp", self.tr("HP")),
                ("hp_max", self.tr("最大HP")),
                ("mp", self.tr("MP")),
                ("mp_max", self.tr("最大MP")),
                ("critical", self.tr("クリティカル値")),
                ("fumble", self.tr("ファンブル値")),
            ],
            columns=2,
        )
        self.spins["hp"].setToolTip(self.tr("現在のHP"))

        classes_box = QGroupBox(self.tr("クラス（最大{0}つ）").format(MAX_CLASSES))
        classes_layout = QHBoxLayout(classes_box)
        self.class_edits = [QLineEdit() for _ in range(MAX_CLASSES)]
        for i, edit in enumerate(self.class_edits):
            edit.setPlaceholderText(self.tr("クラス{0}").format(i + 1))
            edit.editingFinished.connect(self._commit_classes)
            classes_layout.addWidget(edit)
        self._syncers.append(self._sync_classes)

        self.feat_model = FeatTableModel(model, self)
        self.feat_table = QTableView()
        type_through(self.feat_table)
        self.feat_table.setModel(self.feat_model)
        self.feat_table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.feat_table.horizontalHeader().setStretchLastSection(True)
        self.add_feat_button = add_feat = QPushButton(self.tr("特技を追加"))
        add_feat.clicked.connect(self.add_feat)
        remove_feat = QPushButton(self.tr("選択した特技を削除"))
        remove_feat.clicked.connect(
            lambda: self._guard(lambda: self.feat_model.remove_feat(self.feat_table.currentIndex().row()))
        )
        feats_box = QGroupBox(self.tr("特技"))
        feats_layout = QVBoxLayout(feats_box)
        feats_layout.addWidget(self.feat_table)
        buttons = QHBoxLayout()
        buttons.addWidget(add_feat)
        buttons.addWidget(remove_feat)
        buttons.addStretch(1)
        feats_layout.addLayout(buttons)

        self.lifepath_edit = self._text_field("lifepath", self.tr("ライフパス"))
        self.notes_edit = self._text_field("notes", self.tr("メモ"))
        texts = QHBoxLayout()
        for title, text_edit in (
            (self.tr("ライフパス"), self.lifepath_edit),
            (self.tr("メモ"), self.notes_edit),
        ):
            box = QGroupBox(title)
            QVBoxLayout(box).addWidget(text_edit)
            texts.addWidget(box)

        scores = QWidget()
        scores_row = QHBoxLayout(scores)
        scores_row.setContentsMargins(0, 0, 0, 0)
        scores_row.addWidget(attributes)
        scores_row.addWidget(combat)
        # HP・MP beside the scores where the sheet is wide, under them where it is narrow (a laptop).
        values = TwoColumns(scores, pools)
        values.box.setContentsMargins(0, 0, 0, 0)
        layout = QVBoxLayout(self)
        layout.addLayout(header)
        layout.addWidget(values)
        self.session_box: AWSessionBox | None = None  # given by the window: see `show_session`
        self.classes_row = QHBoxLayout()
        self.classes_row.addWidget(classes_box, 1)
        layout.addLayout(self.classes_row)
        layout.addWidget(feats_box, 2)
        layout.addLayout(texts, 1)

        model.changed.connect(self._sync)
        self._sync()

    def show_session(self, session_model: AWSessionModel) -> None:
        """Contracts and keys live in the campaign's session state: the window hands the sheet the
        session model that reads them (`AWMenu.attach_sheet`), and they show beside the classes."""
        self.session_box = AWSessionBox(session_model, self.model.character_id)
        self.classes_row.addWidget(self.session_box, 1)

    # ---- construction helpers ---------------------------------------------------
    def _spin_group(self, title: str, entries: list[tuple[str, str]], columns: int = 1) -> QGroupBox:
        box = QGroupBox(title)
        grid = QGridLayout(box) if columns > 1 else None
        form = None if grid else QFormLayout(box)
        for i, (path, label) in enumerate(entries):
            spin = QSpinBox()
            spin.setRange(-99, 999) if "." in path else spin.setRange(-9999, 99999)
            if path in ("critical", "fumble"):
                spin.setRange(2 if path == "critical" else 1, 13 if path == "critical" else 12)
            spin.setKeyboardTracking(False)  # one undo step per committed value, not per keystroke
            spin.setAccessibleName(label)
            spin.valueChanged.connect(lambda v, p=path, lab=label: self._commit(p, v, lab))
            self.spins[path] = spin

            def sync_spin(p: str = path, s: QSpinBox = spin) -> None:  # bound now, not at the loop's end
                s.setValue(self.model.value(p))

            self._syncers.append(sync_spin)
            if grid is not None:
                row, col = divmod(i, columns)
                grid.addWidget(QLabel(label), row, col * 2)
                grid.addWidget(spin, row, col * 2 + 1)
            else:
                assert form is not None
                form.addRow(label, spin)
        return box

    def _text_field(self, path: str, label: str) -> CommitPlainTextEdit:
        edit = CommitPlainTextEdit()
        edit.committed.connect(lambda text: self._commit(path, text, label))
        self._syncers.append(lambda: edit.set_text_if_changed(self.model.value(path)))
        return edit

    # ---- editing ----------------------------------------------------------------
    def _commit(self, path: str, value: object, label: str) -> None:
        if not self.model.exists or self.model.value(path) == value:
            return
        self._guard(lambda: self.model.set_value(path, value, label))

    def add_feat(self) -> None:
        """特技を追加: a new row, its name cell open for typing."""
        rows = self.feat_model.rowCount()
        self._guard(self.feat_model.add_feat)
        if self.feat_model.rowCount() > rows:
            edit_new_row(self.feat_table, rows)

    def _commit_classes(self) -> None:
        classes = tuple(e.text().strip() for e in self.class_edits if e.text().strip())
        self._commit("classes", classes, self.tr("クラス"))

    def _guard(self, action: Callable[[], None]) -> None:
        """Runs an edit; a refused edit is explained and the widgets snap back."""
        try:
            action()
        except ValueError as refusal:
            show_refusal(self, str(refusal))
            self._sync()

    def _sync_classes(self) -> None:
        classes = self.model.value("classes")
        for i, edit in enumerate(self.class_edits):
            edit.setText(classes[i] if i < len(classes) else "")

    def _sync(self) -> None:
        if not self.model.exists:
            return
        editors = [
            self.name_edit,
            self.pc_check,
            self.lifepath_edit,
            self.notes_edit,
            *self.class_edits,
            *self.spins.values(),
        ]
        for editor in editors:
            editor.blockSignals(True)
        try:
            for syncer in self._syncers:
                syncer()
        finally:
            for editor in editors:
                editor.blockSignals(False)
