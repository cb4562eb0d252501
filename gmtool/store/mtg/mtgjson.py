"""MTGJSON AtomicCards.json: ``{"meta": {…}, "data": {name: [face, …]}}`` → Card fields.

The file is streamed one card at a time with ijson (``kvitems(f, "data")``): the whole of it is
never in memory.  Each card's facts follow SPEC (mtg): mana value, type line and keywords from
side "a"; colors from side "a" too, but the union of the halves for a split card (MTGJSON already
gives a split card's ``manaValue`` as the sum of both halves; where that disagrees with the
halves' ``manaCost``, the costs win — mana_cost.py).  The Japanese name comes from ``foreignData``.

The helpers shared with the Scryfall importer (mana value, lists of words, the error type) live
here because MTGJSON was the first importer; scryfall.py imports them.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

from gmtool.rules.message import Message
from gmtool.store.mtg.compressed import ByteStream, ijson_backend
from gmtool.store.mtg.mana_cost import split_mana_value
from gmtool.store.mtg.names import face_names
from gmtool.store.validation import short_input

# Not cards of a deck: the importers skip them (they still count as read for progress).
SKIPPED_LAYOUTS = frozenset({"token", "double_faced_token", "emblem", "art_series"})
# Split cards by the rules (aftermath cards are split cards too): their colors are the union.
SPLIT_LAYOUTS = frozenset({"split", "aftermath"})


class CardDataError(ValueError):
    """One card's data is impossible; ``str(e)`` is a Japanese sentence without the card's name."""


def mana_value(value: Any, field: str) -> int:
    """A mana value as an integer.  Un-cards have halves (Little Girl: 0.5): rounded down."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise CardDataError(Message("{0}: 数値でなければなりません（入力: {1}）", field, short_input(value)))
    if isinstance(value, float):
        if not math.isfinite(value):
            raise CardDataError(
                Message("{0}: 数値でなければなりません（入力: {1}）", field, short_input(value))
            )
        return math.floor(value)
    return value


def listed(value: Any, field: str) -> list[Any]:
    """A JSON array field (missing = empty); its items are checked when the Card is validated."""
    if value is None:
        return []
    if not isinstance(value, list):
        raise CardDataError(
            Message("{0}: 配列（[…]）でなければなりません（入力: {1}）", field, short_input(value))
        )
    return value


def text(value: Any, field: str) -> str:
    if not isinstance(value, str):
        raise CardDataError(
            Message("{0}: 文字列でなければなりません（入力: {1}）", field, short_input(value))
        )
    return value


def union_colors(sources: list[Any], field: str) -> list[Any]:
    """Every color of every source, each once (Card orders them W U B R G)."""
    colors: list[Any] = []
    for source in sources:
        for color in listed(source, field):
            if color not in colors:
                colors.append(color)
    return colors


def iter_atomic_cards(stream: ByteStream) -> Iterator[tuple[str, Any]]:
    """(name, the card's list of faces) for every card under ``data``, in file order."""
    yield from ijson_backend().kvitems(stream, "data", use_float=True)


def atomic_card_fields(key: str, value: Any) -> dict[str, Any] | None:
    """The Card fields of one AtomicCards entry, or None for a token / art card."""
    if isinstance(value, dict):
        raise CardDataError(
            Message(
                "カードの面の配列ではなくオブジェクトです。AtomicCards.json ではなく AllPrintings.json "
                "などのファイルではありませんか"
            )
        )
    faces = listed(value, "面の一覧")
    if not faces or not all(isinstance(face, dict) for face in faces):
        raise CardDataError(Message("面の一覧: カードの面（{{…}}）の配列でなければなりません"))
    # Side "a" first; an entry may list the same side twice (Un-card variants): the first one wins.
    by_side: dict[str, dict[str, Any]] = {}
    for face in sorted(faces, key=lambda f: str(f.get("side") or "a")):
        by_side.setdefault(str(face.get("side") or "a"), face)
    sides = list(by_side.values())
    front = sides[0]
    layout = text(front.get("layout", "normal"), "layout")
    if layout in SKIPPED_LAYOUTS:
        return None
    name = text(front.get("name", key), "name")
    if "manaValue" in front:
        mv = mana_value(front["manaValue"], "manaValue")
    else:  # files before MTGJSON 5.2 call it convertedManaCost
        mv = mana_value(front.get("convertedManaCost", 0), "convertedManaCost")
    if layout in SPLIT_LAYOUTS:
        colors = union_colors([side.get("colors") for side in sides], "colors")
        mv = split_mana_value(mv, [side.get("manaCost") for side in sides])
    else:
        colors = listed(front.get("colors"), "colors")
    return {
        "name": name,
        "mana_value": mv,
        "colors": colors,
        "name_ja": japanese_name(sides),
        "supertypes": listed(front.get("supertypes"), "supertypes"),
        "types": listed(front.get("types"), "types"),
        "subtypes": listed(front.get("subtypes"), "subtypes"),
        "keywords": listed(front.get("keywords"), "keywords"),
        "layout": layout,
    }


def japanese_name(sides: list[dict[str, Any]]) -> str:
    """The Japanese name from the faces' ``foreignData`` ("" when there is none).

    A full "火 // 氷" name is taken as it is; otherwise the faces' own Japanese names (``faceName``)
    are joined with " // " when every face has one, else the front face's name stands alone.
    """
    entries = [_japanese_entry(side) for side in sides]
    for entry in entries:
        # Japanese text may separate the halves with a full-width slash.
        halves = (
            face_names(text(entry.get("name", ""), "foreignData.name").replace("／", "/")) if entry else []
        )
        if len(halves) > 1:
            return " // ".join(halves)
    names = []
    for entry in entries:
        own = (entry.get("faceName") or entry.get("name")) if entry is not None else None
        names.append(text(own, "foreignData.faceName").strip() if own is not None else "")
    if len(names) > 1 and all(names):
        return " // ".join(dict.fromkeys(names))  # faces repeating one name (flip cards' data) once
    return names[0]  # a back face's name alone would be found as the card's name: better none


def _japanese_entry(side: dict[str, Any]) -> dict[str, Any] | None:
    for entry in listed(side.get("foreignData"), "foreignData"):
        if isinstance(entry, dict) and entry.get("language") == "Japanese":
            return entry
    return None
