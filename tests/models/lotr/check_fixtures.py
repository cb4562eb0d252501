"""What the LotR judgement panel's tests share: seeds with known faces, ナール, a typed bonus,
and a panel set up for courage."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

from gmtool.models.lotr.check_model import CUSTOM, LotRCheckModel
from gmtool.rules.systems.lotr import exploding
from gmtool.rules.systems.lotr.checks import Contestant

A, B = Contestant.A, Contestant.B


def seed_where(predicate) -> int:
    """The first seed whose first test roll (random.Random(seed)) satisfies predicate(faces)."""
    for seed in itertools.count():
        if predicate(exploding.roll_test(random.Random(seed))):
            return seed
    raise AssertionError  # pragma: no cover


def faces_of(seed: int) -> tuple[int, ...]:
    return exploding.roll_test(random.Random(seed))


def nar_id(campaign_model) -> str:
    return next(s.id for s in campaign_model.characters_of("lotr") if s.character.name == "ナール")


def set_nar(campaign_model, **changes) -> None:
    character_id = nar_id(campaign_model)
    campaign_model.update_character(
        character_id, replace(campaign_model.character(character_id), **changes), "x"
    )


def typed(model: LotRCheckModel, side, value: int) -> None:
    model.set_source(side, CUSTOM)
    model.set_custom_value(side, value)


def courage_setup(campaign_model, courage: int = 9, spent: int = 0):
    """ナール with `courage`; a roll that fails by 2, so 1 point makes it a Complete Success."""
    set_nar(campaign_model, courage=courage, courage_spent=spent)
    seed = seed_where(lambda f: len(f) == 2)
    model = LotRCheckModel(campaign_model, seed_source=lambda: seed)
    typed(model, A, 0)
    model.set_tn(sum(faces_of(seed)) + 2)
    return model
