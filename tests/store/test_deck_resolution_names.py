"""Names as Japanese lists write them, resolved without a guess: 《山/Mountain》 is one card, a name
of two cards is asked about, and the real lists resolve completely against the bundled card table."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmtool.rules.systems.mtg.cards import Card
from gmtool.rules.systems.mtg.deck import DeckRefused
from gmtool.store.mtg.deck_resolution import AmbiguousCards, resolve_decklist
from gmtool.store.mtg.decklists import parse_decklist_text, read_decklist_file
from gmtool.store.mtg.name_candidates import card_rank, name_candidates
from gmtool.store.mtg.names import normalize_name

DATA = Path(__file__).resolve().parents[1] / "data" / "decklists"
CONDUIT = Card("Conduit of Ruin", 6, (), name_ja="破滅を導くもの", types=("Creature",))
GUIDE = Card("Ruination Guide", 3, ("U",), name_ja="破滅を導くもの", types=("Creature",))
MOUNTAIN = Card(
    "Mountain", 0, (), name_ja="山", supertypes=("Basic",), types=("Land",), subtypes=("Mountain",)
)
FIRE_ICE = Card("Fire // Ice", 4, ("U", "R"), name_ja="火 // 氷", types=("Instant",), layout="split")
RING = Card("Barbarian Ring", 0, (), name_ja="蛮族のリング", types=("Land",))
BOLT = Card("Lightning Bolt", 1, ("R",), types=("Instant",))  # no Japanese name in this data


class Cards:
    """A card database's two lookups over a list of cards (exact names, as `CardDatabase`)."""

    def __init__(self, cards: list[Card]) -> None:
        self.cards = cards
        self.keys: dict[str, list[Card]] = {}
        for card in cards:
            for name in (card.name, card.name_ja):
                if name:
                    key = normalize_name(name)
                    self.keys.setdefault(key, []).append(card)
                    for face in key.split(" // ") if " // " in key else ():
                        self.keys.setdefault(face, []).append(card)

    def find(self, name: str) -> Card | None:
        found = self.keys.get(normalize_name(name), [])
        return min(found, key=lambda c: card_rank(c, normalize_name(name)) or 0) if found else None

    def search(self, text: str, limit: int = 30) -> list[Card]:
        return self.keys.get(normalize_name(text), [])[:limit]

    def find_all(self, name: str) -> list[Card]:
        key = normalize_name(name)
        return sorted(self.keys.get(key, []), key=lambda c: card_rank(c, key) or 0)

    def candidates(self, name: str) -> list[Card]:
        return name_candidates(name, self.find_all)


DB = Cards([CONDUIT, GUIDE, MOUNTAIN, FIRE_ICE, RING, BOLT])


def resolve(text: str, db: Cards = DB):
    return resolve_decklist(parse_decklist_text(text), db.find, db.candidates)


def test_a_name_of_two_cards_is_asked_about_never_taken_as_the_first() -> None:
    resolution = resolve("4 破滅を導くもの\n20 山\n")
    assert not resolution.complete and not resolution.unresolved
    [(line, cards)] = resolution.ambiguous
    assert line.name == "破滅を導くもの" and set(cards) == {CONDUIT, GUIDE}
    with pytest.raises(AmbiguousCards) as refused:
        resolution.deck("x")
    assert isinstance(refused.value, DeckRefused)
    assert "Conduit of Ruin・Ruination Guide" in str(refused.value)
    chosen = resolution.choose(line, GUIDE)
    assert chosen.complete and dict(chosen.library)[GUIDE] == 4


def test_a_dropped_ambiguous_line_is_left_out() -> None:
    resolution = resolve("4 破滅を導くもの\n20 山\n")
    dropped = resolution.drop(resolution.ambiguous[0][0])
    assert dropped.complete and dict(dropped.library) == {MOUNTAIN: 20}


def test_the_english_name_beside_a_shared_japanese_name_settles_it() -> None:
    resolution = resolve("4 《破滅を導くもの/Ruination Guide》\n")
    assert resolution.complete and dict(resolution.library) == {GUIDE: 4}


def test_a_japanese_and_an_english_name_of_one_card_are_one_card() -> None:
    resolution = resolve("16:《山/Mountain》\n4.....蛮族のリング/Barbarian Ring\n2 Mountain / 山\n")
    assert resolution.complete and dict(resolution.library) == {MOUNTAIN: 18, RING: 4}


def test_a_side_the_data_lacks_does_not_stop_the_other_script() -> None:
    resolution = resolve("4 《稲妻/Lightning Bolt》\n")
    assert resolution.complete and dict(resolution.library) == {BOLT: 4}


def test_two_names_of_two_different_cards_are_not_resolved() -> None:
    resolution = resolve("4 《山/Barbarian Ring》\n")
    assert [line.name for line in resolution.unresolved] == ["《山/Barbarian Ring》"]


def test_split_cards_keep_working() -> None:
    resolution = resolve("2 Fire // Ice\n2 Fire/Ice\n1 火/氷\n")
    assert resolution.complete and dict(resolution.library) == {FIRE_ICE: 5}


# --- the real lists against the bundled card table ---------------------------------------------------


def _bundled() -> Cards:
    try:
        from gmtool.store.mtg.bundled import bundled_cards, default_bundled_path  # type: ignore[import-not-found]
    except ImportError:
        pytest.skip("the bundled card table (gmtool/store/mtg/bundled.py) is not there")
    if not default_bundled_path().exists():
        pytest.skip(f"the bundled card table is missing: {default_bundled_path()}")
    return Cards(bundled_cards())


@pytest.fixture(scope="module")
def bundled() -> Cards:
    return _bundled()


@pytest.mark.parametrize("name", sorted(p.name for p in DATA.iterdir() if p.name != "README.md"))
def test_a_real_list_resolves_completely_against_the_bundled_cards(name: str, bundled: Cards) -> None:
    decklist = read_decklist_file(DATA / name)
    resolution = resolve_decklist(decklist, bundled.find, bundled.candidates)
    assert [line.name for line in resolution.unresolved] == []
    assert [line.name for line, _ in resolution.ambiguous] == []
    assert resolution.deck("x").size == decklist.count("main")


def test_the_bundled_cards_name_two_cards_by_one_japanese_name(bundled: Cards) -> None:
    names = {card.name for card in bundled.candidates("破滅を導くもの")}
    assert names == {"Conduit of Ruin", "Ruination Guide"}
