"""MTGJSON files of printings — AllPrintings.json and the per-set files (M20.json …) — and merging a
card's printings into one card.

A per-set file is ``{"meta": …, "data": {"baseSetSize": …, "cards": [printing, …], "code": …}}``;
AllPrintings is ``{"meta": …, "data": {set code: that set's object, …}}``.  A printing object
carries the card's Oracle facts like an AtomicCards face (``name``, ``side``, ``manaValue``,
``colors``, ``types`` …) plus that printing's ``foreignData``.  The faces of one printing share its
``name`` (and, within a set, its number), so a set's printings are grouped by name and read with
``mtgjson.atomic_card_fields``.

Across printings (``PrintingMerger``): the facts of the newest printing (the Oracle text is kept
current), and the Japanese name of the newest printing that has one — so a card printed in Japanese
once keeps that name though its newest printings are English only (AtomicCards keeps one printing's
foreign names and loses these).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from gmtool.rules.message import Message
from gmtool.store.mtg.compressed import ByteStream, ijson_backend
from gmtool.store.mtg.mtgjson import CardDataError, atomic_card_fields, listed, text
from gmtool.store.mtg.names import normalize_name

MAX_SET_PRINTINGS = 100_000  # the largest real set has a few thousand printings


@dataclass
class _Merged:
    fields: dict[str, Any]
    date: str  # the release date of the printing the facts come from
    ja_date: str  # … and of the printing the Japanese name comes from ("" when none)


class PrintingMerger:
    """Every printing's Card fields in → one card per name out (see the module docstring)."""

    def __init__(self) -> None:
        self._cards: dict[str, _Merged] = {}

    def __len__(self) -> int:
        return len(self._cards)

    def add(self, fields: dict[str, Any], date: str) -> None:
        key = normalize_name(str(fields["name"]))
        name_ja = str(fields.get("name_ja") or "")
        merged = self._cards.get(key)
        if merged is None:
            self._cards[key] = _Merged(dict(fields), date, date if name_ja else "")
            return
        if date >= merged.date:  # a newer printing: its facts; the Japanese name is decided below
            kept_ja = merged.fields.get("name_ja", "")
            merged.fields, merged.date = dict(fields, name_ja=kept_ja), date
        if name_ja and date >= merged.ja_date:
            merged.fields["name_ja"], merged.ja_date = name_ja, date

    def cards(self) -> Iterator[dict[str, Any]]:
        """The merged cards, in the order their names were first seen."""
        for merged in self._cards.values():
            yield merged.fields

    def japanese_names(self) -> int:
        return sum(1 for merged in self._cards.values() if merged.fields.get("name_ja"))


def group_printings(printings: Iterable[Any]) -> dict[str, list[Any]]:
    """One set's printings grouped by name: every face of every printing of each card."""
    groups: dict[str, list[Any]] = {}
    for count, printing in enumerate(printings):
        if count >= MAX_SET_PRINTINGS:
            raise CardDataError(Message("1 つのセットのカードが {0:,} 枚を超えています", MAX_SET_PRINTINGS))
        if not isinstance(printing, dict):
            raise CardDataError(Message("cards: カード（{{…}}）の配列でなければなりません"))
        groups.setdefault(text(printing.get("name"), "name"), []).append(printing)
    return groups


def printing_fields(name: str, faces: list[Any]) -> dict[str, Any] | None:
    """The Card fields of one card of a set from its printings' faces (None: a token or art card).

    A card printed twice in a set (a showcase frame) lists each side twice: the first face of each
    side is read, those of a printing with a Japanese name first.
    """
    faces.sort(key=lambda face: not _has_japanese(face))
    return atomic_card_fields(name, faces)


def set_card_fields(printings: Iterable[Any]) -> Iterator[dict[str, Any] | None]:
    """The Card fields of each card of one set (None for a token or art card)."""
    for name, faces in group_printings(printings).items():
        yield printing_fields(name, faces)


def _has_japanese(face: Any) -> bool:
    entries = face.get("foreignData") if isinstance(face, dict) else None
    return isinstance(entries, list) and any(
        isinstance(entry, dict) and entry.get("language") == "Japanese" for entry in entries
    )


def iter_set_file_printings(stream: ByteStream, taken: Any = None) -> Iterator[Any]:
    """Every printing object of a per-set file, one at a time (``taken()`` after each)."""
    for printing in ijson_backend().items(stream, "data.cards.item", use_float=True):
        if taken is not None:
            taken()
        yield printing


def iter_all_printings_sets(stream: ByteStream) -> Iterator[tuple[str, str, list[Any]]]:
    """(set code, release date, printings) for every set of an AllPrintings file."""
    for code, value in ijson_backend().kvitems(stream, "data", use_float=True):
        if not isinstance(value, dict):
            raise CardDataError(
                Message("セット「{0}」: オブジェクト（{{…}}）でなければなりません", str(code)[:20])
            )
        date = value.get("releaseDate", "")
        yield str(code), date if isinstance(date, str) else "", listed(value.get("cards"), "cards")
