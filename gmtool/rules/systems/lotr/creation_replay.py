"""The LotR wizard's rolls replayed from their seeds (its `Declarations.creation`): the random
method's nine 2d6, in the shape the creation record keeps them."""

from __future__ import annotations

import random
from typing import Any

from gmtool.rules.systems.lotr.creation import roll_attribute_dice

ATTRIBUTES, REROLL = "attributes", "reroll"


def replay(kind: str, seed: int) -> Any:
    """The faces of roll `kind` from `seed`, as the wizard rolled them (KeyError: no such roll)."""
    if kind not in (ATTRIBUTES, REROLL):
        raise KeyError(kind)
    return [list(f) for f in roll_attribute_dice(random.Random(seed))]
