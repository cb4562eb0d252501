"""A 行動判定 at the table: what the player knows, whether the check may be made, and the odds.

Both ways of playing share it.  With a virtual library the odds are read from what the player
knows of it; with physical cards from the whole deck, less the cards the player knows on top — or,
under the house rule mtg.physical_odds = library, from what is left of the deck once the cards the
GM entered as out of the library (hand, graveyard, battlefield, exile) are taken out too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from gmtool.rules.message import Message
from gmtool.rules.systems.mtg.character import MTGCharacter
from gmtool.rules.systems.mtg.checks import CheckColor, LibraryCard, LibraryView, MTGCheckSpec
from gmtool.rules.systems.mtg.house_rules import (
    BOOST_AFTER_REVEALED,
    KNOWN_WITH_BOOST,
    KNOWN_WITHOUT_BOOST,
    ODDS_LIBRARY_ONLY,
    ODDS_WHOLE_DECK,
)
from gmtool.rules.systems.mtg.odds import CheckOdds, check_odds
from gmtool.rules.systems.mtg.outside import outside_copies
from gmtool.rules.systems.mtg.rules_data import mtg_rules
from gmtool.rules.systems.mtg.table import COLOR_WORDS, MTGTable, TableRefused, refuse_repeat


def deck_copies(deck: MTGCharacter) -> list[LibraryCard]:
    return [LibraryCard(card, critical) for card, critical in deck.copies()]


def physical_view(
    deck: MTGCharacter, known_top: Sequence[LibraryCard] = (), outside: Sequence[LibraryCard] = ()
) -> LibraryView:
    """The deck as a shuffled library: the cards ``outside`` it taken out, then the known top ones
    (which are in the library, on top, so they must be among what is left)."""
    rest = deck_copies(deck)
    for card in outside:
        rest.remove(card)  # outside_copies() gives no more copies than the deck has
    for card in known_top:
        if card not in rest:
            label = Message("クリティカル・カードの") if card.critical else ""
            raise TableRefused(
                Message("{0}《{1}》はこのデッキにもう残っていません（既知のカード）", label, card.card.name)
            )
        rest.remove(card)
    return LibraryView.shuffled(rest, known_top)


def library_view(
    table: MTGTable,
    character: str,
    deck: MTGCharacter,
    known_top: Sequence[LibraryCard] = (),
    physical_odds: str = ODDS_WHOLE_DECK,
) -> LibraryView:
    """The player's knowledge: the virtual library's when there is one, else the physical deck's
    (less its cards out of the library when ``physical_odds`` is the library-only reading)."""
    library = table.libraries.get(character)
    if library is not None:
        return library.view()
    return physical_view(deck, known_top, physical_outside(table, character, deck, physical_odds))


def physical_outside(
    table: MTGTable, character: str, deck: MTGCharacter, physical_odds: str = ODDS_WHOLE_DECK
) -> list[LibraryCard]:
    """The copies the odds leave out of a physical deck: none under the whole-deck reading."""
    if physical_odds != ODDS_LIBRARY_ONLY or character in table.libraries:
        return []
    return outside_copies(deck, table.outside.get(character, ()))[0]


@dataclass(frozen=True)
class CheckPlan:
    """One check as it would be made now: its spec, its odds and why it may not be made."""

    spec: MTGCheckSpec
    odds: CheckOdds
    boost_used: bool  # the PC has boosted this turn already
    refusal: str  # "" when the check may be made

    @property
    def boost_allowed(self) -> bool:
        return self.odds.boost_possible and not self.boost_used

    @property
    def success(self) -> Fraction:
        return self.odds.success(self.spec.difficulty)

    @property
    def success_with_boost(self) -> Fraction:
        return self.odds.success_with_boost(self.spec.difficulty) if self.boost_allowed else self.success


def plan_check(
    table: MTGTable,
    character: str,
    deck: MTGCharacter,
    color: CheckColor,
    difficulty: int,
    known_top: Sequence[LibraryCard] = (),
    changed: bool = False,
    boost_cards: str = BOOST_AFTER_REVEALED,
    known_result: str = KNOWN_WITH_BOOST,
    physical_odds: str = ODDS_WHOLE_DECK,
) -> CheckPlan:
    """``boost_cards``, ``known_result`` and ``physical_odds`` are the house rules' readings
    (mtg.boost_cards, mtg.known_result, mtg.physical_odds)."""
    view = library_view(table, character, deck, known_top, physical_odds)
    boost_used = character in table.boosted
    spec = MTGCheckSpec(view, color, difficulty, boost_available=not boost_used)
    odds = check_odds(view, color, boost_cards)
    plan = CheckPlan(spec, odds, boost_used, "")
    return CheckPlan(spec, odds, boost_used, _refusal(table, character, plan, changed, known_result))


def _refusal(
    table: MTGTable, character: str, plan: CheckPlan, changed: bool, known_result: str = KNOWN_WITH_BOOST
) -> str:
    spec = plan.spec
    try:
        refuse_repeat(table, character, spec.color, spec.difficulty, changed)
    except TableRefused as refused:
        return str(refused)
    minimum = mtg_rules().minimum_cards
    if not plan.odds.possible:
        known = (
            Message("（PLに知られている{0}枚を除く）", len(spec.library.known_top))
            if spec.library.known_top
            else ""
        )
        return Message(
            "ライブラリーが{0}枚{1}で、{2}枚未満なので行動判定はできません。判定しなかったものとしてあつかいます",
            plan.odds.cards,
            known,
            minimum,
        )
    what = Message("{0}判定・難易度 {1}", COLOR_WORDS[spec.color], spec.difficulty)
    # 「PLに結果が分かっているなら、行動判定不可」: certain once the boost the PC may still use is counted.
    with_boost = Message("行動判定ブーストを使えば") if plan.boost_allowed and plan.success < 1 else ""
    # The other reading: the boost is optional and costs six cards, so only a success certain
    # without it is a known result.
    certain = plan.success if known_result == KNOWN_WITHOUT_BOOST else plan.success_with_boost
    if certain == 1:
        return Message("PLに結果が分かっている判定はできません（{0}は{1}必ず成功します）", what, with_boost)
    if plan.success_with_boost == 0:
        boost = Message("行動判定ブーストを使っても") if plan.boost_allowed else ""
        return Message("PLに結果が分かっている判定はできません（{0}は{1}必ず失敗します）", what, boost)
    return ""
