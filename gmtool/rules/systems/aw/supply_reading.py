"""供給 under the house rules aw.supply_pools and aw.supply_dice.

The text: 「【HP】と【MP】とは…生命力のことを表わす」 and 「…生命力は回復する」, 「供給の回復量は、通常なら
1〜2D6点回復、契約状態にあるキャラクター同士の供給ならば3〜4D6点回復が望ましい」.
- Pools: "each" (default) — the rolled amount goes to HP and to MP, each in full (so twice over);
  "split" — the GM divides it: up to `hp_share` points to HP, the rest to MP (the total is the roll).
- Dice: "enforced" (default) — only the text's range; "recommended" — 「望ましい」 as a guideline,
  any 1〜MAX_DICE D6 with a warning outside the range.

The engine module: no Qt.
"""

from __future__ import annotations

from fractions import Fraction

from gmtool.rules.dice import Distribution
from gmtool.rules.message import Message
from gmtool.rules.systems.aw import supply
from gmtool.rules.systems.aw.house_rules import DICE_RECOMMENDED
from gmtool.rules.systems.aw.rules_data import AWSessionRules
from gmtool.rules.systems.aw.session import SessionRefused
from gmtool.rules.systems.aw.supply import SupplyKind

RECOMMENDED_RANGE = (1, supply.MAX_DICE)  # 「望ましい」 read as a guideline: at least one die


def allowed_range(
    kind: SupplyKind, rules: AWSessionRules, contracted: bool, dice_reading: str
) -> tuple[int, int]:
    """The D6 counts the GM may choose: the text's range, or any under "recommended" for 供給."""
    if kind is SupplyKind.SUPPLY and dice_reading == DICE_RECOMMENDED:
        return RECOMMENDED_RANGE
    return supply.dice_range(kind, rules, contracted)


def check_dice(
    kind: SupplyKind, dice: int, rules: AWSessionRules, contracted: bool, dice_reading: str
) -> None:
    """SessionRefused for a count the reading does not allow (the text's range when enforced)."""
    if kind is not SupplyKind.SUPPLY or dice_reading != DICE_RECOMMENDED:
        supply.check_dice(kind, dice, rules, contracted)
        return
    low, high = RECOMMENDED_RANGE
    if not low <= dice <= high:
        raise SessionRefused(Message("供給のダイスは {0}〜{1}D6 です（{2}D6 は選べません）", low, high, dice))


def dice_warning(
    kind: SupplyKind, dice: int, rules: AWSessionRules, contracted: bool, dice_reading: str
) -> Message | None:
    """Under "recommended": a count outside the text's 「望ましい」 range is allowed but said."""
    if kind is not SupplyKind.SUPPLY or dice_reading != DICE_RECOMMENDED:
        return None
    low, high = supply.dice_range(kind, rules, contracted)
    if low <= dice <= high:
        return None
    return Message("⚠ {0}D6 は本文の目安（{1}〜{2}D6 が望ましい）の外です", dice, low, high)


def split_amount(amount: int, hp_share: int) -> tuple[int, int]:
    """(to HP, to MP): up to `hp_share` points to HP, the rest of the roll to MP."""
    if hp_share < 0:
        raise ValueError(Message("HP に入れる量 {0} が負の数です", hp_share))
    to_hp = min(hp_share, amount)
    return to_hp, amount - to_hp


def expected_split_after(
    pools: dict[str, tuple[int, int]], amount: Distribution[int], hp_share: int
) -> dict[str, Fraction]:
    """Each pool's mean after a split recovery: pools = {"hp": (now, max), "mp": (now, max)}."""
    means = {pool: Fraction(0) for pool in pools}
    for value, p in amount.items():
        shares = dict(zip(("hp", "mp"), split_amount(value, hp_share), strict=True))
        for pool, (current, maximum) in pools.items():
            means[pool] += p * supply.pool_after(current, maximum, shares[pool])
    return means
