"""What a card file is, read from its first bytes (after decompression), never from its name.

- ``{"meta": …, "data": {card name: [face, …]}}``: MTGJSON AtomicCards;
- ``{"meta": …, "data": {set code: {"baseSetSize": …, "cards": […]}}}``: MTGJSON AllPrintings;
- ``{"meta": …, "data": {"baseSetSize": …, "cards": […], "code": …}}``: an MTGJSON per-set file;
- ``[{"object": "card", …}, …]``: a Scryfall bulk file (``{"object": "list", "data": […]}``: a page
  saved from Scryfall's API; one object per line: JSON Lines).

Any other MTGJSON file (SetList, AllIdentifiers, Keywords …) is refused with a word saying what it
looks like.
"""

from __future__ import annotations

import io
import json
from dataclasses import dataclass

import ijson

from gmtool.rules.message import Message
from gmtool.store.errors import StoreError
from gmtool.store.mtg.compressed import CardFileStream, ijson_backend
from gmtool.store.mtg.depth_guard import too_deep

NOT_CARD_DATA = Message(
    "MTGJSON（AtomicCards・AllPrintings・セットごとのファイル）でも"
    " Scryfall の一括データ（bulk data）でもありません"
)
PEEK_BYTES = 1 << 20  # enough for the first line of a JSON Lines file, or a small whole file
_BOM = b"\xef\xbb\xbf"
# Keys of an MTGJSON set object (a per-set file's "data", each value of AllPrintings' "data").
SET_KEYS = frozenset(
    {
        "baseSetSize",
        "block",
        "booster",
        "cards",
        "code",
        "isFoilOnly",
        "keyruneCode",
        "name",
        "releaseDate",
        "totalSetSize",
        "translations",
        "type",
        "tokens",
        "mcmId",
        "mtgoCode",
        "parentCode",
    }
)
_MAX_EVENTS = 10_000  # the data's first key comes after the meta's few values


@dataclass(frozen=True)
class FileKind:
    kind: str  # "mtgjson" or "scryfall" (what the import records)
    shape: str  # mtgjson: "atomic", "allprintings", "set"; scryfall: "array", "list", "lines"

    def describe(self) -> str:
        """What was found, named for the user: 「MTGJSON AllPrintings」…"""
        return {
            "atomic": Message("MTGJSON AtomicCards"),
            "allprintings": Message("MTGJSON AllPrintings"),
            "set": Message("MTGJSON のセットごとのファイル"),
            "array": Message("Scryfall の一括データ"),
            "lines": Message("Scryfall の一括データ（JSON Lines）"),
            "list": Message("Scryfall API のカード一覧"),
        }[self.shape]


def detect(stream: CardFileStream) -> FileKind:
    """The file's kind from its first bytes; StoreError naming what it is when it is no card file."""
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
        return FileKind("scryfall", "array")
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
        return FileKind("mtgjson", _mtgjson_shape(text))  # one document larger than the peek
    except RecursionError:  # nested deeper than Python's decoder goes, within the first bytes
        raise StoreError(too_deep(len(head))) from None
    if isinstance(first, dict) and "data" in first:
        if isinstance(first["data"], dict):
            return FileKind("mtgjson", _mtgjson_shape(text))
        if first.get("object") == "list" and isinstance(first["data"], list):
            return FileKind("scryfall", "list")
        raise StoreError(
            Message("MTGJSON のカード以外のデータです（SetList などの一覧）。{0}", NOT_CARD_DATA)
        )
    return FileKind("scryfall", "lines")


def _mtgjson_shape(text: bytes) -> str:
    """ "atomic", "allprintings" or "set" from the first key under "data" and what it holds."""
    events = ijson_backend().parse(io.BytesIO(text))
    data_key = ""  # the first key under "data"
    try:
        for count, (prefix, event, value) in enumerate(events):
            if count > _MAX_EVENTS:
                break
            if prefix == "data" and event == "start_array":
                raise StoreError(
                    Message("MTGJSON のカード以外のデータです（SetList などの一覧）。{0}", NOT_CARD_DATA)
                )
            if prefix == "data" and event == "map_key" and not data_key:
                data_key = str(value)
                if data_key in SET_KEYS:
                    return "set"
                continue
            if data_key and prefix == f"data.{data_key}":
                if event == "start_array":
                    return "atomic"
                if event == "map_key":
                    if value in SET_KEYS:
                        return "allprintings"
                    raise StoreError(
                        Message(
                            "MTGJSON のデータですが、セットでもカードの一覧でもありません"
                            "（「{0}」の下に「{1}」）。{2}",
                            data_key[:40],
                            str(value)[:40],
                            NOT_CARD_DATA,
                        )
                    )
                if event != "start_map":
                    raise StoreError(Message("MTGJSON のカード以外のデータです。{0}", NOT_CARD_DATA))
    except ijson.JSONError:
        pass  # the peek ends inside the document: decide with what was seen
    return "atomic"  # as before: AtomicCards is the file people import most
