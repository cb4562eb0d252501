"""Importing a user's MTGJSON / Scryfall card file into the card cache, all or nothing.

``import_card_file`` recognises the file by its first bytes (after decompression; formats.py):
MTGJSON AtomicCards, AllPrintings or a per-set file, a Scryfall bulk array or JSON Lines — and
says which it found.  It streams the file (a 2 GB all_cards file imports in bounded memory; an
AllPrintings file a set at a time, its printings merged per card as the bundled table's are), and
replaces the previously imported cards in one transaction on a connection of its own
(import_writer.py): a malformed file, an impossible card, a cancel or any error rolls back and
leaves the cache exactly as it was.  The shipped cards and the user's manual entries stay; an
imported card wins over a shipped card of the same name, and keeps its Japanese name when the file
gives none (Scryfall's oracle_cards is English only).

Meant to run off the UI thread: ``progress(done_bytes, total_bytes)`` is called at most every
0.1 s (bytes of the file on disk, compressed or not), ``cancelled()`` is polled every 0.05 s, also
while one card is read and while the import is finished off, so a cancel is seen within 0.1 s.
Any value of the file larger than 1 MB, or card larger than 16 MB, is refused (compressed.py).
"""

from __future__ import annotations

import errno
import math
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import ijson
from pydantic import TypeAdapter, ValidationError

from gmtool.rules.message import Message
from gmtool.rules.systems.mtg.cards import Card
from gmtool.store.errors import StoreError
from gmtool.store.mtg import mtgjson, mtgjson_sets, scryfall
from gmtool.store.mtg.compressed import CardFileStream, open_card_file
from gmtool.store.mtg.database import CardDatabase
from gmtool.store.mtg.formats import NOT_CARD_DATA, FileKind, detect
from gmtool.store.mtg.import_writer import CardWriter
from gmtool.store.sqlite_errors import sqlite_problem
from gmtool.store.validation import format_validation_error

UNCHANGED = "カードのキャッシュは変わっていません"
TICK_SECONDS = 0.1  # between progress reports
CANCEL_SECONDS = 0.05  # between cancel polls: with the longest step between two (a batch written), < 0.1 s
MAX_SET_BYTES = 512 << 20  # AllPrintings is read a set at a time; the largest real set is ~60 MB
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
    found: str = ""  # what the file was: 「MTGJSON AllPrintings」…


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
    writer: CardWriter | None = None
    label = ""  # the card being read, for messages
    what = ""  # what the file was found to be, for messages
    try:
        stream = open_card_file(path)
        found = detect(stream)
        what = found.describe()
        ticker = _Ticker(stream, progress, cancelled)
        ticker.report()
        writer = CardWriter(db, path.name, found.kind, ticker.tick)
        stream.on_read = ticker.tick  # polled inside a card too, whatever its size
        if found.kind == "mtgjson":
            for label, read in _mtgjson_cards(stream, found, ticker):  # noqa: B007 (the label is for errors)
                fields = read()
                if fields is None:
                    writer.skip()
                else:
                    writer.add(_card(fields))
        else:
            for index, obj in enumerate(scryfall.iter_objects(stream, found.shape)):
                label = _object_label(obj, index)
                stream.card_taken()
                ticker.tick()
                if index == 0 and not (isinstance(obj, dict) and obj.get("object") == "card"):
                    raise CardImportError(Message("{0}。{1}", NOT_CARD_DATA, UNCHANGED), path)
                _add_scryfall(writer, scryfall.check_card_object(obj))
        if writer.cards == 0:
            raise CardImportError(
                Message("{0}ですが、カードが 1 枚も見つかりません。{1}", found.describe(), UNCHANGED), path
            )
        ticker.report(final=True)
        ticker.check_cancelled()  # a cancel during the last 0.1 s still wins
        record = writer.commit(ticker.tick)
    except CardImportError:
        raise
    except mtgjson.CardDataError as exc:
        raise CardImportError(
            Message("{0}: カード「{1}」: {2}。{3}", what, label[:60], exc, UNCHANGED), path
        ) from None
    except ValidationError as exc:
        problem = format_validation_error(exc)
        raise CardImportError(
            Message("{0}: カード「{1}」: {2}。{3}", what, label[:60], problem, UNCHANGED), path
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
    except sqlite3.Error as exc:  # said in the UI language ("database or disk is full" → ディスクが…)
        raise CardImportError(
            Message("カードのキャッシュに書き込めません（{0}）。{1}", sqlite_problem(exc), UNCHANGED), path
        ) from None
    except OSError as exc:
        if exc.errno in (errno.ENOSPC, errno.EDQUOT):  # writing the cache, not reading the file
            problem = Message(
                "カードのキャッシュに書き込めません（{0}）。{1}", Message("ディスクがいっぱいです"), UNCHANGED
            )
            raise CardImportError(problem, path) from None
        raise CardImportError(
            Message("ファイルを読めません（{0}）。{1}", exc.strerror or exc, UNCHANGED), path
        ) from None
    finally:
        if writer is not None:
            writer.close()
        if stream is not None:
            stream.close()
    seconds = time.perf_counter() - started
    return ImportSummary(
        record.file_name, found.kind, record.cards, record.cards_ja, writer.skipped, seconds, found.describe()
    )


def _mtgjson_cards(stream: CardFileStream, found: FileKind, ticker: _Ticker) -> Any:
    """(label, a call giving the Card fields or None) for every card of an MTGJSON file: the label is
    known before the card is read, so a card that cannot be read is named."""
    if found.shape == "atomic":
        for key, value in mtgjson.iter_atomic_cards(stream):
            stream.card_taken()
            ticker.tick()
            yield str(key), partial(mtgjson.atomic_card_fields, str(key), value)
    elif found.shape == "set":
        printings = mtgjson_sets.iter_set_file_printings(stream, stream.card_taken)
        for name, faces in mtgjson_sets.group_printings(printings).items():
            ticker.tick()
            yield name, partial(mtgjson_sets.printing_fields, name, faces)
    else:  # AllPrintings: a set at a time, every card's printings merged
        stream.allow_card_bytes(MAX_SET_BYTES)
        merger = mtgjson_sets.PrintingMerger()
        skipped = 0
        for code, date, set_printings in mtgjson_sets.iter_all_printings_sets(stream):
            stream.card_taken()
            for name, faces in mtgjson_sets.group_printings(set_printings).items():
                ticker.tick()
                fields = _labelled(
                    Message("{0}（{1}）", name, code), mtgjson_sets.printing_fields, name, faces
                )
                if fields is None:
                    skipped += 1
                else:
                    merger.add(fields, date)
        yield from ((str(fields["name"]), partial(dict, fields)) for fields in merger.cards())
        yield from (("", _none) for _ in range(skipped))


def _none() -> None:
    return None


def _labelled(label: str, read: Callable[[str, list[Any]], Any], name: str, faces: list[Any]) -> Any:
    try:
        return read(name, faces)
    except mtgjson.CardDataError as exc:
        raise mtgjson.CardDataError(Message("「{0}」: {1}", label[:80], exc)) from None


def _card(fields: dict[str, Any]) -> Card:
    return _CARD.validate_python(fields)


def _add_scryfall(writer: CardWriter, obj: dict[str, Any]) -> None:
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
