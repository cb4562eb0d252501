"""Every bad file is refused with a message naming the file and the problem, and nothing changes.

Each test snapshots every file in the directory (names and bytes) before and after: a
refused import or open must not write, create or delete anything.
"""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from gmtool.store.campaign import Campaign
from gmtool.store.errors import CampaignError, ExchangeError
from gmtool.store.exchange import MAX_CHARACTER_FILE_BYTES, export_character, import_character

PNG_HEADER = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(64)


def _refused(error_type, action, path: Path, snapshot, *expected: str) -> str:
    before = snapshot(path.parent)
    with pytest.raises(error_type) as info:
        action(path)
    message = str(info.value)
    assert path.name in message, message
    for part in expected:
        assert part in message, message
    assert len(message) < 400, "the message must stay readable (no huge inputs)"
    assert snapshot(path.parent) == before, "a refused file must leave the disk untouched"
    return message


# -- character files ------------------------------------------------------------------------------


@pytest.fixture
def valid_envelope(v1_file) -> dict:
    return json.loads(v1_file.read_text(encoding="utf-8"))


def _write_envelope(tmp_path: Path, envelope: dict, name: str = "bad.gmchar.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(envelope, ensure_ascii=False, indent=2), encoding="utf-8")
    return path


def _refuse_import(path, snapshot, *expected):
    return _refused(ExchangeError, import_character, path, snapshot, *expected)


def test_import_missing_file(tmp_path, snapshot):
    _refuse_import(tmp_path / "none.gmchar.json", snapshot, "見つかりません")


def test_import_truncated_file(tmp_path, v1_file, snapshot):
    raw = v1_file.read_bytes()
    path = tmp_path / "half.gmchar.json"
    path.write_bytes(raw[: len(raw) // 2])
    _refuse_import(path, snapshot, "JSON として読めません", "行", "列", "途中で切れて")


def test_import_png(tmp_path, snapshot):
    path = tmp_path / "picture.gmchar.json"
    path.write_bytes(PNG_HEADER)
    _refuse_import(path, snapshot, "UTF-8 のテキストではありません")


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (
            {"format": "ccfolia/character"},
            'gmtool のキャラクターファイルではありません（format: "ccfolia/character"）',
        ),
        ({"format": None}, "gmtool のキャラクターファイルではありません"),
        (
            {"schema_version": 3},
            "より新しい gmtool で作られたファイルです（スキーマ v3、このバージョンは v1 まで）",
        ),
        ({"schema_version": "1"}, "schema_version が整数ではありません"),
        ({"schema_version": 0}, "schema_version"),
        ({"system": "dx3"}, "未対応のシステムです"),
        ({"system": ["aw"]}, "未対応のシステムです（system: […]（1 個）"),
        ({"system": None}, "未対応のシステムです（system: なし"),
        ({"data": []}, "data: オブジェクト"),
    ],
)
def test_import_wrong_envelope(tmp_path, valid_envelope, snapshot, change, expected):
    envelope = {**valid_envelope, **change}
    envelope = {k: v for k, v in envelope.items() if v is not None}
    _refuse_import(_write_envelope(tmp_path, envelope), snapshot, expected)


def test_import_not_an_object_and_not_json(tmp_path, snapshot):
    path = tmp_path / "list.gmchar.json"
    path.write_text("[1, 2, 3]", encoding="utf-8")
    _refuse_import(path, snapshot, "最上位がオブジェクトではありません")
    path = tmp_path / "nan.gmchar.json"
    path.write_text('{"format": "gmtool/character", "x": NaN}', encoding="utf-8")
    _refuse_import(path, snapshot, "NaN")


@pytest.mark.parametrize(
    ("field", "value", "expected"),
    [
        ("hp", "12", 'data.hp: 整数でなければなりません（入力: "12"）'),
        ("notes", "あ" * 100_001, "data.notes: 文字列が長すぎます（最大 100000 文字"),
        ("zzz", 1, "data.zzz: 未知の項目です"),
        ("feats", [{"name": "特技A", "cost": 3}], "data.feats[0].cost: 文字列でなければなりません"),
    ],
)
def test_import_invalid_data(tmp_path, valid_envelope, snapshot, field, value, expected):
    valid_envelope["data"][field] = value
    _refuse_import(_write_envelope(tmp_path, valid_envelope), snapshot, expected)


def test_import_50_mb_file_is_refused_by_size(tmp_path, valid_envelope, snapshot):
    valid_envelope["data"]["notes"] = "x" * (50 * 1024 * 1024)
    path = _write_envelope(tmp_path, valid_envelope, "huge.gmchar.json")
    assert path.stat().st_size > MAX_CHARACTER_FILE_BYTES
    _refuse_import(path, snapshot, "大きすぎます", "50.0 MB", "上限 5 MB")


def test_failed_import_leaves_the_open_campaign_byte_identical(tmp_path, make_character, snapshot):
    campaign_path = tmp_path / "campaign" / "卓.gmcampaign"
    campaign_path.parent.mkdir()
    bad = tmp_path / "bad.gmchar.json"
    bad.write_text(
        '{"format": "gmtool/character", "schema_version": 1, "system": "aw", "data": {"hp": "12"}}'
    )
    with Campaign.create(campaign_path) as campaign:
        campaign.put_character("a", "aw", make_character("霧島"))
        before = snapshot(campaign_path.parent)
        with pytest.raises(ExchangeError, match=r"data\.hp"):
            campaign.put_character("b", *import_character(bad))
        assert snapshot(campaign_path.parent) == before
    with Campaign.open(campaign_path) as campaign:
        assert [s.id for s in campaign.list_characters()] == ["a"]


# -- campaign files -------------------------------------------------------------------------------


def _refuse_open(path, snapshot, *expected):
    return _refused(CampaignError, Campaign.open, path, snapshot, *expected)


@pytest.fixture
def campaign_file(tmp_path, make_character) -> Path:
    """A valid, closed campaign with enough content to span many pages."""
    path = tmp_path / "卓.gmcampaign"
    with Campaign.create(path) as campaign:
        for i in range(30):
            campaign.put_character(f"c{i}", "aw", make_character(f"キャラ{i}", notes="メモ" * 500))
        campaign.append_log("roll", {"total": 12})
    return path


_NO_UPDATE = "BEFORE UPDATE ON log BEGIN SELECT RAISE(ABORT, 'log is append-only'); END"


def _edit(path: Path, sql: str, params: tuple = ()) -> None:
    with closing(sqlite3.connect(path)) as conn, conn:
        conn.execute(sql, params)


def test_open_missing_and_directory(tmp_path, snapshot):
    _refuse_open(tmp_path / "none.gmcampaign", snapshot, "見つかりません")
    folder = tmp_path / "folder.gmcampaign"
    folder.mkdir()
    _refuse_open(folder, snapshot, "通常のファイルではありません")


def test_open_truncated_campaign(campaign_file, snapshot):
    raw = campaign_file.read_bytes()
    campaign_file.write_bytes(raw[: len(raw) // 2])
    _refuse_open(campaign_file, snapshot, "ファイルが壊れています")


def test_open_garbage_after_a_valid_header(tmp_path, snapshot):
    path = tmp_path / "garbage.gmcampaign"
    path.write_bytes(b"SQLite format 3\x00" + bytes(range(256)) * 64)
    _refuse_open(path, snapshot, "壊れています")


@pytest.mark.parametrize(
    "content",
    [PNG_HEADER, "ただのテキストファイルです。\n".encode(), b"", b"SQLite"],
    ids=["png", "text", "empty", "short"],
)
def test_open_not_sqlite(tmp_path, snapshot, content):
    path = tmp_path / "not.gmcampaign"
    path.write_bytes(content)
    _refuse_open(path, snapshot, "SQLite データベースではありません")


def test_open_character_file_renamed(tmp_path, v1_file, snapshot):
    path = tmp_path / "renamed.gmcampaign"
    path.write_bytes(v1_file.read_bytes())
    _refuse_open(path, snapshot, "SQLite データベースではありません", "キャラクターファイル")


def test_open_other_sqlite_database(tmp_path, snapshot):
    path = tmp_path / "other.gmcampaign"
    _edit(path, "CREATE TABLE notes(id INTEGER PRIMARY KEY, text TEXT)")
    _refuse_open(path, snapshot, "gmtool のキャンペーンではありません")
    _edit(path, "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL)")  # gmtool's own meta
    _edit(path, "INSERT INTO meta VALUES('format', 'someone/else')")
    _refuse_open(path, snapshot, 'gmtool のキャンペーンではありません（format: "someone/else"）')


def test_open_newer_campaign(campaign_file, snapshot):
    _edit(campaign_file, "UPDATE meta SET value = '99' WHERE key = 'schema_version'")
    _refuse_open(
        campaign_file,
        snapshot,
        "より新しい gmtool で作られたキャンペーンです（スキーマ v99、このバージョンは v1 まで）",
    )


@pytest.mark.parametrize(
    ("make_data", "expected"),
    [
        (lambda: '{"name": "キャラ3", "hp": 1', ["キャラクター（id: c3）", "JSON として読めません"]),
        (
            lambda: json.dumps({"name": "キャラ3", "hp": "12"}),
            ["キャラクター「キャラ3」（id: c3）", "data.hp", '"12"'],
        ),
        (
            lambda: json.dumps({"name": "キャラ3", "notes": "x" * (50 * 1024 * 1024)}),
            ["「キャラ3」", "data.notes", "長すぎます"],
        ),
        (lambda: "[]", ["id: c3", "data: オブジェクト"]),
    ],
    ids=["invalid-json", "text-for-number", "50-mb-string", "not-an-object"],
)
def test_open_campaign_with_a_bad_character_row(campaign_file, snapshot, make_data, expected):
    _edit(campaign_file, "UPDATE characters SET data = ? WHERE id = 'c3'", (make_data(),))
    _refuse_open(campaign_file, snapshot, *expected)


def test_open_campaign_with_unknown_system_or_newer_row(campaign_file, snapshot):
    _edit(campaign_file, "UPDATE characters SET system = 'dx3' WHERE id = 'c5'")
    _refuse_open(campaign_file, snapshot, "キャラクター「キャラ5」（id: c5）", "未対応のシステム")
    _edit(campaign_file, "UPDATE characters SET system = 'aw', schema_version = 2 WHERE id = 'c5'")
    _refuse_open(campaign_file, snapshot, "「キャラ5」", "より新しい")


def test_open_campaign_with_broken_session_or_log(campaign_file, snapshot):
    _edit(campaign_file, "INSERT INTO session VALUES('round', '{oops')")
    _refuse_open(campaign_file, snapshot, "セッション状態のひとつ")  # a part with no name: never its raw key
    _edit(campaign_file, "DELETE FROM session")
    _edit(campaign_file, "DROP TRIGGER log_no_update")
    _edit(campaign_file, "UPDATE log SET payload = '[1]'")
    _edit(campaign_file, f"CREATE TRIGGER log_no_update {_NO_UPDATE}")  # gmtool's schema again
    # Opening reads no log line (a long log opens at once): the damaged line reads as unreadable
    # where it is shown (tests/store/test_store_log_pages.py, tests/models/test_log_table_model.py).
    with Campaign.open(campaign_file) as campaign:
        assert "ログ（1）" in campaign.log_range(1, 1)[0].problem


def test_open_validates_edits_still_in_the_wal(campaign_file, tmp_path, snapshot):
    # A gmtool that crashed leaves committed edits in the -wal file.  immutable=1 alone
    # would not see them; the validation pass must, without touching the user's files.
    conn = sqlite3.connect(campaign_file)
    conn.execute("PRAGMA wal_autocheckpoint = 0")
    with conn:
        conn.execute("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
    wal = tmp_path / "卓.gmcampaign-wal"
    shm = tmp_path / "卓.gmcampaign-shm"
    # Simulate the crash: put back the files as they were before close() checkpointed.
    saved_db, saved_wal = campaign_file.read_bytes(), wal.read_bytes()
    conn.close()
    campaign_file.write_bytes(saved_db)
    wal.write_bytes(saved_wal)
    shm.unlink(missing_ok=True)
    immutable = sqlite3.connect(f"{campaign_file.resolve().as_uri()}?immutable=1", uri=True)
    with closing(immutable):
        stale = immutable.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    assert stale == ("1",), "the edit must be in the WAL only"
    _refuse_open(campaign_file, snapshot, "スキーマ v99")

    # With the -shm index present (the usual crash leftover) only that index may change.
    _edit_shm = sqlite3.connect(f"{campaign_file.resolve().as_uri()}?mode=ro", uri=True)
    _edit_shm.execute("SELECT 1 FROM meta").fetchall()
    _edit_shm.close()
    assert shm.exists()
    before = {k: v for k, v in snapshot(tmp_path).items() if not k.endswith("-shm")}
    with pytest.raises(CampaignError, match="スキーマ v99"):
        Campaign.open(campaign_file)
    assert {k: v for k, v in snapshot(tmp_path).items() if not k.endswith("-shm")} == before


def test_refused_export_target_and_created_files_are_clean(tmp_path, make_character, snapshot):
    # Sanity: a good export into the same directory is the only change a user sees.
    before = snapshot(tmp_path)
    export_character(tmp_path / "ok.gmchar.json", "aw", make_character("霧島"))
    after = snapshot(tmp_path)
    assert set(after) - set(before) == {"ok.gmchar.json"}
