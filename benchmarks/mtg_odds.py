"""MTG odds benchmark: every check color × 難易度 −1…12, as revealed and with boost, for a 60-card and
a 250-card deck (targets: ≤ 20 ms and ≤ 100 ms median).  The odds cache is cleared before each run,
so nothing computed in one run is reused by the next."""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gmtool.rules.systems.mtg.cards import Card
from gmtool.rules.systems.mtg.checks import CheckColor, LibraryCard, LibraryView
from gmtool.rules.systems.mtg.odds import check_odds

RUNS = 15
COLOR_SETS = [("W",), ("U",), ("B",), ("R",), ("G",), ("U", "G"), ("W", "B", "R"), ()]


def generated_deck(size: int, distinct: int, seed: int) -> LibraryView:
    """A deck of fictional cards: 40% lands (some dual), spells of MV 0–9 and 1–3 colors."""
    rng = random.Random(seed)
    kinds: list[Card] = []
    for i in range(distinct):
        if i % 5 < 2:
            types = rng.choice([("Forest",), ("Island",), ("Plains", "Island"), ()])
            kinds.append(Card(f"Bench Land {i}", 0, (), types=("Land",), subtypes=types))
        else:
            kinds.append(Card(f"Bench Spell {i}", rng.randint(0, 9), rng.choice(COLOR_SETS)))
    copies = [LibraryCard(kinds[i % distinct], critical=i < 3) for i in range(size)]
    return LibraryView.shuffled(copies)


def run_all(view: LibraryView) -> None:
    for color in CheckColor:
        odds = check_odds(view, color)
        for difficulty in range(-1, 13):
            odds.success(difficulty)
            odds.success_with_boost(difficulty)


def median_ms(view: LibraryView) -> float:
    samples = []
    for _ in range(RUNS):
        check_odds.cache_clear()
        start = time.perf_counter()
        run_all(view)
        samples.append(time.perf_counter() - start)
    return statistics.median(samples) * 1000


def bench_odds() -> dict[str, float]:
    return {
        "60 cards (25 distinct)": median_ms(generated_deck(60, 25, 1)),
        "250 cards (120 distinct)": median_ms(generated_deck(250, 120, 2)),
    }


if __name__ == "__main__":
    for name, ms in bench_odds().items():
        print(f"MTG odds, 6 colors × 14 難易度 × boost on/off, {name}: {ms:.1f} ms median")
