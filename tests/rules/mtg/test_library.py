"""The virtual library: real order, what the player knows of it, and every zone move."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

from gmtool.rules.systems.mtg import library as lib
from gmtool.rules.systems.mtg.checks import CheckColor, LibraryCard, MTGCheckSpec, judge
from gmtool.rules.systems.mtg.library import LibraryRefused
from tests.rules.mtg.fixtures import BEAR, FOREST, GOLD, MYSTIC, WURM

CARDS = [LibraryCard(c) for c in [FOREST] * 6 + [BEAR] * 3 + [MYSTIC] * 2 + [WURM, GOLD]] + [
    LibraryCard(WURM, True)
]


def new(seed: int = 1) -> lib.VirtualLibrary:
    return lib.build_library(CARDS, random.Random(seed))


def test_a_new_library_holds_every_copy_shuffled_by_its_seed():
    first, again, other = new(1), new(1), new(2)
    assert sorted(first.order) == list(range(len(CARDS)))
    assert first.order == again.order and first.order != other.order
    view = first.view()
    assert view.size == len(CARDS) and len(view.segments) == 1 and not view.known_top


def test_a_check_puts_the_two_on_the_bottom_as_a_group_and_exiles_the_six():
    library = new()
    cards = lib.check_cards(library)
    after = lib.finish_check(library, boosted=True, rng=random.Random(3))
    assert after.exiled == cards.boost and len(cards.boost) == 6
    assert set(after.order[-2:]) == set(cards.revealed)
    assert after.blocks == (2,) and after.size == len(CARDS) - 6
    sizes = [sum(n for _, n in s) for s in after.view().segments]
    assert sizes == [after.size - 2, 2]
    after.check()


def test_known_top_cards_stay_on_top_and_the_check_reveals_below_them():
    library = lib.look_at_top(new(), 3)
    top3 = library.order[:3]
    cards = lib.check_cards(library)
    assert cards.revealed == library.order[3:5]
    after = lib.finish_check(library, boosted=False, rng=random.Random(0))
    assert after.order[:3] == top3 and after.known_top == 3
    assert Counter(after.view().known_top) == Counter(library.cards_of(top3))


def test_the_virtual_check_reads_the_real_order_under_the_known_cards():
    library = lib.look_at_top(new(4), 1)
    spec = MTGCheckSpec(library.view(), CheckColor.GREEN, 3)
    result = judge(library.cards_of(library.order[1:]), spec)
    cards = lib.check_cards(library)
    assert (result.reveal.top, result.reveal.second) == tuple(library.cards_of(cards.revealed))


def test_the_end_of_the_turn_returns_the_boost_cards_to_the_bottom():
    after = lib.finish_check(new(), boosted=True, rng=random.Random(3))
    exiled = after.exiled
    turned = lib.end_of_turn(after, random.Random(9))
    assert not turned.exiled and set(turned.order[-6:]) == set(exiled)
    assert turned.blocks == (2, 6)


def test_fewer_than_two_cards_under_the_known_ones_refuses_the_check():
    library = lib.look_at_top(new(), len(CARDS) - 1)
    with pytest.raises(LibraryRefused, match="2枚未満では行動判定はできません"):
        lib.check_cards(library)


def test_no_boost_with_fewer_than_six_cards_left():
    library = lib.draw(new(), len(CARDS) - 7)  # 7 left: two revealed, five under them
    assert lib.check_cards(library).boost == ()
    with pytest.raises(LibraryRefused, match="6枚未満"):
        lib.finish_check(library, boosted=True, rng=random.Random(0))


def test_draw_mill_and_bottom_move_cards_between_zones():
    library = new()
    top = library.order[:2]
    drawn = lib.draw(library, 2)
    assert drawn.hand == top and drawn.size == len(CARDS) - 2
    milled = lib.mill(drawn, 1)
    assert milled.graveyard == (library.order[2],)
    bottom = lib.put_on_bottom(milled, top[0])
    assert bottom.order[-1] == top[0] and bottom.blocks == (1,) and bottom.hand == (top[1],)
    with pytest.raises(LibraryRefused, match="ライブラリーは"):
        lib.draw(bottom, 999)


def test_looking_into_a_bottom_group_makes_those_cards_known():
    library = lib.finish_check(lib.draw(new(), len(CARDS) - 9), False, random.Random(1))
    assert library.size == 9 and library.blocks == (2,)  # seven unknown, then the two revealed
    seen = lib.look_at_top(library, 8)
    assert seen.known_top == 8 and seen.blocks == (1,)


def test_shuffle_and_return_all_forget_what_the_player_knew():
    library = lib.finish_check(lib.look_at_top(new(), 2), True, random.Random(1))
    shuffled = lib.shuffle(library, random.Random(2))
    assert shuffled.known_top == 0 and shuffled.blocks == () and shuffled.exiled == library.exiled
    back = lib.return_all(lib.draw(library, 2), random.Random(3))
    assert back.size == len(CARDS) and not (back.hand or back.exiled or back.graveyard)


OPERATIONS = st.lists(
    st.tuples(
        st.sampled_from(["check", "boost", "turn", "draw", "mill", "look", "bottom", "shuffle"]),
        st.integers(1, 5),
    ),
    max_size=25,
)


@settings(max_examples=150, deadline=None, derandomize=True, database=None)
@given(OPERATIONS)
def test_every_copy_stays_in_one_zone_and_the_view_matches_the_real_order(operations):
    library, rng = new(), random.Random(0)
    for name, n in operations:
        try:
            if name in ("check", "boost"):
                library = lib.finish_check(library, name == "boost", rng)
            elif name == "turn":
                library = lib.end_of_turn(library, rng)
            elif name == "draw":
                library = lib.draw(library, n)
            elif name == "mill":
                library = lib.mill(library, n)
            elif name == "look":
                library = lib.look_at_top(library, n)
            elif name == "bottom" and library.hand:
                library = lib.put_on_bottom(library, library.hand[0])
            elif name == "shuffle":
                library = lib.shuffle(library, rng)
        except LibraryRefused:
            continue
        library.check()
        view = library.view()
        known, *rest = library.regions()
        assert list(view.known_top) == library.cards_of(known)
        # Each segment the odds read holds exactly the cards really lying in that part of the library.
        assert [Counter(dict(s)) for s in view.segments] == [Counter(library.cards_of(p)) for p in rest if p]
