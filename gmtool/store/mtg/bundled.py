"""The card table shipped with gmtool (resources/cards/cards.json.xz): every card, English and
Japanese names, built from MTGJSON by packaging/build_card_database.py.

The file is xz-compressed JSON::

    {"format": "gmtool/card-table", "schema_version": 1,
     "meta": {"source": …, "source_date": …, "licence": …, "cards": N, "cards_ja": M, …},
     "fields": ["name", "name_ja", "mana_value", "colors", "supertypes", "types", "subtypes",
                "keywords", "layout"],
     "cards": [[field values in that order], …]}

``colors`` is a string of W U B R G letters and ``layout`` "" for "normal", to keep the file small.
The card cache (database.py) starts from this table and the hand-checked sample: no import step.
Like the sample, the file is part of gmtool and validated strictly: a fault in it is a packaging
bug, shown in full.
"""

from __future__ import annotations

import hashlib
import json
import lzma
from pathlib import Path
from typing import Annotated, Any

from pydantic import Field, StrictStr, TypeAdapter, ValidationError

from gmtool.resources import resource_path
from gmtool.rules.message import Message
from gmtool.rules.systems.mtg.cards import Card, CardName, CardText, ManaValue, Words
from gmtool.store.mtg.sample import CardSampleError
from gmtool.store.validation import format_validation_error, short_input

FORMAT = "gmtool/card-table"
SCHEMA_VERSION = 1
FIELDS = ("name", "name_ja", "mana_value", "colors", "supertypes", "types", "subtypes", "keywords", "layout")
MAX_TABLE_BYTES = 64 << 20  # decompressed; the real table is about 6 MB
BUNDLED_FILE = "cards.json.xz"
# One row: the bounds of Card's fields (cards.py), checked in one pass without building a Card.
_Colors = Annotated[StrictStr, Field(pattern="^W?U?B?R?G?$")]
_Layout = Annotated[StrictStr, Field(max_length=40)]
_ROWS = TypeAdapter(list[tuple[CardName, CardText, ManaValue, _Colors, Words, Words, Words, Words, _Layout]])


def default_bundled_path() -> Path:
    return resource_path("cards", BUNDLED_FILE)


def bundled_digest(path: Path) -> str:
    """SHA-256 of the table file: the card cache takes a changed table again."""
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError as exc:
        raise CardSampleError(_unreadable(exc), path) from None


def card_row(card: Card) -> list[Any]:
    """One card as a row of the table (the inverse of what ``bundled_cards`` reads)."""
    colors = "".join(str(color) for color in card.colors)
    layout = "" if card.layout == "normal" else card.layout
    lists = [list(card.supertypes), list(card.types), list(card.subtypes), list(card.keywords)]
    return [card.name, card.name_ja, card.mana_value, colors, *lists, layout]


def read_table(path: Path) -> dict[str, Any]:
    """The table's document, its format and version checked (not yet its cards)."""
    try:
        with lzma.open(path, "rb") as handle:
            raw = handle.read(MAX_TABLE_BYTES + 1)
    except FileNotFoundError:
        raise CardSampleError(
            Message("同梱のカードデータが見つかりません（インストールが壊れています）"), path
        ) from None
    except (OSError, lzma.LZMAError, EOFError) as exc:
        raise CardSampleError(_unreadable(exc), path) from None
    if len(raw) > MAX_TABLE_BYTES:
        raise CardSampleError(Message("同梱のカードデータとしては大きすぎます"), path)
    try:
        document: Any = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise CardSampleError(Message("JSON として読めません（{0}）", str(exc)[:80]), path) from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        shown = short_input(document.get("format") if isinstance(document, dict) else document)
        raise CardSampleError(Message("gmtool のカードデータではありません（format: {0}）", shown), path)
    version = document.get("schema_version")
    if isinstance(version, bool) or not isinstance(version, int) or not 1 <= version <= SCHEMA_VERSION:
        raise CardSampleError(Message("schema_version が正しくありません（{0}）", short_input(version)), path)
    if document.get("fields") != list(FIELDS) or not isinstance(document.get("cards"), list):
        raise CardSampleError(Message("fields / cards がこのバージョンの形ではありません"), path)
    if not isinstance(document.get("meta"), dict):
        raise CardSampleError(Message("meta: 必須項目がありません"), path)
    return document


def bundled_meta(path: Path | None = None) -> dict[str, Any]:
    """Where the table's data comes from: source, date, licence, counts (see the build script)."""
    return dict(read_table(path or default_bundled_path())["meta"])


def bundled_rows(path: Path | None = None) -> list[dict[str, Any]]:
    """Every card of the table as Card fields (a dict per card), validated against Card's bounds in
    one pass; CardSampleError naming the file and the row.  The card cache stores these."""
    return bundled_rows_and_date(path)[0]


def bundled_rows_and_date(path: Path | None = None) -> tuple[list[dict[str, Any]], str]:
    """`bundled_rows` and the data's date (YYYY-MM-DD, "" if the table does not say), from one read
    of the file: the date is what "a card newer than the data" is measured against."""
    target = path or default_bundled_path()
    document = read_table(target)
    date = document["meta"].get("source_date")
    try:
        rows = _ROWS.validate_python(document["cards"])
    except ValidationError as exc:
        raise CardSampleError(format_validation_error(exc, "cards"), target) from None
    cards = [
        {
            "name": name,
            "mana_value": mana_value,
            "colors": list(colors),
            "name_ja": name_ja,
            "supertypes": list(supertypes),
            "types": list(types),
            "subtypes": list(subtypes),
            "keywords": list(keywords),
            "layout": layout or "normal",
        }
        for name, name_ja, mana_value, colors, supertypes, types, subtypes, keywords, layout in rows
    ]
    return cards, date[:10] if isinstance(date, str) else ""


def bundled_cards(path: Path | None = None) -> list[Card]:
    """Every card of the table as a Card."""
    cards: list[Card] = []
    for row in bundled_rows(path):
        fields: dict[str, Any] = {key: tuple(v) if isinstance(v, list) else v for key, v in row.items()}
        cards.append(Card(**fields))
    return cards


def _unreadable(exc: BaseException) -> str:
    strerror = getattr(exc, "strerror", None)
    return Message("ファイルを読めません（{0}）", strerror or str(exc)[:80])
