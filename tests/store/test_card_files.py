"""Card files as users hand them over: compression found by the first bytes, the shipped sample's
format.  Also the helpers the other card tests share (files of fictional "Test" cards)."""

from __future__ import annotations

import bz2
import gzip
import json
import lzma
import re
import zipfile
from pathlib import Path
from typing import Any

import pytest

from gmtool.store.errors import StoreError
from gmtool.store.mtg.compressed import open_card_file
from gmtool.store.mtg.database import CardDatabase
from gmtool.store.mtg.sample import CardSampleError, sample_cards

COMPRESSIONS = ["plain", "gz", "bz2", "xz", "zip"]


def write_file(path: Path, data: bytes, compression: str, member: str = "cards.json") -> Path:
    """``data`` written at ``path`` compressed as asked (the name never says how: magic bytes do)."""
    if compression == "zip":
        with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
            archive.writestr(member, data)
        return path
    packers = {"plain": bytes, "gz": gzip.compress, "bz2": bz2.compress, "xz": lzma.compress}
    path.write_bytes(packers[compression](data))
    return path


def face(name: str, **fields: Any) -> dict[str, Any]:
    return {"name": name, "layout": "normal", "manaValue": 0.0, "colors": [], "types": [], **fields}


def japanese(name: str, face_name: str | None = None) -> list[dict[str, Any]]:
    entry = {"language": "Japanese", "name": name}
    if face_name is not None:
        entry["faceName"] = face_name
    return [{"language": "German", "name": "Test Deutsch"}, entry]


ATOMIC = {
    "Test Blaze // Test Frost": [
        face(
            "Test Blaze // Test Frost",
            faceName="Test Blaze",
            side="a",
            layout="split",
            manaValue=5.0,
            colors=["R"],
            types=["Instant"],
            foreignData=japanese("テスト炎 // テスト霜", "テスト炎"),
        ),
        face(
            "Test Blaze // Test Frost",
            faceName="Test Frost",
            side="b",
            layout="split",
            manaValue=5.0,
            colors=["U"],
            types=["Sorcery"],
            foreignData=japanese("テスト炎 // テスト霜", "テスト霜"),
        ),
    ],
    "Test Stalker // Test Lair": [  # back face listed first: side "a" still decides
        face(
            "Test Stalker // Test Lair",
            faceName="Test Lair",
            side="b",
            layout="modal_dfc",
            types=["Land"],
            subtypes=["Forest"],
            foreignData=japanese("テスト巣窟", "テスト巣窟"),
        ),
        face(
            "Test Stalker // Test Lair",
            faceName="Test Stalker",
            side="a",
            layout="modal_dfc",
            manaValue=3.0,
            colors=["B"],
            supertypes=["Legendary"],
            types=["Creature"],
            subtypes=["Elf", "Rogue"],
            keywords=["Deathtouch"],
            foreignData=japanese("テスト追跡者", "テスト追跡者"),
        ),
    ],
    "Test Void Drone": [
        face(
            "Test Void Drone", manaValue=4.0, colors=["U"], types=["Creature"], keywords=["Devoid", "Ingest"]
        )
    ],
    "Test Twin Grove": [face("Test Twin Grove", types=["Land"], subtypes=["Forest", "Plains"])],
    "Test Snow Forest": [
        face("Test Snow Forest", supertypes=["Basic", "Snow"], types=["Land"], subtypes=["Forest"])
    ],
    "Test Half Kid": [face("Test Half Kid", manaValue=0.5, colors=["W"], types=["Creature"])],
    "Test Old Giant": [
        {"name": "Test Old Giant", "convertedManaCost": 7.0, "colors": ["G"], "types": ["Creature"]}
    ],
    "Test Spirit Token": [face("Test Spirit Token", layout="token", types=["Creature"])],
}


def atomic_file(cards: dict[str, Any] | None = None) -> bytes:
    document = {
        "meta": {"date": "2026-01-01", "version": "5.2.2"},
        "data": ATOMIC if cards is None else cards,
    }
    return json.dumps(document, ensure_ascii=False).encode("utf-8")


def make_db(tmp_path: Path) -> CardDatabase:
    """A cache in tmp_path/cache made from a one-card sample ("Test Sample Bear")."""
    entry = {
        "card": {"name": "Test Sample Bear", "mana_value": 2, "colors": ["G"]},
        "why": "t",
        "source": "t",
    }
    sample = tmp_path / "sample.json"
    sample.write_text(
        json.dumps({"format": "gmtool/cards", "schema_version": 1, "cards": [entry]}), encoding="utf-8"
    )
    (tmp_path / "cache").mkdir(exist_ok=True)
    return CardDatabase.open(tmp_path / "cache" / "cards.sqlite", sample_path=sample)


def snapshot(directory: Path) -> dict[str, bytes]:
    """Every file in ``directory`` by name: equal snapshots mean nothing changed on disk."""
    return {p.name: p.read_bytes() for p in sorted(directory.iterdir())}


@pytest.mark.parametrize("compression", COMPRESSIONS)
def test_compression_is_read_from_the_first_bytes_not_the_name(tmp_path, compression):
    data = b'{"data": {}}' + b" " * 300_000
    with open_card_file(write_file(tmp_path / "cards.json", data, compression)) as stream:
        assert stream.compression == {"plain": "none", "gz": "gzip", "bz2": "bzip2"}.get(
            compression, compression
        )
        assert stream.peek(8) == b'{"data":'  # peeking consumes nothing
        read = b""
        while chunk := stream.read(65536):
            read += chunk
        assert read == data and stream.bytes_out == len(data)
        assert stream.bytes_read == stream.total_bytes == (tmp_path / "cards.json").stat().st_size


def test_zip_members(tmp_path):
    single = tmp_path / "one.zip"
    with zipfile.ZipFile(single, "w") as archive:
        archive.writestr("readme.txt", b"x")
        archive.writestr("data/AtomicCards.json", b"{}")
    with open_card_file(single) as stream:
        assert stream.member == "data/AtomicCards.json" and stream.read() == b"{}"
    none = tmp_path / "none.zip"
    with zipfile.ZipFile(none, "w") as archive:
        archive.writestr("a.txt", b"x")
        archive.writestr("b.txt", b"y")
    with pytest.raises(
        StoreError, match=re.escape("ZIP の中に JSON ファイルがありません（中身: a.txt、b.txt）")
    ):
        open_card_file(none)


def test_corrupt_compressed_data_is_reported_where_it_is(tmp_path):
    data = bytearray(gzip.compress(b"[" + b"1," * 200_000 + b"1]"))
    data[len(data) // 2] ^= 0xFF
    (tmp_path / "bad.gz").write_bytes(bytes(data))
    with (
        open_card_file(tmp_path / "bad.gz") as stream,
        pytest.raises(StoreError, match="圧縮データが壊れています"),
    ):
        while stream.read(4096):
            pass


def sample_file(tmp_path: Path, document: Any) -> Path:
    path = tmp_path / "sample.json"
    path.write_text(
        document if isinstance(document, str) else json.dumps(document, ensure_ascii=False), "utf-8"
    )
    return path


GOOD_ENTRY = {"card": {"name": "Test Good", "mana_value": 1}, "why": "テスト", "source": "invented"}
BAD_SAMPLES = {
    "not JSON": ('{"format": ', "JSON として読めません"),
    "foreign": (
        {"format": "gmtool/character", "schema_version": 1, "cards": []},
        "カードデータではありません",
    ),
    "newer": (
        {"format": "gmtool/cards", "schema_version": 2, "cards": []},
        "スキーマ v2、このバージョンは v1 まで",
    ),
    "no cards": ({"format": "gmtool/cards", "schema_version": 1}, "cards: 必須項目がありません"),
    "bad color": (
        [GOOD_ENTRY, {**GOOD_ENTRY, "card": {"name": "Test Purple", "colors": ["P"]}}],
        "カード「Test Purple」: cards[1].card.colors[0]: 次のいずれかでなければなりません",
    ),
    "no source": (
        [{"card": {"name": "Test Unsourced"}, "why": "x"}],
        "cards[0].source: 必須項目がありません",
    ),
    "unknown field": ([{**GOOD_ENTRY, "rating": 5}], "cards[0].rating: 未知の項目です"),
    "twice": (
        [GOOD_ENTRY, {**GOOD_ENTRY, "card": {"name": "TEST GOOD"}}],
        "カード名「test good」が 2 回あります",
    ),
}


@pytest.mark.parametrize("case", BAD_SAMPLES)
def test_a_wrong_sample_says_what_and_where(tmp_path, case):
    document, message = BAD_SAMPLES[case]
    if isinstance(document, list):
        document = {"format": "gmtool/cards", "schema_version": 1, "cards": document}
    with pytest.raises(CardSampleError, match=re.escape(message)) as caught:
        sample_cards(sample_file(tmp_path, document))
    assert str(caught.value).startswith("「sample.json」: ")


def test_a_good_sample_keeps_its_order_and_allows_a_note(tmp_path):
    second = {**GOOD_ENTRY, "card": {"name": "Test Second", "name_ja": "テスト二番", "colors": ["G", "W"]}}
    document = {"format": "gmtool/cards", "schema_version": 1, "note": "x", "cards": [GOOD_ENTRY, second]}
    cards = sample_cards(sample_file(tmp_path, document))
    assert [c.name for c in cards] == ["Test Good", "Test Second"] and cards[1].card_colors == ("W", "G")
