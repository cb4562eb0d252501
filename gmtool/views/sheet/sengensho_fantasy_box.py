"""The 千幻抄 sheet's session box: this character's 縁故, 幻想値, 前借り and 幻想能力 in the session.

Read-only and always recomputed from the session document, the catalog and the cast (幻想値 is
never stored: 「それぞれの縁故はレベルと同じ値の幻想値をキャラクターに与える」).  The session actions
are the session dialog's; the button asks for it.  It follows the session and catalog keys and every
千幻抄 character's edits, because another character's PC/NPC switch or rename changes what this
character's 縁故 give and show.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QGroupBox, QHBoxLayout, QLabel, QPushButton, QTableWidget, QVBoxLayout, QWidget

from gmtool.models.character_model import CharacterModel
from gmtool.models.sengensho_state import (
    CATALOG_KEY,
    SESSION_KEY,
    SYSTEM_ID,
    cast_of,
    read_catalog,
    read_session,
)
from gmtool.rules.systems.sengensho.bonds import KIND_LABELS
from gmtool.rules.systems.sengensho.catalog import ArchetypeCatalog
from gmtool.rules.systems.sengensho.character import LAST_BOSS, BondKind
from gmtool.rules.systems.sengensho.fantasy import (
    AbilityState,
    AbilityStatus,
    ability_statuses,
    bond_values,
    fantasy_values,
)
from gmtool.rules.systems.sengensho.session import Cast, SengenshoSession, display_name
from gmtool.views.sheet.sengensho_sheet_parts import NOTE_STYLE, PROBLEM_COLOR, WARNING_COLOR, fill_table
from gmtool.views.widgets import read_only_table

HALVED_NOTE = "PCとの縁故は原則一人まで。二人目以降は得られる幻想値を半減（切上げ）"


def halved_bonds(session: SengenshoSession, cast: Cast, holder: str) -> set[int]:
    """The holder's 縁故 to a PC after the first (in the order formed, as `bond_values` counts)."""
    to_pcs = [
        b.id
        for b in sorted(session.bonds_of(holder), key=lambda b: b.id)
        if b.kind is BondKind.CHARACTER and b.target_id in cast and cast[b.target_id].is_pc
    ]
    return set(to_pcs[1:])


class SengenshoFantasyBox(QGroupBox):
    session_requested = Signal()

    BOND_COLUMNS = ("類型", "種類", "対象", "レベル", "幻想値", "備考")
    ABILITY_COLUMNS = ("類型", "幻想能力", "必要幻想値", "状態")

    def __init__(self, model: CharacterModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("セッション: 縁故・幻想値・幻想能力"))
        self.model = model
        self.problem_label = QLabel()
        self.problem_label.setWordWrap(True)
        self.problem_label.setStyleSheet(f"color: {PROBLEM_COLOR.name()};")
        self.status_label = QLabel()
        self.session_button = QPushButton(self.tr("セッション管理…"))
        self.session_button.setToolTip(self.tr("縁故を結ぶ・幻想能力を使うなどはセッション管理で行います"))
        self.session_button.clicked.connect(self._on_session_button)
        self.boss_label = QLabel()
        self.boss_label.setStyleSheet("font-weight: bold;")
        self.bonds_table = read_only_table(self.BOND_COLUMNS, stretch=2, context="SengenshoFantasyBox")
        self.bonds_table.setToolTip(self.tr(HALVED_NOTE))
        self.values_label = QLabel()
        self.values_label.setWordWrap(True)
        self.debt_label = QLabel()  # 前借り not yet paid by 縁故
        self.debt_label.setWordWrap(True)
        self.debt_label.setStyleSheet(f"color: {WARNING_COLOR.name()}; font-weight: bold;")
        self.abilities_table = read_only_table(self.ABILITY_COLUMNS, stretch=1, context="SengenshoFantasyBox")
        self.abilities_note = QLabel()
        self.abilities_note.setWordWrap(True)
        self.abilities_note.setStyleSheet(NOTE_STYLE)

        layout = QVBoxLayout(self)
        layout.addWidget(self.problem_label)
        top = QHBoxLayout()
        top.addWidget(self.status_label, 1)
        top.addWidget(self.session_button)
        layout.addLayout(top)
        layout.addWidget(self.boss_label)
        layout.addWidget(QLabel(self.tr("縁故")))
        layout.addWidget(self.bonds_table, 1)
        layout.addWidget(self.values_label)
        layout.addWidget(self.debt_label)
        layout.addWidget(QLabel(self.tr("幻想能力")))
        layout.addWidget(self.abilities_table, 1)
        layout.addWidget(self.abilities_note)

        campaign = model.campaign_model
        campaign.session_changed.connect(self._on_session_changed)
        campaign.character_changed.connect(self._on_character_changed)
        campaign.characters_changed.connect(self.sync)
        self.sync()

    # ---- reading (tests read what the GM reads) -------------------------------------------
    def bond_rows(self) -> list[list[str]]:
        return self._cells(self.bonds_table)

    def ability_rows(self) -> list[list[str]]:
        return self._cells(self.abilities_table)

    @staticmethod
    def _cells(table: QTableWidget) -> list[list[str]]:
        return [
            [table.item(r, c).text() for c in range(table.columnCount())] for r in range(table.rowCount())
        ]

    # ---- re-sync --------------------------------------------------------------------------
    def sync(self) -> None:
        if not self.model.exists:
            return
        campaign = self.model.campaign_model
        session, session_problem = read_session(campaign)
        catalog, catalog_problem = read_catalog(campaign)
        problems = [p for p in (session_problem, catalog_problem) if p]
        self.problem_label.setText("\n".join(problems))
        self.problem_label.setVisible(bool(problems))
        cast = cast_of(campaign)
        me = self.model.character_id
        if me not in cast:  # not a 千幻抄 character (cannot happen for this sheet, but never crash)
            return
        self._sync_status(session, cast, me)
        self._sync_bonds(session, cast, me)
        self._sync_values(session, cast, me)
        self._sync_abilities(session, cast, catalog, me)

    def _sync_status(self, session: SengenshoSession, cast: Cast, me: str) -> None:
        if session.running:
            scene = (
                session.scene_name(session.current_scene) if session.current_scene else self.tr("シーンなし")
            )
            state = self.tr("進行中（現在のシーン: {0}）").format(scene)
        else:
            state = self.tr("開始前")
        self.status_label.setText(self.tr("セッション {0}：{1}").format(session.session_number, state))
        if session.last_boss == me:
            revealed = (
                self.tr("明かされています")
                if session.last_boss_revealed
                else self.tr("まだ明かされていません")
            )
            self.boss_label.setText(self.tr("このキャラクターはラスボスです（{0}）").format(revealed))
        else:
            self.boss_label.setText("")
        self.boss_label.setVisible(session.last_boss == me)

    def _sync_bonds(self, session: SengenshoSession, cast: Cast, me: str) -> None:
        values = bond_values(session, cast, me)
        halved = halved_bonds(session, cast, me)
        rows = []
        for preset in cast[me].presets:
            rows.append(
                [
                    preset.archetype,
                    self.tr(KIND_LABELS[preset.kind]),
                    preset.target,
                    str(preset.level),
                    str(preset.level),
                    self.tr("事前設定"),
                ]
            )
        for bond in session.bonds_of(me):
            target = display_name(cast, bond.target_id) if bond.target_id else bond.target
            value = str(values[bond.id])
            notes = []
            if bond.id in halved:
                value = self.tr("{0}（半減）").format(value)
                notes.append(self.tr("PCとの縁故2人目以降"))
            if bond.retied:
                notes.append(self.tr("結び直し"))
            if bond.last_boss:
                notes.append(self.tr("ラスボス"))
            if bond.override:
                notes.append(self.tr("GMの判断"))
            rows.append(
                [
                    bond.archetype,
                    self.tr(KIND_LABELS[bond.kind]),
                    target,
                    str(bond.level),
                    value,
                    "、".join(notes),
                ]
            )
        fill_table(self.bonds_table, rows)

    def _sync_values(self, session: SengenshoSession, cast: Cast, me: str) -> None:
        values = fantasy_values(session, cast, me)
        lines, debts = [], []
        for value in values.values():
            lines.append(
                self.tr("{0}: 幻想値 {1}（縁故 {2}個）").format(value.archetype, value.value, value.bonds)
            )
            if value.debt:
                debts.append(
                    self.tr("{0}: 前借り中: あと {1} 点（縁故で返す）").format(value.archetype, value.debt)
                )
        self.values_label.setText("\n".join(lines) or self.tr("類型がありません"))
        self.debt_label.setText("\n".join(debts))
        self.debt_label.setVisible(bool(debts))

    def _sync_abilities(
        self, session: SengenshoSession, cast: Cast, catalog: ArchetypeCatalog, me: str
    ) -> None:
        statuses = ability_statuses(session, cast, catalog, me)
        fill_table(
            self.abilities_table,
            [
                [
                    s.archetype,
                    s.ability.label(s.index),
                    self.tr("未設定") if s.ability.required is None else str(s.ability.required),
                    self.state_text(s),
                ]
                for s in statuses
            ],
        )
        notes = []
        missing = [a for a in cast[me].archetypes if catalog.get(a) is None]
        if missing:
            notes.append(
                self.tr("類型カタログにない類型の幻想能力は表示できません: {0}").format("、".join(missing))
            )
        if session.last_boss == me:
            notes.append(
                self.tr(
                    "類型「{0}」が明示されていることが、ラスボスだけの特殊なスペルカードを使う前提条件です"
                    "（効果は「特殊なスペルカード」を参照）"
                ).format(LAST_BOSS)
            )
        if cast[me].unlimited:
            notes.append(self.tr("原作キャラクター: GMの判断で幻想能力を無制限に使用できます"))
        self.abilities_note.setText("\n".join(notes))
        self.abilities_note.setVisible(bool(notes))

    def state_text(self, status: AbilityStatus) -> str:
        if status.state is AbilityState.UNSET:
            return self.tr("未設定")
        if status.state is AbilityState.LOCKED:
            return self.tr("使用不可 {0}/{1}").format(status.value, status.ability.required)
        if status.state is AbilityState.AVAILABLE:
            return self.tr("使用可")
        return self.tr("使用済み")

    # ---- following the campaign -----------------------------------------------------------
    def _on_session_changed(self, key: str) -> None:
        if key in (SESSION_KEY, CATALOG_KEY):
            self.sync()

    def _on_character_changed(self, character_id: str) -> None:
        campaign = self.model.campaign_model
        if campaign.has_character(character_id) and campaign.stored(character_id).system == SYSTEM_ID:
            self.sync()

    def _on_session_button(self) -> None:
        self.session_requested.emit()
