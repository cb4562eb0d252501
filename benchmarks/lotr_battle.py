"""LotR mass battle odds benchmark: exact P(Victory) and expected hours for all seven start
positions (target ≤ 5 ms median).  Every cache of the engine is cleared before each run, so each
run enumerates the dice and solves the chain from nothing, as the first look at a new Siegecraft
setting does."""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gmtool.rules.systems.lotr.mass_battle import POSITIONS, battle_odds, clear_caches

RUNS = 25


def bench_battle_odds(siegecraft_ours: int = 2, siegecraft_theirs: int = 1, runs: int = RUNS) -> float:
    """Median ms of computing battle_odds for all 7 positions, uncached."""
    samples = []
    for _ in range(runs):
        clear_caches()  # the 36 × 36 dice enumeration too, not only the solved chains
        start = time.perf_counter()
        odds = battle_odds(siegecraft_ours, siegecraft_theirs)
        samples.append(time.perf_counter() - start)
        assert set(odds) == set(POSITIONS)
    return statistics.median(samples) * 1000


if __name__ == "__main__":
    print(f"LotR mass battle odds, 7 start positions, uncached: {bench_battle_odds():.2f} ms median")
