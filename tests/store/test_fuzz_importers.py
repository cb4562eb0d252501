"""Hostile input to every file gmtool reads: only the clean error, never a crash, never a write.

Character files and campaign files here; decklists and card files in test_fuzz_card_files.py;
session documents (battle, army, mass battle, AW/千幻抄/MTG state, catalogs, house rules) in
test_fuzz_session_documents.py.  The strategies below are shared by all three: random JSON,
structural mutations of a valid document, and byte-level mutations of a valid file.
"""

from __future__ import annotations

import copy
import functools
import json
import os
import sqlite3
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from gmtool.app.demo import create_demo_campaign
from gmtool.store.campaign import Campaign
from gmtool.store.errors import CampaignError, ExchangeError
from gmtool.store.exchange import export_character, import_character
from gmtool.store.validation import character_to_document
from tests.store.conftest import DATA_DIR, snapshot_dir

# Property-based fuzzing (hypothesis): seconds of runs; `make test` has it, not `make test-fast`.
pytestmark = pytest.mark.slow

FUZZ = settings(
    max_examples=100,
    deadline=None,
    # CI replays the same examples every run (a submission lands or not on its own merits); a
    # developer's run explores new ones.
    derandomize=bool(os.environ.get("CI")),
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
MAX_MESSAGE = 600  # a refusal is a sentence for a dialog, never a dump of the hostile input

# -- shared strategies ----------------------------------------------------------------------------

# Integers past 64 bits and floats at the edges: SQLite and pydantic both have limits there.
json_scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-(2**80), max_value=2**80)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=40)
    | st.sampled_from(["", "0", "1", "-1", "aw", "lotr", "mtg", "true", "null", "é\u0000", "\ud7ff"])
)
json_values = st.recursive(
    json_scalars,
    lambda children: (
        st.lists(children, max_size=6) | st.dictionaries(st.text(max_size=12), children, max_size=6)
    ),
    max_leaves=30,
)


def _keys_of(document: Any) -> list[str]:
    """Every key used anywhere in ``document``: mutations reuse them, so they reach deep fields."""
    found: list[str] = []
    if isinstance(document, dict):
        for key, value in document.items():
            found.append(key)
            found.extend(_keys_of(value))
    elif isinstance(document, list):
        for value in document:
            found.extend(_keys_of(value))
    return sorted(set(found))


def _confused(value: Any) -> list[Any]:
    """Near-miss values of the same field: wrong type, out of range, empty, huge."""
    near: list[Any] = [None, "", [], {}, True, 0, -1, 10**12, 2**63, -(2**63) - 1, 1.5, "x" * 3000]
    if isinstance(value, bool):
        near += [int(value), str(value).lower()]
    elif isinstance(value, int | float):
        near += [str(value), value + 1, -value, value * 1000, float(value)]
    elif isinstance(value, str):
        near += [value * 200, value.upper(), value + "\u0000", [value], 1]
    elif isinstance(value, list):
        near += [value * 50, value[:1], list(reversed(value)), {str(i): v for i, v in enumerate(value)}]
    elif isinstance(value, dict):
        near += [list(value.values()), {k: None for k in value}]
    return near


def _mutate_once(draw: Any, node: Any, keys: list[str]) -> Any:
    children = (
        list(node) if isinstance(node, dict) else list(range(len(node))) if isinstance(node, list) else []
    )
    if children and draw(st.integers(0, 9)) < 7:  # usually go deeper: the valid context around a fault
        child = draw(st.sampled_from(children))
        node[child] = _mutate_once(draw, node[child], keys)
        return node
    action = draw(st.integers(0, 4))
    if action == 0:
        return draw(json_values)
    if action == 1:
        return draw(st.sampled_from(_confused(node)))
    if isinstance(node, dict):
        if action == 2 and node:
            del node[draw(st.sampled_from(sorted(node)))]
        else:
            key = draw(st.sampled_from(keys) if keys and draw(st.booleans()) else st.text(max_size=12))
            node[key] = draw(json_values)
        return node
    if isinstance(node, list):
        if action == 2 and node:
            del node[draw(st.integers(0, len(node) - 1))]
        elif action == 3 and node:
            node.extend(copy.deepcopy(node) * draw(st.integers(1, 3)))  # duplicates: ids, names
        else:
            node.insert(draw(st.integers(0, len(node))), draw(json_values))
        return node
    return draw(st.sampled_from(_confused(node)))


@st.composite
def mutated(draw: Any, document: Any) -> Any:
    """``document`` with one to four faults placed anywhere in it."""
    result = copy.deepcopy(document)
    keys = _keys_of(document)
    for _ in range(draw(st.integers(1, 4))):
        result = _mutate_once(draw, result, keys)
    return result


@st.composite
def byte_mutated(draw: Any, raw: bytes) -> bytes:
    """``raw`` truncated, overwritten, with bytes inserted or removed (a few times)."""
    data = bytearray(raw)
    for _ in range(draw(st.integers(1, 4))):
        action = draw(st.integers(0, 3))
        at = draw(st.integers(0, len(data)))
        if action == 0:
            del data[at:]
        elif action == 1:
            patch = draw(st.binary(min_size=1, max_size=64))
            data[at : at + len(patch)] = patch
        elif action == 2:
            data[at:at] = draw(st.binary(min_size=1, max_size=64))
        else:
            del data[at : at + draw(st.integers(1, 256))]
    return bytes(data)


def check_message(error: Exception, name: str) -> None:
    message = str(error)
    assert name in message, message
    assert len(message) < MAX_MESSAGE, message


# -- character files ------------------------------------------------------------------------------

CHARACTER_FILES = sorted(DATA_DIR.glob("*_character_v1.gmchar.json"))
ENVELOPES = [json.loads(p.read_text(encoding="utf-8")) for p in CHARACTER_FILES]


def _import_or_refuse(folder: Path, content: bytes) -> None:
    path = folder / "fuzz.gmchar.json"
    path.write_bytes(content)
    before = snapshot_dir(folder)
    try:
        system_id, character = import_character(path)
    except ExchangeError as error:
        check_message(error, path.name)
    else:
        # Accepted: the campaign and an export must take it too (no file that imports but cannot be kept).
        character_to_document(system_id, character)
        export_character(folder / "again.gmchar.json", system_id, character)
        assert import_character(folder / "again.gmchar.json") == (system_id, character)
        (folder / "again.gmchar.json").unlink()
    assert snapshot_dir(folder) == before, "import must never write"


@FUZZ
@given(content=st.binary(max_size=2000))
def test_character_file_random_bytes(tmp_path, content):
    _import_or_refuse(tmp_path, content)


@FUZZ
@given(document=json_values)
def test_character_file_random_json(tmp_path, document):
    _import_or_refuse(tmp_path, json.dumps(document).encode())


@FUZZ
@given(data=st.data())
def test_character_file_mutated_envelope(tmp_path, data):
    envelope = data.draw(st.sampled_from(ENVELOPES))
    document = data.draw(mutated(envelope))
    _import_or_refuse(tmp_path, json.dumps(document, ensure_ascii=False).encode())


@FUZZ
@given(data=st.data())
def test_character_file_mutated_bytes(tmp_path, data):
    raw = data.draw(st.sampled_from(CHARACTER_FILES)).read_bytes()
    _import_or_refuse(tmp_path, data.draw(byte_mutated(raw)))


# -- campaign files -------------------------------------------------------------------------------


@functools.cache
def campaign_bytes() -> bytes:
    """A real, closed campaign: the demo characters, rolls and session state (built once; not a
    fixture, so hypothesis never prints its 200 kB in a report)."""
    with tempfile.TemporaryDirectory(prefix="gmtool-fuzz-") as folder:
        path = Path(folder) / "real.gmcampaign"
        with create_demo_campaign(path) as campaign:
            for i in range(10):
                campaign.append_log("check", {"total": i, "faces": [i, 6 - i % 6]})
            campaign.set_session("round", 3)
        return path.read_bytes()


@functools.cache
def campaign_with_wal() -> tuple[bytes, bytes]:
    """The real campaign plus a write-ahead log of edits not yet folded into it: what a killed
    gmtool leaves beside the file (no ``-shm``: the crash test's copy keeps it, this one does not)."""
    with tempfile.TemporaryDirectory(prefix="gmtool-fuzz-") as folder:
        path = Path(folder) / "real.gmcampaign"
        path.write_bytes(campaign_bytes())
        conn = sqlite3.connect(path, isolation_level=None)
        try:
            conn.execute("PRAGMA wal_autocheckpoint=0")
            rows = conn.execute("SELECT id, data FROM characters").fetchall()
            for i, (row_id, text) in enumerate(rows):
                document = json.loads(text)
                document["name"] = f"{document['name']}（{i}）"
                conn.execute("UPDATE characters SET data = ? WHERE id = ?", (json.dumps(document), row_id))
                conn.execute(
                    "INSERT INTO log(at, kind, payload) VALUES('2026-01-01T00:00:00Z', 'check', ?)",
                    (json.dumps({"n": i, "text": "記録" * 300}),),
                )
            return path.read_bytes(), (Path(folder) / "real.gmcampaign-wal").read_bytes()
        finally:
            conn.close()


def _open_or_refuse(folder: Path, content: bytes, wal: bytes | None = None) -> None:
    path = folder / "fuzz.gmcampaign"
    for stale in folder.iterdir():
        stale.unlink()
    path.write_bytes(content)
    if wal is not None:
        (folder / "fuzz.gmcampaign-wal").write_bytes(wal)
    before = snapshot_dir(folder)
    try:
        campaign = Campaign.open(path)
    except CampaignError as error:
        check_message(error, path.name)
        assert snapshot_dir(folder) == before, "a refused campaign must be left untouched"
        return
    # Opened: it passed every check, so reading everything must work (or refuse cleanly).
    with campaign:
        try:
            for stored in campaign.list_characters():
                character_to_document(stored.system, stored.character)
            campaign.log_entries()
            campaign.get_session("round")
        except CampaignError as error:
            check_message(error, path.name)


@FUZZ
@given(content=st.binary(max_size=4096) | st.binary(max_size=4096).map(lambda b: b"SQLite format 3\x00" + b))
def test_campaign_file_random_bytes(tmp_path, content):
    _open_or_refuse(tmp_path, content)


@settings(FUZZ, max_examples=150)
@given(data=st.data())
def test_campaign_file_corrupted_copy(tmp_path, data):
    _open_or_refuse(tmp_path, data.draw(byte_mutated(campaign_bytes())))


@FUZZ
@given(data=st.data())
def test_campaign_file_with_corrupted_wal(tmp_path, data):
    """The file and the WAL a crash left, either of them damaged: the edits in the WAL up to the
    damage, or a clean refusal that leaves both files as they were."""
    content, wal = campaign_with_wal()
    if data.draw(st.booleans()):
        wal = data.draw(byte_mutated(wal))
    else:
        content = data.draw(byte_mutated(content))
    _open_or_refuse(tmp_path, content, wal)


@FUZZ
@given(data=st.data())
def test_campaign_file_with_hostile_rows(tmp_path, data):
    """An intact SQLite file whose rows were hand-edited: a character document, a session value or
    a log payload replaced by random or mutated JSON (or not JSON at all)."""
    path = tmp_path / "rows.gmcampaign"
    for stale in tmp_path.iterdir():
        stale.unlink()
    path.write_bytes(campaign_bytes())
    conn = sqlite3.connect(path)
    try:
        rows = conn.execute("SELECT id, data FROM characters").fetchall()
        table = data.draw(st.sampled_from(["characters", "columns", "session", "log", "meta"]))
        if table == "columns":  # any column of a character row: SQLite stores any type anywhere
            row_id, _text = data.draw(st.sampled_from(rows))
            column = data.draw(st.sampled_from(["id", "system", "schema_version", "position", "data"]))
            value = data.draw(json_scalars.filter(lambda v: v is not None) | st.binary(max_size=20))
            if isinstance(value, int) and not -(2**63) <= value < 2**63:
                value = str(value)
            conn.execute(f"UPDATE characters SET {column} = ? WHERE id = ?", (value, row_id))
        elif table == "characters":
            row_id, text = data.draw(st.sampled_from(rows))
            value = data.draw(mutated(json.loads(text)) | json_values)
            conn.execute("UPDATE characters SET data = ? WHERE id = ?", (json.dumps(value), row_id))
        elif table == "session":
            value = data.draw(json_values)
            conn.execute("UPDATE session SET value = ? WHERE key = 'round'", (json.dumps(value),))
        elif table == "log":
            conn.execute("DROP TRIGGER log_no_update")
            # SQLite's integers are 64-bit: a bigger one cannot even be written into the file.
            value = data.draw(json_values | st.text(max_size=20) | st.integers(-(2**63), 2**63 - 1))
            storable = isinstance(value, str) or (isinstance(value, int) and -(2**63) <= value < 2**63)
            text = value if storable else json.dumps(value)  # text, a number, JSON
            conn.execute("UPDATE log SET payload = ? WHERE id = (SELECT MAX(id) FROM log)", (text,))
        else:
            key = data.draw(st.sampled_from(["format", "schema_version"]))
            conn.execute("UPDATE meta SET value = ? WHERE key = ?", (str(data.draw(json_scalars)), key))
        conn.commit()
    finally:
        conn.close()
    _open_or_refuse(tmp_path, path.read_bytes())


def test_a_campaign_whose_schema_text_is_not_utf8_is_refused_cleanly(tmp_path):
    """What the fuzzing found: a damaged page turned a byte of the schema's SQL into 0x80, and
    reading it raised UnicodeDecodeError instead of the clean refusal."""
    path = tmp_path / "damaged.gmcampaign"
    create_demo_campaign(path, session=False).close()
    raw = path.read_bytes()
    at = raw.index(b"CREATE TRIGGER")
    path.write_bytes(raw[: at + 2] + b"\x80" + raw[at + 3 :])
    before = path.read_bytes()
    try:
        Campaign.open(path).close()
    except CampaignError as error:
        check_message(error, path.name)
    assert path.read_bytes() == before
