"""Exact dice distributions and the seeded roller.

Probabilities are `fractions.Fraction`, so a distribution is exact rather than
approximately right; views convert to float only for display.  Every roll
takes an injected `random.Random`, never the global one, so a seed recorded in
the log replays the same faces.
"""

from __future__ import annotations

import itertools
import random
import secrets
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V", bound=Hashable)

Faces = tuple[int, ...]


@dataclass(frozen=True)
class Distribution(Generic[K]):
    """A finite probability distribution over hashable outcomes (totals, outcome codes…)."""

    probabilities: Mapping[K, Fraction]

    def __post_init__(self) -> None:
        total = sum(self.probabilities.values(), Fraction(0))
        if total != 1:
            raise ValueError(f"probabilities sum to {total}, not 1")

    @classmethod
    def from_weights(cls, weights: Mapping[K, int | Fraction]) -> Distribution[K]:
        total = sum(weights.values())
        return cls({k: Fraction(w) / total for k, w in weights.items() if w})

    def __getitem__(self, outcome: K) -> Fraction:
        return self.probabilities.get(outcome, Fraction(0))

    def __iter__(self) -> Iterator[K]:
        return iter(self.probabilities)

    def items(self) -> Iterable[tuple[K, Fraction]]:
        return self.probabilities.items()

    def map(self, f: Callable[[K], V]) -> Distribution[V]:
        out: dict[V, Fraction] = {}
        for k, p in self.probabilities.items():
            key = f(k)
            out[key] = out.get(key, Fraction(0)) + p
        return Distribution(out)

    def probability(self, predicate: Callable[[K], bool]) -> Fraction:
        return sum((p for k, p in self.probabilities.items() if predicate(k)), Fraction(0))


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


SEED_BITS = 63
MAX_SEED = 2**SEED_BITS - 1


def new_seed() -> int:
    """A fresh seed from the OS (0…MAX_SEED); recorded with the roll so it can be replayed."""
    return secrets.randbits(SEED_BITS)
