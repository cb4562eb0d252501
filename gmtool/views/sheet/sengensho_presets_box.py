"""An NPC's preset 縁故: 「NPCの縁故はセッション開始時点で設定済みで良いが、一つの類型あたり5~6点程度を
目安とすること」.

The guideline is a hint: a 類型 whose preset levels sum outside it is shown in the warning colour,
never refused.  The text's own limits on 縁故 are refused with their reason, as in play: at most 7
(presets count towards them in the session), 記憶 ≤ 2, 目的 ≤ 1, and one target from one 類型 only.
Hidden for a PC unless it still carries presets (e.g. switched from NPC), so they can be removed.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.character_model import CharacterModel
from gmtool.rules.systems.sengensho.bonds import KIND_LABELS, KIND_LIMITS, MAX_BONDS, NPC_POINTS_GUIDE
from gmtool.rules.systems.sengensho.character import BondKind, PresetBond
from gmtool.views.sheet.sengensho_sheet_parts import (
    NOTE_STYLE,
    WARNING_COLOR,
    fill_table,
    guarded,
    store_character,
)
from gmtool.views.widgets import read_only_table

MAX_LEVEL = 99  # the character schema's bound


GUIDE = "NPCの縁故は類型ごとに{0}〜{1}点が目安"  # NPC_POINTS_GUIDE


class SengenshoPresetsBox(QGroupBox):
    COLUMNS = ("類型", "種類", "対象", "レベル")

    def __init__(self, model: CharacterModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("事前設定の縁故（NPC）"))
        self.model = model
        self.table = read_only_table(self.COLUMNS, stretch=2, context="SengenshoPresetsBox")
        self.table.currentCellChanged.connect(self._fill_editor)
        self.table.setMinimumHeight(150)  # a few rows stay readable beside the session box
        self.archetype_combo = QComboBox()
        self.archetype_combo.setAccessibleName(self.tr("縁故の類型"))
        self.kind_combo = QComboBox()
        for kind, label in KIND_LABELS.items():
            self.kind_combo.addItem(self.tr(label), kind.value)
        self.kind_combo.setAccessibleName(self.tr("縁故の種類"))
        self.target_edit = QLineEdit()
        self.target_edit.setPlaceholderText(self.tr("対象（キャラクター・集団、記憶、目的）"))
        self.target_edit.setAccessibleName(self.tr("縁故の対象"))
        self.level_spin = QSpinBox()
        self.level_spin.setRange(1, MAX_LEVEL)
        self.level_spin.setAccessibleName(self.tr("縁故のレベル"))
        self.add_button = QPushButton(self.tr("追加"))
        self.update_button = QPushButton(self.tr("選択した縁故を更新"))
        self.remove_button = QPushButton(self.tr("選択した縁故を削除"))
        self.add_button.clicked.connect(self._on_add)
        self.update_button.clicked.connect(self._on_update)
        self.remove_button.clicked.connect(self._on_remove)
        self.pc_note = QLabel(
            self.tr("PCの縁故はセッション中に結びます。事前設定の縁故はNPCのものなので、外してください")
        )
        self.pc_note.setWordWrap(True)
        self.pc_note.setStyleSheet(f"color: {WARNING_COLOR.name()};")
        self.guide_label = QLabel(self.tr(GUIDE).format(*NPC_POINTS_GUIDE))
        self.guide_label.setStyleSheet(NOTE_STYLE)
        self.sums = QGridLayout()
        self.sum_labels: dict[str, QLabel] = {}
        self.count_label = QLabel()

        layout = QVBoxLayout(self)
        layout.addWidget(self.pc_note)
        layout.addWidget(self.table, 1)
        editor = QHBoxLayout()
        editor.addWidget(self.archetype_combo)
        editor.addWidget(self.kind_combo)
        editor.addWidget(self.target_edit, 1)
        editor.addWidget(self.level_spin)
        layout.addLayout(editor)
        buttons = QHBoxLayout()
        for button in (self.add_button, self.update_button, self.remove_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout.addLayout(buttons)
        layout.addLayout(self.sums)
        layout.addWidget(self.count_label)
        layout.addWidget(self.guide_label)

    # ---- reading --------------------------------------------------------------------------
    def rows(self) -> list[list[str]]:
        return [
            [self.table.item(r, c).text() for c in range(len(self.COLUMNS))]
            for r in range(self.table.rowCount())
        ]

    def sync(self) -> None:
        if not self.model.exists:
            return
        c = self.model.character
        self.setHidden(c.is_pc and not c.preset_bonds)
        self.pc_note.setVisible(c.is_pc)
        fill_table(
            self.table,
            [[b.archetype, self.tr(KIND_LABELS[b.kind]), b.target, str(b.level)] for b in c.preset_bonds],
        )
        if [self.archetype_combo.itemData(i) for i in range(self.archetype_combo.count())] != list(
            c.archetypes
        ):
            selected = self.archetype_combo.currentData()
            self.archetype_combo.clear()
            for name in c.archetypes:
                self.archetype_combo.addItem(name, name)
            self.archetype_combo.setCurrentIndex(max(0, self.archetype_combo.findData(selected)))
        self._sync_sums()

    def _sync_sums(self) -> None:
        c = self.model.character
        names = list(dict.fromkeys([*c.archetypes, *(b.archetype for b in c.preset_bonds)]))
        if list(self.sum_labels) != names:
            for label in self.sum_labels.values():
                self.sums.removeWidget(label)
                label.deleteLater()
            self.sum_labels = {name: QLabel() for name in names}
            for i, label in enumerate(self.sum_labels.values()):
                self.sums.addWidget(label, i // 3, i % 3)
        low, high = NPC_POINTS_GUIDE
        for name, label in self.sum_labels.items():
            points = sum(b.level for b in c.preset_bonds if b.archetype == name)
            outside = not low <= points <= high
            label.setText(self.tr("{0}: {1}点").format(name, points))
            label.setStyleSheet(f"color: {WARNING_COLOR.name()}; font-weight: bold;" if outside else "")
            label.setToolTip(
                self.tr("目安から外れています（{0}）").format(self.guide_label.text()) if outside else ""
            )
        count = len(c.preset_bonds)
        self.count_label.setText(
            self.tr("縁故 {0}個（最大{1}個。セッション中に結ぶ縁故と合わせて数えます）").format(
                count, MAX_BONDS
            )
        )

    # ---- editing --------------------------------------------------------------------------
    def add_bond(self) -> None:
        bond = self._editor_bond()
        presets = self.model.character.preset_bonds
        self._check(bond, presets)
        if len(presets) >= MAX_BONDS:
            raise ValueError(self.tr("縁故は最大{0}個までです（事前設定で{0}個あります）").format(MAX_BONDS))
        self._store((*presets, bond), self.tr("事前設定の縁故「{0}」の追加").format(bond.target))
        self.table.setCurrentCell(len(presets), 0)

    def update_bond(self) -> None:
        row = self._selected_row()
        bond = self._editor_bond()
        presets = list(self.model.character.preset_bonds)
        self._check(bond, presets[:row] + presets[row + 1 :])
        old = presets[row]
        presets[row] = bond
        self._store(tuple(presets), self.tr("事前設定の縁故「{0}」の変更").format(old.target))

    def remove_bond(self) -> None:
        row = self._selected_row()
        presets = self.model.character.preset_bonds
        undo_text = self.tr("事前設定の縁故「{0}」の削除").format(presets[row].target)
        self._store(presets[:row] + presets[row + 1 :], undo_text)

    def _check(self, bond: PresetBond, others: tuple[PresetBond, ...] | list[PresetBond]) -> None:
        if self.model.character.is_pc:
            raise ValueError(self.tr("事前設定の縁故はNPCのものです（PCの縁故はセッション中に結びます）"))
        if bond.kind is BondKind.CHARACTER:
            key = bond.target.casefold()
            for other in others:
                if other.kind is BondKind.CHARACTER and other.target.strip().casefold() == key:
                    if other.archetype != bond.archetype:
                        raise ValueError(
                            self.tr(
                                "「{0}」には類型「{1}」の縁故があります。同じ対象に2つ以上の類型から"
                                "縁故は結べません（先にその縁故を削除してください）"
                            ).format(other.target, other.archetype)
                        )
                    raise ValueError(
                        self.tr("「{0}」との縁故はもうあります（レベルを変えてください）").format(
                            other.target
                        )
                    )
        limit = KIND_LIMITS.get(bond.kind)
        if limit is not None and sum(o.kind is bond.kind for o in others) >= limit:
            raise ValueError(
                self.tr("{0}の縁故は最大{1}つまでです").format(self.tr(KIND_LABELS[bond.kind]), limit)
            )

    def _store(self, presets: tuple[PresetBond, ...], undo_text: str) -> None:
        store_character(self.model, replace(self.model.character, preset_bonds=presets), undo_text)

    def _selected_row(self) -> int:
        row = self.table.currentRow()
        if not 0 <= row < len(self.model.character.preset_bonds):
            raise ValueError(self.tr("縁故を表で選んでください"))
        return row

    def _editor_bond(self) -> PresetBond:
        archetype = self.archetype_combo.currentData()
        if not archetype:
            raise ValueError(self.tr("縁故の類型がありません（先に類型を追加してください）"))
        target = self.target_edit.text().strip()
        if not target:
            raise ValueError(self.tr("縁故の対象を入れてください"))
        return PresetBond(archetype, target, BondKind(self.kind_combo.currentData()), self.level_spin.value())

    def _fill_editor(self, row: int, *_: int) -> None:
        presets = self.model.character.preset_bonds if self.model.exists else ()
        if not 0 <= row < len(presets):
            return
        bond = presets[row]
        self.archetype_combo.setCurrentIndex(max(0, self.archetype_combo.findData(bond.archetype)))
        self.kind_combo.setCurrentIndex(max(0, self.kind_combo.findData(bond.kind.value)))
        self.target_edit.setText(bond.target)
        self.level_spin.setValue(bond.level)

    def _on_add(self) -> None:
        guarded(self, self.add_bond)

    def _on_update(self) -> None:
        guarded(self, self.update_bond)

    def _on_remove(self) -> None:
        guarded(self, self.remove_bond)
