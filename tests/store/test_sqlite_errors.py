"""SQLite's (and the OS's) English error texts become the Japanese cause the user can act on."""

from __future__ import annotations

import errno
import re
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from gmtool.store.campaign import Campaign
from gmtool.store.errors import CampaignError
from gmtool.store.sqlite_build import build_database
from gmtool.store.sqlite_errors import is_busy, is_damage, os_problem, sqlite_problem
from gmtool.store.validation import check_sqlite_file

ENGLISH_WORDS = re.compile(r"[A-Za-z]{4,}")  # "SQLite" and "gmtool" aside, a message has none


def _english(message: str) -> list[str]:
    return [w for w in ENGLISH_WORDS.findall(message) if w not in ("SQLite", "gmtool")]


def _error(action) -> sqlite3.Error:
    with pytest.raises(sqlite3.Error) as info:
        action()
    return info.value


@pytest.fixture
def database(tmp_path) -> Path:
    path = tmp_path / "x.db"
    with closing(sqlite3.connect(path)) as conn, conn:
        conn.execute("CREATE TABLE t(v TEXT)")
        conn.executemany("INSERT INTO t VALUES(?)", [("x" * 3000,)] * 50)
    return path


def test_another_programs_lock(database):
    holder = sqlite3.connect(database, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        conn = sqlite3.connect(database, timeout=0)
        exc = _error(lambda: conn.execute("INSERT INTO t VALUES('y')"))
        conn.close()
    finally:
        holder.close()
    assert "locked" in str(exc)
    assert sqlite_problem(exc) == "他のプログラムがこのファイルを使っています"
    assert is_busy(exc) and not is_damage(exc)


def test_a_read_only_file_and_one_deleted_under_the_connection(database):
    reader = sqlite3.connect(f"{database.as_uri()}?mode=ro", uri=True)
    exc = _error(lambda: reader.execute("INSERT INTO t VALUES('y')"))
    reader.close()
    assert "readonly" in str(exc)
    assert sqlite_problem(exc) == "ファイルが読み取り専用です"

    writer = sqlite3.connect(database)
    writer.execute("SELECT COUNT(*) FROM t").fetchone()
    database.unlink()
    exc = _error(lambda: writer.execute("INSERT INTO t VALUES('y')"))
    writer.close()
    assert sqlite_problem(exc) == "ファイルが削除されたか、別の場所に移されました"


def test_a_full_disk(database):
    conn = sqlite3.connect(database)
    conn.execute("PRAGMA max_page_count = 1")  # SQLite's own "database or disk is full"
    exc = _error(lambda: conn.execute("INSERT INTO t VALUES(?)", ("z" * 100_000,)))
    conn.close()
    assert "full" in str(exc)
    assert sqlite_problem(exc) == "ディスクがいっぱいです"


def test_damaged_and_foreign_files(database, tmp_path):
    raw = bytearray(database.read_bytes())
    raw[4096 : 4096 * 3] = bytes(range(256)) * 32  # pages 2-3: garbage
    database.write_bytes(bytes(raw))
    conn = sqlite3.connect(database)
    exc = _error(lambda: conn.execute("SELECT * FROM t").fetchall())
    conn.close()
    assert "malformed" in str(exc)
    assert sqlite_problem(exc) == "ファイルが壊れています" and is_damage(exc)

    text = tmp_path / "text.db"
    text.write_bytes(b"just some text, not a database at all" * 100)
    conn = sqlite3.connect(text)
    exc = _error(lambda: conn.execute("SELECT * FROM sqlite_master").fetchall())
    conn.close()
    assert sqlite_problem(exc) == "SQLite データベースではないか、壊れています" and is_damage(exc)


def test_errors_without_a_code_and_unknown_ones():
    disk = sqlite_problem(sqlite3.OperationalError("disk I/O error"))
    assert disk.startswith("ディスクの読み書きに失敗しました")
    locked = sqlite_problem(sqlite3.OperationalError("database is locked"))
    assert locked == "他のプログラムがこのファイルを使っています"
    odd = sqlite_problem(sqlite3.OperationalError("no such function: " + "f" * 5000))
    assert odd.startswith("データベースの処理に失敗しました（SQLite: no such function: fff")
    assert len(odd) < 150


def test_os_errors():
    assert os_problem(OSError(errno.ENOSPC, "No space left on device")) == "ディスクがいっぱいです"
    assert os_problem(PermissionError(errno.EACCES, "Permission denied")) == "アクセスが許可されていません"
    assert os_problem(OSError(errno.EROFS, "Read-only file system")) == "読み取り専用のディスクです"
    assert os_problem(OSError(errno.EBADF, "x" * 500)).startswith("ファイルの処理に失敗しました")


def test_opening_a_damaged_campaign_says_so_in_japanese(tmp_path, make_character):
    path = tmp_path / "卓.gmcampaign"
    with Campaign.create(path) as campaign:
        for i in range(20):
            campaign.put_character(f"c{i}", "aw", make_character(f"キャラ{i}", notes="メモ" * 500))
    raw = bytearray(path.read_bytes())
    raw[4096 : 4096 * 4] = bytes(range(256)) * 48
    path.write_bytes(bytes(raw))
    with pytest.raises(CampaignError) as info:
        Campaign.open(path)
    assert "壊れています" in str(info.value)
    assert not _english(info.value.problem), str(info.value)


def test_check_sqlite_file_and_build_database_say_the_cause(tmp_path, database):
    garbage = tmp_path / "garbage.db"
    garbage.write_bytes(b"SQLite format 3\x00" + bytes(range(256)) * 64)
    with pytest.raises(CampaignError) as info:
        check_sqlite_file(garbage, lambda c: c.execute("SELECT * FROM t").fetchall(), CampaignError)
    assert "壊れています" in str(info.value) and not _english(info.value.problem), str(info.value)
    garbage.unlink()

    def fill(conn: sqlite3.Connection) -> None:
        conn.execute("PRAGMA max_page_count = 2")
        conn.execute("CREATE TABLE a(v)")
        conn.execute("CREATE TABLE b(v)")
        conn.execute("CREATE TABLE c(v)")

    with pytest.raises(CampaignError) as info:
        build_database(tmp_path / "new.gmcampaign", fill, "作成できません", CampaignError, overwrite=False)
    assert str(info.value) == "「new.gmcampaign」: 作成できません（ディスクがいっぱいです）"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x.db"]  # no temp file left
