"""The migration registry: old documents are upgraded step by step, or refused clearly."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from gmtool.rules.systems import SYSTEMS
from gmtool.store import migrations
from gmtool.store.campaign import Campaign
from gmtool.store.errors import StoreError
from gmtool.store.exchange import import_character


@pytest.fixture
def aw_at_v3(aw, monkeypatch):
    """Pretend AW is at schema v3 with throwaway 1→2 and 2→3 steps; undone after the test."""
    monkeypatch.setattr(aw, "schema_version", 3)
    monkeypatch.setattr(migrations, "_MIGRATIONS", {})

    @migration_step(1)
    def one_to_two(data: dict[str, Any]) -> dict[str, Any]:
        data["notes"] = data.get("notes", "") + "[v2]"
        return data

    @migration_step(2)
    def two_to_three(data: dict[str, Any]) -> dict[str, Any]:
        data["notes"] += "[v3]"
        return data

    return aw


def migration_step(from_version: int):
    return migrations.migration("aw", from_version, from_version + 1)


def test_chain_runs_in_order_and_leaves_the_input_alone(aw_at_v3):
    original = {"name": "A", "notes": "x"}
    assert migrations.migrate("aw", 1, original) == {"name": "A", "notes": "x[v2][v3]"}
    assert migrations.migrate("aw", 2, original) == {"name": "A", "notes": "x[v3]"}
    assert migrations.migrate("aw", 3, original) is original
    assert original == {"name": "A", "notes": "x"}


def test_missing_step_newer_version_and_bad_registrations(aw_at_v3):
    migrations.unregister("aw", 2)
    with pytest.raises(StoreError, match="v2 から v3 への変換がありません"):
        migrations.migrate("aw", 1, {})
    with pytest.raises(StoreError, match="より新しい"):
        migrations.migrate("aw", 4, {})
    with pytest.raises(StoreError, match="未対応のシステム"):
        migrations.migrate("nope", 1, {})
    with pytest.raises(ValueError):
        migrations.migration("aw", 1, 3)
    with pytest.raises(ValueError):
        migration_step(1)(lambda data: data)


def test_failing_step_is_refused_not_half_applied(aw, monkeypatch):
    monkeypatch.setattr(aw, "schema_version", 2)
    monkeypatch.setattr(migrations, "_MIGRATIONS", {})
    migration_step(1)(lambda data: data["gone"])
    with pytest.raises(StoreError, match="v1 から v2 への変換に失敗しました"):
        migrations.migrate("aw", 1, {})


def test_real_v1_file_and_campaign_rows_go_through_migrations(aw_at_v3, v1_file, tmp_path, make_character):
    system, character = import_character(v1_file)
    assert system == "aw"
    assert character.notes.endswith("[v2][v3]")

    # A campaign row written at v1 is upgraded on load; rewriting it stores v3.
    path = tmp_path / "c.gmcampaign"
    with Campaign.create(path) as campaign:
        campaign.put_character("a", "aw", make_character("古い人", notes="n"))
    with closing(sqlite3.connect(path)) as conn, conn:
        conn.execute("UPDATE characters SET schema_version = 1")
    with Campaign.open(path) as campaign:
        stored = campaign.get_character("a")
        assert stored is not None and stored.character.notes == "n[v2][v3]"
        campaign.put_character("a", "aw", stored.character)
    with closing(sqlite3.connect(path)) as conn:
        version, data = conn.execute("SELECT schema_version, data FROM characters").fetchone()
    assert version == 3
    assert json.loads(data)["notes"] == "n[v2][v3]"


@pytest.mark.parametrize("system_id", sorted(SYSTEMS))
def test_every_old_schema_version_keeps_a_real_file_that_imports(system_id, v1_file):
    # DESIGN.md: one real old file per version in tests/data/, so a migration is always
    # exercised on what an older gmtool actually wrote.
    data_dir = Path(v1_file).parent
    for version in range(1, SYSTEMS[system_id].schema_version):
        old = data_dir / f"{system_id}_character_v{version}.gmchar.json"
        assert old.exists(), f"{old.name} is missing"
        assert import_character(old)[0] == system_id
