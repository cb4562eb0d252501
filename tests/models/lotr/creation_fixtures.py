"""What the LotR creation model's tests share: a model with known seeds, a dwarf by the choice
method, a finished draft, the creation log lines, and a refusal with its reason."""

from __future__ import annotations

import random

import pytest

from gmtool.models.lotr.creation_model import CreationRefused, LotRCreationModel

SEED, REROLL_SEED = 2024, 99
CHOICE = {"str": 10, "vit": 9, "nim": 7, "per": 7, "brg": 5, "wit": 4}


def nine_rolls(seed: int) -> list[list[int]]:
    """What random.Random(seed) gives for nine 2d6, worked out without the engine."""
    rng = random.Random(seed)
    return [[rng.randint(1, 6), rng.randint(1, 6)] for _ in range(9)]


def logs(campaign_model, roll: str | None = None) -> list[dict]:
    entries = [e.payload for e in campaign_model.log_entries() if e.kind == "lotr-creation"]
    return [p for p in entries if roll is None or p["roll"] == roll]


def make_model(campaign_model, rules=None, seeds=(SEED, REROLL_SEED)) -> LotRCreationModel:
    it = iter(seeds)
    return LotRCreationModel(campaign_model, rules=rules, seed_source=lambda: next(it))


def dwarf_by_choice(model: LotRCreationModel, points=(("str", 2), ("vit", 3), ("wit", 3))) -> None:
    model.set_race("dwarf")
    model.set_order("warrior")
    model.attributes.set_method("choice")
    for attribute, value in CHOICE.items():
        model.attributes.assign(attribute, value)
    for attribute, value in points:
        model.attributes.set_choice_points(attribute, value)


def ready(model: LotRCreationModel) -> None:
    """Everything the engine needs for a finished dwarf (STR 14, VIT 14, WIT 7)."""
    dwarf_by_choice(model)
    model.set_favoured_attributes(["str", "vit"])
    model.set_favoured_reaction("stamina")
    model.extras.set_order_ability("Swift Strike")
    model.extras.set_name("ギムリ")


def refused(action, *fragments: str) -> str:
    with pytest.raises(CreationRefused) as caught:
        action()
    for fragment in fragments:
        assert fragment in str(caught.value)
    return str(caught.value)
