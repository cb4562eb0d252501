"""Fixtures for tests that need real models over a real campaign file."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from gmtool.app.demo import create_demo_campaign
from gmtool.store.campaign import Campaign


@pytest.fixture
def campaign_path(tmp_path: Path) -> Path:
    return tmp_path / "table.gmcampaign"


@pytest.fixture
def campaign(campaign_path: Path) -> Iterator[Campaign]:
    """The demo campaign (three AW characters) in a fresh file."""
    c = create_demo_campaign(campaign_path)
    yield c
    c.close()


@pytest.fixture
def campaign_model(campaign: Campaign, qtbot: object):
    from gmtool.models.campaign_model import CampaignModel

    return CampaignModel(campaign)


@pytest.fixture
def refusals(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Captures refusal messages instead of opening a modal box."""
    messages: list[str] = []
    from gmtool.views import widgets

    monkeypatch.setattr(widgets.QMessageBox, "warning", lambda _parent, _title, text: messages.append(text))
    return messages


def reopen_characters(path: Path) -> dict[str, object]:
    """What a second program opening the file would see, by name."""
    other = Campaign.open(path)
    try:
        return {s.character.name: s.character for s in other.list_characters()}
    finally:
        other.close()
