"""What the AW session model's tests share (test_session_model, _contracts, _keys, _combat): the
session model over the demo campaign, and a contracted pair in a scene.  A module with a `model` of
its own (another model) keeps its own."""

from __future__ import annotations

import pytest

from gmtool.models.aw.session_model import AWSessionModel


@pytest.fixture
def model(campaign_model) -> AWSessionModel:
    return AWSessionModel(campaign_model)


@pytest.fixture
def pair(model) -> tuple[str, str, str]:
    """透 is ミナ's master; a scene 「廃ビル」 with 透 only is current."""
    toru, mina, shadow = (i for i, _ in model.characters())
    model.contracts.form_contract(toru, mina)
    model.add_scene("廃ビル", (toru,))
    return toru, mina, shadow
