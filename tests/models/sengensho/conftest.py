"""Fixtures of the 千幻抄 session tests: a campaign file, the session model over it, the cast, and a
running session in the scene 「神社」 with the GM's catalog."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmtool.models.sengensho.session_model import SengenshoSessionModel
from tests.models.sengensho.session_helpers import add_cast, set_gm_catalog


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "empty.gmcampaign"


@pytest.fixture
def model(empty_campaign_model) -> SengenshoSessionModel:
    return SengenshoSessionModel(empty_campaign_model)


@pytest.fixture
def cast(model) -> tuple[str, str, str, str, str]:
    return add_cast(model.campaign_model)


@pytest.fixture
def running(model, cast) -> tuple[str, str, str, str, str]:
    """A running session in the scene 「神社」, with the GM's catalog."""
    set_gm_catalog(model.campaign_model)
    model.course.start()
    model.course.add_scene("神社")
    return cast
