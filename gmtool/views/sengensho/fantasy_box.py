"""The 千幻抄 sheet's session box: this character's 縁故, 幻想値, 前借り and 幻想能力 in the session.

Read-only and always recomputed by the session model (幻想値 is never stored: 「それぞれの縁故はレベル
と同じ値の幻想値をキャラクターに与える」).  The session actions are the session dialog's; the button
asks for it.  It follows the session model's `changed` — the session, the catalog, the house rules
and every character's edits — because another character's PC/NPC switch or rename changes what
this character's 縁故 give and show.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtWidgets import QGroupBox, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from gmtool.models.sengensho.labels import (
    DEBT_NOTE,
    HALVED_NOTE,
    MARK_PRESET,
    NOTES_HEADER,
    UNLIMITED_NOTE,
    ability_name,
    ability_state_text,
    archetype_label,
    bond_marks,
    bond_value_text,
    debt_text,
    session_status,
)
from gmtool.models.sengensho.session_model import SengenshoSessionModel
from gmtool.rules.systems.sengensho.character import LAST_BOSS
from gmtool.rules.systems.sengensho.fantasy_types import FantasyValue
from gmtool.rules.systems.sengensho.session_types import Member, SengenshoSession
from gmtool.views.appearance import set_tone
from gmtool.views.sengensho.sheet_parts import (
    NOTE_STYLE,
    fill_table,
    kind_text,
    labels_text,
    preset_cells,
    table_cells,
)
from gmtool.views.widgets import read_only_table, shown_message


def note_label() -> QLabel:
    label = QLabel()
    label.setWordWrap(True)
    set_tone(label, NOTE_STYLE)
    return label


def summary_text(values: dict[str, FantasyValue]) -> str:
    """One line for the top of the sheet: 「幻想値 狩猟者 3・芸術家 1　前借り中: 狩猟者 あと2点」."""

    def tr(text: str) -> str:
        return QCoreApplication.translate("SengenshoFantasyBox", text)

    if not values:
        return tr("幻想値: 類型がありません")
    text = tr("幻想値 {0}").format(
        tr("・").join(f"{archetype_label(v.archetype)} {v.value}" for v in values.values())
    )
    debts = [
        (tr("{0} 縁故あと{1}つ") if v.by_count else tr("{0} あと{1}点")).format(
            archetype_label(v.archetype), v.debt
        )
        for v in values.values()
        if v.debt
    ]
    if debts:
        text += tr("　") + tr("前借り中: {0}").format(tr("、").join(debts))
    return text


class SengenshoFantasyBox(QGroupBox):
    session_requested = Signal()

    BOND_COLUMNS = ("類型", "種類", "対象", "レベル", "幻想値", NOTES_HEADER)
    ABILITY_COLUMNS = ("類型", "幻想能力", "必要幻想値", "状態")

    def __init__(
        self, session: SengenshoSessionModel, character_id: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("セッション: 縁故・幻想値・幻想能力"))
        self.session = session
        self.character_id = character_id
        # The one line the sheet shows at its top (the sheet places it), kept in step with the box.
        self.summary_label = QLabel()
        self.summary_label.setWordWrap(True)
        self.summary_label.setStyleSheet("font-weight: bold;")
        self.summary_label.setAccessibleName(self.tr("幻想値の要約"))
        self.problem_label = QLabel()
        self.problem_label.setWordWrap(True)
        set_tone(self.problem_label, "error")
        self.status_label = QLabel()
        self.session_button = QPushButton(self.tr("セッション管理…"))
        self.session_button.setToolTip(self.tr("縁故を結ぶ・幻想能力を使うなどはセッション管理で行います"))
        self.session_button.clicked.connect(self._on_session_button)
        self.boss_label = QLabel()
        self.boss_label.setStyleSheet("font-weight: bold;")
        self.bonds_table = read_only_table(self.BOND_COLUMNS, stretch=2, context="SengenshoFantasyBox")
        self.bonds_table.setToolTip(labels_text(HALVED_NOTE))
        self.values_label = QLabel()
        self.values_label.setWordWrap(True)
        self.debt_label = QLabel()  # 前借り not yet paid by 縁故
        self.debt_label.setWordWrap(True)
        set_tone(self.debt_label, "warning", "font-weight: bold;")
        self.values_note = note_label()  # what the text says about halving and 前借り, where it applies
        self.abilities_table = read_only_table(self.ABILITY_COLUMNS, stretch=1, context="SengenshoFantasyBox")
        self.abilities_note = note_label()

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
        layout.addWidget(self.values_note)
        layout.addWidget(QLabel(self.tr("幻想能力")))
        layout.addWidget(self.abilities_table, 1)
        layout.addWidget(self.abilities_note)

        session.changed.connect(self.sync)
        self.sync()

    # ---- reading (tests read what the GM reads) -------------------------------------------
    def bond_rows(self) -> list[list[str]]:
        return table_cells(self.bonds_table)

    def ability_rows(self) -> list[list[str]]:
        return table_cells(self.abilities_table)

    # ---- re-sync --------------------------------------------------------------------------
    def sync(self) -> None:
        session = self.session
        problems = [p for p in (session.problem(), session.catalog_problem()) if p]
        self.problem_label.setText("\n".join(shown_message(p) for p in problems))
        self.problem_label.setVisible(bool(problems))
        me = self.character_id
        member = session.cast().get(me)
        if member is None:  # deleted, or not a 千幻抄 character (cannot happen for this sheet)
            return
        state = session.state()
        self._sync_status(state, me)
        halved = self._sync_bonds(state, member, me)
        self._sync_values(me, halved)
        self._sync_abilities(state, member, me)

    def _sync_status(self, state: SengenshoSession, me: str) -> None:
        self.status_label.setText(session_status(state))
        if state.last_boss == me:
            revealed = (
                self.tr("明かされています") if state.last_boss_revealed else self.tr("まだ明かされていません")
            )
            self.boss_label.setText(self.tr("このキャラクターはラスボスです（{0}）").format(revealed))
        else:
            self.boss_label.setText("")
        self.boss_label.setVisible(state.last_boss == me)

    def _sync_bonds(self, state: SengenshoSession, member: Member, me: str) -> bool:
        """An NPC's preset 縁故, then the session's (as the session dialog lists them); True when one
        is halved."""
        bonds = self.session.bonds
        values, halved = bonds.values(me), bonds.halved(me)
        preset_mark = labels_text(MARK_PRESET)
        rows = [[*preset_cells(p), str(p.level), preset_mark] for p in member.presets]
        rows += [
            [
                archetype_label(bond.archetype),
                kind_text(bond.kind),
                self.session.members.target_name(bond),
                str(bond.level),
                bond_value_text(values[bond.id], bond.id in halved),
                self.tr("、").join(bond_marks(bond)),
            ]
            for bond in state.bonds_of(me)
        ]
        fill_table(self.bonds_table, rows)
        return bool(halved)

    def _sync_values(self, me: str, halved: bool) -> None:
        values = self.session.fantasy.values(me)
        self.summary_label.setText(summary_text(values))
        lines = [
            self.tr("{0}: 幻想値 {1}（縁故 {2}個）").format(archetype_label(v.archetype), v.value, v.bonds)
            for v in values.values()
        ]
        debts = [
            self.tr("{0}: {1}").format(archetype_label(v.archetype), debt_text(v.debt, v.by_count))
            for v in values.values()
            if v.debt
        ]
        self.values_label.setText("\n".join(lines) or self.tr("類型がありません"))
        self.debt_label.setText("\n".join(debts))
        self.debt_label.setVisible(bool(debts))
        notes = [labels_text(note) for note, on in ((HALVED_NOTE, halved), (DEBT_NOTE, bool(debts))) if on]
        self.values_note.setText("\n".join(notes))
        self.values_note.setVisible(bool(notes))

    def _sync_abilities(self, state: SengenshoSession, member: Member, me: str) -> None:
        fill_table(
            self.abilities_table,
            [
                [
                    archetype_label(s.archetype),
                    ability_name(s),
                    self.tr("未設定") if s.ability.required is None else str(s.ability.required),
                    ability_state_text(s),
                ]
                for s in self.session.fantasy.statuses(me)
            ],
        )
        notes = []
        missing = self.session.fantasy.missing_from_catalog(me)
        if missing:
            notes.append(
                self.tr("類型カタログにない類型の幻想能力は表示できません: {0}").format(
                    self.tr("、").join(missing)
                )
            )
        if state.last_boss == me:
            notes.append(
                self.tr(
                    "類型「{0}」が明示されていることが、ラスボスだけの特殊なスペルカードを使う前提条件です"
                    "（効果は「特殊なスペルカード」を参照）"
                ).format(archetype_label(LAST_BOSS))
            )
        if member.unlimited:
            notes.append(labels_text(UNLIMITED_NOTE))
        self.abilities_note.setText("\n".join(notes))
        self.abilities_note.setVisible(bool(notes))

    def _on_session_button(self) -> None:
        self.session_requested.emit()
