"""What the LotR advancement model's tests share: the model over a demo character with some XP,
five picks, and a refused advancement."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gmtool.models.lotr.advancement_model import LotRAdvancementModel
from gmtool.rules.systems.lotr.character import XpEntry
from tests.qt_fixtures import reopen_characters

TODAY = "2026-12-01"


def lotr_id(campaign_model, name: str = "ナール") -> str:
    return next(s.id for s in campaign_model.characters_of("lotr") if s.character.name == name)


def make_model(campaign_model, xp: int = 0, name: str = "ナール") -> LotRAdvancementModel:
    """The model over a demo LotR character, with `xp` already in its log."""
    character_id = lotr_id(campaign_model, name)
    if xp:
        character = campaign_model.character(character_id)
        campaign_model.update_character(
            character_id, replace(character, xp_log=(XpEntry(TODAY, "前のシナリオ", xp),)), "準備"
        )
    return LotRAdvancementModel(campaign_model, character_id, today=lambda: TODAY)


def stored(model: LotRAdvancementModel):
    return reopen_characters(model.campaign_model.campaign.path)[model.character.name]


def five_picks(model: LotRAdvancementModel) -> None:
    """Observe +2 (an order skill), Appraise +1 (not), Health +1, Nimbleness +1: 5 picks."""
    model.add_pick("skill_rank", "Observe")
    model.add_pick("skill_rank", "Observe")
    model.add_pick("skill_rank", "Appraise")
    model.add_pick("health", cost=1)
    model.add_pick("attribute", "nim", cost=1)


def assert_refused(model: LotRAdvancementModel, fragment: str) -> None:
    """take() is refused naming the reason, and nothing is written."""
    before, steps = model.character, model.campaign_model.undo_stack.count()
    assert fragment in "\n".join(model.blocking() + model.problems())
    assert not model.can_take()
    with pytest.raises(ValueError, match=fragment):
        model.take()
    assert model.character == before
    assert model.campaign_model.undo_stack.count() == steps
