"""An NPC's preset 縁故: 「NPCの縁故はセッション開始時点で設定済みで良いが、一つの類型あたり5~6点程度を
目安とすること」.

「セッション開始時点で設定済み」: like the 類型, they are fixed while a session runs (the engine's
`archetype_lock_reason`), so no limit of play can be got around from the sheet.  Between sessions
the text's own limits are refused with their reason, counting the holder's 縁故 still in play (kept
at the last session's end) as the engine counts them (`bonds.usage`): at most 7, 記憶 ≤ 2, 目的 ≤ 1,
and one target from one 類型 only (the engine's preset rule).  The points guideline is a hint: a
類型 whose preset levels sum outside it is shown in the warning colour, never refused.  Hidden for a
PC unless it still carries presets (e.g. switched from NPC), so they can be removed.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QComboBox, QGridLayout, QLabel, QLineEdit, QSpinBox, QWidget

from gmtool.models.character_model import CharacterModel
from gmtool.models.sengensho.labels import NPC_GUIDE_NOTE, target_name
from gmtool.models.sengensho.state import SESSION_KEY, cast_of, read_session
from gmtool.rules.systems.sengensho.bonds import (
    KIND_LABELS,
    KIND_LIMITS,
    MAX_BONDS,
    MAX_LEVEL,
    NPC_POINTS_GUIDE,
    BondRequest,
    check_presets,
    usage,
)
from gmtool.rules.systems.sengensho.character import BondKind, PresetBond
from gmtool.rules.systems.sengensho.session import Member, SengenshoSession
from gmtool.views.appearance import Tone, set_tone
from gmtool.views.sengensho.sheet_parts import (
    ADD,
    NOTE_STYLE,
    REMOVE,
    UPDATE,
    RowListEditor,
    kind_text,
    labels_text,
    preset_cells,
    session_lock_reason,
)


class SengenshoPresetsBox(RowListEditor):
    FIELD = "preset_bonds"
    COLUMNS = ("類型", "種類", "対象", "レベル")

    def __init__(self, model: CharacterModel, parent: QWidget | None = None) -> None:
        word = QCoreApplication.translate("SengenshoPresetsBox", "縁故")
        super().__init__(model, word, stretch=2, parent=parent)
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
        model.campaign_model.session_changed.connect(self._on_session_changed)

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
    def lock_reason(self) -> str | None:
        # 「NPCの縁故はセッション開始時点で設定済み」: set before the session, like the 類型.
        return session_lock_reason(self.model.campaign_model, self.tr("事前設定の縁故"))

    def cells(self, item: PresetBond) -> list[str]:
        return preset_cells(item)

    def sync(self) -> None:
        if not self.model.exists:
            return
        c = self.model.character
        self.setHidden(c.is_pc and not c.preset_bonds)
        self.pc_note.setVisible(c.is_pc)
        if [self.archetype_combo.itemData(i) for i in range(self.archetype_combo.count())] != list(
            c.archetypes
        ):
            selected = self.archetype_combo.currentData()
            self.archetype_combo.clear()
            for name in c.archetypes:
                self.archetype_combo.addItem(name, name)
            self.archetype_combo.setCurrentIndex(max(0, self.archetype_combo.findData(selected)))
        super().sync()
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
            set_tone(label, Tone("warning", "font-weight: bold;") if outside else None)
            label.setToolTip(
                self.tr("目安から外れています（{0}）").format(self.guide_label.text()) if outside else ""
            )
        session, cast = self._with_presets(c.preset_bonds)
        used = usage(session, cast, self.model.character_id)
        presets = len(c.preset_bonds)
        self.count_label.setText(
            self.tr("縁故 {0}/{1}個（事前設定 {2}個・セッションの縁故 {3}個を合わせて数えます）").format(
                used.total, MAX_BONDS, presets, used.total - presets
            )
        )

    # ---- editing --------------------------------------------------------------------------
    def editor_item(self) -> PresetBond:
        archetype = self.archetype_combo.currentData()
        if not archetype:
            raise ValueError(self.tr("縁故の類型がありません（先に類型を追加してください）"))
        target = self.target_edit.text().strip()
        if not target:
            raise ValueError(self.tr("縁故の対象を入れてください"))
        return PresetBond(archetype, target, BondKind(self.kind_combo.currentData()), self.level_spin.value())

    def show_in_editor(self, item: PresetBond) -> None:
        self.archetype_combo.setCurrentIndex(max(0, self.archetype_combo.findData(item.archetype)))
        self.kind_combo.setCurrentIndex(max(0, self.kind_combo.findData(item.kind.value)))
        self.target_edit.setText(item.target)
        self.level_spin.setValue(item.level)

    def check(self, item: PresetBond, others: tuple[PresetBond, ...], adding: bool) -> None:
        """The text's limits as the engine counts them in play, with `others` as the presets."""
        if self.model.character.is_pc:
            raise ValueError(self.tr("事前設定の縁故はNPCのものです（PCの縁故はセッション中に結びます）"))
        session, cast = self._with_presets(others)
        me = self.model.character_id
        if item.kind is BondKind.CHARACTER:
            self._check_target(session, cast, item)
        used = usage(session, cast, me)
        if adding and used.total >= MAX_BONDS:
            raise ValueError(
                self.tr(
                    "縁故は最大{0}個までです（{1}は事前設定とセッションの縁故で{2}個持っています）"
                ).format(MAX_BONDS, cast[me].name, used.total)
            )
        limit = KIND_LIMITS.get(item.kind)
        held = {BondKind.MEMORY: used.memories, BondKind.PURPOSE: used.purposes}.get(item.kind, 0)
        if limit is not None and held >= limit:
            raise ValueError(
                self.tr("{0}の縁故は最大{1}つまでです（事前設定とセッションの縁故で{2}つ）").format(
                    kind_text(item.kind), limit, held
                )
            )

    def _with_presets(self, presets: tuple[PresetBond, ...]) -> tuple[SengenshoSession, dict[str, Member]]:
        """The session on file and the cast with this character holding these presets."""
        campaign = self.model.campaign_model
        session, _problem = read_session(campaign)
        cast = dict(cast_of(campaign))
        me = self.model.character_id
        cast[me] = replace(cast[me], presets=tuple(presets))
        return session, cast

    def _check_target(self, session: SengenshoSession, cast: dict[str, Member], item: PresetBond) -> None:
        """「同じ対象について、2つ以上の類型に従って縁故を設定することはできない」: against the other
        presets by the engine's own rule, and against the 縁故 kept in play by the target's name."""
        me = self.model.character_id
        holder = cast[me]
        # SessionRefused is a ValueError: the engine's reason reaches the GM as it is.
        check_presets(holder, BondRequest(me, item.archetype, item.kind, target=item.target), item.target)
        for bond in session.bonds_of(me):
            name = target_name(cast, bond)
            if bond.kind is not BondKind.CHARACTER or name.strip().casefold() != item.target.casefold():
                continue
            if bond.archetype != item.archetype:
                raise ValueError(
                    self.tr(
                        "{0}は「{1}」にセッションで結んだ類型「{2}」の縁故を持っています。"
                        "別の類型から設定するには、先にセッション管理でその縁故を破棄してください"
                    ).format(holder.name, name, bond.archetype)
                )
            raise ValueError(
                self.tr("{0}は「{1}」との縁故をセッションで結んでいます（事前設定は要りません）").format(
                    holder.name, name
                )
            )

    def undo_text(self, action: str, item: PresetBond) -> str:
        texts = {
            ADD: self.tr("事前設定の縁故「{0}」の追加"),
            UPDATE: self.tr("事前設定の縁故「{0}」の変更"),
            REMOVE: self.tr("事前設定の縁故「{0}」の削除"),
        }
        return texts[action].format(item.target)

    # ---- following the campaign -----------------------------------------------------------
    def _on_session_changed(self, key: str) -> None:
        if key == SESSION_KEY:
            self.sync()
