"""A card file that cannot be imported — malformed, truncated, not card data, an impossible card —
is refused with a message naming the file and the place, and leaves the cache byte for byte."""

from __future__ import annotations

import gzip
import json
import re
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from gmtool.store.mtg.database import CardDatabase
from gmtool.store.mtg.importers import CardImportError, import_card_file
from tests.store.test_card_files import atomic_file, face, make_db, snapshot, write_file


@pytest.fixture
def db(tmp_path: Path) -> Iterator[CardDatabase]:
    with make_db(tmp_path) as database:
        yield database


MANY = {f"Test Many {i}": [face(f"Test Many {i}", types=["Creature"], text="x" * 300)] for i in range(5000)}

BAD_FILES = {
    # Thousands of cards already written inside the transaction when the trouble comes.
    "truncated after 5,000 cards": (
        atomic_file(MANY)[:-30],
        "バイト目付近で JSON が壊れています（途中で切れています）",
    ),
    "impossible card after 5,000": (
        atomic_file({**MANY, "Test Late": [face("Test Late", colors="G")]}),
        "カード「Test Late」: colors: 配列（[…]）でなければなりません",
    ),
    "truncated JSON": (atomic_file()[:400], "バイト目付近で JSON が壊れています（途中で切れています）"),
    "broken JSON": (atomic_file().replace(b'"types"', b"types", 1), "値として読めない文字列があります"),
    "impossible color": (
        atomic_file({"Test Ok": [face("Test Ok")], "Test Bad": [face("Test Bad", colors=["X"])]}),
        "カード「Test Bad」: colors[0]: 次のいずれかでなければなりません",
    ),
    "negative mana value": (
        atomic_file({"Test Neg": [face("Test Neg", manaValue=-1.0)]}),
        "カード「Test Neg」",
    ),
    "text mana value": (
        atomic_file({"Test Txt": [face("Test Txt", manaValue="3")]}),
        "manaValue: 数値でなければ",
    ),
    "AllPrintings": (
        json.dumps({"meta": {}, "data": {"TST": {"cards": []}}}).encode(),
        "MTGJSON AllPrintingsですが、カードが 1 枚も見つかりません",
    ),
    "no cards": (json.dumps({"meta": {}, "data": {}}).encode(), "カードが 1 枚も見つかりません"),
    "Scryfall rulings": (
        json.dumps([{"object": "ruling", "comment": "x"}]).encode(),
        "セットごとのファイル）でも Scryfall の一括データ",
    ),
    "character file": (
        json.dumps({"format": "gmtool/character", "data": []}).encode(),
        "Scryfall の一括データ",
    ),
    "empty": (b"  \n", "ファイルが空です"),
    "decklist text": (b"4 Test Bear\n20 Forest\n", "JSON のファイルではありません（先頭: 「4 Test Bear」）"),
    "UTF-16": ("[]".encode("utf-16"), "UTF-16"),
    "truncated gzip": (gzip.compress(atomic_file())[:300], "圧縮データが途中で切れています"),
    "Zstandard": (b"\x28\xb5\x2f\xfd" + b"\x00" * 20, "Zstandard（.zst）形式の圧縮は読めません"),
}


@pytest.mark.parametrize("case", BAD_FILES)
def test_a_bad_file_leaves_the_cache_byte_for_byte(db, tmp_path, case):
    import_card_file(db, write_file(tmp_path / "good.json", atomic_file(), "plain"))
    cache = db.path.parent
    db.close()
    before = snapshot(cache)
    data, message = BAD_FILES[case]
    bad = tmp_path / "AtomicCards.json"
    bad.write_bytes(data)
    with CardDatabase.open(db.path, sample_path=db.sample_path) as reopened:
        with pytest.raises(CardImportError) as caught:
            import_card_file(reopened, bad)
        assert reopened.find("Test Blaze // Test Frost") is not None
        assert len(reopened.imports()) == 1
    text = str(caught.value)
    assert text.startswith("「AtomicCards.json」: ") and message in text
    assert text.endswith("カードのキャッシュは変わっていません")
    assert snapshot(cache) == before


def test_zip_with_several_json_files_is_refused(db, tmp_path):
    path = tmp_path / "cards.zip"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("AtomicCards.json", atomic_file())
        archive.writestr("Other.json", b"[]")
    with pytest.raises(CardImportError, match="ZIP の中に JSON ファイルが複数あります"):
        import_card_file(db, path)
    assert db.find("Test Sample Bear") is not None


def test_a_missing_file_and_a_closed_database(db, tmp_path):
    with pytest.raises(CardImportError, match=re.escape("「nothing.json」: ファイルが見つかりません")):
        import_card_file(db, tmp_path / "nothing.json")
    path = write_file(tmp_path / "a.json", atomic_file(), "plain")
    db.close()
    with pytest.raises(CardImportError, match="閉じられています"):
        import_card_file(db, path)
