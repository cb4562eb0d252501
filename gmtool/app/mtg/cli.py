"""`prob mtg`: the exact chance of a MTGでTRPG 行動判定 for a deck, with and without 行動判定ブースト.

The deck is a decklist in any format gmtool reads (MTG Arena, MTGO .dek / text, Cockatrice .cod,
plain lists) resolved against the card database (the shipped sample and the user's card cache), or a
gmtool character file of a deck (told apart by its content, whatever its name).  The library is the
main deck, shuffled; ``--known-top NAME`` (repeatable, top first) puts cards the player knows on
top, and ``--critical NAME`` (repeatable: once per copy) marks クリティカル・カード within the deck's
limit, as the window's fields do.  A name the database does not know, or one that names several
cards (破滅を導くもの: Conduit of Ruin or Ruination Guide), exits 2 naming it or the candidates:
gmtool never guesses a card.  A check the rules do not allow (too few cards, or an outcome the
player already knows) still prints its numbers, with the reason ("refusal" in JSON); how an
unmarked decklist was read (its blank-line sideboard) goes to stderr.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

from gmtool.app.cli_common import bounded, bounded_text, percent
from gmtool.rules.message import Message
from gmtool.rules.systems.mtg import cli_texts as T
from gmtool.rules.systems.mtg.cards import Card
from gmtool.rules.systems.mtg.character import MTGCharacter
from gmtool.rules.systems.mtg.checks import DIFFICULTY_BOUNDS, CheckColor, LibraryCard
from gmtool.rules.systems.mtg.deck import set_critical
from gmtool.rules.systems.mtg.house_rules import (
    BOOST_AFTER_REVEALED,
    BOOST_CARDS,
    BOOST_INCLUDING_REVEALED,
    KNOWN_RESULT,
    KNOWN_WITH_BOOST,
    KNOWN_WITHOUT_BOOST,
    ODDS_LIBRARY_ONLY,
    ODDS_WHOLE_DECK,
    PHYSICAL_ODDS,
)
from gmtool.rules.systems.mtg.outside import Outside, outside_total, with_count
from gmtool.rules.systems.mtg.procedure import plan_check
from gmtool.rules.systems.mtg.table import COLOR_WORDS, MTGTable, set_outside
from gmtool.store.errors import StoreError
from gmtool.views import message_catalog
from gmtool.views.message_catalog import shown_message

KINDS = ("mtg",)
DIFFICULTY = bounded("難易度", DIFFICULTY_BOUNDS)  # the judgement panel's field
MAX_NAME_CHARS = 200  # as long as a card's name may be (the decklist reader's bound)
# --critical and --known-top name cards of the deck; no deck has more copies in either than this
# (the panel's known cards are drawn from the deck, and a deck's critical cards are a handful).
MAX_NAMED = 250
CRITICAL_MARK = "*"  # --known-top "*稲妻": the known card is a クリティカル・カード copy
MAX_LIST_CHARS = 20_000  # --not-in-library: far more than a 250-card deck's names
COUNT = re.compile(r"^(?P<name>.*?)\s*:\s*(?P<count>[0-9]+)$", re.DOTALL)  # "Name:2"


@bounded_text  # a text argument with its length bounded
def card_name(text: str) -> str:
    """An argparse type: a card's name, English or Japanese, as long as a card name may be."""
    name = text.strip()
    if not name or len(name) > MAX_NAME_CHARS:
        raise argparse.ArgumentTypeError(
            shown_message(Message(T.CARD_NAME_LENGTH, MAX_NAME_CHARS, len(name)))
        )
    return name


@bounded_text
def card_list(text: str) -> str:
    """An argparse type: --not-in-library's "NAME:N,NAME:N" list, its length bounded (the names are
    read against the deck, which is loaded later)."""
    if len(text) > MAX_LIST_CHARS:
        raise argparse.ArgumentTypeError(
            shown_message(Message(T.CARD_LIST_LENGTH, MAX_LIST_CHARS, len(text)))
        )
    return text


def _help(text: str, *values: Any) -> str:
    """A --help text in the UI language; argparse formats help with %, so a % is doubled."""
    return shown_message(Message(text, *values)).replace("%", "%%")


def add_parsers(sub: Any) -> None:
    check = sub.add_parser("mtg", help=_help(T.HELP))
    check.add_argument(
        "--deck",
        required=True,
        help=_help(T.HELP_DECK),
    )
    check.add_argument(
        "--color",
        required=True,
        type=str.upper,
        choices=[c.value for c in CheckColor],
        help=_help(T.HELP_COLOR),
    )
    check.add_argument(
        "--difficulty",
        type=DIFFICULTY,
        required=True,
        help=_help(T.HELP_DIFFICULTY, DIFFICULTY.range),
    )
    check.add_argument(
        "--critical",
        action="append",
        type=card_name,
        default=[],
        metavar="NAME",
        help=_help(T.HELP_CRITICAL),
    )
    check.add_argument(
        "--known-top",
        action="append",
        type=card_name,
        default=[],
        metavar="NAME",
        help=_help(
            T.HELP_KNOWN_TOP,
            CRITICAL_MARK,
        ),
    )
    # The house rules that move these odds or the refusal (gmtool/rules/systems/mtg/house_rules.py).
    check.add_argument(
        "--boost-cards",
        choices=[BOOST_AFTER_REVEALED, BOOST_INCLUDING_REVEALED],
        default=BOOST_AFTER_REVEALED,
        help=_help(
            T.HELP_BOOST_CARDS,
            BOOST_CARDS,
        ),
    )
    check.add_argument(
        "--known-result",
        choices=[KNOWN_WITH_BOOST, KNOWN_WITHOUT_BOOST],
        default=KNOWN_WITH_BOOST,
        help=_help(
            T.HELP_KNOWN_RESULT,
            KNOWN_RESULT,
        ),
    )
    check.add_argument(
        "--physical-odds",
        choices=[ODDS_WHOLE_DECK, ODDS_LIBRARY_ONLY],
        default=ODDS_WHOLE_DECK,
        help=_help(
            T.HELP_PHYSICAL_ODDS,
            PHYSICAL_ODDS,
        ),
    )
    check.add_argument(
        "--not-in-library",
        action="append",
        type=card_list,
        default=[],
        metavar="NAME:N,…",
        help=_help(
            T.HELP_NOT_IN_LIBRARY,
            CRITICAL_MARK,
        ),
    )
    check.add_argument("--json", action="store_true", help=_help(T.HELP_JSON))


def is_character_file(path: Path) -> bool:
    """Whether ``path`` holds a gmtool character file: a JSON object with the character format.

    Decided by content as well as by the name: a deck file saved as "deck.json" is still a deck.  A
    file that cannot be read here is left to the decklist reader, whose message names the fault.
    """
    from gmtool.store.exchange import FORMAT, MAX_CHARACTER_FILE_BYTES, SUFFIX
    from gmtool.store.files import read_limited

    if path.name.endswith(SUFFIX):
        return True  # even a damaged one: import_character says what is wrong with it
    try:
        raw = read_limited(path, MAX_CHARACTER_FILE_BYTES, StoreError).removeprefix(b"\xef\xbb\xbf")
        if not raw.lstrip().startswith(b"{"):
            return False
        document = json.loads(raw.decode("utf-8"))
    except (StoreError, UnicodeDecodeError, ValueError, RecursionError):
        return False
    return isinstance(document, dict) and document.get("format") == FORMAT


def _deck_from_character_file(path: Path) -> MTGCharacter:
    from gmtool.store.exchange import import_character

    system_id, character = import_character(path)
    if system_id != "mtg" or not isinstance(character, MTGCharacter):
        raise ValueError(Message(T.NOT_A_DECK, path.name, system_id))
    return character


def shown_name(card: Card) -> str:
    """A card as the CLI's language names it: its English name when the messages are English (the
    catalogue is installed), else its Japanese name where known, as the window does."""
    english = message_catalog.active()
    return card.name if english else card.name_ja or card.name


def card_label(card: Card) -> Message:
    """ "Conduit of Ruin（マナ総量6・無色）": what tells apart the cards of one name."""
    colors = (
        Message.joined("", [COLOR_WORDS[str(color)] for color in card.colors])
        if card.colors
        else Message(T.COLORLESS)
    )
    return Message(T.CARD_LABEL, card.name, card.mana_value, colors)


def _deck_from_decklist(path: Path) -> tuple[MTGCharacter, tuple[str, ...]]:
    from gmtool.store.mtg.database import CardDatabase, default_card_cache_path
    from gmtool.store.mtg.deck_resolution import resolve_decklist
    from gmtool.store.mtg.decklists import read_decklist_file
    from gmtool.store.mtg.name_candidates import card_data_date, name_candidates

    decklist = read_decklist_file(path)
    with CardDatabase.open(default_card_cache_path()) as database:
        resolution = resolve_decklist(
            decklist, database.find, lambda name: name_candidates(name, database.find_all)
        )
        data_date = card_data_date(database) if resolution.unresolved else ""
    problems = [Message(T.UNKNOWN_CARD, u.line, u.name) for u in resolution.unresolved]
    problems += [
        Message(
            T.SEVERAL_CARDS,
            line.line,
            line.name,
            len(cards),
            Message.joined("、", [card_label(card) for card in cards]),
        )
        for line, cards in resolution.ambiguous
    ]
    if problems:
        newer = Message(T.DATA_DATE, data_date) if data_date else ""
        raise ValueError(
            Message(
                T.UNREADABLE_NAMES,
                path.name,
                Message.joined("\n  ", problems),
                newer,
            )
        )
    return resolution.deck(decklist.name or path.stem), decklist.notes


def load_deck(path: Path) -> tuple[MTGCharacter, tuple[str, ...]]:
    """The deck of ``path`` and the notes on how its decklist was read (none for a character file)."""
    if is_character_file(path):
        return _deck_from_character_file(path), ()
    return _deck_from_decklist(path)


def deck_matches(deck: MTGCharacter, name: str) -> list[Card]:
    """The main-deck cards ``name`` names at its best rank (English or Japanese, a face's name too)."""
    from gmtool.store.mtg.name_candidates import card_rank
    from gmtool.store.mtg.names import normalize_name

    key = normalize_name(name)
    ranked = [(rank, e.card) for e in deck.library if (rank := card_rank(e.card, key)) is not None]
    best = min((rank for rank, _ in ranked), default=None)
    return [card for rank, card in ranked if rank == best]


def deck_card(deck: MTGCharacter, name: str) -> Card:
    """The main-deck card ``name`` names; ValueError naming the candidates when it names several,
    or none."""
    cards = deck_matches(deck, name)
    if not cards:
        raise ValueError(Message(T.NOT_IN_MAIN_DECK, name))
    if len(cards) > 1:
        listed = Message.joined("、", [card_label(card) for card in cards])
        raise ValueError(
            Message(
                T.NAMES_SEVERAL,
                name,
                len(cards),
                listed,
            )
        )
    return cards[0]


def with_named_cards(
    deck: MTGCharacter, critical: list[str], known: list[str]
) -> tuple[MTGCharacter, list[LibraryCard]]:
    """The deck with ``critical`` marked (one copy per time a name is given) and the known top cards;
    ValueError (DeckRefused) with the reason when the deck does not allow them."""
    if len(critical) > MAX_NAMED or len(known) > MAX_NAMED:
        raise ValueError(Message(T.TOO_MANY_NAMED, MAX_NAMED))
    for name in critical:
        card = deck_card(deck, name)
        entry = deck.entry(card.name)
        assert entry is not None
        deck = set_critical(deck, card.name, entry.critical + 1)
    top = []
    for written in known:
        is_critical = written.startswith(CRITICAL_MARK)
        card = deck_card(deck, written.removeprefix(CRITICAL_MARK).strip())
        top.append(LibraryCard(card, is_critical))
    return deck, top


def _named_count(written: str) -> tuple[str, bool, int]:
    """ "*Name:2" → ("Name", critical, 2); no count is one copy."""
    match = COUNT.match(written.strip())
    name, count = (match["name"], int(match["count"])) if match else (written.strip(), 1)
    critical = name.startswith(CRITICAL_MARK)
    return name.removeprefix(CRITICAL_MARK).strip(), critical, count


def not_in_library(deck: MTGCharacter, lists: list[str]) -> Outside:
    """--not-in-library as the deck's cards out of the library; ValueError naming the card when the
    deck has no such card, or fewer copies than given (the same card twice adds up).

    Names may hold commas (「Kenrith, the Returned King」): the pieces between commas are joined
    until they name a card of the deck, so no name is guessed."""
    counts: dict[tuple[str, bool], int] = {}
    for text in lists:
        pending: list[str] = []
        for piece in text.split(","):
            pending.append(piece)
            name, critical, count = _named_count(",".join(pending))
            if not name and len(pending) == 1 and not piece.strip():
                pending = []  # "A:1,,B:2" or a trailing comma: nothing between
                continue
            cards = deck_matches(deck, name)
            if not cards:
                continue
            card = deck_card(deck, name)  # several cards of the name: its message lists them
            if count < 1:
                raise ValueError(Message(T.OUTSIDE_COUNT, name, count))
            counts[card.name, critical] = counts.get((card.name, critical), 0) + count
            pending = []
        if pending:
            name = _named_count(",".join(pending))[0]
            raise ValueError(Message(T.OUTSIDE_NOT_IN_DECK, name))
    outside: Outside = ()
    for (name, critical), count in sorted(counts.items()):
        # refuses more than the deck has, naming the card as the user reads it
        outside = with_count(outside, deck, name, critical, count, shown_name)
    return outside


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    path = Path(args.deck)
    try:
        deck, notes = load_deck(path)
        deck, known = with_named_cards(deck, args.critical, args.known_top)
        if args.not_in_library and args.physical_odds != ODDS_LIBRARY_ONLY:
            raise ValueError(Message(T.OUTSIDE_WITHOUT_LIBRARY))
        outside = not_in_library(deck, args.not_in_library)
        # A fresh table: nothing checked or boosted this turn; the known cards on top (physical cards).
        plan = plan_check(
            set_outside(MTGTable(), "cli", outside),
            "cli",
            deck,
            CheckColor(args.color),
            args.difficulty,
            known,
            boost_cards=args.boost_cards,
            known_result=args.known_result,
            physical_odds=args.physical_odds,
        )
    except (StoreError, ValueError, OSError) as problem:  # each message names the file and the fault
        parser.exit(2, f"gmtool prob: {shown_message(str(problem))}\n")
    for note in notes:
        print("gmtool prob: " + shown_message(Message(T.FILE_NOTE, path.name, note)), file=sys.stderr)
    color = CheckColor(args.color)
    success, boosted = plan.success, plan.success_with_boost
    if args.json:
        out: dict[str, Any] = {
            "system": "mtg",
            "success": float(success),
            "success_with_boost": float(boosted),
            "cards": deck.size,
        }
        if plan.refusal:
            out["refusal"] = shown_message(plan.refusal)
        if args.boost_cards != BOOST_AFTER_REVEALED:
            out["boost_cards"] = args.boost_cards
        if args.known_result != KNOWN_WITH_BOOST:
            out["known_result"] = args.known_result
        if args.physical_odds != ODDS_WHOLE_DECK:
            out["physical_odds"] = args.physical_odds
            out["library_cards"] = plan.spec.library.size + len(plan.spec.library.known_top)
        print(json.dumps(out))
        return 0
    check = Message(T.CHECK, COLOR_WORDS[color.value])
    say = shown_message
    print(
        say(
            Message(
                T.HEADLINE,
                deck.name,
                deck.size,
                check,
                args.difficulty,
            )
        )
    )
    if args.physical_odds == ODDS_LIBRARY_ONLY:
        left, out_of_library = deck.size - outside_total(outside), outside_total(outside)
        print(say(Message(T.LIBRARY_LEFT, left, out_of_library)))
    if plan.odds.possible:
        print(say(Message(T.SUCCESS, percent(success))))
        note = "" if plan.odds.boost_possible else Message(T.NO_BOOST)
        print(say(Message(T.SUCCESS_BOOSTED, percent(boosted), note)))
    if plan.refusal:
        print(f"  {say(plan.refusal)}")
    return 0
