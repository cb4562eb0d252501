"""The bundled card database (resources/cards/cards.json.xz): its size on disk, the first-start
cost of opening it, and a 60-card list's resolve time.

- size: the shipped file's bytes (xz-compressed JSON);
- first start: ``CardDatabase.open`` on a path with no cache yet, in a fresh subprocess each run —
  the cache build time (read the table, validate it, write the SQLite cache), timed inside that
  process around the call (the Python and pydantic imports are not counted); median of 3;
- later start: the same call once the cache exists (a subprocess each run too), median of 3;
- resolve: a 60-card list of real cards by their Japanese names (Mono-Red, 20 山)
  parsed and resolved against the opened cache, median of 20.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

RUNS = 3
RESOLVES = 20
DECK = """\
4 稲妻
4 ショック
4 ゴブリンの先達
4 ボガートの悪ふざけ
4 モグの狂信者
4 ゴブリンの手投げ弾
4 火葬
4 溶岩の投げ矢
4 僧院の速槍
4 燃えさし運び
4 罠の橋
20 山
"""
_OPEN = """
import json, sys, time
from gmtool.store.mtg.database import CardDatabase
started = time.perf_counter()
database = CardDatabase.open(sys.argv[1])
seconds = time.perf_counter() - started
print(json.dumps({"seconds": seconds, "cards": database.count()}))
database.close()
"""


def _open_once(path: Path) -> dict[str, float]:
    out = subprocess.run([sys.executable, "-c", _OPEN, str(path)], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def bench_card_database() -> dict[str, float]:
    from gmtool.store.mtg.bundled import default_bundled_path
    from gmtool.store.mtg.database import CardDatabase
    from gmtool.store.mtg.deck_resolution import resolve_decklist
    from gmtool.store.mtg.decklists import parse_decklist_text

    first: list[float] = []
    later: list[float] = []
    cards = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        for run in range(RUNS):
            path = Path(tmp) / f"cards{run}.sqlite"
            opened = _open_once(path)
            first.append(opened["seconds"])
            cards = opened["cards"]
            later.append(_open_once(path)["seconds"])
        with CardDatabase.open(Path(tmp) / "cards0.sqlite") as database:
            resolves: list[float] = []
            unresolved = 0
            for _ in range(RESOLVES):
                started = time.perf_counter()
                resolution = resolve_decklist(parse_decklist_text(DECK), database.find)
                resolves.append(time.perf_counter() - started)
                unresolved = len(resolution.unresolved)
    return {
        "size_mb": default_bundled_path().stat().st_size / 1e6,
        "cards": cards,
        "first_open_s": statistics.median(first),
        "later_open_s": statistics.median(later),
        "resolve_ms": statistics.median(resolves) * 1000,
        "unresolved": float(unresolved),
    }


if __name__ == "__main__":
    print(json.dumps(bench_card_database(), indent=1))
