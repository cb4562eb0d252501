"""What the deck sheet shows of a deck, as a value: size, mana curve, colors, the クリティカル・カード.
Value types only (the views import them); `deck_stats.py` computes them and re-exports these.
"""

from __future__ import annotations

from dataclasses import dataclass

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
    minimum_cards: int  # 「ライブラリーが…枚未満」: fewer, and no check can be made

    @property
    def too_few(self) -> bool:
        """Too few cards in the library for an action check."""
        return self.size < self.minimum_cards

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
