"""The 千幻抄 sheet's session box: this character's 縁故, 幻想値, 前借り and 幻想能力 in the session.

Read-only and always recomputed from the session document, the catalog and the cast (幻想値 is
never stored: 「それぞれの縁故はレベルと同じ値の幻想値をキャラクターに与える」).  The session actions
are the session dialog's; the button asks for it.  It follows the session and catalog keys and every
千幻抄 character's edits, because another character's PC/NPC switch or rename changes what this
character's 縁故 give and show.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtWidgets import QGroupBox, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from gmtool.models.character_model import CharacterModel
from gmtool.models.sengensho.labels import (
    DEBT_NOTE,
    HALVED_NOTE,
    MARK_PRESET,
    NOTES_HEADER,
    UNLIMITED_NOTE,
    ability_name,
    ability_state_text,
    bond_marks,
    bond_value_text,
    debt_text,
    session_status,
    target_name,
)
from gmtool.models.sengensho.state import (
    BOSS_CAP_KEY,
    CATALOG_KEY,
    SESSION_KEY,
    SYSTEM_ID,
    cast_of,
    read_catalog,
    read_session,
    readings_for,
)
from gmtool.rules.house_rules import HOUSE_RULES_KEY
from gmtool.rules.systems.sengensho.catalog import ArchetypeCatalog
from gmtool.rules.systems.sengensho.character import LAST_BOSS
from gmtool.rules.systems.sengensho.fantasy import (
    FantasyValue,
    ability_statuses,
    bond_values,
    fantasy_values,
    halved_bonds,
)
from gmtool.rules.systems.sengensho.session import Cast, SengenshoSession
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
    text = tr("幻想値 {0}").format("・".join(f"{v.archetype} {v.value}" for v in values.values()))
    debts = [
        (tr("{0} 縁故あと{1}つ") if v.by_count else tr("{0} あと{1}点")).format(v.archetype, v.debt)
        for v in values.values()
        if v.debt
    ]
    if debts:
        text += "　" + tr("前借り中: {0}").format("、".join(debts))
    return text


class SengenshoFantasyBox(QGroupBox):
    session_requested = Signal()

    BOND_COLUMNS = ("類型", "種類", "対象", "レベル", "幻想値", NOTES_HEADER)
    ABILITY_COLUMNS = ("類型", "幻想能力", "必要幻想値", "状態")

    def __init__(self, model: CharacterModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("セッション: 縁故・幻想値・幻想能力"))
        self.model = model
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

        campaign = model.campaign_model
        campaign.session_changed.connect(self._on_session_changed)
        campaign.character_changed.connect(self._on_character_changed)
        campaign.characters_changed.connect(self.sync)
        self.sync()

    # ---- reading (tests read what the GM reads) -------------------------------------------
    def bond_rows(self) -> list[list[str]]:
        return table_cells(self.bonds_table)

    def ability_rows(self) -> list[list[str]]:
        return table_cells(self.abilities_table)

    # ---- re-sync --------------------------------------------------------------------------
    def sync(self) -> None:
        if not self.model.exists:
            return
        campaign = self.model.campaign_model
        session, session_problem = read_session(campaign)
        catalog, catalog_problem = read_catalog(campaign)
        problems = [p for p in (session_problem, catalog_problem) if p]
        self.problem_label.setText("\n".join(shown_message(p) for p in problems))
        self.problem_label.setVisible(bool(problems))
        cast = cast_of(campaign)
        me = self.model.character_id
        if me not in cast:  # not a 千幻抄 character (cannot happen for this sheet, but never crash)
            return
        self._sync_status(session, me)
        halved = self._sync_bonds(session, cast, me)
        self._sync_values(session, cast, me, halved)
        self._sync_abilities(session, cast, catalog, me)

    def _sync_status(self, session: SengenshoSession, me: str) -> None:
        self.status_label.setText(session_status(session))
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

    def _sync_bonds(self, session: SengenshoSession, cast: Cast, me: str) -> bool:
        """An NPC's preset 縁故, then the session's (as the session dialog lists them); True when one
        is halved."""
        values = bond_values(session, cast, me, readings_for(self.model.campaign_model))
        halved = halved_bonds(session, cast, me)
        preset_mark = labels_text(MARK_PRESET)
        rows = [[*preset_cells(p), str(p.level), preset_mark] for p in cast[me].presets]
        rows += [
            [
                bond.archetype,
                kind_text(bond.kind),
                target_name(cast, bond),
                str(bond.level),
                bond_value_text(values[bond.id], bond.id in halved),
                "、".join(bond_marks(bond)),
            ]
            for bond in session.bonds_of(me)
        ]
        fill_table(self.bonds_table, rows)
        return bool(halved)

    def _sync_values(self, session: SengenshoSession, cast: Cast, me: str, halved: bool) -> None:
        values = fantasy_values(session, cast, me, readings_for(self.model.campaign_model))
        self.summary_label.setText(summary_text(values))
        lines = [
            self.tr("{0}: 幻想値 {1}（縁故 {2}個）").format(v.archetype, v.value, v.bonds)
            for v in values.values()
        ]
        debts = [f"{v.archetype}: {debt_text(v.debt, v.by_count)}" for v in values.values() if v.debt]
        self.values_label.setText("\n".join(lines) or self.tr("類型がありません"))
        self.debt_label.setText("\n".join(debts))
        self.debt_label.setVisible(bool(debts))
        notes = [labels_text(note) for note, on in ((HALVED_NOTE, halved), (DEBT_NOTE, bool(debts))) if on]
        self.values_note.setText("\n".join(notes))
        self.values_note.setVisible(bool(notes))

    def _sync_abilities(
        self, session: SengenshoSession, cast: Cast, catalog: ArchetypeCatalog, me: str
    ) -> None:
        statuses = ability_statuses(session, cast, catalog, me, readings_for(self.model.campaign_model))
        fill_table(
            self.abilities_table,
            [
                [
                    s.archetype,
                    ability_name(s),
                    self.tr("未設定") if s.ability.required is None else str(s.ability.required),
                    ability_state_text(s),
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
            notes.append(labels_text(UNLIMITED_NOTE))
        self.abilities_note.setText("\n".join(notes))
        self.abilities_note.setVisible(bool(notes))

    # ---- following the campaign -----------------------------------------------------------
    def _on_session_changed(self, key: str) -> None:
        if key in (SESSION_KEY, CATALOG_KEY, HOUSE_RULES_KEY, BOSS_CAP_KEY):
            self.sync()

    def _on_character_changed(self, character_id: str) -> None:
        campaign = self.model.campaign_model
        if campaign.has_character(character_id) and campaign.stored(character_id).system == SYSTEM_ID:
            self.sync()

    def _on_session_button(self) -> None:
        self.session_requested.emit()
