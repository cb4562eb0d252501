"""Hostile decklists and card files: only DecklistError / CardImportError, and the card cache unchanged.

Decklists are read without writing anything; a card file import writes the cache in one transaction,
so a refused file must leave every row of the cache as it was (compared row by row through a
separate read-only connection, before and after).
"""

from __future__ import annotations

import bz2
import contextlib
import functools
import gzip
import json
import shutil
import sqlite3
import tempfile
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, strategies as st

from gmtool.store.mtg.database import CardDatabase, CardDatabaseError
from gmtool.store.mtg.decklists import DeckList, DecklistError, parse_decklist_text, read_decklist_file
from gmtool.store.mtg.importers import CardImportError, ImportSummary, import_card_file
from gmtool.store.mtg.xml_decklists import parse_xml_decklist
from tests.store.conftest import snapshot_dir
from tests.store.test_card_files import ATOMIC, make_db
from tests.store.test_card_scryfall import SCRYFALL
from tests.store.test_decklist_xml import COD, DEK
from tests.store.test_fuzz_importers import FUZZ, byte_mutated, check_message, json_values, mutated

# Property-based fuzzing (hypothesis): seconds of runs; `make test` has it, not `make test-fast`.
pytestmark = pytest.mark.slow

# -- decklists ------------------------------------------------------------------------------------

LINE_PIECES = [
    "4 Llanowar Elves (DOM) 168",
    "4x Forest",
    "Forest x4",
    "森x4",
    "エルフの神秘家 4枚",
    "エルフの神秘家\u30004",
    "《エルフの神秘家》",
    "「森」",
    "SB: 2 Test Answer",
    "Deck",
    "Sideboard",
    "サイドボード",
    "Commander",
    "Companion",
    "Maybeboard",
    "About",
    "Name テスト",
    "// comment",
    "# comment",
    "",
    "0 Forest",
    "999 Forest",
    "4",
    "x4",
    "4 ",
    "SB:",
    "《》",
]
decklist_lines = st.sampled_from(LINE_PIECES) | st.text(max_size=60)
decklist_texts = st.lists(decklist_lines, max_size=40).flatmap(
    lambda lines: st.sampled_from(["\n", "\r\n", "\r"]).map(lambda sep: sep.join(lines))
)


def _valid_or_refused(parse: Any, *args: Any) -> None:
    try:
        decklist = parse(*args)
    except DecklistError as error:
        assert len(str(error)) < 600, str(error)
    else:
        assert isinstance(decklist, DeckList) and decklist.count("main") + decklist.count("sideboard") >= 0


@FUZZ
@given(text=decklist_texts | st.text(max_size=500))
def test_decklist_text(text):
    _valid_or_refused(parse_decklist_text, text, "fuzz.txt")


@FUZZ
@given(data=st.data())
def test_decklist_xml(data):
    raw = data.draw(st.sampled_from([DEK, COD])).encode("utf-8")
    content = data.draw(byte_mutated(raw) | st.binary(max_size=500) | st.just(b"<?xml version='1.0'?>"))
    _valid_or_refused(parse_xml_decklist, content, "fuzz.dek")


@FUZZ
@given(data=st.data())
def test_decklist_file_any_bytes(tmp_path, data):
    encoding = data.draw(st.sampled_from(["utf-8", "utf-8-sig", "utf-16", "cp932"]))
    text = data.draw(decklist_texts)
    try:
        raw = text.encode(encoding)
    except UnicodeEncodeError:
        raw = text.encode("utf-8")
    samples = [DEK.encode(), COD.encode(), raw]
    content = data.draw(
        st.sampled_from(samples).flatmap(byte_mutated) | st.just(raw) | st.binary(max_size=800)
    )
    path = tmp_path / "fuzz.txt"
    path.write_bytes(content)
    before = snapshot_dir(tmp_path)
    try:
        read_decklist_file(path)
    except DecklistError as error:
        check_message(error, path.name)
    assert snapshot_dir(tmp_path) == before


# -- card files (MTGJSON AtomicCards, Scryfall bulk arrays and JSON Lines) -------------------------

ATOMIC_DOCUMENT = {"meta": {"date": "2026-01-01", "version": "5.2.2"}, "data": ATOMIC}


@pytest.fixture
def db(tmp_path: Path) -> Iterator[CardDatabase]:
    with make_db(tmp_path) as database:
        yield database


def _cache_rows(path: Path) -> list[str]:
    """Every row of the cache, through a separate read-only connection."""
    with closing(sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)) as conn:
        return list(conn.iterdump())


def _import_or_refuse(db: CardDatabase, folder: Path, content: bytes) -> None:
    path = folder / "fuzz-cards.json"
    path.write_bytes(content)
    before = _cache_rows(db.path)
    try:
        summary = import_card_file(db, path)
    except CardImportError as error:
        check_message(error, path.name)
        assert error.problem.endswith("カードのキャッシュは変わっていません"), str(error)
        assert _cache_rows(db.path) == before, "a refused card file must leave the cache as it was"
    else:
        assert isinstance(summary, ImportSummary) and summary.cards > 0


def _compressed(content: bytes, how: str) -> bytes:
    return {"plain": bytes, "gz": gzip.compress, "bz2": bz2.compress}[how](content)


def _scryfall_lines(objects: Any) -> bytes:
    items = objects if isinstance(objects, list) else [objects]
    return "\n".join(json.dumps(o, ensure_ascii=False) for o in items).encode()


card_compression = st.sampled_from(["plain", "plain", "gz", "bz2"])


@FUZZ
@given(data=st.data())
def test_card_file_mutated_mtgjson(db, tmp_path, data):
    document = data.draw(mutated(ATOMIC_DOCUMENT))
    content = json.dumps(document, ensure_ascii=False).encode()
    _import_or_refuse(db, tmp_path, _compressed(content, data.draw(card_compression)))


@FUZZ
@given(data=st.data())
def test_card_file_mutated_scryfall(db, tmp_path, data):
    objects = data.draw(mutated(SCRYFALL))
    lines = data.draw(st.booleans())
    content = _scryfall_lines(objects) if lines else json.dumps(objects, ensure_ascii=False).encode()
    _import_or_refuse(db, tmp_path, _compressed(content, data.draw(card_compression)))


@FUZZ
@given(data=st.data())
def test_card_file_bytes(db, tmp_path, data):
    valid = [
        json.dumps(ATOMIC_DOCUMENT, ensure_ascii=False).encode(),
        json.dumps(SCRYFALL, ensure_ascii=False).encode(),
        _scryfall_lines(SCRYFALL),
    ]
    source = data.draw(st.sampled_from(valid))
    how = data.draw(card_compression)
    # Broken before compression (bad JSON in a good archive) or after (a broken archive).
    content = data.draw(
        byte_mutated(source).map(lambda b: _compressed(b, how))
        | byte_mutated(_compressed(source, how))
        | st.binary(max_size=600)
    )
    _import_or_refuse(db, tmp_path, content)


@FUZZ
@given(document=json_values)
def test_card_file_random_json(db, tmp_path, document):
    _import_or_refuse(db, tmp_path, json.dumps(document).encode())


# -- the card cache itself (an SQLite file of gmtool's in the user data folder) ---------------------


@functools.cache
def cache_files() -> tuple[bytes, bytes]:
    """A closed cache holding the sample and an imported file, and the sample it was made from."""
    with tempfile.TemporaryDirectory(prefix="gmtool-fuzz-") as folder:
        with make_db(Path(folder)) as database:
            source = Path(folder) / "atomic.json"
            source.write_bytes(json.dumps(ATOMIC_DOCUMENT, ensure_ascii=False).encode())
            import_card_file(database, source)
            path = database.path
        return path.read_bytes(), (Path(folder) / "sample.json").read_bytes()


def _open_cache_or_refuse(folder: Path, content: bytes) -> None:
    cache, sample_bytes = folder / "cache", folder / "sample.json"
    shutil.rmtree(cache, ignore_errors=True)
    cache.mkdir()
    sample_bytes.write_bytes(cache_files()[1])
    path = cache / "cards.sqlite"
    path.write_bytes(content)
    before = snapshot_dir(cache)
    try:
        database = CardDatabase.open(path, sample_path=sample_bytes)
    except CardDatabaseError as error:
        check_message(error, path.name)
        assert snapshot_dir(cache) == before, "a refused cache must be left untouched"
        return
    with database:
        try:
            database.find("Test Blaze // Test Frost")
            database.search("test")
            database.count()
            database.imports()
        except CardDatabaseError as error:
            check_message(error, path.name)


@FUZZ
@given(data=st.data())
def test_card_cache_corrupted(tmp_path, data):
    _open_cache_or_refuse(tmp_path, data.draw(byte_mutated(cache_files()[0])))


@FUZZ
@given(data=st.data())
def test_card_cache_with_hostile_rows(tmp_path, data):
    path = tmp_path / "rows.sqlite"
    path.write_bytes(cache_files()[0])
    with closing(sqlite3.connect(path)) as conn:
        ids = [row[0] for row in conn.execute("SELECT id FROM cards")]
        card_id = data.draw(st.sampled_from(ids))
        column = data.draw(st.sampled_from(["data", "origin", "id"]))
        value = data.draw(
            json_values.map(json.dumps) | st.integers(-(2**63), 2**63 - 1) | st.binary(max_size=20)
        )
        with contextlib.suppress(sqlite3.IntegrityError):  # a duplicate id or a NULL: SQLite says no
            conn.execute(f"UPDATE cards SET {column} = ? WHERE id = ?", (value, card_id))
        conn.commit()
    _open_cache_or_refuse(tmp_path, path.read_bytes())
