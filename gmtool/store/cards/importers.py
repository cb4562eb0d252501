"""Importing a user's MTGJSON / Scryfall card file into the card cache, all or nothing.

``import_card_file`` recognises the file by peeking at its first bytes (after decompression):
``{"meta": …, "data": {…}}`` is MTGJSON AtomicCards, ``[…]`` a Scryfall bulk array, one object
per line Scryfall JSON Lines.  It streams the file (a 2 GB all_cards file imports in bounded
memory), and replaces the sample / previously imported cards in one transaction on a connection of
its own: a malformed file, an impossible card, a cancel or any error rolls back and leaves the
cache exactly as it was.  The user's manual entries are never touched.  An imported card the file
gives no Japanese name (Scryfall's oracle_cards is English only) keeps the shipped sample's
Japanese name for the same English name, so 「森」 and the sample's other cards stay found.

Meant to run off the UI thread: ``progress(done_bytes, total_bytes)`` is called at most every
0.1 s (bytes of the file on disk, compressed or not), ``cancelled()`` is polled every 0.05 s, also
while one card is read and while the import is finished off, so a cancel is seen within 0.1 s.
Any value of the file larger than 1 MB, or card larger than 16 MB, is refused (compressed.py).
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import math
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import ijson
from pydantic import TypeAdapter, ValidationError

from gmtool.rules.message import Message
from gmtool.rules.systems.mtg.cards import Card
from gmtool.store.cards import mtgjson, scryfall
from gmtool.store.cards.compressed import CardFileStream, open_card_file
from gmtool.store.cards.database import (
    CardDatabase,
    ImportRecord,
    card_from_json,
    delete_cards,
    insert_cards,
    next_card_id,
    utc_now,
)
from gmtool.store.cards.names import normalize_name
from gmtool.store.cards.sample import sample_cards
from gmtool.store.errors import StoreError
from gmtool.store.validation import format_validation_error

UNCHANGED = "カードのキャッシュは変わっていません"
NOT_CARD_DATA = "MTGJSON の AtomicCards.json でも Scryfall の一括データ（bulk data）でもありません"
PEEK_BYTES = 1 << 20  # enough for the first line of a JSON Lines file, or a small whole file
TICK_SECONDS = 0.1  # between progress reports
CANCEL_SECONDS = 0.05  # between cancel polls: with the longest step between two (a batch written), < 0.1 s
_BATCH = 500
_BOM = b"\xef\xbb\xbf"
_CARD = TypeAdapter(Card)


class CardImportError(StoreError):
    """A card file could not be imported; the cache is unchanged (the message says so)."""


class ImportCancelled(CardImportError):
    """The user cancelled the import; the cache is unchanged."""


@dataclass(frozen=True)
class ImportSummary:
    file_name: str
    kind: str  # "mtgjson" or "scryfall"
    cards: int  # cards now in the cache from this file
    cards_ja: int  # of which with a Japanese name
    skipped: int  # tokens, emblems, art cards
    seconds: float


def import_card_file(
    db: CardDatabase,
    path: Path,
    progress: Callable[[int, int], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> ImportSummary:
    """Replace the imported cards of ``db`` by the cards of ``path`` (see the module docstring)."""
    path = Path(path)
    started = time.perf_counter()
    stream: CardFileStream | None = None
    writer: _Writer | None = None
    label = ""  # the card being read, for messages
    try:
        stream = open_card_file(path)
        kind, shape = _detect(stream)
        ticker = _Ticker(stream, progress, cancelled)
        ticker.report()
        writer = _Writer(db, path.name, kind, _sample_japanese(db), ticker.tick)
        stream.on_read = ticker.tick  # polled inside a card too, whatever its size
        if kind == "mtgjson":
            for key, value in mtgjson.iter_atomic_cards(stream):
                label = str(key)
                stream.card_taken()
                ticker.tick()
                fields = mtgjson.atomic_card_fields(label, value)
                if fields is None:
                    writer.skip()
                else:
                    writer.add(_card(fields))
        else:
            for index, obj in enumerate(scryfall.iter_objects(stream, shape)):
                label = _object_label(obj, index)
                stream.card_taken()
                ticker.tick()
                if index == 0 and not (isinstance(obj, dict) and obj.get("object") == "card"):
                    raise CardImportError(Message("{0}。{1}", NOT_CARD_DATA, UNCHANGED), path)
                _add_scryfall(writer, scryfall.check_card_object(obj))
        if writer.cards == 0:
            raise CardImportError(
                Message("カードが 1 枚も見つかりません（{0}）。{1}", NOT_CARD_DATA, UNCHANGED), path
            )
        ticker.report(final=True)
        ticker.check_cancelled()  # a cancel during the last 0.1 s still wins
        record = writer.commit(ticker.tick)
    except CardImportError:
        raise
    except mtgjson.CardDataError as exc:
        raise CardImportError(Message("カード「{0}」: {1}。{2}", label[:60], exc, UNCHANGED), path) from None
    except ValidationError as exc:
        raise CardImportError(
            Message("カード「{0}」: {1}。{2}", label[:60], format_validation_error(exc), UNCHANGED), path
        ) from None
    except ijson.JSONError as exc:
        where = Message("{0:,} バイト目付近", stream.bytes_out) if stream is not None else Message("どこか")
        if stream is not None and stream.compression != "none":
            where = Message("展開後の {0}", where)
        raise CardImportError(
            Message("{0}で JSON が壊れています（{1}）。{2}", where, _json_reason(exc), UNCHANGED), path
        ) from None
    except (TypeError, KeyError, AttributeError, ValueError) as exc:  # a shape no check above foresaw
        problem = Message(
            "カード「{0}」を読めません（{1}: {2}）", label[:60], type(exc).__name__, str(exc)[:80]
        )
        raise CardImportError(Message("{0}。{1}", problem, UNCHANGED), path) from None
    except StoreError as exc:  # from the file stream or the card database
        raise CardImportError(Message("{0}。{1}", exc.problem, UNCHANGED), path) from None
    except sqlite3.Error as exc:
        raise CardImportError(
            Message("カードのキャッシュに書き込めません（{0}）。{1}", exc, UNCHANGED), path
        ) from None
    except OSError as exc:
        raise CardImportError(
            Message("ファイルを読めません（{0}）。{1}", exc.strerror or exc, UNCHANGED), path
        ) from None
    finally:
        if writer is not None:
            writer.close()
        if stream is not None:
            stream.close()
    seconds = time.perf_counter() - started
    return ImportSummary(record.file_name, kind, record.cards, record.cards_ja, writer.skipped, seconds)


def _sample_japanese(db: CardDatabase) -> dict[str, str]:
    """normalized English name → Japanese name, for every card of the cache's sample that has one."""
    return {normalize_name(card.name): card.name_ja for card in sample_cards(db.sample_path) if card.name_ja}


def _card(fields: dict[str, Any]) -> Card:
    return _CARD.validate_python(fields)


def _add_scryfall(writer: _Writer, obj: dict[str, Any]) -> None:
    if scryfall.skipped(obj):
        writer.skip()
        return
    key = scryfall.oracle_key(obj)
    name_ja = scryfall.japanese_name(obj)
    if name_ja:
        if len(name_ja) > 200:
            raise mtgjson.CardDataError(Message("printed_name: 文字列が長すぎます（最大 200 文字）"))
        writer.set_japanese(key, name_ja)
    if not writer.has(key):  # the first printing gives the facts: they are the card's, in English
        writer.add(_card(scryfall.card_fields(obj)), key)


def _object_label(obj: Any, index: int) -> str:
    name = obj.get("name") if isinstance(obj, dict) else None
    return name if isinstance(name, str) and name else Message("{0} 番目", index + 1)


def _detect(stream: CardFileStream) -> tuple[str, str]:
    """(kind, shape) from the first bytes: ("mtgjson", "object"), ("scryfall", "array"|"list"|"lines")."""
    head = stream.peek(PEEK_BYTES)
    if head.startswith(_BOM):
        stream.read(len(_BOM))  # Notepad's UTF-8 mark: not JSON, so not for the parser
        head = head[len(_BOM) :]
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise StoreError(Message("UTF-16 のテキストです。UTF-8 で保存し直してください"))
    text = head.lstrip()
    if not text:
        raise StoreError(Message("ファイルが空です"))
    if text[:1] == b"[":
        return "scryfall", "array"
    if text[:1] != b"{":
        shown = Message.joined(
            "", (c if c.isprintable() else "?" for c in text[:20].decode("utf-8", "replace").split("\n")[0])
        )
        raise StoreError(Message("JSON のファイルではありません（先頭: 「{0}」）。{1}", shown, NOT_CARD_DATA))
    try:  # a first object that ends within the peek: a small whole file, or the first of JSON Lines
        first, _ = json.JSONDecoder().raw_decode(
            head.decode("utf-8", errors="replace"), len(head) - len(text)
        )
    except ValueError:
        return "mtgjson", "object"  # one document larger than the peek: AtomicCards is one line
    if isinstance(first, dict) and isinstance(first.get("data"), dict):
        return "mtgjson", "object"
    if isinstance(first, dict) and first.get("object") == "list" and isinstance(first.get("data"), list):
        return "scryfall", "list"  # a page saved from Scryfall's API
    return "scryfall", "lines"


# yajl's (ijson's C parser's) messages for what a truncated or hand-edited file produces.
_JSON_REASONS = {
    "premature EOF": "途中で切れています",
    "Incomplete JSON content": "途中で切れています",
    "trailing garbage": "JSON の後に余分なデータがあります",
    "invalid bytes in UTF8 string": "UTF-8 として正しくないバイトがあります",
    "invalid string in json text": "値として読めない文字列があります",
    "invalid char in json text": "JSON に使えない文字があります",
    "unallowed token at this point": "この位置に置けない記号があります",
    "after key and value, inside map": "「,」か「}」がありません",
    "after array element": "「,」か「]」がありません",
    "separated by a colon": "「:」がありません",
    "invalid object key": '項目名（"…"）がありません',
}


def _json_reason(exc: Exception) -> str:
    """What yajl said, in Japanese, with the text it points at (it shows the file's own words)."""
    raw = exc.args[0] if exc.args else ""
    lines = (raw.decode("utf-8", errors="replace") if isinstance(raw, bytes) else str(raw)).splitlines()
    first = lines[0].strip() if lines else type(exc).__name__
    reason = next((ja for en, ja in _JSON_REASONS.items() if en in first), first[:80])
    context = lines[1].strip() if len(lines) > 2 and "right here" in lines[2] else ""
    return Message("{0}: 「{1}」のあたり", reason, context[:60]) if context else reason


class _Ticker:
    """Calls progress at most every TICK_SECONDS and polls cancelled every CANCEL_SECONDS."""

    def __init__(
        self,
        stream: CardFileStream,
        progress: Callable[[int, int], None] | None,
        cancelled: Callable[[], bool] | None,
    ) -> None:
        self._stream = stream
        self._progress = progress
        self._cancelled = cancelled
        self._last = self._polled = -math.inf  # the first card polls at once

    def tick(self) -> None:
        now = time.monotonic()
        if now - self._polled < CANCEL_SECONDS:
            return
        self._polled = now
        self.check_cancelled()
        if now - self._last >= TICK_SECONDS:
            self._last = now
            self.report()

    def check_cancelled(self) -> None:
        if self._cancelled is not None and self._cancelled():
            raise ImportCancelled(Message("読み込みを中止しました。{0}", UNCHANGED), self._stream.path)

    def report(self, final: bool = False) -> None:
        if self._progress is not None:
            total = self._stream.total_bytes
            self._progress(total if final else self._stream.bytes_read, total)


class _Writer:
    """One import's transaction on its own connection: readers see the old cards until commit."""

    def __init__(
        self, db: CardDatabase, file_name: str, kind: str, sample_ja: dict[str, str], poll: Callable[[], None]
    ) -> None:
        self._file_name = file_name
        self._kind = kind
        self._sample_ja = sample_ja  # normalized English name → the sample's Japanese name
        self._conn = db.write_connection()
        self._ids: dict[str, int] = {}  # dedupe key (Scryfall oracle_id) → card id
        self._japanese: dict[str, str] = {}  # dedupe key → Japanese name from a printing
        self._named: set[str] = set()  # keys whose card was written with its Japanese name
        self._pending: list[tuple[int, Card]] = []
        self.cards = self.cards_ja = self.skipped = 0
        try:
            self._conn.execute("BEGIN IMMEDIATE")
            old = [row[0] for row in self._conn.execute("SELECT id FROM cards WHERE origin != 'manual'")]
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
            data = self._conn.execute("SELECT data FROM cards WHERE id = ?", (card_id,)).fetchone()[0]
            self._rename(card_id, card_from_json(data), name_ja)

    def _apply_sample_japanese(self, poll: Callable[[], None]) -> None:
        """The sample's Japanese names for the imported cards that still have none (the file's win)."""
        for key, name_ja in self._sample_ja.items():
            poll()
            rows = self._conn.execute(
                "SELECT id, data FROM cards WHERE origin = 'import' AND key = ?", (key,)
            ).fetchall()
            for card_id, data in rows:
                card = card_from_json(data)
                if not card.name_ja:
                    self._rename(card_id, card, name_ja)

    def _rename(self, card_id: int, card: Card, name_ja: str) -> None:
        """Give the written card ``card_id`` the Japanese name ``name_ja`` (it had none)."""
        delete_cards(self._conn, [card_id])
        insert_cards(self._conn, "import", [(card_id, dataclasses.replace(card, name_ja=name_ja))])
        self.cards_ja += 1

    def commit(self, poll: Callable[[], None]) -> ImportRecord:
        """Writes what is left and commits; ``poll`` (the cancel check) is called on the way."""
        self._flush()
        self._apply_japanese(poll)
        self._apply_sample_japanese(poll)
        poll()  # the last moment a cancel can still undo everything
        record = ImportRecord(self._file_name, self._kind, self.cards, self.cards_ja, utc_now())
        self._conn.execute(
            "INSERT INTO imports(file, kind, cards, cards_ja, at) VALUES(?, ?, ?, ?, ?)",
            (record.file_name, record.kind, record.cards, record.cards_ja, record.date),
        )
        self._conn.execute("DELETE FROM meta WHERE key = 'sample_digest'")
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
