"""From decklist names to cards to a deck: unknown names are listed (never guessed) and the deck is
refused until every line is settled; only the main deck is the library."""

from __future__ import annotations

import pytest

from gmtool.rules.systems.mtg.cards import Card
from gmtool.rules.systems.mtg.deck import DeckRefused
from gmtool.store.mtg.deck_resolution import (
    SECTION_LABELS,
    Resolution,
    UnresolvedCards,
    resolve_decklist,
    suggestions,
)
from gmtool.store.mtg.decklists import parse_decklist_text
from gmtool.store.mtg.names import normalize_name
from gmtool.store.mtg.xml_decklists import parse_xml_decklist
from tests.rules.mtg.fixtures import BEAR, FOREST, MOUNTAIN, MYSTIC, RELIC, TRI

LEADER = Card("Test Leader", 4, ("W", "U", "G"), supertypes=("Legendary",), types=("Creature",))
FRIEND = Card("Test Friend", 2, ("G",), types=("Creature",))
SPLIT = Card("Test Fire // Test Ice", 4, ("U", "R"), types=("Instant",), layout="split")
KNOWN = [MYSTIC, BEAR, FOREST, MOUNTAIN, RELIC, TRI, LEADER, FRIEND, SPLIT]


class FakeDatabase:
    """The lookup a card database offers: English or Japanese name, exact after normalize_name."""

    def __init__(self, cards: list[Card]) -> None:
        self.by_name: dict[str, Card] = {}
        for card in cards:
            for name in (card.name, card.name_ja):
                if name:
                    self.by_name[normalize_name(name)] = card
        self.asked: list[str] = []

    def find(self, name: str) -> Card | None:
        self.asked.append(name)
        return self.by_name.get(normalize_name(name))


@pytest.fixture
def db() -> FakeDatabase:
    return FakeDatabase(KNOWN)


def resolve(text: str, db: FakeDatabase) -> Resolution:
    return resolve_decklist(parse_decklist_text(text), db.find)


def test_a_full_list_builds_the_deck(db: FakeDatabase) -> None:
    text = (
        "About\nName テストデッキ\n\n"
        "Deck\n4 Elvish Mystic\n2 ルーン爪の熊\n10 Forest\n\nSideboard\n2 Mountain\n"
    )
    resolution = resolve(text, db)
    assert resolution.complete
    assert resolution.name == "テストデッキ"
    assert resolution.library == [(MYSTIC, 4), (BEAR, 2), (FOREST, 10)]
    assert resolution.sideboard == [(MOUNTAIN, 2)]
    deck = resolution.deck("エルフ")
    assert deck.name == "エルフ"
    assert deck.size == 16
    assert [(e.card, e.count) for e in deck.sideboard] == [(MOUNTAIN, 2)]


def test_the_sideboard_is_not_in_the_library(db: FakeDatabase) -> None:
    deck = resolve("4 Elvish Mystic\nSB: 3 Mountain\n", db).deck("t")
    assert deck.entry("Mountain") is None
    assert {card.name for card, _ in deck.copies()} == {"Elvish Mystic"}
    assert deck.size == 4


def test_commander_companion_and_maybeboard_stay_outside_with_their_section(db: FakeDatabase) -> None:
    text = (
        "Commander\n1 Test Leader\nCompanion\n1 Test Friend\nDeck\n30 Forest\n"
        "Sideboard\n1 Mountain\nMaybeboard\n1 Test Relic\n"
    )
    resolution = resolve(text, db)
    assert resolution.library == [(FOREST, 30)]
    assert resolution.outside == [
        (LEADER, 1, "commander"),
        (FRIEND, 1, "companion"),
        (MOUNTAIN, 1, "sideboard"),
        (RELIC, 1, "maybeboard"),
    ]
    assert SECTION_LABELS["commander"] == "統率者"
    deck = resolution.deck("統率者デッキ")
    assert deck.size == 30
    assert {e.card.name for e in deck.sideboard} == {"Test Leader", "Test Friend", "Mountain", "Test Relic"}


GROVE = Card("Test Grove", 0, (), supertypes=("Basic",), types=("Land",), subtypes=("Forest",))
SPIRIT = Card("Test Spirit", 3, ("G",), types=("Creature",))
PARTNER = Card("Test Partner", 3, ("W",), supertypes=("Legendary",), types=("Creature",))


@pytest.fixture
def commander_db() -> FakeDatabase:
    return FakeDatabase([GROVE, SPIRIT, LEADER, PARTNER, FRIEND])


@pytest.mark.parametrize(
    "text",
    [
        "Commander\n1 Test Leader\nDeck\n60 Test Grove\n39 Test Spirit\n",
        "Commander\n1 Test Leader\nCompanion\n1 Test Friend\nDeck\n60 Test Grove\n39 Test Spirit\n",
        "Commander\n1 Test Leader\n1 Test Partner\nDeck\n60 Test Grove\n38 Test Spirit\n",
    ],
    ids=["one-commander", "with-companion", "partners"],
)
def test_a_commander_deck_takes_the_critical_default_of_its_hundred_cards(
    commander_db: FakeDatabase, text: str
) -> None:
    deck = resolve(text, commander_db).deck("統率者デッキ")
    assert deck.size in (98, 99)
    assert deck.critical_limit == 5  # the shipped default for 100 cards, though the library is not 100


def test_without_a_commander_the_deck_keeps_the_size_default(commander_db: FakeDatabase) -> None:
    deck = resolve("60 Test Grove\n39 Test Spirit\nSideboard\n1 Test Leader\n", commander_db).deck("t")
    assert (deck.size, deck.critical_limit) == (99, None)
    deck = resolve("Companion\n1 Test Friend\nDeck\n60 Test Grove\n39 Test Spirit\n", commander_db).deck("t")
    assert deck.critical_limit is None  # a companion is outside the 100


def test_a_commander_deck_of_no_listed_size_leaves_the_number_to_the_gm(commander_db: FakeDatabase) -> None:
    deck = resolve("Commander\n1 Test Leader\nDeck\n30 Test Grove\n", commander_db).deck("t")
    assert deck.critical_limit is None


def test_the_same_card_on_two_lines_adds_up(db: FakeDatabase) -> None:
    # English, Japanese and bracketed names of one card are one entry.
    text = "2 Elvish Mystic\n1 エルフの神秘家\n《エルフの神秘家》\n3 森\n森 x2\n"
    resolution = resolve(text, db)
    assert resolution.library == [(MYSTIC, 4), (FOREST, 5)]
    deck = resolution.deck("t")
    assert [(e.card.name, e.count) for e in deck.library] == [("Elvish Mystic", 4), ("Forest", 5)]


def test_the_same_card_in_two_outside_sections(db: FakeDatabase) -> None:
    resolution = resolve("Deck\n4 Forest\nSideboard\n1 Mountain\nMaybeboard\n2 Mountain\n", db)
    assert resolution.sideboard == [(MOUNTAIN, 3)]
    assert resolution.outside == [(MOUNTAIN, 1, "sideboard"), (MOUNTAIN, 2, "maybeboard")]


@pytest.mark.parametrize(
    ("written", "card"),
    [
        ("《エルフの神秘家》", MYSTIC),
        ("「森」", FOREST),
        ("《Elvish Mystic》", MYSTIC),
        ("Ｅｌｖｉｓｈ　Ｍｙｓｔｉｃ", MYSTIC),  # full-width: find's normalize_name
        ("Test Fire/Test Ice", SPLIT),  # a split-card spelling: also find's business
        ("test fire // test ice", SPLIT),
    ],
)
def test_names_as_players_write_them(db: FakeDatabase, written: str, card: Card) -> None:
    resolution = resolve(f"2 {written}\n", db)
    assert resolution.library == [(card, 2)]


def test_a_bracketed_name_is_tried_as_written_first(db: FakeDatabase) -> None:
    resolve("《エルフの神秘家》\n", db)
    assert db.asked == ["《エルフの神秘家》", "エルフの神秘家"]


def test_each_name_is_asked_once(db: FakeDatabase) -> None:
    resolve("1 Forest\n1 Forest\nSB: 1 Forest\n", db)
    assert db.asked == ["Forest"]


def test_unknown_names_are_listed_not_guessed(db: FakeDatabase) -> None:
    text = "4 Elvish Mystik\n10 Forest\n2 Test Unknown Card\n"
    resolution = resolve(text, db)
    assert not resolution.complete
    assert [(line.name, line.line, line.count) for line in resolution.unresolved] == [
        ("Elvish Mystik", 1, 4),
        ("Test Unknown Card", 3, 2),
    ]
    assert resolution.library == [(FOREST, 10)]  # nothing stands in for the unknown lines


def test_the_deck_is_refused_until_every_line_is_settled(db: FakeDatabase) -> None:
    resolution = resolve("4 Elvish Mystik\n10 Forest\n2 Test Unknown Card\n", db)
    with pytest.raises(UnresolvedCards) as caught:
        resolution.deck("t")
    assert isinstance(caught.value, DeckRefused)
    message = str(caught.value)
    assert "1行目《Elvish Mystik》" in message and "3行目《Test Unknown Card》" in message
    assert "（2行）" in message
    typo, unknown = resolution.unresolved

    # The user picks the suggested card for the typo ...
    assert suggestions(typo.name, [c.name for c in KNOWN]) == ["Elvish Mystic"]
    fixed = resolution.choose(typo, MYSTIC)
    assert fixed.library == [(MYSTIC, 4), (FOREST, 10)]  # in file order
    with pytest.raises(UnresolvedCards):
        fixed.deck("t")
    # ... and leaves the unknown line out.
    done = fixed.drop(unknown)
    assert done.complete
    assert done.deck("t").size == 14
    assert not resolution.complete  # the first resolution is unchanged


def test_two_alike_lines_of_one_xml_line_are_settled_one_at_a_time(db: FakeDatabase) -> None:
    xml = b'<Deck><Cards Quantity="1" Name="Test Nothing"/><Cards Quantity="1" Name="Test Nothing"/></Deck>'
    resolution = resolve_decklist(parse_xml_decklist(xml), db.find)
    first, second = resolution.unresolved
    assert first == second
    chosen = resolution.choose(first, MOUNTAIN)
    assert chosen.unresolved == [second] and chosen.library == [(MOUNTAIN, 1)]
    assert chosen.drop(second).complete


def test_choose_and_drop_only_take_unresolved_lines(db: FakeDatabase) -> None:
    resolution = resolve("4 Forest\n1 Test Nothing\n", db)
    forest_line = resolution.matched[0][0]
    with pytest.raises(ValueError):
        resolution.choose(forest_line, MOUNTAIN)
    with pytest.raises(ValueError):
        resolution.drop(forest_line)


def test_a_long_unresolved_list_is_summarised(db: FakeDatabase) -> None:
    resolution = resolve("".join(f"1 Test Missing {i}\n" for i in range(8)), db)
    with pytest.raises(UnresolvedCards) as caught:
        resolution.deck("t")
    message = str(caught.value)
    assert "（8行）" in message
    assert "ほか3行" in message
    assert "Test Missing 7" not in message


def test_a_sideboard_card_unresolved_also_blocks_the_deck(db: FakeDatabase) -> None:
    resolution = resolve("4 Forest\nSB: 1 Test Nowhere\n", db)
    assert [line.section for line in resolution.unresolved] == ["sideboard"]
    with pytest.raises(UnresolvedCards):
        resolution.deck("t")


def test_too_many_copies_in_total_are_refused_by_the_deck_rules(db: FakeDatabase) -> None:
    resolution = resolve("600 Forest\n600 森\n", db)
    assert resolution.library == [(FOREST, 1200)]
    with pytest.raises(DeckRefused, match="1〜999枚"):
        resolution.deck("t")


def test_two_different_cards_under_one_name_are_not_merged_silently() -> None:
    other_forest = Card("Forest", 0, (), types=("Land",))  # same name, other facts
    lookups = {"Forest": FOREST, "Test Other Forest": other_forest}
    resolution = resolve_decklist(parse_decklist_text("1 Forest\n1 Test Other Forest\n"), lookups.get)
    assert resolution.library == [(FOREST, 1), (other_forest, 1)]
    with pytest.raises(DeckRefused, match="別の内容"):
        resolution.deck("t")


def test_suggestions() -> None:
    names = [c.name for c in KNOWN] + [c.name_ja for c in KNOWN if c.name_ja]
    assert suggestions("Elvish Mystik", names) == ["Elvish Mystic"]
    assert suggestions("エルフの神秘", names) == ["エルフの神秘家"]
    assert suggestions("《ＦＯＲＥＳＴ》", names) == ["Forest"]  # an exact match comes alone
    assert suggestions("Zzzz Qqqq", names) == []
    assert len(suggestions("Test", [f"Test {i}" for i in range(20)], limit=3)) == 3
