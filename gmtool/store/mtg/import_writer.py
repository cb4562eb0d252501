"""One import's transaction: the last import's cards out, this file's cards in, on a connection of
its own (readers see the old cards until it commits).

The shipped cards (origin 'sample': the sample and the bundled table) and the user's manual cards
stay; an imported card hides a shipped card of the same name (database.py).  An imported card the
file gives no Japanese name (Scryfall's oracle_cards and default_cards are English only) takes the
shipped card's Japanese name of the same English name: an import never loses a Japanese name.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import sqlite3
from collections.abc import Callable

from gmtool.rules.message import Message
from gmtool.rules.systems.mtg.cards import Card
from gmtool.store.errors import StoreError
from gmtool.store.mtg.cache_rows import card_from_json, delete_cards, insert_cards, next_card_id
from gmtool.store.mtg.database import CardDatabase, ImportRecord, utc_now
from gmtool.store.mtg.names import normalize_name

_BATCH = 500


class CardWriter:
    """Cards in, one transaction; ``commit`` or ``close`` (which rolls back unless committed)."""

    def __init__(self, db: CardDatabase, file_name: str, kind: str, poll: Callable[[], None]) -> None:
        self._file_name = file_name
        self._kind = kind
        self._conn = db.write_connection()
        self._ids: dict[str, int] = {}  # dedupe key (Scryfall oracle_id) → card id
        self._japanese: dict[str, str] = {}  # dedupe key → Japanese name from a printing
        self._named: set[str] = set()  # keys whose card was written with its Japanese name
        self._unnamed: dict[int, str] = {}  # card id → normalized English name, for cards without one
        self._pending: list[tuple[int, Card]] = []
        self.cards = self.cards_ja = self.skipped = 0
        try:
            self._conn.execute("BEGIN IMMEDIATE")
            old = [row[0] for row in self._conn.execute("SELECT id FROM cards WHERE origin = 'import'")]
            for start in range(0, len(old), _BATCH):  # a cancel is still seen while they go
                poll()
                delete_cards(self._conn, old[start : start + _BATCH])
            self._next_id = next_card_id(self._conn)
        except sqlite3.OperationalError as exc:
            self._conn.close()
            if "locked" in str(exc) or "busy" in str(exc):
                raise StoreError(Message("別のカードの読み込みが進行中です")) from None
            raise
        except BaseException:  # a cancel while the old cards go: rolled back with the connection
            self._conn.close()
            raise

    def has(self, key: str) -> bool:
        """Whether the card ``key`` was added (its facts need not be built again)."""
        return key in self._ids

    def skip(self) -> None:
        self.skipped += 1

    def add(self, card: Card, key: str | None = None) -> None:
        """Add ``card``; with a ``key`` already added, nothing happens (the first printing wins)."""
        if key is not None:
            if key in self._ids:
                return
            name_ja = self._japanese.get(key, "")
            if name_ja and not card.name_ja:
                card = dataclasses.replace(card, name_ja=name_ja)
            self._ids[key] = self._next_id
            if card.name_ja:
                self._named.add(key)
        if not card.name_ja:
            self._unnamed[self._next_id] = normalize_name(card.name)
        self._pending.append((self._next_id, card))
        self._next_id += 1
        self.cards += 1
        self.cards_ja += bool(card.name_ja)
        if len(self._pending) >= _BATCH:
            self._flush()

    def set_japanese(self, key: str, name_ja: str) -> None:
        """The Japanese name of the card ``key``, added before or after; the first name wins."""
        self._japanese.setdefault(key, name_ja)

    def _flush(self) -> None:
        insert_cards(self._conn, "import", self._pending)
        self._pending = []

    def _apply_japanese(self, poll: Callable[[], None]) -> None:
        """Japanese names learned after their card was written (printings come in any order)."""
        for key, name_ja in self._japanese.items():
            poll()
            card_id = self._ids.get(key)
            if card_id is None or key in self._named:
                continue  # no facts for it (a token's printing), or it has its name already
            self._rename(card_id, name_ja)

    def _apply_shipped_japanese(self, poll: Callable[[], None]) -> None:
        """The shipped cards' Japanese names for the imported cards that still have none."""
        if not self._unnamed:
            return
        shipped: dict[str, str] = {}
        for key, data in self._conn.execute("SELECT key, data FROM cards WHERE origin = 'sample'"):
            name_ja = json.loads(data).get("name_ja")
            if isinstance(name_ja, str) and name_ja:
                shipped.setdefault(key, name_ja)
        for card_id, key in list(self._unnamed.items()):
            poll()
            if key in shipped:
                self._rename(card_id, shipped[key])

    def _rename(self, card_id: int, name_ja: str) -> None:
        """Give the written card ``card_id`` the Japanese name ``name_ja`` (it had none)."""
        data = self._conn.execute("SELECT data FROM cards WHERE id = ?", (card_id,)).fetchone()[0]
        card = card_from_json(data)
        delete_cards(self._conn, [card_id])
        insert_cards(self._conn, "import", [(card_id, dataclasses.replace(card, name_ja=name_ja))])
        self._unnamed.pop(card_id, None)
        self.cards_ja += 1

    def commit(self, poll: Callable[[], None]) -> ImportRecord:
        """Writes what is left and commits; ``poll`` (the cancel check) is called on the way."""
        self._flush()
        self._apply_japanese(poll)
        self._apply_shipped_japanese(poll)
        poll()  # the last moment a cancel can still undo everything
        record = ImportRecord(self._file_name, self._kind, self.cards, self.cards_ja, utc_now())
        self._conn.execute(
            "INSERT INTO imports(file, kind, cards, cards_ja, at) VALUES(?, ?, ?, ?, ?)",
            (record.file_name, record.kind, record.cards, record.cards_ja, record.date),
        )
        self._conn.execute("COMMIT")
        # The transaction went through the WAL: fold it into the file now, not at the next start.
        with contextlib.suppress(sqlite3.Error):
            self._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return record

    def close(self) -> None:
        """Roll back unless committed, and let go of the connection."""
        with contextlib.suppress(sqlite3.Error):
            if self._conn.in_transaction:
                self._conn.execute("ROLLBACK")
        self._conn.close()
