"""The フォーカード wizard's rolls replayed from their seeds (its `Declarations.creation`): the faces
the engine's dice show, in the shape the creation record keeps them."""

from __future__ import annotations

import random
from typing import Any

from gmtool.rules.dice import roll
from gmtool.rules.systems.fourcard.creation import HANDEDNESS_DICE, MONEY_DICE, roll_attributes

ATTRIBUTES, REROLL, HANDEDNESS, MONEY = "attributes", "reroll", "handedness", "money"
METHOD = "random"  # the one way the text makes a character: the attributes are rolled


def replay(kind: str, seed: int) -> Any:
    """The faces of roll `kind` from `seed`, as the wizard rolled them (KeyError: no such roll)."""
    rng = random.Random(seed)
    if kind in (ATTRIBUTES, REROLL):
        return {a: list(f) for a, f in roll_attributes(rng).items()}
    dice = {HANDEDNESS: HANDEDNESS_DICE, MONEY: MONEY_DICE}[kind]
    return list(roll(rng, *dice))
