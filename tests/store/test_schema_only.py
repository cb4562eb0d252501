"""Only gmtool's own schema opens: a campaign (or card cache) carrying a trigger, a view, or a table,
column or index gmtool did not create is refused with a message naming it, and nothing in it runs."""

from __future__ import annotations

import shutil
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from gmtool.store.campaign import SCHEMA, Campaign
from gmtool.store.errors import CampaignError
from gmtool.store.mtg.database import CardDatabase, CardDatabaseError
from gmtool.store.schema_check import expected_schema, sql_tokens
from gmtool.store.validation import check_campaign, validation_connection
from tests.store.conftest import DATA_DIR, snapshot_dir

WIPE = "CREATE TRIGGER wipe AFTER INSERT ON log BEGIN DELETE FROM characters; END"


@pytest.fixture
def campaign_file(tmp_path, make_character) -> Path:
    path = tmp_path / "卓.gmcampaign"
    with Campaign.create(path) as campaign:
        for i in range(3):
            campaign.put_character(f"c{i}", "aw", make_character(f"キャラ{i}"))
        campaign.append_log("roll", {"total": 7})
    return path


def _edit(path: Path, *statements: str) -> None:
    with closing(sqlite3.connect(path)) as conn, conn:
        for sql in statements:
            conn.execute(sql)


def _count(path: Path) -> int:
    with closing(sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)) as conn:
        return int(conn.execute("SELECT COUNT(*) FROM characters").fetchone()[0])


def _refused(path: Path, *expected: str) -> str:
    before = snapshot_dir(path.parent)
    with pytest.raises(CampaignError) as info:
        Campaign.open(path)
    message = str(info.value)
    for part in expected:
        assert part in message, message
    after = snapshot_dir(path.parent)
    assert {k: v for k, v in after.items() if not k.endswith(".lock")} == {
        k: v for k, v in before.items() if not k.endswith(".lock")
    }
    return message


def test_a_campaign_with_a_trigger_is_refused_and_the_trigger_never_runs(campaign_file):
    _edit(campaign_file, WIPE)
    message = _refused(campaign_file, "「卓.gmcampaign」", 'トリガー "wipe"', "開きません")
    assert "gmtool が作っていない" in message
    assert _count(campaign_file) == 3  # nothing was logged, nothing wiped


@pytest.mark.parametrize(
    ("statements", "expected"),
    [
        (["CREATE VIEW everyone AS SELECT * FROM characters"], 'ビュー "everyone"'),
        (["CREATE TABLE notes(text TEXT)"], '表 "notes"'),
        (["CREATE INDEX by_system ON characters(system)"], '索引 "by_system"'),
        (["ALTER TABLE characters ADD COLUMN extra TEXT"], '表 "characters" の定義が'),
        (
            ["ALTER TABLE log ADD COLUMN big BLOB AS (zeroblob(100000000)) VIRTUAL"],
            '表 "log" の定義が',
        ),
        (
            [
                "DROP INDEX characters_by_position",
                "CREATE INDEX characters_by_position ON characters(position, data)",
            ],
            '索引 "characters_by_position" の定義が',
        ),
        (["ANALYZE"], '表 "sqlite_stat1"'),
    ],
    ids=["view", "table", "index", "column", "generated-column", "changed-index", "statistics"],
)
def test_anything_gmtool_did_not_create_is_named_and_refused(campaign_file, statements, expected):
    _edit(campaign_file, *statements)
    _refused(campaign_file, expected, "開きません")


def test_a_missing_index_or_trigger_is_damage(campaign_file):
    _edit(campaign_file, "DROP TRIGGER log_no_delete")
    _refused(campaign_file, "ファイルが壊れています（log_no_delete トリガーがありません）")


def test_a_hostile_name_is_quoted_shortened(campaign_file):
    name = "x" * 2000
    _edit(campaign_file, f'CREATE TRIGGER "{name}" AFTER INSERT ON log BEGIN DELETE FROM characters; END')
    message = _refused(campaign_file, "（2000 文字）")
    assert len(message) < 200


def test_whitespace_and_comments_do_not_count_but_every_token_does(campaign_file):
    # The same trigger, written another way: still gmtool's own.
    _edit(
        campaign_file,
        "DROP TRIGGER log_no_update",
        "CREATE TRIGGER log_no_update /* the log */ BEFORE UPDATE ON log\n"
        "  BEGIN SELECT RAISE(ABORT, 'log is append-only');  -- history\n END",
    )
    Campaign.open(campaign_file).close()
    # One word changed in it is another trigger.
    _edit(
        campaign_file,
        "DROP TRIGGER log_no_update",
        "CREATE TRIGGER log_no_update BEFORE UPDATE ON log BEGIN SELECT RAISE(IGNORE); END",
    )
    _refused(campaign_file, 'トリガー "log_no_update" の定義が')


def test_sql_tokens():
    assert sql_tokens("a  b--c\n/* d */e") == ("a", "b", "e")
    assert sql_tokens("x = '--''/*' [a b] \"c d\"") == ("x", "=", "'--''/*'", "[a b]", '"c d"')
    assert sql_tokens("名前(1)") == ("名前", "(", "1", ")")
    # gmtool's own objects, and SQLite's for them, are what a file must hold
    ours = set(expected_schema(SCHEMA))
    assert {"meta", "log", "log_no_update", "log_no_delete", "sqlite_sequence"} <= ours
    assert "sqlite_autoindex_characters_1" in expected_schema(SCHEMA)


def test_a_foreign_trigger_in_a_wal_is_refused_and_the_private_copy_only_reads(campaign_file, tmp_path):
    # The trigger committed by a gmtool that crashed: only in the -wal, no -shm (the private copy).
    conn = sqlite3.connect(campaign_file)
    conn.execute("PRAGMA wal_autocheckpoint = 0")
    with conn:
        conn.execute(WIPE)
    wal = campaign_file.with_name(campaign_file.name + "-wal")
    saved_db, saved_wal = campaign_file.read_bytes(), wal.read_bytes()
    conn.close()
    campaign_file.write_bytes(saved_db)
    wal.write_bytes(saved_wal)
    campaign_file.with_name(campaign_file.name + "-shm").unlink(missing_ok=True)

    with validation_connection(campaign_file) as check:
        assert check.execute("SELECT COUNT(*) FROM sqlite_master WHERE name = 'wipe'").fetchone() == (1,)
        with pytest.raises(sqlite3.OperationalError, match="readonly"):
            check.execute("INSERT INTO log(at, kind, payload) VALUES('t', 'k', '{}')")
        with pytest.raises(Exception, match="wipe"):
            check_campaign(check, "gmtool/campaign", 1)
    _refused(campaign_file, 'トリガー "wipe"')
    assert _count(campaign_file) == 3


def test_campaigns_made_by_the_first_gmtool_still_open(tmp_path):
    path = tmp_path / "old.gmcampaign"
    shutil.copyfile(DATA_DIR / "campaign_v1.gmcampaign", path)  # written by gmtool at commit 3827df9
    with Campaign.open(path) as campaign:
        assert [s.character.name for s in campaign.list_characters()] == ["古い"]
        assert [e.kind for e in campaign.log_entries()] == ["roll"]


def test_card_caches_made_by_the_first_gmtool_still_open_and_foreign_ones_are_refused(tmp_path):
    path = tmp_path / "cards.sqlite"
    shutil.copyfile(DATA_DIR / "cards_v1.sqlite", path)  # written by gmtool at commit 37b0c47
    CardDatabase.open(path).close()
    _edit(path, "CREATE TRIGGER forget AFTER INSERT ON cards BEGIN DELETE FROM names; END")
    with pytest.raises(CardDatabaseError, match='トリガー "forget"'):
        CardDatabase.open(path)
