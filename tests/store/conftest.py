"""Shared helpers for the store tests: AW characters, the demo's characters and directory snapshots."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from gmtool.rules.systems import SYSTEMS

DATA_DIR = Path(__file__).resolve().parents[1] / "data"


def snapshot_dir(directory: Path) -> dict[str, bytes]:
    """Every file under ``directory``: relative name → bytes.  Equal snapshots = nothing changed."""
    return {
        str(path.relative_to(directory)): path.read_bytes()
        for path in sorted(directory.rglob("*"))
        if path.is_file()
    }


@pytest.fixture
def snapshot() -> Callable[[Path], dict[str, bytes]]:
    return snapshot_dir


@pytest.fixture
def aw() -> Any:
    return SYSTEMS["aw"]


@pytest.fixture
def make_character(aw: Any) -> Callable[..., Any]:
    """An AW character named ``name`` with a few values edited the way the sheet does it."""

    def make(name: str, **changes: Any) -> Any:
        character = aw.new_character(name)
        attributes = dataclasses.replace(character.attributes, body=8, reflex=10, luck=6)
        character = dataclasses.replace(character, attributes=attributes, hp=30, hp_max=30, mp=12, mp_max=12)
        return dataclasses.replace(character, **changes)

    return make


@pytest.fixture
def v1_file() -> Path:
    return DATA_DIR / "aw_character_v1.gmchar.json"


@pytest.fixture(scope="module")
def demo_characters(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """(system id, character) of every demo character: what the exports are tested on."""
    from gmtool.app.demo import create_demo_campaign

    campaign = create_demo_campaign(tmp_path_factory.mktemp("demo") / "demo.gmcampaign", session=False)
    try:
        yield [(s.system, s.character) for s in campaign.list_characters()]
    finally:
        campaign.close()
