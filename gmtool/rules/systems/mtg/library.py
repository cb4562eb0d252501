"""The virtual library: gmtool holds the real order of a deck for groups that play without cards.

Besides the real order it keeps what the *player* knows of it, because the odds are the player's:
the top cards they have seen (``known_top``), the shuffled middle they know nothing of, and the
groups put on the bottom in random order (the two revealed cards after a check, the six boost cards
at the end of a turn), whose contents they know but not their order (``blocks``).  `view()` turns
that into the `LibraryView` the odds and `resolve()` read.

Every operation is a pure function returning a new `VirtualLibrary`; randomness comes from an
injected `random.Random`, so a logged seed replays a shuffle.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from gmtool.rules.message import Message
from gmtool.rules.systems.mtg.checks import LibraryCard
from gmtool.rules.systems.mtg.library_types import LibraryRefused, VirtualLibrary
from gmtool.rules.systems.mtg.rules_data import mtg_rules

# The library and its refusal live in library_types (the views import them there), reached here too.
__all__ = [
    "CheckCards",
    "LibraryRefused",
    "VirtualLibrary",
    "build_library",
    "check_cards",
    "draw",
    "end_of_turn",
    "finish_check",
    "look_at_top",
    "mill",
    "put_on_bottom",
    "return_all",
    "shuffle",
]


def build_library(copies: Sequence[LibraryCard], rng: random.Random) -> VirtualLibrary:
    """A new library of every copy, shuffled; nothing in any other zone."""
    order = list(range(len(copies)))
    rng.shuffle(order)
    return VirtualLibrary(tuple(copies), tuple(order))


def shuffle(library: VirtualLibrary, rng: random.Random) -> VirtualLibrary:
    """Shuffle the library: the player knows nothing of its order any more."""
    order = list(library.order)
    rng.shuffle(order)
    return replace(library, order=tuple(order), known_top=0, blocks=())


def _check_count(library: VirtualLibrary, count: int, what: str) -> None:
    if count < 1:
        raise LibraryRefused(Message("{0}枚数は1枚以上です", what))
    if count > library.size:
        raise LibraryRefused(
            Message("ライブラリーは{0}枚しかありません（{1}{2}枚）", library.size, what, count)
        )


def draw(library: VirtualLibrary, count: int = 1) -> VirtualLibrary:
    _check_count(library, count, "引く")
    return library._moved(0, count, hand=library.hand + library.order[:count])


def mill(library: VirtualLibrary, count: int = 1) -> VirtualLibrary:
    _check_count(library, count, "墓地に置く")
    return library._moved(0, count, graveyard=library.graveyard + library.order[:count])


def look_at_top(library: VirtualLibrary, count: int) -> VirtualLibrary:
    """The player has seen the top ``count`` cards (a scry, a 《…》 that reveals): they are known."""
    _check_count(library, count, "見る")
    if count <= library.known_top:
        return library
    # Cards seen inside a bottom group are no longer part of a group of unknown order.
    blocks: list[int] = []
    below = len(library.order) - count  # the cards under the seen ones
    for size in reversed(library.blocks):
        if below <= 0:
            break
        blocks.insert(0, min(size, below))
        below -= size
    return replace(library, known_top=count, blocks=tuple(blocks))


def put_on_bottom(library: VirtualLibrary, instance: int) -> VirtualLibrary:
    """One card (from the library, the hand or the graveyard) onto the bottom, where the player saw it go."""
    rng = random.Random(0)  # one card: no order to choose
    if instance in library.order:
        moved = library._moved(library.order.index(instance), 1)
        return moved._with_bottom((instance,), rng)
    if instance in library.hand:
        return library._with_bottom((instance,), rng, hand=tuple(i for i in library.hand if i != instance))
    if instance in library.graveyard:
        rest = tuple(i for i in library.graveyard if i != instance)
        return library._with_bottom((instance,), rng, graveyard=rest)
    raise LibraryRefused(Message("そのカードはライブラリー・手札・墓地のどこにもありません（追放中です）"))


def return_all(library: VirtualLibrary, rng: random.Random) -> VirtualLibrary:
    """Every card back into the library (hand, graveyard and exile too), shuffled."""
    order = list(library.order + library.exiled + library.hand + library.graveyard)
    rng.shuffle(order)
    return VirtualLibrary(library.cards, tuple(order))


@dataclass(frozen=True)
class CheckCards:
    """The cards a check on this library reveals and, if the PC boosts, exiles."""

    revealed: tuple[int, ...]  # top, second (under the known top cards)
    boost: tuple[int, ...]  # the next six ((): fewer than six left)


def check_cards(library: VirtualLibrary, including: bool = False) -> CheckCards:
    """``including`` (house rule mtg.boost_cards): the boost's six are the two revealed cards and
    the four under them, not the six under the two."""
    rules = mtg_rules()
    revealed = library.after_known_top(rules.minimum_cards)
    if len(revealed) < rules.minimum_cards:
        raise LibraryRefused(
            Message(
                "既知のカードを除くとライブラリーが{0}枚です。2枚未満では行動判定はできません（判定しなかったものとしてあつかいます）",
                len(revealed),
            )
        )
    rest = library.order[library.known_top + (0 if including else len(revealed)) :]
    boost = rest[: rules.boost_cards] if len(rest) >= rules.boost_cards else ()
    return CheckCards(tuple(revealed[:2]), tuple(boost))


def finish_check(
    library: VirtualLibrary, boosted: bool, rng: random.Random, including: bool = False
) -> VirtualLibrary:
    """Step 5: the boost cards to exile until the end of the turn, the two revealed cards to the bottom
    in random order; the known top cards are back on top in the same order (they never moved).
    ``including``: a boost exiled the revealed two with the six, so nothing goes to the bottom."""
    cards = check_cards(library, including)
    if boosted and not cards.boost:
        raise LibraryRefused(Message("ライブラリーが6枚未満のため、行動判定ブーストはできません"))
    exiled = library.exiled + (cards.boost if boosted else ())
    overlap = boosted and including
    taken = (0 if overlap else len(cards.revealed)) + (len(cards.boost) if boosted else 0)
    # The revealed two and the six are under the known top cards: cut from there, then to the bottom.
    cut = library._moved(library.known_top, taken, exiled=exiled, hand=library.hand)
    return cut if overlap else cut._with_bottom(cards.revealed, rng)


def end_of_turn(library: VirtualLibrary, rng: random.Random) -> VirtualLibrary:
    """「追放した6枚のカードは、ターン終了時にランダムな順番でライブラリーの一番下に戻します」"""
    return library._with_bottom(library.exiled, rng, exiled=())
