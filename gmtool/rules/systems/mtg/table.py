"""The MTGでTRPG table state a campaign keeps: the turn, who boosted, which checks were made, and the
virtual libraries of the decks played without physical cards.

「1ターンに1回のみ」 boost, and 「同じターンに、まったく同じ行動判定を2回以上行うことはできません」:
both are counted per turn (in the adventure part one scene is one turn).  Stored as one JSON
document (the session key ``mtg``), validated on read; every operation is a pure function that
returns a new state or raises `TableRefused` with the reason for the GM.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Annotated, Any

from pydantic import ConfigDict, Field, StrictBool, StrictInt, StrictStr, TypeAdapter

from gmtool.rules.message import Message, template
from gmtool.rules.systems.mtg.cards import Card
from gmtool.rules.systems.mtg.checks import CheckColor, LibraryCard
from gmtool.rules.systems.mtg.library import VirtualLibrary, end_of_turn
from gmtool.rules.systems.mtg.table_types import CheckRecord, MTGTable, Outside, OutsideEntry, TableRefused

# The table's value types live in table_types (the views import them there), reached here too.
__all__ = [
    "COLOR_WORDS",
    "DOCUMENT_SCHEMA",
    "SESSION_KEY",
    "CheckRecord",
    "MTGTable",
    "Outside",
    "OutsideEntry",
    "TableRefused",
    "end_turn",
    "load_table",
    "record_check",
    "refuse_boost",
    "refuse_repeat",
    "set_library",
    "set_outside",
    "table_document",
]

SESSION_KEY = "mtg"
DOCUMENT_SCHEMA = 1
# message values (Message("{0}判定", COLOR_WORDS[color])): templates, so an English UI names the color
COLOR_WORDS = {
    "W": template("白"),
    "U": template("青"),
    "B": template("黒"),
    "R": template("赤"),
    "G": template("緑"),
    "C": template("色のない"),
}


def refuse_repeat(table: MTGTable, character: str, color: CheckColor, difficulty: int, changed: bool) -> None:
    """The same check by the same PC twice in a turn, unless the GM says something changed."""
    if table.has_checked(character, color, difficulty) and not changed:
        raise TableRefused(
            Message(
                "このターンにすでに同じ行動判定（{0}判定・難易度 {1}）をしています。"
                "まったく同じ判定は1ターンに1回です（状況が変わったときは「状況が変わった」を選んでください"
                "）",
                COLOR_WORDS[color],
                difficulty,
            )
        )


def refuse_boost(table: MTGTable, character: str) -> None:
    if character in table.boosted:
        raise TableRefused(Message("このターンはすでに行動判定ブーストを使いました（1ターンに1回）"))


def record_check(
    table: MTGTable, character: str, color: CheckColor, difficulty: int, boosted: bool
) -> MTGTable:
    record = CheckRecord(character, color, difficulty)
    checks = table.checks if record in table.checks else (*table.checks, record)
    return replace(table, checks=checks, boosted=table.boosted | ({character} if boosted else set()))


def end_turn(table: MTGTable, rng: random.Random) -> MTGTable:
    """End of the turn (or scene): boost cards go to the bottom in random order, counts reset."""
    libraries = {cid: end_of_turn(lib, rng) for cid, lib in sorted(table.libraries.items())}
    return MTGTable(table.turn + 1, frozenset(), (), libraries, table.outside)  # cards out stay out


def set_library(table: MTGTable, character: str, library: VirtualLibrary | None) -> MTGTable:
    libraries = dict(table.libraries)
    if library is None:
        libraries.pop(character, None)
    else:
        libraries[character] = library
    return replace(table, libraries=libraries)


def set_outside(table: MTGTable, character: str, outside: Outside) -> MTGTable:
    entries = dict(table.outside)
    if outside:
        entries[character] = outside
    else:
        entries.pop(character, None)
    return replace(table, outside=entries)


# ---- the stored document -----------------------------------------------------------------
Id = Annotated[StrictStr, Field(min_length=1, max_length=64)]
Index = Annotated[StrictInt, Field(ge=0, le=100_000)]
Indices = Annotated[tuple[Index, ...], Field(max_length=100_000)]


@dataclass(frozen=True)
class _LibraryDocument:
    __pydantic_config__ = ConfigDict(extra="forbid")

    cards: Annotated[tuple[Card, ...], Field(max_length=10_000)]  # each distinct card once
    copies: Annotated[tuple[tuple[Index, StrictBool], ...], Field(max_length=100_000)]  # (card, critical)
    order: Indices
    known_top: Index = 0
    blocks: Indices = ()
    exiled: Indices = ()
    hand: Indices = ()
    graveyard: Indices = ()


@dataclass(frozen=True)
class _CheckDocument:
    __pydantic_config__ = ConfigDict(extra="forbid")

    character: Id
    color: CheckColor
    difficulty: Annotated[StrictInt, Field(ge=-100_000, le=100_000)]


@dataclass(frozen=True)
class _OutsideDocument:
    __pydantic_config__ = ConfigDict(extra="forbid")

    name: Annotated[StrictStr, Field(min_length=1, max_length=200)]
    count: Annotated[StrictInt, Field(ge=1, le=10_000)]
    critical: StrictBool = False


@dataclass(frozen=True)
class _TableDocument:
    __pydantic_config__ = ConfigDict(extra="forbid")

    schema: StrictInt
    turn: Annotated[StrictInt, Field(ge=1, le=10_000_000)] = 1
    boosted: Annotated[tuple[Id, ...], Field(max_length=10_000)] = ()
    checks: Annotated[tuple[_CheckDocument, ...], Field(max_length=100_000)] = ()
    libraries: Annotated[dict[Id, _LibraryDocument], Field(max_length=10_000)] = field(default_factory=dict)
    outside: Annotated[
        dict[Id, Annotated[tuple[_OutsideDocument, ...], Field(max_length=10_000)]], Field(max_length=10_000)
    ] = field(default_factory=dict)


def _adapter() -> TypeAdapter[_TableDocument]:
    # Built on first use: a campaign without MTG state never pays for it.
    return TypeAdapter(_TableDocument)


def _library_from(doc: _LibraryDocument) -> VirtualLibrary:
    for card_index, _critical in doc.copies:
        if card_index >= len(doc.cards):
            raise ValueError(Message("ライブラリーのカード番号 {0} がカード表にありません", card_index))
    copies = tuple(LibraryCard(doc.cards[i], critical) for i, critical in doc.copies)
    library = VirtualLibrary(
        copies, doc.order, doc.known_top, doc.blocks, doc.exiled, doc.hand, doc.graveyard
    )
    library.check()
    return library


def _library_document(library: VirtualLibrary) -> dict[str, Any]:
    cards: dict[Card, int] = {}
    copies = []
    for copy in library.cards:
        index = cards.setdefault(copy.card, len(cards))
        copies.append([index, copy.critical])
    card_adapter = TypeAdapter(Card)
    return {
        "cards": [card_adapter.dump_python(c, mode="json") for c in cards],
        "copies": copies,
        "order": list(library.order),
        "known_top": library.known_top,
        "blocks": list(library.blocks),
        "exiled": list(library.exiled),
        "hand": list(library.hand),
        "graveyard": list(library.graveyard),
    }


def load_table(data: Any) -> MTGTable:
    """The stored document as state (None: nothing stored yet).  ValueError (pydantic's names the
    bad field) for a damaged document; the caller says so and keeps the campaign as it is."""
    if data is None:
        return MTGTable()
    doc = _adapter().validate_python(data)
    if doc.schema != DOCUMENT_SCHEMA:
        raise ValueError(
            Message("MTGでTRPG の卓の状態の形式 {0} は読めません（対応: {1}）", doc.schema, DOCUMENT_SCHEMA)
        )
    return MTGTable(
        turn=doc.turn,
        boosted=frozenset(doc.boosted),
        checks=tuple(CheckRecord(c.character, c.color, c.difficulty) for c in doc.checks),
        libraries={cid: _library_from(lib) for cid, lib in doc.libraries.items()},
        outside={cid: _outside_from(cid, entries) for cid, entries in doc.outside.items() if entries},
    )


def _outside_from(character: str, entries: tuple[_OutsideDocument, ...]) -> Outside:
    outside = tuple(sorted(OutsideEntry(e.name, e.critical, e.count) for e in entries))
    if len({(e.name, e.critical) for e in outside}) != len(outside):
        raise ValueError(Message("ライブラリー外のカード（{0}）に同じカードが2回あります", character))
    return outside


def table_document(table: MTGTable) -> dict[str, Any]:
    document: dict[str, Any] = {
        "schema": DOCUMENT_SCHEMA,
        "turn": table.turn,
        "boosted": sorted(table.boosted),
        "checks": [
            {"character": c.character, "color": c.color.value, "difficulty": c.difficulty}
            for c in table.checks
        ],
        "libraries": {cid: _library_document(lib) for cid, lib in sorted(table.libraries.items())},
    }
    if table.outside:  # written only when there is some: a campaign without it keeps its document
        document["outside"] = {
            cid: [{"name": e.name, "critical": e.critical, "count": e.count} for e in entries]
            for cid, entries in sorted(table.outside.items())
        }
    return document
