"""The 千幻抄 character sheet.

"Recalculate everything, then re-sync the widgets": every change arrives as CharacterModel.changed
(and the session and the catalog as the campaign's session_changed), and `_sync()` re-reads every
value with the editors' signals blocked, so undo/redo and the session dialog's actions show at once.
Plain fields go through `CharacterModel.set_value`; the lists (skills, 類型, preset 縁故) store one
named undo step each.  A refused edit is explained and the widgets snap back.  The name is edited in
the character list; the sheet shows it.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.sengensho.labels import UNLIMITED_TERM, labels_tr
from gmtool.models.sengensho.sheet_model import SengenshoSheetModel
from gmtool.rules.systems.sengensho.character import ATTRIBUTES, SengenshoCharacter
from gmtool.views.compact import WrappingCheckBox
from gmtool.views.sengensho.archetypes_box import SengenshoArchetypesBox
from gmtool.views.sengensho.fantasy_box import SengenshoFantasyBox
from gmtool.views.sengensho.presets_box import SengenshoPresetsBox
from gmtool.views.sengensho.sheet_parts import STAT_RANGE, SengenshoSkillsBox
from gmtool.views.sheet.sheet_editing import SheetEditing
from gmtool.views.sheet.two_columns import TwoColumns

UNLIMITED_LABEL = "原作キャラクター（GMの判断で幻想能力を無制限に使用）"
# The rule text's own words (「原作キャラクター」).
UNLIMITED_TOOLTIP = (
    "原作のキャラクターは、GMの判断で無制限に幻想能力を使用できるとしてよい。\n"
    "目安としては、「特に強力なキャラクターとの共通認識が得られるキャラクター」などをこのように扱うと良い。\n"
    "特に、「原作のキャラクターに干渉すること」がセッションの進行上不適切な場合はこれで拒否してもよい。"
)


class SengenshoSheetView(SheetEditing, QWidget):
    session_requested = Signal()  # 「セッション管理…」: the integrator opens the session dialog

    def __init__(self, sheet_model: SengenshoSheetModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.sheet_model = sheet_model
        self.model = model = sheet_model.character_model  # the character's own fields (SheetEditing)
        self._init_editing()

        sheet, session = self.sheet_model, self.sheet_model.session
        self.skills_box = SengenshoSkillsBox(sheet.skills)
        self.archetypes_box = SengenshoArchetypesBox(sheet.archetypes, session, self._confirm)
        self.presets_box = SengenshoPresetsBox(sheet.presets, session)
        self.fantasy_box = SengenshoFantasyBox(session, model.character_id)
        self.fantasy_box.session_requested.connect(self._on_session_requested)
        left_column, right_column = QWidget(), QWidget()
        left = QVBoxLayout(left_column)
        left.setContentsMargins(0, 0, 0, 0)
        # What matters at the table comes first, also when the columns stack on a narrow sheet:
        # the 幻想値 summary in the header, then the session box right under the 特性値.
        left.addWidget(self._build_header())
        left.addWidget(self._build_attributes())
        left.addWidget(self.fantasy_box, 1)
        right = QVBoxLayout(right_column)
        right.setContentsMargins(0, 0, 0, 0)
        right.addWidget(self.archetypes_box)
        right.addWidget(self.presets_box, 1)
        right.addWidget(self.skills_box, 1)
        right.addWidget(self._notes_box(), 1)
        self.columns = TwoColumns(left_column, right_column)  # one above the other when narrow
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.columns)

        model.changed.connect(self._sync)
        self._sync()

    # ---- sections -------------------------------------------------------------------------
    def _build_header(self) -> QGroupBox:
        box = QGroupBox(self.tr("人物"))
        self.name_label = QLabel()
        self.name_label.setStyleSheet("font-size: 14pt; font-weight: bold;")
        self.name_label.setToolTip(self.tr("名前はキャラクター一覧で変更します"))
        self.pc_combo = self._editor(QComboBox())
        self.pc_combo.addItem(self.tr("PC"), True)
        self.pc_combo.addItem(self.tr("NPC"), False)
        self.pc_combo.setAccessibleName(self.tr("PC/NPC"))
        self.pc_combo.currentIndexChanged.connect(
            lambda _i: self._commit("is_pc", self.pc_combo.currentData(), self.tr("PC/NPC"))
        )
        self.unlimited_check = self._editor(WrappingCheckBox(self.tr(UNLIMITED_LABEL)))
        self.unlimited_check.setToolTip(self.tr(UNLIMITED_TOOLTIP))
        self.unlimited_check.toggled.connect(
            lambda on: self._commit("unlimited_abilities", on, labels_tr(UNLIMITED_TERM))
        )
        self._syncers.append(self._sync_header)
        layout = QVBoxLayout(box)
        row = QHBoxLayout()
        row.addWidget(self.name_label, 1)
        row.addWidget(self.pc_combo)
        layout.addLayout(row)
        layout.addWidget(self.fantasy_box.summary_label)
        layout.addWidget(self.unlimited_check)
        return box

    def _build_attributes(self) -> QGroupBox:
        box = QGroupBox(self.tr("特性値"))
        form = QFormLayout(box)
        self.attribute_spins = {}
        for key, label in ATTRIBUTES:
            spin = self.attribute_spins[key] = self._spin(f"attributes.{key}", *STAT_RANGE, self.tr(label))
            form.addRow(self.tr(label), spin)
        return box

    # ---- editing --------------------------------------------------------------------------
    @property
    def character(self) -> SengenshoCharacter:
        return self.model.character_as(SengenshoCharacter)

    def ask_confirm(self, title: str, text: str) -> bool:
        """Asks the GM before an edit that removes more than was clicked (tests replace it)."""
        answer = QMessageBox.question(
            self, title, text, QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No
        )
        return answer == QMessageBox.StandardButton.Yes

    def _confirm(self, title: str, text: str) -> bool:
        return self.ask_confirm(title, text)  # looked up at call time, so a test can answer

    def _on_session_requested(self) -> None:
        self.session_requested.emit()

    # ---- re-sync --------------------------------------------------------------------------
    def _sync_header(self) -> None:
        c = self.character
        self.name_label.setText(c.name or self.tr("（名前なし）"))
        self.pc_combo.setCurrentIndex(self.pc_combo.findData(c.is_pc))
        self.unlimited_check.setChecked(c.unlimited_abilities)

    def _sync_parts(self) -> None:
        self.skills_box.sync()
        self.archetypes_box.sync()
        self.presets_box.sync()
        # The session box follows every 千幻抄 character's edits (this one's too) on its own.
