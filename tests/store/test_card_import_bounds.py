"""The card importer does bounded work on any file (issue 21): a value larger than
MAX_VALUE_BYTES is refused, naming its field, after reading about that much (not after parsing it in
quadratic time, or for hours from a small .gz); キャンセル is seen within 0.1 s even inside one huge
card; the cache is unchanged whatever happens."""

from __future__ import annotations

import gzip
import json
import time
from pathlib import Path

import pytest

from gmtool.store.mtg.compressed import MAX_CARD_BYTES, MAX_VALUE_BYTES
from gmtool.store.mtg.database import CardDatabase
from gmtool.store.mtg.importers import CardImportError, ImportCancelled, import_card_file
from tests.store.test_card_files import atomic_file, face, make_db, snapshot, write_file

MB = 1 << 20


def _atomic(text_field: str, value: str) -> bytes:
    big = face("Test Big", type="Creature", types=["Creature"], **{text_field: value})
    document = {"meta": {"version": "5"}, "data": {"Test Big": [big], "Test Small": [face("Test Small")]}}
    return json.dumps(document).encode()


def _gz_with_string(path: Path, field: str, size: int) -> Path:
    """A small .gz that holds a card with a `size`-byte string, written without holding it whole."""
    with gzip.open(path, "wb", compresslevel=1) as out:
        out.write(b'{"meta": {}, "data": {"Test Big": [{"name": "Test Big", "' + field.encode() + b'": "')
        block = b"x" * MB
        for _ in range(size // MB):
            out.write(block)
        out.write(b'"}]}}')
    return path


@pytest.mark.parametrize("size", [2 * MB, 16 * MB])
def test_a_huge_string_is_refused_naming_its_field(tmp_path, size):
    """Before: a 16 MB string imported in 1.7 s (quadratic); now it is refused after about 1 MB."""
    db = make_db(tmp_path)
    import_card_file(db, write_file(tmp_path / "good.json", atomic_file(), "plain"))
    db.close()
    before = snapshot(tmp_path / "cache")
    path = tmp_path / "AtomicCards.json"
    path.write_bytes(_atomic("text", "x" * size))
    with CardDatabase.open(db.path, sample_path=db.sample_path) as reopened:
        start = time.perf_counter()
        with pytest.raises(CardImportError) as refused:
            import_card_file(reopened, path)
        assert time.perf_counter() - start < 1.0
    message = str(refused.value)
    assert message.startswith("「AtomicCards.json」: ") and "「text」" in message and "1 MB" in message
    assert message.endswith("カードのキャッシュは変わっていません")
    assert snapshot(tmp_path / "cache") == before


def test_a_small_gz_holding_a_256_mb_string_is_refused_at_once(tmp_path):
    """Before: quadratic in the string, about 4 minutes here (3 GiB: hours)."""
    db = make_db(tmp_path)
    path = _gz_with_string(tmp_path / "cards.json.gz", "originalText", 256 * MB)
    assert path.stat().st_size < 2 * MB
    start = time.perf_counter()
    with pytest.raises(CardImportError, match="「originalText」"):
        import_card_file(db, path)
    assert time.perf_counter() - start < 2.0


def test_a_long_name_key_and_a_long_number_are_refused_too(tmp_path):
    db = make_db(tmp_path)
    card = b'{"meta": {}, "data": {"Test A": [{"name": "Test A", '
    for name, document in (
        ("key", b'{"meta": {}, "data": {"' + b"k" * (2 * MB) + b'": []}}'),
        ("number", card + b'"manaValue": ' + b"9" * (2 * MB) + b"}]}}"),
        ("escaped", card + b'"text": "' + b'\\"' * MB + b'"}]}}'),
    ):
        path = tmp_path / f"{name}.json"
        path.write_bytes(document)
        start = time.perf_counter()
        with pytest.raises(CardImportError, match="1 MB"):
            import_card_file(db, path)
        assert time.perf_counter() - start < 1.0, name


def test_a_value_under_the_limit_still_imports(tmp_path):
    db = make_db(tmp_path)
    path = tmp_path / "AtomicCards.json"
    path.write_bytes(_atomic("text", "x" * (MAX_VALUE_BYTES - 1000)))
    assert import_card_file(db, path).cards == 2


def test_one_card_larger_than_the_card_limit_is_refused(tmp_path):
    """Small values, but a card whose JSON text passes MAX_CARD_BYTES (it would be built in memory)."""
    db = make_db(tmp_path)
    rulings = [{"date": "2020-01-01", "text": "r" * 1000}] * (MAX_CARD_BYTES // 1000 + 10)
    path = tmp_path / "AtomicCards.json"
    path.write_bytes(_atomic("rulings", rulings))  # type: ignore[arg-type]
    with pytest.raises(CardImportError, match="16 MB"):
        import_card_file(db, path)


def test_cancel_is_seen_within_a_tenth_of_a_second_inside_one_big_card(tmp_path):
    """A card of 8 MB of rulings (allowed): parsing it alone takes longer than 0.1 s, so キャンセル
    must be polled while the file is read, not only between cards."""
    db = make_db(tmp_path)
    rulings = [{"date": "2020-01-01", "text": "r" * 100}] * (8 * MB // 130)
    path = tmp_path / "AtomicCards.json"
    path.write_bytes(_atomic("rulings", rulings))  # type: ignore[arg-type]
    polls: list[float] = []
    asked: list[float] = []

    def cancelled() -> bool:
        polls.append(time.monotonic())
        if len(polls) == 2:
            asked.append(time.monotonic())
            return True
        return False

    with pytest.raises(ImportCancelled):
        import_card_file(db, path, cancelled=cancelled)
    assert asked and time.monotonic() - asked[0] < 0.5  # rolled back and out at once
    assert polls[1] - polls[0] <= 0.15  # the second poll came about 0.1 s after the first
