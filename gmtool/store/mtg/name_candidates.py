"""Every card a name names, for the decklist reader: never one picked silently when there are two.

A Japanese name may belong to two cards (破滅を導くもの is both Conduit of Ruin and Ruination Guide;
爆弾部隊 and 時間のひずみ too).  The card database's `find` returns one of them; this module takes
every card its `find_all` gives for the name and keeps those at the best rank (a full name over a
face's, the front face over the back), one per English name.  Only the database's public lookups
are used, so the same code serves the window's model and the CLI.
"""

from __future__ import annotations

from collections.abc import Callable

from gmtool.rules.systems.mtg.cards import Card
from gmtool.store.mtg.names import face_names, normalize_name

__all__ = ["SEARCH_LIMIT", "card_data_date", "card_rank", "name_candidates"]

SEARCH_LIMIT = 30  # names shared by more cards than this do not exist


def card_rank(card: Card, key: str) -> int | None:
    """How ``card`` is found by the normalized name ``key``: 0 its full name (English or Japanese),
    1 its front face's, 2 the next face's …; None if not at all."""
    best: int | None = None
    for name in (card.name, card.name_ja):
        if not name:
            continue
        written = normalize_name(name)
        if written == key:
            return 0
        faces = face_names(written)
        if len(faces) > 1 and key in faces:
            rank = faces.index(key) + 1
            best = rank if best is None else min(best, rank)
    return best


def name_candidates(name: str, find_all: Callable[[str], list[Card]]) -> list[Card]:
    """The cards ``name`` names at its best rank, one per English name; [] if none.

    ``find_all`` is the database's exact lookup (every card a name names, best first), so the
    answer does not depend on which card an import happened to add first.
    """
    key = normalize_name(name)
    ranked: dict[str, tuple[int, Card]] = {}
    for card in find_all(name)[:SEARCH_LIMIT]:
        rank = card_rank(card, key)
        english = normalize_name(card.name)
        if english not in ranked:
            ranked[english] = (0 if rank is None else rank, card)
    if not ranked:
        return []
    best = min(rank for rank, _ in ranked.values())
    return [card for rank, card in ranked.values() if rank == best]


def card_data_date(database: object) -> str:
    """The date of the card data the database holds ("" if unknown), for "a card newer than this
    date is not in it": the database's own ``data_date`` when it has one (the bundled data's), else
    the day of its last import."""
    own = getattr(database, "data_date", None)
    if callable(own):
        own = own()
    if isinstance(own, str) and own:
        return own[:40]
    imports = getattr(database, "imports", None)
    records = imports() if callable(imports) else []
    last = records[-1] if records else None
    date = getattr(last, "date", "")
    return date[:10] if isinstance(date, str) else ""
