"""A printed mana cost's mana value, and a split card's mana value from its halves' costs.

A split card's mana value is the total of its halves' mana costs (Comprehensive Rules 709.4).
The sources give a card-level value as well, and now and then it is wrong: MTGJSON 5.2 gives a few
split cards one half's value.  Where the halves' costs can be read and disagree with the card-level
value, the halves win.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable

_SYMBOL = re.compile(r"\{([^{}]{1,12})\}")
_COLORED = frozenset("WUBRGCS")  # one mana of a color, colorless {C}, snow {S}
_VARIABLE = frozenset("XYZ")
MAX_COST_LENGTH = 200  # the longest real cost is about 40 characters


def cost_value(cost: str) -> float | None:
    """The mana value of a cost such as ``{2}{R}{W/P}``; None when it is not a readable cost.

    Numbers count as themselves, X Y Z as 0, a colored, hybrid or Phyrexian symbol as 1, a
    two-or-color hybrid ``{2/W}`` as 2, a half symbol ``{HW}`` / ``{½}`` as ½.
    """
    if not isinstance(cost, str) or len(cost) > MAX_COST_LENGTH:
        return None
    text = cost.strip()
    symbols = _SYMBOL.findall(text)
    if "".join(f"{{{s}}}" for s in symbols) != text:
        return None  # something outside braces: not a cost
    total = 0.0
    for symbol in symbols:
        value = _symbol_value(symbol.upper())
        if value is None:
            return None
        total += value
    return total


def _symbol_value(symbol: str) -> float | None:
    if symbol.isdigit():
        return float(int(symbol))
    if symbol in _VARIABLE:
        return 0.0
    if symbol in _COLORED:
        return 1.0
    if symbol == "½" or (symbol.startswith("H") and symbol[1:] in _COLORED):
        return 0.5
    parts = symbol.split("/")
    if len(parts) in (2, 3) and all(parts):
        first = parts[0]
        if first.isdigit():  # {2/W}: the larger choice counts
            return float(int(first))
        if all(part in _COLORED or part == "P" for part in parts):
            return 1.0
    return None


def split_mana_value(card_value: int, costs: Iterable[object]) -> int:
    """A split card's mana value: the halves' costs added up, where each is readable and the total
    disagrees with ``card_value``; else ``card_value``."""
    values = [cost_value(cost) if isinstance(cost, str) else None for cost in costs]
    if len(values) < 2 or any(value is None for value in values):
        return card_value
    total = math.floor(sum(value for value in values if value is not None))
    return card_value if total == card_value else total
