"""The CODA test roll: 2d6, and on a natural double six another d6 that explodes on 6.

R = the sum of every face.  A natural double six is the only way to roll 12 on
2d6, so R is 2…11 without exploding, or 12 + X with X an exploding d6 (X = 6k + j
with k sixes then a j of 1…5, probability 6^-(k+1)).  Every probability here is a
closed form in `Fraction`s — the infinite tail is summed exactly, not truncated —
except `truncated_totals`, the per-total listing the bar plot draws, which stops
once less than `TAIL_LIMIT` of the mass is left (and says how much).
"""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache

from gmtool.rules.dice import Faces, all_faces, roll

SIDES = 6
DOUBLE_SIX = 12
TAIL_LIMIT = Fraction(1, 10**12)
_SIXTH = Fraction(1, SIDES)
# Ways to roll each 2d6 sum without a double six (2…11), out of 36.
_PLAIN_WAYS: dict[int, int] = {}
for _faces in all_faces(2, SIDES):
    if sum(_faces) != DOUBLE_SIX:
        _PLAIN_WAYS[sum(_faces)] = _PLAIN_WAYS.get(sum(_faces), 0) + 1
PLAIN_TOTALS = tuple(sorted(_PLAIN_WAYS))
_ALL = Fraction(36)
_EXPLODES = Fraction(1, 36)


def roll_test(rng: random.Random) -> Faces:
    """Real dice: 2d6, then while the last die shows 6 after a double six, one more d6."""
    faces = list(roll(rng, 2, SIDES))
    if sum(faces) == DOUBLE_SIX:
        while True:
            faces.append(rng.randint(1, SIDES))
            if faces[-1] != SIDES:
                break
    return tuple(faces)


# ---- the exploding d6 X -------------------------------------------------------------
def x_pmf(x: int) -> Fraction:
    if x < 1 or x % SIDES == 0:
        return Fraction(0)
    return _SIXTH ** (x // SIDES + 1)


def x_at_least(x: int) -> Fraction:
    """P(X ≥ x): k = (x−1)//6 sixes in a row, then a face ≥ the remainder + 1."""
    if x <= 1:
        return Fraction(1)
    k, r = divmod(x - 1, SIDES)
    return _SIXTH**k * Fraction(SIDES - r, SIDES)


# ---- the test roll R ----------------------------------------------------------------
@cache
def pmf(total: int) -> Fraction:
    """P(R = total)."""
    if total in _PLAIN_WAYS:
        return _PLAIN_WAYS[total] / _ALL
    return _EXPLODES * x_pmf(total - DOUBLE_SIX)


@cache
def at_least(total: int) -> Fraction:
    """P(R ≥ total), exactly (the exploding tail in closed form)."""
    plain = sum((Fraction(w) for t, w in _PLAIN_WAYS.items() if t >= total), Fraction(0)) / _ALL
    return plain + _EXPLODES * x_at_least(total - DOUBLE_SIX)


def truncated_totals(limit: Fraction = TAIL_LIMIT) -> tuple[dict[int, Fraction], Fraction]:
    """P(R = t) for t = 2, 3, … until less than `limit` remains; returns (listing, remaining mass)."""
    listing: dict[int, Fraction] = {}
    total = min(PLAIN_TOTALS)
    while at_least(total) >= limit:
        p = pmf(total)
        if p:
            listing[total] = p
        total += 1
    return listing, at_least(total)


# ---- two rolls against each other -----------------------------------------------------
def _m_at_least(m: int) -> Fraction:
    """P(M ≥ m) for M = K_A − K_B, K the number of sixes of an exploding d6: P(M=m) = 5/7·6^-|m|."""
    if m >= 1:
        return Fraction(6, 7) * _SIXTH**m
    return 1 - Fraction(6, 7) * _SIXTH ** (1 - m)


def _m_pmf(m: int) -> Fraction:
    return Fraction(5, 7) * _SIXTH ** abs(m)


def _e_pmf(e: int) -> Fraction:
    """E = J_A − J_B for two uniform 1…5 last faces."""
    return Fraction(5 - abs(e), 25) if abs(e) <= 4 else Fraction(0)


def _e_above(e: int) -> Fraction:
    return sum((_e_pmf(v) for v in range(max(e + 1, -4), 5)), Fraction(0))


def x_difference_pmf(d: int) -> Fraction:
    """P(X_A − X_B = d) for two independent exploding d6 (X = 6K + J)."""
    return sum(
        (_m_pmf((d - e) // SIDES) * _e_pmf(e) for e in range(-4, 5) if (d - e) % SIDES == 0), Fraction(0)
    )


def x_difference_above(c: int) -> Fraction:
    """P(X_A − X_B > c): sum over M = m of P(E > c − 6m); all but ≤ 3 terms are 0 or 1."""
    first_certain = (c + 4) // SIDES + 1  # from here on c − 6m < −4: E always exceeds it
    last_impossible = (c - 4) // SIDES  # up to here c − 6m ≥ 4: E never exceeds it
    middle = sum(
        (_m_pmf(m) * _e_above(c - SIDES * m) for m in range(last_impossible + 1, first_certain)),
        Fraction(0),
    )
    return middle + _m_at_least(first_certain)


def difference_above(c: int) -> Fraction:
    """P(R_A − R_B > c) for two independent test rolls."""
    p = Fraction(0)
    for a, wa in _PLAIN_WAYS.items():
        for b, wb in _PLAIN_WAYS.items():
            if a - b > c:
                p += Fraction(wa * wb) / (_ALL * _ALL)
    for s, w in _PLAIN_WAYS.items():
        p += _EXPLODES * (w / _ALL) * x_at_least(c + s - DOUBLE_SIX + 1)  # A explodes: 12 + X_A − s > c
        p += (w / _ALL) * _EXPLODES * (1 - x_at_least(s - DOUBLE_SIX - c))  # B explodes: X_B < s − 12 − c
    return p + _EXPLODES * _EXPLODES * x_difference_above(c)


def difference_equal(c: int) -> Fraction:
    """P(R_A − R_B = c)."""
    p = Fraction(0)
    for a, wa in _PLAIN_WAYS.items():
        wb = _PLAIN_WAYS.get(a - c, 0)
        p += Fraction(wa * wb) / (_ALL * _ALL)
    for s, w in _PLAIN_WAYS.items():
        p += _EXPLODES * (w / _ALL) * x_pmf(c + s - DOUBLE_SIX)
        p += (w / _ALL) * _EXPLODES * x_pmf(s - DOUBLE_SIX - c)
    return p + _EXPLODES * _EXPLODES * x_difference_pmf(c)
