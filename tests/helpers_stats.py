"""Small statistics helpers for Monte Carlo cross-checks in tests (no scipy).

`chi_square_statistic` compares observed counts with exact probabilities;
`chi_square_critical` gives the upper critical value of the chi-square
distribution.  For df = 1 and df = 2 the critical value has a closed form and
is computed exactly; for df >= 3 it uses the Wilson–Hilferty cube-root normal
approximation, which is within about 2% there at the small alphas tests use
(at df = 1 Wilson–Hilferty is about 3% too high, hence the exact branch).
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping
from fractions import Fraction
from statistics import NormalDist


def _normal_upper_quantile(alpha: float) -> float:
    """z with P(Z > z) = alpha for a standard normal Z."""
    if not 0 < alpha < 1:
        raise ValueError(f"alpha must be in (0, 1), not {alpha}")
    return NormalDist().inv_cdf(1 - alpha)


def wilson_hilferty_critical(df: int, alpha: float) -> float:
    """Wilson–Hilferty approximation of the chi-square upper critical value."""
    if df < 1:
        raise ValueError(f"degrees of freedom must be >= 1, not {df}")
    z = _normal_upper_quantile(alpha)
    h = 2 / (9 * df)
    return df * (1 - h + z * math.sqrt(h)) ** 3


def chi_square_critical(df: int, alpha: float) -> float:
    """x with P(X > x) = alpha for X ~ chi-square(df): exact for df 1 and 2, Wilson–Hilferty beyond."""
    if df < 1:
        raise ValueError(f"degrees of freedom must be >= 1, not {df}")
    if not 0 < alpha < 1:
        raise ValueError(f"alpha must be in (0, 1), not {alpha}")
    if df == 1:  # X = Z²: P(|Z| > z) = alpha
        return _normal_upper_quantile(alpha / 2) ** 2
    if df == 2:  # exponential with mean 2
        return -2 * math.log(alpha)
    return wilson_hilferty_critical(df, alpha)


def chi_square_statistic(
    observed: Mapping[Hashable, int], probabilities: Mapping[Hashable, Fraction | float]
) -> tuple[float, int]:
    """(Pearson's X², degrees of freedom) of observed counts against exact cell probabilities.

    Every outcome seen must have a positive probability; cells of probability
    zero are ignored (they cannot be seen if the model is right — a count there
    raises instead).  df = number of cells with positive probability − 1.
    """
    n = sum(observed.values())
    if n <= 0:
        raise ValueError("no observations")
    impossible = {k: c for k, c in observed.items() if c and not probabilities.get(k, 0)}
    if impossible:
        raise ValueError(f"observed outcomes with probability 0: {impossible}")
    cells = [k for k, p in probabilities.items() if p > 0]
    if len(cells) < 2:
        raise ValueError("a goodness-of-fit test needs at least two possible outcomes")
    statistic = 0.0
    for k in cells:
        expected = n * float(probabilities[k])
        statistic += (observed.get(k, 0) - expected) ** 2 / expected
    return statistic, len(cells) - 1


def min_expected(n: int, probabilities: Mapping[Hashable, Fraction | float]) -> float:
    """Smallest expected count over the possible cells (the usual rule wants >= 5)."""
    return min(n * float(p) for p in probabilities.values() if p > 0)
