"""What the フォーカード creation tests share: a catalog, fixed seeds, the dice a seed gives, the log."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable

from gmtool.models.fourcard.creation_model import FourCardCreationModel
from gmtool.rules.systems.fourcard.catalog import SkillCatalog, SkillDef, SpecialisationDef

TODAY = "2026-11-22"
ORDER = ("iq", "dx", "st", "wp", "vt")
CATALOG = SkillCatalog(
    (
        SkillDef("接近戦", "dx", 2, specialisations=(SpecialisationDef("剣", 3), SpecialisationDef("斧", 4))),
        SkillDef("知識", "iq", 1, level_cap=True),
        SkillDef("呪文", "iq", 1, restrictor="知識"),
        SkillDef("魔法", "iq", 3, prerequisites=("知識",)),
        SkillDef("料理", "iq", 1),
        SkillDef("隠密", "dx", 1),
    )
)


def fixed_seeds(*seeds: int) -> Callable[[], int]:
    it = iter(seeds)
    return lambda: next(it)


def expected_faces(seed: int, dice: Iterable[tuple[int, int]]) -> list[list[int]]:
    """What random.Random(seed) gives for these dice, worked out without the engine."""
    rng = random.Random(seed)
    return [[rng.randint(1, sides) for _ in range(count)] for count, sides in dice]


def attribute_faces(seed: int) -> dict[str, list[int]]:
    return dict(zip(ORDER, expected_faces(seed, [(2, 3)] * 5), strict=True))


def seed_where(predicate: Callable[[int], bool]) -> int:
    return next(s for s in range(100_000) if predicate(s))


def creation_logs(campaign_model, roll: str | None = None) -> list[dict]:
    entries = [e.payload for e in campaign_model.log_entries() if e.kind == "fourcard-creation"]
    return [p for p in entries if roll is None or p["roll"] == roll]


def make_model(campaign_model, catalog=CATALOG, seeds=(1, 2, 3, 4), sex="male") -> FourCardCreationModel:
    model = FourCardCreationModel(
        campaign_model, catalog, seed_source=fixed_seeds(*seeds), today=lambda: TODAY
    )
    model.set_name("リナ")
    model.set_sex(sex)
    return model


def ready_to_finish(model: FourCardCreationModel) -> None:
    model.roll_attributes()
    model.fortune.roll_handedness()
    if not model.fortune.handedness:
        model.fortune.set_handedness("left")
    model.fortune.roll_money()
