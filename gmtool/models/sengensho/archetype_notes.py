"""What the 類型 catalog says of one 類型 where a 縁故 is formed: its 印象効果 and its 縁故の指針, or
that the GM has not filled them in yet (ラスボス has no 印象効果 in the text)."""

from __future__ import annotations

from PySide6.QtCore import QObject

from gmtool.models.sengensho.session_record import SessionRecord
from gmtool.rules.systems.sengensho.character import LAST_BOSS

UNSET_IMPRESSION = "未設定（類型カタログ）"


class ArchetypeNotes(QObject):
    def __init__(self, record: SessionRecord, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._record = record

    def impression_body(self, archetype: str) -> str:
        """The 類型's 印象効果 from the catalog, or what the GM has not filled in yet."""
        if archetype == LAST_BOSS:
            return self.tr("未設定（ラスボスの印象効果は本文にありません）")
        found = self._record.catalog().get(archetype)
        if found is None or not found.impression.strip():
            return self.tr(UNSET_IMPRESSION)
        return found.impression.strip()

    def impression_text(self, archetype: str) -> str:
        return self.tr("印象効果: {0}").format(self.impression_body(archetype))

    def bond_guidance(self, archetype: str) -> str:
        found = self._record.catalog().get(archetype)
        if found is None or not found.bond_guidance.strip():
            return self.tr("縁故の指針: 未設定（類型カタログ）")
        return self.tr("縁故の指針: {0}").format(found.bond_guidance.strip())
