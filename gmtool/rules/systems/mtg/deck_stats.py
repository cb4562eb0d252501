"""What the deck sheet shows of a deck: size, mana curve, colors, and what the checks will see."""

from __future__ import annotations

from collections import Counter

from gmtool.rules.systems.mtg.cards import WUBRG
from gmtool.rules.systems.mtg.character import MTGCharacter
from gmtool.rules.systems.mtg.deck_stats_types import CURVE_TOP, DeckStatistics
from gmtool.rules.systems.mtg.rules_data import mtg_rules

# The statistics' type lives in deck_stats_types (the views import it there), reached here too.
__all__ = ["CURVE_TOP", "DeckStatistics", "critical_limit", "deck_statistics"]


def critical_limit(character: MTGCharacter) -> tuple[int | None, bool]:
    """(the number of クリティカル・カード the deck may name, whether that is the size default)."""
    if character.critical_limit is not None:
        return character.critical_limit, False
    return mtg_rules().critical_default(character.size), True


def deck_statistics(character: MTGCharacter) -> DeckStatistics:
    by_color: Counter[str] = Counter()
    by_modifier: Counter[str] = Counter()
    curve: Counter[int] = Counter()
    lands = colorless = multicolor = 0
    for entry in character.library:
        card, n = entry.card, entry.count
        lands += n * card.is_land
        colorless += n * card.colorless
        multicolor += n * (len(card.card_colors) > 1)
        for color in card.card_colors:
            by_color[color] += n
        for color in card.modifier_colors:
            by_modifier[color] += n
        if not card.is_land:
            curve[min(card.mana_value, CURVE_TOP)] += n
    limit, is_default = critical_limit(character)
    return DeckStatistics(
        size=character.size,
        sideboard=sum(e.count for e in character.sideboard),
        lands=lands,
        colorless=colorless,
        multicolor=multicolor,
        by_color={c: by_color[c] for c in WUBRG},
        by_modifier_color={c: by_modifier[c] for c in WUBRG},
        curve={mv: curve[mv] for mv in range(CURVE_TOP + 1)},
        critical_marked=character.critical_marked,
        critical_limit=limit,
        critical_limit_is_default=is_default,
        minimum_cards=mtg_rules().minimum_cards,
    )
