"""Exact dice distributions and the seeded roller.

Probabilities are `fractions.Fraction`, so a distribution is exact rather than
approximately right; views convert to float only for display.  Every roll
takes an injected `random.Random`, never the global one, so a seed recorded in
the log replays the same faces.  The value types (`Distribution`, `Faces`, the seed's
bounds) live in `gmtool/rules/dice_types.py` and are re-exported here.
"""

from __future__ import annotations

import itertools
import random
import secrets
from collections.abc import Callable, Hashable, Iterator
from typing import TypeVar

from gmtool.rules.dice_types import MAX_SEED, SEED_BITS, Distribution, Faces

__all__ = [
    "MAX_SEED",
    "SEED_BITS",
    "Distribution",
    "Faces",
    "all_faces",
    "enumerate_outcomes",
    "new_seed",
    "roll",
    "sum_distribution",
]

V = TypeVar("V", bound=Hashable)


def all_faces(count: int, sides: int) -> Iterator[Faces]:
    """Every ordered result of `count` dice with `sides` faces, each equally likely."""
    return itertools.product(range(1, sides + 1), repeat=count)


def enumerate_outcomes(count: int, sides: int, judge: Callable[[Faces], V]) -> Distribution[V]:
    """Exact distribution of `judge(faces)` over every equally likely roll.

    This is how a check's `distribution()` and its `resolve()` share one rule:
    `resolve` calls the same `judge` on faces it rolled.
    """
    weights: dict[V, int] = {}
    for faces in all_faces(count, sides):
        key = judge(faces)
        weights[key] = weights.get(key, 0) + 1
    return Distribution.from_weights(weights)


def sum_distribution(count: int, sides: int) -> Distribution[int]:
    return enumerate_outcomes(count, sides, sum)


def roll(rng: random.Random, count: int, sides: int) -> Faces:
    return tuple(rng.randint(1, sides) for _ in range(count))


def new_seed() -> int:
    """A fresh seed from the OS (0…MAX_SEED); recorded with the roll so it can be replayed."""
    return secrets.randbits(SEED_BITS)
