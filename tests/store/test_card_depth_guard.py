"""A card file nesting too deep is refused before the parser spends memory on it (issue 39, case 10):
a 100 KB file of nested arrays used to take gigabytes; now it is refused after reading it no further
than the limit, within a second, with the reason.  The guard follows strings and escapes across any
split of the input, so real card files are never refused."""

from __future__ import annotations

import json
import random
import time
import tracemalloc
from pathlib import Path

import pytest

from gmtool.store.errors import StoreError
from gmtool.store.mtg.depth_guard import MAX_DEPTH, DepthGuard
from gmtool.store.mtg.formats import PEEK_BYTES
from gmtool.store.mtg.importers import CardImportError, import_card_file
from tests.store.test_card_files import atomic_file, face, make_db, snapshot


def depth_of(value: object) -> int:
    if isinstance(value, dict):
        return 1 + max((depth_of(v) for v in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((depth_of(v) for v in value), default=0)
    return 0


def fed_in_pieces(data: bytes, rng: random.Random) -> DepthGuard:
    guard, at = DepthGuard(), 0
    while at < len(data):
        size = rng.randint(1, 7)
        guard.feed(data[at : at + size], at)
        at += size
    return guard


TRICKY = [
    {"text": 'brackets "[[[[" in a string, an escaped quote \\" and a backslash \\\\', "n": [1, [2, [3]]]},
    ["]]]]", "{{{{", "\\", '"', '\\\\\\"['],
    {'k\\"[': {"a": [[[[{"b": "}"}]]]]}},
]


@pytest.mark.parametrize("value", TRICKY)
def test_the_depth_is_followed_through_strings_and_escapes_split_anywhere(value):
    data = json.dumps(value).encode("utf-8")
    rng = random.Random(7)
    for _ in range(50):
        guard = fed_in_pieces(data, rng)
        assert guard.depth == 0  # every bracket outside strings closed, none inside counted


def test_the_deepest_level_is_what_is_refused():
    allowed = ("[" * MAX_DEPTH + "]" * MAX_DEPTH).encode()
    DepthGuard().feed(allowed, 0)
    with pytest.raises(StoreError, match="入れ子が深すぎます"):
        DepthGuard().feed(("[" * (MAX_DEPTH + 1)).encode(), 0)
    assert depth_of(json.loads(atomic_file())) < MAX_DEPTH // 4  # a real file is far from it


MANY = {f"Test Many {i}": [face(f"Test Many {i}", types=["Creature"], text="x" * 300)] for i in range(4000)}


@pytest.mark.parametrize("where", ["first card", "after 4000 cards"])
def test_a_deeply_nested_card_file_is_refused_at_once_and_the_cache_kept(tmp_path: Path, where: str):
    hostile = tmp_path / "AtomicCards.json"
    nested = b'"Test Deep": ' + b"[" * 100_000 + b"]" * 100_000
    if where == "first card":
        hostile.write_bytes(b'{"meta": {}, "data": {' + nested + b"}}")
    else:  # past the first MB the format is told from: the stream's guard finds it
        start = atomic_file(MANY)[:-2]
        assert len(start) > PEEK_BYTES
        hostile.write_bytes(start + b", " + nested + b"}}")
    with make_db(tmp_path) as db:
        before = snapshot(tmp_path / "cache")
        tracemalloc.start()
        started = time.perf_counter()
        with pytest.raises(CardImportError, match="入れ子が深すぎます") as refused:
            import_card_file(db, hostile)
        seconds = time.perf_counter() - started
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        after = snapshot(tmp_path / "cache")
    assert "カードのキャッシュは変わっていません" in str(refused.value)
    assert seconds < 20 and peak < 64 << 20, (seconds, peak)  # was gigabytes and minutes
    assert after == before
