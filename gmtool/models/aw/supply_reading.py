"""The supply dialog's model under the house rules aw.supply_pools and aw.supply_dice.

Kept apart from AWSupplyModel so it stays about the four actions; every function reads the
campaign's switches (`campaign_house_rules`) so the dialog follows a flip at once: AWSessionModel's
`changed` (which AWSupplyModel listens to) fires on a house-rule change.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication

from gmtool.models.house_rules_model import campaign_house_rules
from gmtool.rules.message import Message
from gmtool.rules.systems.aw import supply, supply_reading
from gmtool.rules.systems.aw.house_rules import POOLS_SPLIT, SUPPLY_DICE, SUPPLY_POOLS
from gmtool.rules.systems.aw.session import SessionRefused
from gmtool.rules.systems.aw.supply import SupplyKind

if TYPE_CHECKING:
    from gmtool.models.aw.supply_model import AWSupplyModel

MAX_HP_SHARE = supply.MAX_DICE * supply.SIDES  # the most a roll can give


def dice_reading(model: AWSupplyModel) -> str:
    return campaign_house_rules(model.campaign_model).get(SUPPLY_DICE)


def splits(model: AWSupplyModel) -> bool:
    """Whether this roll's amount is divided between HP and MP (供給, both pools, the split reading)."""
    split = campaign_house_rules(model.campaign_model).get(SUPPLY_POOLS) == POOLS_SPLIT
    return split and model.kind is SupplyKind.SUPPLY and model.pool == "both"


def dice_range(model: AWSupplyModel) -> tuple[int, int]:
    return supply_reading.allowed_range(model.kind, model.rules, model.contracted(), dice_reading(model))


def check_dice(model: AWSupplyModel, dice: int) -> None:
    supply_reading.check_dice(model.kind, dice, model.rules, model.contracted(), dice_reading(model))


def warning(model: AWSupplyModel) -> Message | None:
    return supply_reading.dice_warning(
        model.kind, model.dice, model.rules, model.contracted(), dice_reading(model)
    )


def check_hp_share(hp_share: int) -> None:
    if not 0 <= hp_share <= MAX_HP_SHARE:
        raise SessionRefused(
            QCoreApplication.translate(
                "AWSupplyModel", "HP に入れる量は 0〜{0} です（{1} は入力できません）"
            ).format(MAX_HP_SHARE, hp_share)
        )


def split_forecast(model: AWSupplyModel, character: Any) -> dict[str, tuple[int, int, Fraction]]:
    """pool → (now, max, mean after) when the amount is split (up to hp_share to HP, the rest to MP)."""
    pools = {pool: (getattr(character, pool), getattr(character, f"{pool}_max")) for pool in ("hp", "mp")}
    means = supply_reading.expected_split_after(pools, model.distribution(), model.hp_share)
    return {pool: (*pools[pool], means[pool]) for pool in pools}


def pools_after(
    model: AWSupplyModel, character: Any, pools: tuple[str, ...], amount: int, sign: int
) -> dict[str, int]:
    """Each pool after one roll: the whole amount to each pool, or split under the house rule."""
    shares = {pool: amount for pool in pools}
    if splits(model):
        shares = dict(zip(("hp", "mp"), supply_reading.split_amount(amount, model.hp_share), strict=True))
    return {
        p: supply.pool_after(getattr(character, p), getattr(character, f"{p}_max"), sign * shares[p])
        for p in pools
    }


def split_text(model: AWSupplyModel) -> str:
    """What the split does, for the dialog and the log ("" when the amount is not split)."""
    if not splits(model):
        return ""
    return QCoreApplication.translate(
        "AWSupplyModel", "回復量のうち HP に最大 {0}、残りを MP（合計は振った量）"
    ).format(model.hp_share)
