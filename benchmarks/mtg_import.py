"""MTG card import benchmark: an AtomicCards-shaped file of 30 000 fictional cards (about the size of
the real one: rules text, legalities, printings and nine languages per card) imported into a fresh
card cache, median of 3 runs.  Each run is its own subprocess, so the peak memory is that process's
peak resident set size (VmHWM; whole process: Python, pydantic, SQLite's cache included); the
baseline is the same process doing everything but the import, so the difference is what the import
itself holds.  Streaming keeps it flat: it does not grow with the file."""

from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

CARDS = 30_000
RUNS = 3
LANGUAGES = ["German", "Spanish", "French", "Italian", "Japanese", "Korean", "Portuguese (Brazil)", "Russian"]
SAMPLE = {  # the cache's starting sample: one fictional card, so nothing depends on resources/
    "format": "gmtool/cards",
    "schema_version": 1,
    "cards": [{"card": {"name": "Bench Sample"}, "why": "benchmark", "source": "invented"}],
}


def _face(i: int, **fields: object) -> dict[str, object]:
    name = f"Bench Card {i}"
    face: dict[str, object] = {
        "name": name,
        "layout": "normal",
        "manaValue": float(i % 10),
        "manaCost": "{2}{G}",
        "colors": [["W"], ["U"], ["B"], ["R"], ["G"], ["U", "G"], []][i % 7],
        "colorIdentity": ["G"],
        "supertypes": ["Legendary"] if i % 13 == 0 else [],
        "types": ["Land"] if i % 5 == 0 else ["Creature"],
        "subtypes": ["Forest"] if i % 5 == 0 else ["Elf", "Druid"],
        "keywords": ["Devoid"] if i % 17 == 0 else ["Flying", "Trample"],
        "type": "Creature — Elf Druid",
        "text": f"When {name} enters the battlefield, draw a card. " * 6,
        "power": "2",
        "toughness": "2",
        "legalities": {f: "Legal" for f in ("commander", "legacy", "modern", "pauper", "pioneer", "vintage")},
        "printings": [f"S{n:02d}" for n in range(i % 12 + 1)],
        "identifiers": {"scryfallOracleId": f"{i:08d}-0000-0000-0000-000000000000"},
        "purchaseUrls": {s: f"https://example.invalid/{s}/{i}" for s in ("cardKingdom", "tcgplayer")},
        "foreignData": [
            {"language": language, "name": f"{language} {i}", "text": "…" * 80, "type": "Kreatur"}
            for language in LANGUAGES
        ],
    }
    face["foreignData"][4]["name"] = f"ベンチカード{i}"  # type: ignore[index]
    face.update(fields)
    return face


def write_atomic_cards(path: Path, cards: int = CARDS) -> None:
    """Streams the file out card by card (the generator must not need the memory it measures)."""
    with path.open("w", encoding="utf-8") as out:
        out.write('{"meta": {"date": "2026-01-01", "version": "5.2.2+bench"}, "data": {')
        for i in range(cards):
            if i % 50 == 1:  # a split card
                name = f"Bench Left {i} // Bench Right {i}"
                faces = [
                    _face(i, name=name, faceName=f"Bench Left {i}", side="a", layout="split", colors=["R"]),
                    _face(i, name=name, faceName=f"Bench Right {i}", side="b", layout="split", colors=["U"]),
                ]
            elif i % 97 == 2:
                name, faces = f"Bench Token {i}", [_face(i, name=f"Bench Token {i}", layout="token")]
            else:
                name, faces = f"Bench Card {i}", [_face(i)]
            out.write(("," if i else "") + json.dumps(name) + ":" + json.dumps(faces, ensure_ascii=False))
        out.write("}}")


def _child(mode: str, card_file: Path, cache: Path) -> None:
    """One run in this process: print seconds and peak RSS (kB) as JSON."""
    from gmtool.store.mtg.database import CardDatabase
    from gmtool.store.mtg.importers import import_card_file

    sample = cache.parent / "sample.json"
    sample.write_text(json.dumps(SAMPLE), encoding="utf-8")
    with CardDatabase.open(cache, sample_path=sample) as db:
        start = time.perf_counter()
        if mode == "import":
            summary = import_card_file(db, card_file)
            assert summary.cards > 0.95 * CARDS and db.find(f"ベンチカード{CARDS - 1}") is not None
        seconds = time.perf_counter() - start
    print(json.dumps({"seconds": seconds, "peak_kb": _peak_kb()}))


def _peak_kb() -> int:
    """This process's peak resident memory in kB.

    Linux keeps ``ru_maxrss`` across fork and exec, so a child of a big process (``make bench`` has
    Qt loaded) would report its parent's size; ``VmHWM`` belongs to the new address space.
    """
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # kB on Linux, bytes on macOS


def _run(mode: str, card_file: Path, directory: Path) -> dict[str, float]:
    cache = directory / f"cards-{time.monotonic_ns()}.sqlite"
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
    command = [sys.executable, __file__, f"--{mode}", str(card_file), str(cache)]
    out = subprocess.run(command, capture_output=True, text=True, check=True, env=env).stdout
    return json.loads(out.strip().splitlines()[-1])


def bench_import(cards: int = CARDS) -> dict[str, float]:
    with tempfile.TemporaryDirectory(prefix="gmtool-bench-cards-") as tmp:
        directory = Path(tmp)
        card_file = directory / "AtomicCards.json"
        write_atomic_cards(card_file, cards)
        runs = [_run("import", card_file, directory) for _ in range(RUNS)]
        baseline = _run("baseline", card_file, directory)
        return {
            "file_mb": card_file.stat().st_size / 1e6,
            "seconds": statistics.median(r["seconds"] for r in runs),
            "peak_mb": max(r["peak_kb"] for r in runs) / 1024,
            "baseline_mb": baseline["peak_kb"] / 1024,
        }


def main() -> int:
    result = bench_import()
    rows = [
        ("AtomicCards 形式のファイル (架空カード 30,000 枚)", f"{result['file_mb']:.0f} MB"),
        ("読み込み時間 (中央値/3回)", f"{result['seconds']:.2f} s"),
        ("ピークメモリ (子プロセスの VmHWM)", f"{result['peak_mb']:.0f} MB"),
        ("同じプロセスで読み込みなし (VmHWM)", f"{result['baseline_mb']:.0f} MB"),
    ]
    width = max(len(name) for name, _ in rows) + 2
    for name, value in rows:
        print(f"{name:<{width}}{value:>10}")
    return 0


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] in ("--import", "--baseline"):
        _child(sys.argv[1][2:], Path(sys.argv[2]), Path(sys.argv[3]))
        sys.exit(0)
    sys.exit(main())
