"""Scryfall bulk data (oracle_cards, default_cards, all_cards) → Card fields.

A bulk file is a JSON array of card objects (streamed with ``ijson.items(f, "item")``) or, saved
by some tools, JSON Lines (one object per line).  oracle_cards holds one object per card;
default_cards and all_cards one per printing (all_cards also one per language), so cards are
deduplicated by ``oracle_id``.  Every object, whatever its language, carries the card's English
Oracle facts (``name``, ``type_line``, ``cmc``, ``colors``, ``keywords``); a ``lang == "ja"``
printing adds the Japanese name (``printed_name``, per face for multi-face cards).

Facts follow SPEC (mtg) like the MTGJSON importer: the card's ``cmc`` (the sum of the halves for
a split card), the front face's type line and colors for double-faced cards, the union of the
halves' colors for a split card.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from gmtool.rules.message import Message
from gmtool.store.mtg.compressed import ByteStream, ijson_backend
from gmtool.store.mtg.mtgjson import (
    SKIPPED_LAYOUTS,
    SPLIT_LAYOUTS,
    CardDataError,
    listed,
    mana_value,
    text,
    union_colors,
)
from gmtool.store.validation import short_input

# Comprehensive Rules 205.4: the supertypes.  Everything else left of the dash is a card type.
SUPERTYPES = frozenset({"Basic", "Legendary", "Ongoing", "Snow", "World", "Elite", "Host"})
# Subtypes of more than one word: the type line separates subtypes with spaces, so these are known.
MULTIWORD_SUBTYPES = ("Time Lord",)
TYPE_DASH = "—"  # U+2014 between types and subtypes


def iter_objects(stream: ByteStream, shape: str) -> Iterator[Any]:
    """Every object of a bulk file: ``shape`` is "array", "list" (an API list) or "lines"."""
    backend = ijson_backend()
    if shape == "lines":
        yield from backend.items(stream, "", multiple_values=True, use_float=True)
    else:
        yield from backend.items(stream, "data.item" if shape == "list" else "item", use_float=True)


def check_card_object(obj: Any) -> dict[str, Any]:
    if not isinstance(obj, dict):
        raise CardDataError(
            Message("カードのオブジェクト（{{…}}）でなければなりません（入力: {0}）", short_input(obj))
        )
    kind = obj.get("object", "card")
    if kind != "card":
        raise CardDataError(Message("Scryfall のカードではありません（object: {0}）", short_input(kind)))
    return obj


def layout_of(obj: dict[str, Any]) -> str:
    return text(obj.get("layout", "normal"), "layout")


def skipped(obj: dict[str, Any]) -> bool:
    """Tokens, emblems, art cards: not cards of a deck."""
    return layout_of(obj) in SKIPPED_LAYOUTS


def _faces(obj: dict[str, Any]) -> list[dict[str, Any]]:
    faces = listed(obj.get("card_faces"), "card_faces")
    if not all(isinstance(face, dict) for face in faces):
        raise CardDataError(Message("card_faces: 面のオブジェクト（{{…}}）の配列でなければなりません"))
    return faces


def oracle_key(obj: dict[str, Any]) -> str:
    """What identifies the card across printings: ``oracle_id`` (a reversible card's is per face)."""
    faces = _faces(obj)
    key = obj.get("oracle_id") or (faces[0].get("oracle_id") if faces else None) or obj.get("name")
    return text(key, "oracle_id")


def japanese_name(obj: dict[str, Any]) -> str:
    """The printed Japanese name of a ``lang == "ja"`` object ("" for other languages)."""
    if obj.get("lang") != "ja":
        return ""
    faces = _faces(obj)
    printed = [text(face.get("printed_name", ""), "card_faces.printed_name").strip() for face in faces]
    if len(printed) > 1 and all(printed):
        return " // ".join(printed)
    top = text(obj.get("printed_name", ""), "printed_name").strip()
    return top or (printed[0] if printed else "")


def card_fields(obj: dict[str, Any]) -> dict[str, Any]:
    """The Card fields of one card object."""
    faces = _faces(obj)
    layout = layout_of(obj)
    front = faces[0] if faces else obj
    if "type_line" in front:
        type_line = text(front["type_line"], "type_line")
    else:
        type_line = text(obj.get("type_line", ""), "type_line").split(" // ")[0]
    supertypes, types, subtypes = parse_type_line(type_line)
    if layout in SPLIT_LAYOUTS:
        colors = union_colors([obj.get("colors"), *(face.get("colors") for face in faces)], "colors")
    elif "colors" in front:  # double-faced cards have colors per face only: the front face's
        colors = listed(front["colors"], "colors")
    else:
        colors = listed(obj.get("colors"), "colors")
    # A reversible card has no card-level cmc; its faces have one each.
    cmc = obj["cmc"] if "cmc" in obj else front.get("cmc", 0)
    return {
        "name": text(obj.get("name"), "name"),
        "mana_value": mana_value(cmc, "cmc"),
        "colors": colors,
        "supertypes": supertypes,
        "types": types,
        "subtypes": subtypes,
        "keywords": listed(obj.get("keywords"), "keywords"),
        "layout": layout,
    }


def parse_type_line(type_line: str) -> tuple[list[str], list[str], list[str]]:
    """ "Legendary Creature — Elf Druid" → (["Legendary"], ["Creature"], ["Elf", "Druid"])."""
    left, _, right = type_line.partition(TYPE_DASH)
    words = left.split()
    supertypes = [word for word in words if word in SUPERTYPES]
    types = [word for word in words if word not in SUPERTYPES]
    right = " ".join(right.split())
    if not right:
        return supertypes, types, []
    if "Plane" in types:  # a plane's subtype is one planar name of several words ("New Phyrexia")
        return supertypes, types, [right]
    subtypes: list[str] = []
    rest = right
    while rest:
        multiword = next((m for m in MULTIWORD_SUBTYPES if rest == m or rest.startswith(m + " ")), None)
        word = multiword or rest.split(" ", 1)[0]
        subtypes.append(word)
        rest = rest[len(word) :].strip()
    return supertypes, types, subtypes
