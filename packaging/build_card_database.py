"""Build the card table gmtool ships (resources/cards/cards.json.xz) from real MTGJSON data.

    .venv/bin/python packaging/build_card_database.py INPUT [INPUT …] [--output PATH]

Each INPUT is a folder of MTGJSON per-set files (M20.json …), an AllPrintings.json or an
AtomicCards.json — plain or compressed, each recognised by its content (gmtool.store.mtg.formats).
Every printing of a card is merged (mtgjson_sets.PrintingMerger): the newest printing's facts, the
newest Japanese name of any printing.  The shipped table was built from the MTGJSON 5.2 per-set
files (2022-04-25) of the public repository AUTRE04216/jsonSets at commit
ca38aa761f36c5ac61bebfb6a6f37b6980c487de (578 set files; CMR.json is not stored there).

The output is deterministic for the same inputs (cards sorted by name, no build time stamp unless
``--built`` is given), so a rebuild of the same data changes nothing in git.
"""

from __future__ import annotations

import argparse
import json
import lzma
import sys
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter, ValidationError

from gmtool.rules.systems.mtg.cards import Card
from gmtool.store.mtg import mtgjson, mtgjson_sets
from gmtool.store.mtg.bundled import FIELDS, FORMAT, SCHEMA_VERSION, card_row
from gmtool.store.mtg.compressed import open_card_file
from gmtool.store.mtg.formats import detect
from gmtool.store.mtg.names import normalize_name

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_OUTPUT = ROOT / "resources" / "cards" / "cards.json.xz"
LICENCE = (
    "Card data from MTGJSON (https://mtgjson.com), MIT License, Copyright (c) 2018-Present Zachary "
    "Halpern. Magic: The Gathering card names and game facts are (c) Wizards of the Coast LLC; "
    "MTGJSON and gmtool are not affiliated with or endorsed by Wizards of the Coast."
)
_CARD = TypeAdapter(Card)


def read_inputs(inputs: list[Path], merger: mtgjson_sets.PrintingMerger) -> list[dict[str, str]]:
    """Every input into ``merger``; what each was (for the metadata)."""
    found: list[dict[str, str]] = []
    for path in inputs:
        files = sorted(p for p in path.iterdir() if p.is_file()) if path.is_dir() else [path]
        for file in files:
            kind = _read_file(file, merger)
            if kind is not None:
                found.append(kind)
    return found


def _read_file(path: Path, merger: mtgjson_sets.PrintingMerger) -> dict[str, str] | None:
    with open_card_file(path) as stream:
        if stream.total_bytes < 64:
            print(f"  skipped {path.name}: empty", file=sys.stderr)
            return None
        kind = detect(stream)
        if kind.kind != "mtgjson":
            raise SystemExit(f"{path}: {kind.describe()} — this script reads MTGJSON files only")
        if kind.shape == "set":  # a few MB: read whole, so the set's release date is known
            document = json.loads(stream.read())
            meta, data = document.get("meta", {}), document["data"]
            _add_set(merger, data.get("releaseDate", ""), data.get("cards", []))
        elif kind.shape == "allprintings":
            meta = {}
            for _code, date, printings in mtgjson_sets.iter_all_printings_sets(stream):
                _add_set(merger, date, printings)
        else:
            meta = {}
            for name, faces in mtgjson.iter_atomic_cards(stream):
                fields = mtgjson.atomic_card_fields(name, faces)
                if fields is not None:
                    merger.add(fields, "")
    return {"file": path.name, "kind": kind.shape, **{k: str(v) for k, v in meta.items()}}


def _add_set(merger: mtgjson_sets.PrintingMerger, date: str, printings: list[Any]) -> None:
    for fields in mtgjson_sets.set_card_fields(printings):
        if fields is not None:
            merger.add(fields, date)


def valid_cards(merger: mtgjson_sets.PrintingMerger) -> tuple[list[Card], list[str]]:
    cards: list[Card] = []
    refused: list[str] = []
    for fields in merger.cards():
        try:
            cards.append(_CARD.validate_python(fields))
        except ValidationError as exc:
            refused.append(f"{fields.get('name')}: {exc.errors()[0]['msg']}")
    cards.sort(key=lambda card: (normalize_name(card.name), card.name))
    return cards, refused


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("inputs", nargs="+", type=Path)
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT)
    parser.add_argument("--source", default="MTGJSON 5.2 per-set files (AUTRE04216/jsonSets@ca38aa7)")
    parser.add_argument("--built", default="", help="a build date to record (default: none)")
    args = parser.parse_args(argv)
    merger = mtgjson_sets.PrintingMerger()
    found = read_inputs(args.inputs, merger)
    cards, refused = valid_cards(merger)
    dates = sorted({entry["date"] for entry in found if entry.get("date")})
    versions = sorted({entry["version"] for entry in found if entry.get("version")})
    meta = {
        "source": args.source,
        "source_date": dates[-1] if dates else "",
        "mtgjson_version": versions[-1] if versions else "",
        "licence": LICENCE,
        "files": len(found),
        "cards": len(cards),
        "cards_ja": sum(1 for card in cards if card.name_ja),
    }
    if args.built:
        meta["built"] = args.built
    document = {
        "format": FORMAT,
        "schema_version": SCHEMA_VERSION,
        "meta": meta,
        "fields": list(FIELDS),
        "cards": [card_row(card) for card in cards],
    }
    text = json.dumps(document, ensure_ascii=False, separators=(",", ":"))
    args.output.write_bytes(lzma.compress(text.encode("utf-8"), preset=9 | lzma.PRESET_EXTREME))
    size = args.output.stat().st_size
    print(
        f"{args.output}: {meta['cards']} cards, {meta['cards_ja']} with Japanese names, "
        f"{len(text.encode()):,} bytes of JSON, {size:,} bytes compressed ({size / 1e6:.2f} MB)"
    )
    for line in refused:
        print(f"  refused {line}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
