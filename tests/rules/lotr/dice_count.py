"""An independent count of a CODA test's dice (1.5: 2d6, a 6-6 adds a d6, a 6 on it another…), by
listing the faces — the check the exact odds of a new rule are held against."""

from __future__ import annotations

import itertools
from fractions import Fraction


def counted_at_least(need: int) -> Fraction:
    """P(the roll ≥ need), by listing two d6 and, after a 6-6, up to four more d6 (a chain of sixes
    that long reaches 36, past any need the tests use)."""
    hits = Fraction(0)
    for a, b in itertools.product(range(1, 7), repeat=2):
        if (a, b) != (6, 6):
            hits += Fraction(int(a + b >= need), 36)
            continue
        total, weight = 12, Fraction(1, 36)
        for _ in range(4):  # each further die: 1–5 stops the chain, a 6 goes on
            if total >= need:
                hits += weight
                break
            hits += sum(Fraction(int(total + d >= need), 6) for d in range(1, 6)) * weight
            total, weight = total + 6, weight / 6
        else:
            hits += weight
    return hits
