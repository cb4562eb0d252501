"""The MTG card database: an SQLite cache (stdlib sqlite3, WAL) of cards, looked up by name.

It starts as the shipped cards — the hand-checked sample and the bundled card table built from
MTGJSON (bundled.py): every card, no import step.  An imported MTGJSON / Scryfall file adds to them
and wins over them for the same name (in one transaction on a connection of its own: the UI reads
the old cards until it commits); the next import replaces the last one, and the shipped cards stay
under both.  The user's own entries ("manual") survive imports and win over every other card of the
same name.  A card is
stored as the JSON of ``Card`` plus an indexed row per name it is found by (English, Japanese; full
name, each face's).  Opening validates the file before any read-write connection exists, so a
damaged, foreign or newer file is refused and left untouched.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from gmtool.rules.message import Message
from gmtool.rules.systems.mtg.cards import Card
from gmtool.store.data_dir import user_data_dir
from gmtool.store.errors import StoreError
from gmtool.store.mtg.bundled import default_bundled_path
from gmtool.store.mtg.cache_rows import (
    Seed,
    card_from_json,
    card_to_json,
    delete_cards,
    insert_cards,
    name_rows as name_rows,
    next_card_id,
)
from gmtool.store.mtg.names import normalize_name
from gmtool.store.mtg.sample import CardSampleError, default_sample_path
from gmtool.store.sqlite_build import build_database, remove_stale_temp_files
from gmtool.store.sqlite_errors import is_busy, sqlite_problem
from gmtool.store.validation import (
    check_gmtool_database,
    check_sqlite_file,
    format_validation_error,
)

FORMAT = "gmtool/card-cache"
SCHEMA_VERSION = 1

# cards.key: normalize_name(name) — a manual card hides the other cards with the same key.
# cards.data: the JSON of Card.  names.key: a normalized English or Japanese name, the full name
# (rank 0) or one face's (rank 1 the front face, 2 the next…).  imports.at: ISO 8601 UTC.
_SCHEMA = """
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE cards(id INTEGER PRIMARY KEY, key TEXT NOT NULL, data TEXT NOT NULL,
    origin TEXT NOT NULL CHECK (origin IN ('sample', 'import', 'manual')));
CREATE INDEX cards_by_key ON cards(key);
CREATE UNIQUE INDEX manual_by_key ON cards(key) WHERE origin = 'manual';
CREATE TABLE names(key TEXT NOT NULL, rank INTEGER NOT NULL, card_id INTEGER NOT NULL);
CREATE INDEX names_by_key ON names(key, rank);
CREATE INDEX names_by_card ON names(card_id);
CREATE TABLE imports(id INTEGER PRIMARY KEY AUTOINCREMENT, file TEXT NOT NULL, kind TEXT NOT NULL,
    cards INTEGER NOT NULL, cards_ja INTEGER NOT NULL, at TEXT NOT NULL);
"""
# A card is visible unless a card of the same name hides it: a manual card hides every other, an
# imported card the shipped ones (cards_by_key makes this a lookup or two per row).
_VISIBLE = (
    "NOT EXISTS (SELECT 1 FROM cards o WHERE o.key = c.key AND o.origin != c.origin"
    " AND (o.origin = 'manual' OR (o.origin = 'import' AND c.origin = 'sample')))"
)


class CardDatabaseError(StoreError):
    """The card cache cannot be created, opened, read or written."""


@dataclass(frozen=True)
class ImportRecord:
    file_name: str
    kind: str  # "mtgjson" or "scryfall"
    cards: int
    cards_ja: int  # cards with a Japanese name
    date: str  # when it was imported: ISO 8601 UTC, e.g. "2026-05-09T07:35:25+00:00"


def default_card_cache_path() -> Path:
    """The cache in the user data dir; ``GMTOOL_DATA_DIR`` overrides the directory (tests, CLI)."""
    return user_data_dir() / "cards.sqlite"


def utc_now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class CardDatabase:
    """An open card cache.  Use :meth:`open`; usable from any thread (one call at a time)."""

    def __init__(self, path: Path, conn: sqlite3.Connection, seed: Seed | None = None) -> None:
        self._path = path
        self._conn: sqlite3.Connection | None = conn
        self._lock = threading.RLock()
        self.seed = seed or Seed(default_sample_path(), default_bundled_path())  # what it starts from

    @property
    def sample_path(self) -> Path:
        return self.seed.sample_path

    @classmethod
    def open(
        cls, path: str | os.PathLike[str], sample_path: Path | None = None, bundled_path: Path | None = None
    ) -> CardDatabase:
        """Open the cache at ``path``, creating it from the shipped cards when it is missing.

        The shipped cards are the sample and the bundled table; a ``sample_path`` given alone (a
        test's own few cards) stands without the bundled table unless ``bundled_path`` is given too.
        """
        target = Path(path)
        sample_file = sample_path or default_sample_path()
        bundle = (
            bundled_path if bundled_path is not None or sample_path is not None else default_bundled_path()
        )
        seed = Seed(sample_file, bundle)
        remove_stale_temp_files(target.parent, target.name)  # left by a gmtool killed making it
        if not target.exists() and not target.is_symlink():
            _create(target, seed)
        check_sqlite_file(target, _check_cache, CardDatabaseError)
        try:
            conn = connect_cache(target)
        except sqlite3.Error as exc:
            problem = Message("書き込み用に開けません（{0}）", sqlite_problem(exc))
            raise CardDatabaseError(problem, target) from None
        database = cls(target, conn, seed)
        database._refresh_sample()
        return database

    @property
    def path(self) -> Path:
        return self._path

    def close(self) -> None:
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    def __enter__(self) -> CardDatabase:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    @contextlib.contextmanager
    def _connection(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            if self._conn is None:
                raise CardDatabaseError(Message("カードデータベースは既に閉じられています"), self._path)
            try:
                yield self._conn
            except sqlite3.Error as exc:
                if self._conn.in_transaction:
                    self._conn.execute("ROLLBACK")
                problem = (
                    Message("カードを読み込み中のため書き込めません")
                    if is_busy(exc)
                    else Message("読み書きできません（{0}）", sqlite_problem(exc))
                )
                raise CardDatabaseError(problem, self._path) from None

    def _card(self, card_id: int, text: Any) -> Card:
        try:
            return card_from_json(text)
        except (ValidationError, TypeError, ValueError):
            problem = Message(
                "カードのデータ（id: {0}）が壊れています。ファイルを削除すると作り直せます", card_id
            )
            raise CardDatabaseError(problem, self._path) from None

    def find(self, name: str) -> Card | None:
        """The card called ``name`` (English or Japanese, full name or one face's), or None.

        A full name beats a face name, a front face a back face, a manual entry an imported card.
        """
        key = normalize_name(name)
        if not key:
            return None
        with self._connection() as conn:
            row = conn.execute(
                "SELECT c.id, c.data FROM names n JOIN cards c ON c.id = n.card_id "
                f"WHERE n.key = ? AND {_VISIBLE} "
                "ORDER BY n.rank, c.origin = 'manual' DESC, c.id LIMIT 1",
                (key,),
            ).fetchone()
        return None if row is None else self._card(row[0], row[1])

    def search(self, text: str, limit: int = 30) -> list[Card]:
        """Cards whose English or Japanese name contains ``text``, names starting with it first."""
        key = normalize_name(text)
        if not key or limit <= 0:
            return []
        select = (
            "SELECT c.id, c.data FROM names n JOIN cards c ON c.id = n.card_id "
            f"WHERE {{}} AND {_VISIBLE} ORDER BY length(n.key), n.key, c.origin = 'manual' DESC, c.id LIMIT ?"
        )
        # Names sort by length first: typing "fire" offers "Fire" before "Fireball".
        fetch = limit * 6  # one card may match by several names (English, Japanese, faces)
        with self._connection() as conn:
            prefix = conn.execute(select.format("n.key >= ? AND n.key < ?"), (key, key + "\U0010ffff", fetch))
            rows = prefix.fetchall()
            contains = conn.execute(select.format("instr(n.key, ?) > 1"), (key, fetch))
            rows += contains.fetchall()
        found: dict[int, Card] = {}
        for card_id, data in rows:
            if card_id not in found:
                found[card_id] = self._card(card_id, data)
                if len(found) == limit:
                    break
        return list(found.values())

    def find_all(self, name: str, limit: int = 30) -> list[Card]:
        """Every card ``name`` names exactly (English or Japanese, full or a face's), best first as
        `find` ranks them: the decklist reader asks which one when there are two."""
        key = normalize_name(name)
        if not key or limit <= 0:
            return []
        with self._connection() as conn:
            rows = conn.execute(
                "SELECT c.id, c.data FROM names n JOIN cards c ON c.id = n.card_id "
                f"WHERE n.key = ? AND {_VISIBLE} "
                "ORDER BY n.rank, c.origin = 'manual' DESC, c.id LIMIT ?",
                (key, limit),
            ).fetchall()
        return [self._card(card_id, data) for card_id, data in rows]

    def data_date(self) -> str:
        """The date of the newest card data held (YYYY-MM-DD; "" if unknown): the last import's day
        when it is later than the bundled data's own date, else that date."""
        with self._connection() as conn:
            row = conn.execute("SELECT value FROM meta WHERE key = 'data_date'").fetchone()
            last = conn.execute("SELECT at FROM imports ORDER BY id DESC LIMIT 1").fetchone()
        bundled = row[0] if row is not None else ""
        imported = last[0][:10] if last is not None and isinstance(last[0], str) else ""
        return max(bundled, imported)

    def count(self) -> int:
        """How many cards can be found (a manual entry and the card it hides count once)."""
        with self._connection() as conn:
            return int(conn.execute(f"SELECT COUNT(*) FROM cards c WHERE {_VISIBLE}").fetchone()[0])

    def imports(self) -> list[ImportRecord]:
        """Every import into this cache, oldest first (the last one holds the current cards)."""
        with self._connection() as conn:
            rows = conn.execute("SELECT file, kind, cards, cards_ja, at FROM imports ORDER BY id").fetchall()
        return [ImportRecord(*row) for row in rows]

    def add_manual(self, card: Card) -> None:
        """Add (or replace) the user's entry for ``card``: it survives imports and wins over them."""
        try:
            with warnings.catch_warnings():  # pydantic warns while dumping a wrong-typed value
                warnings.simplefilter("ignore")
                card = card_from_json(card_to_json(card))  # Card(...) itself does not validate
        except ValidationError as exc:
            problem = Message(
                "カード「{0}」を保存できません: {1}", str(card.name)[:60], format_validation_error(exc)
            )
            raise CardDatabaseError(problem, self._path) from None
        key = normalize_name(card.name)
        with self._connection() as conn:
            conn.execute("BEGIN IMMEDIATE")
            old = conn.execute("SELECT id FROM cards WHERE origin = 'manual' AND key = ?", (key,)).fetchall()
            delete_cards(conn, [row[0] for row in old])
            card_id = next_card_id(conn)
            insert_cards(conn, "manual", [(card_id, card)])
            conn.execute("COMMIT")

    def remove_manual(self, name: str) -> bool:
        """Remove the user's entry called ``name`` (English or Japanese); False if there is none."""
        key = normalize_name(name)
        with self._connection() as conn:
            conn.execute("BEGIN IMMEDIATE")
            sql = "SELECT DISTINCT c.id FROM names n JOIN cards c ON c.id = n.card_id WHERE n.key = ?"
            ids = [row[0] for row in conn.execute(f"{sql} AND n.rank = 0 AND c.origin = 'manual'", (key,))]
            delete_cards(conn, ids)
            conn.execute("COMMIT")
        return bool(ids)

    def manual_cards(self) -> list[Card]:
        """The user's own entries, in the order they were added."""
        with self._connection() as conn:
            rows = conn.execute("SELECT id, data FROM cards WHERE origin = 'manual' ORDER BY id").fetchall()
        return [self._card(card_id, data) for card_id, data in rows]

    def restore_sample(self) -> None:
        """Drop the imported cards: the shipped cards again, taken afresh (manual entries stay)."""
        try:
            records, digest = self.seed.records(), self.seed.digest()
        except CardSampleError as exc:
            raise CardDatabaseError(str(exc), self._path) from None
        with self._connection() as conn:
            conn.execute("BEGIN IMMEDIATE")
            delete_cards(
                conn, [row[0] for row in conn.execute("SELECT id FROM cards WHERE origin = 'import'")]
            )
            self.seed.replace(conn, records, digest)
            conn.execute("COMMIT")

    def _refresh_sample(self) -> None:
        """The cache takes the shipped cards again when gmtool updated them (imports stay)."""
        with contextlib.suppress(CardSampleError, CardDatabaseError):  # else it keeps the cards it has
            digest = self.seed.digest()
            with self._connection() as conn:
                row = conn.execute("SELECT value FROM meta WHERE key = 'sample_digest'").fetchone()
                if row is not None and row[0] == digest:
                    return
                # Changed, or none (an older gmtool's import removed the sample): the new shipped cards.
                records = self.seed.records()
                conn.execute("PRAGMA busy_timeout = 0")  # an import is running: next time then
                try:
                    conn.execute("BEGIN IMMEDIATE")
                    self.seed.replace(conn, records, digest)
                    conn.execute("COMMIT")
                finally:
                    conn.execute("PRAGMA busy_timeout = 5000")

    def write_connection(self) -> sqlite3.Connection:
        """A connection of its own for an import's transaction, so this one keeps reading meanwhile."""
        with self._connection():
            pass  # refuses a closed database
        try:
            return connect_cache(self._path, timeout=10.0)
        except sqlite3.Error as exc:
            problem = Message("カードを書き込めません（{0}）", sqlite_problem(exc))
            raise CardDatabaseError(problem, self._path) from None


def connect_cache(path: Path, timeout: float = 5.0) -> sqlite3.Connection:
    # Explicit transactions; any thread (an import runs off the UI thread; CardDatabase has a lock).
    conn = sqlite3.connect(path, isolation_level=None, timeout=timeout, check_same_thread=False)
    try:
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")  # a cache: a power cut may lose the last import
    except sqlite3.Error:
        conn.close()
        raise
    return conn


def _create(target: Path, seed: Seed) -> None:
    """A new cache holding the shipped cards, built under a temp name and moved into place."""
    try:
        records, digest = seed.records(), seed.digest()
    except CardSampleError as exc:
        raise CardDatabaseError(Message("カードデータベースを作れません。{0}", exc), target) from None

    def fill(conn: sqlite3.Connection) -> None:
        conn.executescript(f"BEGIN;{_SCHEMA}COMMIT;")
        conn.execute("BEGIN")
        meta = [("format", FORMAT), ("schema_version", str(SCHEMA_VERSION)), ("created", utc_now())]
        conn.executemany("INSERT INTO meta(key, value) VALUES(?, ?)", meta)
        seed.replace(conn, records, digest)
        conn.execute("COMMIT")

    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CardDatabaseError(
            Message("カードデータベースを作れません（{0}）", exc.strerror or exc), target
        ) from None
    try:
        build_database(target, fill, "カードデータベースを作れません", CardDatabaseError, overwrite=False)
    except CardDatabaseError:
        if not target.exists():
            raise
        # Another gmtool made it meanwhile: keep theirs.


def _check_cache(conn: sqlite3.Connection) -> None:
    check_gmtool_database(conn, FORMAT, SCHEMA_VERSION, Message("カードデータベース"), _SCHEMA)
