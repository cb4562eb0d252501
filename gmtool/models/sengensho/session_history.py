"""過去のセッション: what one character formed, borrowed and used in the sessions that have ended.

`end_session` moves a session's 縁故, 前借り and 幻想能力 uses into the session document's history
(縁故は各セッションで結ぶもの); this reads them back per character, so the GM sees them without
searching the log.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QObject

from gmtool.models.sengensho import labels as labels
from gmtool.models.sengensho.session_members import SessionMembers
from gmtool.models.sengensho.session_record import SessionRecord
from gmtool.rules.systems.sengensho.bonds_types import KIND_LABELS
from gmtool.rules.systems.sengensho.session_types import PastSession


@dataclass(frozen=True)
class PastLine:
    """One row of the 過去のセッション table."""

    session: str  # 「セッション 1」
    what: str  # 縁故 / 前借り / 幻想能力
    archetype: str
    detail: str  # the target with its kind and level, the 幻想値 raised to, the ability's name
    scene: str


class SessionHistory(QObject):
    def __init__(self, record: SessionRecord, members: SessionMembers, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._record = record
        self._members = members

    def lines(self, holder: str) -> list[PastLine]:
        """The holder's 縁故, 前借り and 幻想能力 uses of every ended session, oldest session first."""
        found: list[PastLine] = []
        for past in self._record.state().history:
            found.extend(self._session_lines(past, holder))
        return found

    def _session_lines(self, past: PastSession, holder: str) -> list[PastLine]:
        number = self.tr("セッション {0}").format(past.number)
        names = {s.id: s.name or self.tr("シーン{0}").format(s.id) for s in past.scenes}

        def scene(scene_id: int | None) -> str:
            return names.get(scene_id, self.tr("セッション開始前")) if scene_id is not None else ""

        lines = [
            PastLine(
                number,
                self.tr("縁故"),
                labels.archetype_label(bond.archetype),
                self.tr("{0}（{1}・Lv{2}）").format(
                    self._members.target_name(bond), labels.labels_tr(KIND_LABELS[bond.kind]), bond.level
                ),
                scene(bond.formed_scene),
            )
            for bond in sorted(past.bonds, key=lambda b: b.id)
            if bond.holder == holder
        ]
        lines += [
            PastLine(
                number,
                self.tr("前借り"),
                labels.archetype_label(b.archetype),
                self.tr("幻想値を {0} まで").format(b.raised_to),
                scene(b.scene),
            )
            for b in past.borrowings
            if b.holder == holder
        ]
        catalog = self._record.catalog()
        for use in past.uses:
            if use.holder != holder:
                continue
            archetype = catalog.get(use.archetype)
            name = (
                archetype.abilities[use.index].name
                or labels.labels_tr("幻想能力{0}（名称未設定）").format(use.index + 1)
                if archetype is not None
                else self.tr("幻想能力{0}").format(use.index + 1)
            )
            if use.borrowed:
                name += self.tr("（前借り）")
            found = PastLine(
                number, self.tr("幻想能力"), labels.archetype_label(use.archetype), name, scene(use.scene)
            )
            lines.append(found)
        return lines
