"""The dice's value types: the exact distribution, a roll's faces and the bounds of a seed.

Values only: `gmtool/rules/dice.py` computes with them (and re-exports them); the views may import
them (the import contract ``views-engine-values-only``).
"""

from __future__ import annotations

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


SEED_BITS = 63
MAX_SEED = 2**SEED_BITS - 1
