"""What the deck sheet shows of a deck: size, mana curve, colors, and what the checks will see."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from gmtool.rules.systems.mtg.cards import WUBRG
from gmtool.rules.systems.mtg.character import MTGCharacter
from gmtool.rules.systems.mtg.rules_data import mtg_rules

CURVE_TOP = 7  # the curve's last bar is "7+"


@dataclass(frozen=True)
class DeckStatistics:
    size: int
    sideboard: int
    lands: int
    colorless: int  # colorless cards as 行動判定ブースト counts them (lands included)
    multicolor: int
    by_color: dict[str, int]  # cards of each color by their own colors (a gold card counts in each)
    by_modifier_color: dict[str, int]  # the same as 色の修正 sees them (basic land types as colors)
    curve: dict[int, int]  # mana value (CURVE_TOP = "7 or more") → copies, printed values
    critical_marked: int
    critical_limit: int | None  # the deck's own, else the default for its size; None = GM decides
    critical_limit_is_default: bool

    @property
    def critical_over(self) -> int:
        if self.critical_limit is None:
            return 0
        return max(0, self.critical_marked - self.critical_limit)

    def as_values(self) -> dict[str, int]:
        values = {
            "size": self.size,
            "sideboard": self.sideboard,
            "lands": self.lands,
            "colorless": self.colorless,
            "multicolor": self.multicolor,
            "critical_marked": self.critical_marked,
        }
        if self.critical_limit is not None:
            values["critical_limit"] = self.critical_limit
        values.update({f"color_{c}": n for c, n in self.by_color.items()})
        return values


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
    )
