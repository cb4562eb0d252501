"""The campaign's characters: each a row holding its system's JSON document, in the order the
GM keeps them; read back through the system's migrations and checks.

A mixin of `Campaign` (which provides `_read`, `_write` and `_path`), kept apart so each module
stays short.
"""

from __future__ import annotations

import contextlib
import sqlite3
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gmtool.rules.message import Message
from gmtool.rules.systems import SYSTEMS
from gmtool.store.campaign_log import json_text, utc_now
from gmtool.store.errors import CampaignError, StoreError
from gmtool.store.validation import (
    character_from_document,
    character_label,
    character_to_document,
    parse_json,
)


@dataclass(frozen=True)
class StoredCharacter:
    id: str
    system: str
    position: int
    character: Any


class CampaignCharactersMixin:
    _path: Path

    if TYPE_CHECKING:  # Campaign's

        def _read(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]: ...
        def _write(self) -> contextlib.AbstractContextManager[sqlite3.Connection]: ...

    # -- characters ----------------------------------------------------------------------

    @staticmethod
    def new_character_id() -> str:
        return uuid.uuid4().hex

    def _stored(self, row: tuple[Any, ...]) -> StoredCharacter:
        row_id, system, version, position, text = row
        data: Any = None
        try:
            data = parse_json(text) if isinstance(text, str) else None
            character = character_from_document(system, version, data, "data")
        except StoreError as exc:
            raise CampaignError(
                Message("{0}: {1}", character_label(row_id, data), exc.problem), self._path
            ) from None
        return StoredCharacter(row_id, system, position, character)

    def list_characters(self) -> list[StoredCharacter]:
        rows = self._read(
            "SELECT id, system, schema_version, position, data FROM characters ORDER BY position, rowid"
        )
        return [self._stored(row) for row in rows]

    def get_character(self, character_id: str) -> StoredCharacter | None:
        rows = self._read(
            "SELECT id, system, schema_version, position, data FROM characters WHERE id = ?", (character_id,)
        )
        return self._stored(rows[0]) if rows else None

    def put_character(
        self, character_id: str, system: str, character: Any, position: int | None = None
    ) -> StoredCharacter:
        """Insert or replace a character; ``position=None`` keeps its place or appends it."""
        if not isinstance(character_id, str) or not character_id:
            raise ValueError("character_id must be a non-empty string")
        try:
            text = json_text(character_to_document(system, character))
        except StoreError as exc:
            raise CampaignError(exc.problem, self._path) from None
        with self._write() as conn:
            if position is None:
                row = conn.execute("SELECT position FROM characters WHERE id = ?", (character_id,)).fetchone()
                if row is None:
                    row = conn.execute("SELECT COALESCE(MAX(position), -1) + 1 FROM characters").fetchone()
                position = int(row[0])
            conn.execute(
                "INSERT INTO characters(id, system, schema_version, position, data, updated)"
                " VALUES(?, ?, ?, ?, ?, ?)"
                " ON CONFLICT(id) DO UPDATE SET system = excluded.system,"
                " schema_version = excluded.schema_version, position = excluded.position,"
                " data = excluded.data, updated = excluded.updated",
                (character_id, system, SYSTEMS[system].schema_version, position, text, utc_now()),
            )
        return StoredCharacter(character_id, system, position, character)

    def delete_character(self, character_id: str) -> bool:
        """Remove a character; False if there was none with that id."""
        with self._write() as conn:
            return conn.execute("DELETE FROM characters WHERE id = ?", (character_id,)).rowcount > 0
