"""An NPC's preset 縁故: 「NPCの縁故はセッション開始時点で設定済みで良いが、一つの類型あたり5~6点程度を
目安とすること」.

The list is edited through its model (`models/sengensho/preset_bonds.py`): fixed while a session
runs, and between sessions the text's limits are refused with their reason, counting the holder's
縁故 still in play.  The points guideline is a hint: a 類型 whose preset levels sum outside it is
shown in the warning colour, never refused.  Hidden for a PC unless it still carries presets (e.g.
switched from NPC), so they can be removed.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QComboBox, QGridLayout, QLabel, QLineEdit, QSpinBox, QWidget

from gmtool.models.sengensho.labels import NPC_GUIDE_NOTE, archetype_label
from gmtool.models.sengensho.preset_bonds import PresetList
from gmtool.models.sengensho.session_model import SengenshoSessionModel
from gmtool.rules.systems.sengensho.bonds_types import KIND_LABELS, MAX_LEVEL
from gmtool.rules.systems.sengensho.character import BondKind, PresetBond
from gmtool.views.appearance import Tone, set_tone
from gmtool.views.sengensho.sheet_parts import (
    NOTE_STYLE,
    RowListEditor,
    kind_text,
    labels_text,
    preset_cells,
)


class SengenshoPresetsBox(RowListEditor):
    COLUMNS = ("類型", "種類", "対象", "レベル")

    def __init__(
        self, presets: PresetList, session: SengenshoSessionModel, parent: QWidget | None = None
    ) -> None:
        word = QCoreApplication.translate("SengenshoPresetsBox", "縁故")
        super().__init__(presets, word, stretch=2, parent=parent)
        self.presets = presets
        self.setTitle(self.tr("事前設定の縁故（NPC）"))
        self.table.setMinimumHeight(150)  # a few rows stay readable
        self.pc_note = QLabel(
            self.tr("PCの縁故はセッション中に結びます。事前設定の縁故はNPCのものなので、外してください")
        )
        self.pc_note.setWordWrap(True)
        set_tone(self.pc_note, "warning")
        self.guide_label = QLabel(labels_text(NPC_GUIDE_NOTE))
        set_tone(self.guide_label, NOTE_STYLE)
        self.sums = QGridLayout()
        self.sum_labels: dict[str, QLabel] = {}
        self.count_label = QLabel()
        self.count_label.setWordWrap(True)
        layout = self.main_layout
        layout.insertWidget(0, self.pc_note)
        layout.addLayout(self.sums)
        layout.addWidget(self.count_label)
        layout.addWidget(self.guide_label)
        # The lock and the count follow the session (the 縁故 kept in play count too).
        session.changed.connect(self.sync)

    def make_fields(self) -> list[tuple[QWidget, int]]:
        self.archetype_combo = QComboBox()
        self.archetype_combo.setAccessibleName(self.tr("縁故の類型"))
        self.kind_combo = QComboBox()
        for kind in KIND_LABELS:
            self.kind_combo.addItem(kind_text(kind), kind.value)
        self.kind_combo.setAccessibleName(self.tr("縁故の種類"))
        self.target_edit = QLineEdit()
        self.target_edit.setPlaceholderText(self.tr("対象（キャラクター・集団、記憶、目的）"))
        self.target_edit.setAccessibleName(self.tr("縁故の対象"))
        self.level_spin = QSpinBox()
        self.level_spin.setRange(1, MAX_LEVEL)
        self.level_spin.setAccessibleName(self.tr("縁故のレベル"))
        return [(self.archetype_combo, 0), (self.kind_combo, 0), (self.target_edit, 1), (self.level_spin, 0)]

    # ---- reading --------------------------------------------------------------------------
    def cells(self, item: PresetBond) -> list[str]:
        return preset_cells(item)

    def sync(self) -> None:
        if not self.presets.character_model.exists:
            return
        c = self.presets.character_model.character
        self.setHidden(not self.presets.shown())
        self.pc_note.setVisible(c.is_pc)
        if [self.archetype_combo.itemData(i) for i in range(self.archetype_combo.count())] != list(
            c.archetypes
        ):
            selected = self.archetype_combo.currentData()
            self.archetype_combo.clear()
            for name in c.archetypes:
                self.archetype_combo.addItem(archetype_label(name), name)
            self.archetype_combo.setCurrentIndex(max(0, self.archetype_combo.findData(selected)))
        super().sync()
        self._sync_sums()

    def _sync_sums(self) -> None:
        points = self.presets.points()
        names = [p.archetype for p in points]
        if list(self.sum_labels) != names:
            for label in self.sum_labels.values():
                self.sums.removeWidget(label)
                label.deleteLater()
            self.sum_labels = {name: QLabel() for name in names}
            for i, label in enumerate(self.sum_labels.values()):
                self.sums.addWidget(label, i // 3, i % 3)
        for shown in points:
            label = self.sum_labels[shown.archetype]
            label.setText(self.tr("{0}: {1}点").format(archetype_label(shown.archetype), shown.points))
            set_tone(label, Tone("warning", "font-weight: bold;") if shown.outside_guide else None)
            label.setToolTip(
                self.tr("目安から外れています（{0}）").format(self.guide_label.text())
                if shown.outside_guide
                else ""
            )
        count = self.presets.count()
        self.count_label.setText(
            self.tr("縁故 {0}/{1}個（事前設定 {2}個・セッションの縁故 {3}個を合わせて数えます）").format(
                count.total, count.maximum, count.presets, count.in_play
            )
        )

    # ---- editing --------------------------------------------------------------------------
    def editor_item(self) -> PresetBond:
        return self.presets.preset(
            self.archetype_combo.currentData(),
            BondKind(self.kind_combo.currentData()),
            self.target_edit.text(),
            self.level_spin.value(),
        )

    def show_in_editor(self, item: PresetBond) -> None:
        self.archetype_combo.setCurrentIndex(max(0, self.archetype_combo.findData(item.archetype)))
        self.kind_combo.setCurrentIndex(max(0, self.kind_combo.findData(item.kind.value)))
        self.target_edit.setText(item.target)
        self.level_spin.setValue(item.level)
