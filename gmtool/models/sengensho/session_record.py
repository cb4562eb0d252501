"""The 千幻抄 session as stored in the campaign: read (cached per stored document) and written.

Every collaborator of `SengenshoSessionModel` reads the session, the 類型 catalog, the cast and the
house rules here, and stores an action here: one undo step and one log line (`commit`).  A stored
document that cannot be read is reported by `problem()`; the next action replaces it.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError
from PySide6.QtCore import QObject

from gmtool.models.campaign_model import CampaignModel
from gmtool.models.log_payload import summary_payload
from gmtool.models.sengensho.state import (
    CATALOG_KEY,
    LOG_KIND,
    SESSION_KEY,
    SYSTEM_ID,
    cast_of,
    read_catalog,
    read_session,
    readings_for,
)
from gmtool.rules.message import Message
from gmtool.rules.systems.sengensho.catalog import ArchetypeCatalog
from gmtool.rules.systems.sengensho.house_rules import SengenshoReadings
from gmtool.rules.systems.sengensho.session import (
    Cast,
    SengenshoSession,
    SessionRefused,
    session_from_document,
    session_to_document,
)
from gmtool.store.errors import StoreError
from gmtool.store.validation import format_validation_error


class SessionRecord(QObject):
    def __init__(self, campaign_model: CampaignModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.campaign_model = campaign_model
        self._session_cache: tuple[Any, SengenshoSession, str | None] | None = None
        self._catalog_cache: tuple[Any, ArchetypeCatalog, str | None] | None = None

    # ---- reading ------------------------------------------------------------------------
    def state(self) -> SengenshoSession:
        return self._load_session()[0]

    def problem(self) -> str | None:
        """Why the stored state could not be read (it is shown, and the next action replaces it)."""
        return self._load_session()[1]

    def catalog(self) -> ArchetypeCatalog:
        return self._load_catalog()[0]

    def catalog_problem(self) -> str | None:
        return self._load_catalog()[1]

    def cast(self) -> Cast:
        return cast_of(self.campaign_model)

    def readings(self) -> SengenshoReadings:
        """The campaign's house rules as the engine plays them (read anew: a switch may have flipped)."""
        return readings_for(self.campaign_model)

    # ---- writing ------------------------------------------------------------------------
    def commit(self, new: SengenshoSession, undo_text: str, log_text: str, **log: Any) -> None:
        """One undo step and one log line.

        The document is read back before it is stored: the engine's dataclasses do not check the
        field limits (a 250-character scene name), and a stored document the reader refuses would
        make the whole session look lost in every view."""
        document = session_to_document(new)
        try:
            session_from_document(document)
        except ValidationError as e:
            raise SessionRefused(
                Message(self.tr("この内容は保存できません（{0}）"), format_validation_error(e, SESSION_KEY))
            ) from e
        self.campaign_model.set_session_value(SESSION_KEY, document, undo_text)
        self.log(log_text, **log)

    def log(self, text: str, who: str = "", dice: str = "", result: str = "", **extra: Any) -> None:
        self.campaign_model.append_log(LOG_KIND, summary_payload(SYSTEM_ID, text, who, dice, result, **extra))

    # ---- internals -------------------------------------------------------------------------
    def _raw(self, key: str) -> tuple[bool, Any]:
        try:
            return True, self.campaign_model.session_value(key)
        except StoreError:
            return False, None

    def _load_session(self) -> tuple[SengenshoSession, str | None]:
        ok, raw = self._raw(SESSION_KEY)
        if not ok:
            return read_session(self.campaign_model)  # it reports why the file could not be read
        if self._session_cache is None or self._session_cache[0] != raw:
            self._session_cache = (raw, *read_session(self.campaign_model))
        return self._session_cache[1], self._session_cache[2]

    def _load_catalog(self) -> tuple[ArchetypeCatalog, str | None]:
        ok, raw = self._raw(CATALOG_KEY)
        if not ok:
            return read_catalog(self.campaign_model)
        if self._catalog_cache is None or self._catalog_cache[0] != raw:
            self._catalog_cache = (raw, *read_catalog(self.campaign_model))
        return self._catalog_cache[1], self._catalog_cache[2]
